import { describe, expect, it } from "vitest";
import { prefersHtml } from "./web-files.js";

describe("prefersHtml", () => {
  it("is true for a browser following a link", () => {
    expect(
      prefersHtml("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"),
    ).toBe(true);
    expect(prefersHtml("text/html")).toBe(true);
  });

  it("is false for API clients: no Accept, */*, JSON, or JSON weighed above the page", () => {
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml("*/*")).toBe(false);
    expect(prefersHtml("application/json")).toBe(false);
    expect(prefersHtml("application/json, text/html;q=0.5")).toBe(false);
    expect(prefersHtml("text/html;q=0, application/json")).toBe(false);
    expect(prefersHtml("text/html;q=0.5, application/json;q=0.5")).toBe(false);
  });
});

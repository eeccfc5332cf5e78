import { describe, expect, it } from "vitest";
import { RETRY_MS, retryDelay } from "../../server/client.js";
import { readRefusal } from "./seat-refusal.js";

describe("a refusal as a seat's client reads it", () => {
  it("sends again what came too fast, and only that", () => {
    expect(readRefusal("rate_limited", true)).toBe("retry");
    expect(readRefusal("rate_limited", false)).toBe("other");
  });
  it("loses the seat only when nothing sent was refused", () => {
    expect(readRefusal("forbidden", false)).toBe("seat_lost");
    expect(readRefusal("not_found", false)).toBe("seat_lost");
    expect(readRefusal("forbidden", true)).toBe("refused");
    expect(readRefusal("stale", true)).toBe("refused");
    expect(readRefusal("stale", false)).toBe("other");
  });
  it("waits what the server said before sending again, within bounds", () => {
    expect(retryDelay(250)).toBe(250);
    expect(retryDelay(0.5)).toBe(1);
    expect(retryDelay(undefined)).toBe(RETRY_MS);
    expect(retryDelay("soon")).toBe(RETRY_MS);
    expect(retryDelay(-3)).toBe(RETRY_MS);
    expect(retryDelay(1e12)).toBe(10_000);
  });
});

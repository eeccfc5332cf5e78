import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GAMES } from "../src/games/index.js";
import { protocolReference, withReference } from "../src/protocol/schema-docs.js";

describe("docs/PROTOCOL.md", () => {
  it("lists every game's move types and view fields as their schemas define them (npm run docs:protocol)", () => {
    const page = readFileSync("docs/PROTOCOL.md", "utf8");
    expect(withReference(page, protocolReference(GAMES))).toBe(page);
  });
});

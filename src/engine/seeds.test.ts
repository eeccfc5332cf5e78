import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitment, handSeed, handWords, isHandSeed, newMatchSeed, seedAndWords } from "./seeds.js";

describe("seeds", () => {
  it("a hand seed is HMAC-SHA-256 keyed by the match seed's text over the hand number, 4 bytes big-endian", () => {
    for (const [seed, hand] of [
      ["42", 1],
      ["9f86d081884c7d659a2feaa0c55ad015", 7],
      ["héllo", 65536],
    ] as const) {
      const msg = Buffer.alloc(4);
      msg.writeUInt32BE(hand);
      const expected = createHmac("sha256", Buffer.from(seed, "utf8")).update(msg).digest("hex");
      expect(handSeed(seed, hand)).toBe(expected);
    }
  });

  it("gives each hand its own seed, the same every time, and the same words either way", () => {
    const a = handSeed("match", 1);
    expect(handSeed("other", 1)).not.toBe(a);
    expect(handSeed("match", 2)).not.toBe(a);
    expect(handSeed("match", 1)).toBe(a);
    expect(seedAndWords("match", 1)).toEqual({ seed: a, words: handWords(a) });
    expect(isHandSeed(a)).toBe(true);
  });

  it("commits to a hand seed with SHA-256 over its 32 bytes", () => {
    const seed = handSeed("match", 3);
    expect(commitment(seed)).toBe(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"));
  });

  it("makes match seeds of 128 random bits, never the same twice", () => {
    const seeds = new Set(Array.from({ length: 100 }, newMatchSeed));
    expect(seeds.size).toBe(100);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{32}$/);
  });
});

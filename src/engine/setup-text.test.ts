import { describe, expect, it } from "vitest";
import { parseSetup } from "./setup-text.js";

describe("set-up text", () => {
  it("reads a card's integer code as that card", () => {
    expect(parseSetup({ stock: [0, 53, "AS"] })).toEqual({ ok: true, value: { stock: [0, 53, 39] } });
  });

  it("reads cards, lists of cards and lists of lists, with null for a seat to deal", () => {
    expect(parseSetup({ dealer: 1, hands: [["AS", "10h"], null], starter: "5D" })).toEqual({
      ok: true,
      value: { dealer: 1, hands: [[39, 35], null], starter: 17 },
    });
  });

  it("names what is wrong in one line", () => {
    expect(parseSetup({ stock: ["AS", 70] })).toEqual({
      ok: false,
      error: 'setup.stock[1] must be cards as text, e.g. ["AS", "TD"]',
    });
    expect(parseSetup({ stock: [1.5] }).ok).toBe(false);
    expect(parseSetup({ hands: [[["AS"]]] }).ok).toBe(false);
    expect(parseSetup({ stock: null }).ok).toBe(false);
    expect(parseSetup({ dealer: "0" }).ok).toBe(false);
    expect(parseSetup({ hands: [["QQ"]] })).toEqual({
      ok: false,
      error: 'setup.hands[0][0]: unknown card "QQ" (cards look like AS, TD, 10H, 7C, RJ)',
    });
    expect(parseSetup([]).ok).toBe(false);
  });

  it("keeps a part named __proto__ as a part, so that a game refuses it by name", () => {
    const setup = parseSetup(JSON.parse('{"__proto__":["AS"]}'));
    expect(setup.ok && Object.keys(setup.value)).toEqual(["__proto__"]);
  });
});

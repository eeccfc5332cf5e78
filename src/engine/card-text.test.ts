import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BLACK_JOKER, RED_JOKER, card, makePack } from "./cards.js";
import { formatCard, parseCard, parseCards, parseSuit } from "./card-text.js";

describe("card text", () => {
  it("prints upper case with T for ten and RJ/BJ for jokers", () => {
    expect(formatCard(card(10, 1))).toBe("TD");
    expect(formatCard(card(1, 3))).toBe("AS");
    expect(formatCard(RED_JOKER)).toBe("RJ");
    expect(formatCard(BLACK_JOKER)).toBe("BJ");
  });

  it("reads any case, and 10 for T", () => {
    expect(parseCard("td")).toEqual({ ok: true, value: card(10, 1) });
    expect(parseCard("10D")).toEqual({ ok: true, value: card(10, 1) });
    expect(parseCard("10h")).toEqual({ ok: true, value: card(10, 2) });
    expect(parseCard("rj")).toEqual({ ok: true, value: RED_JOKER });
    expect(parseCard(" qS ")).toEqual({ ok: true, value: card(12, 3) });
  });

  it("round-trips every card of a pack with jokers", () => {
    for (const c of makePack({ jokers: 2 })) expect(parseCard(formatCard(c))).toEqual({ ok: true, value: c });
  });

  it("refuses anything else with one clear line", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseCard(s);
        if (r.ok) expect(formatCard(r.value)).toBe(s.trim().toUpperCase().replace(/^10/, "T"));
        else expect(r.error).not.toContain("\n");
      }),
    );
    expect(parseCard("1H")).toEqual({
      ok: false,
      error: 'unknown card "1H" (cards look like AS, TD, 10H, 7C, RJ)',
    });
    expect(parseCard(7).ok).toBe(false);
  });

  it("reads lists and suits", () => {
    expect(parseCards("AS 2S, 3S")).toEqual({ ok: true, value: [card(1, 3), card(2, 3), card(3, 3)] });
    expect(parseCards(["AS", "XX"]).ok).toBe(false);
    expect(parseSuit("h")).toEqual({ ok: true, value: 2 });
    expect(parseSuit("spades")).toEqual({ ok: true, value: 3 });
    expect(parseSuit("X").ok).toBe(false);
  });

  it("builds packs with jokers and several packs", () => {
    expect(makePack()).toHaveLength(52);
    expect(makePack({ jokers: 2 })).toHaveLength(54);
    const two = makePack({ packs: 2, jokers: 2 });
    expect(two).toHaveLength(108);
    expect(two.filter((c) => c === RED_JOKER)).toHaveLength(2);
  });

  it("says a card is missing rather than show undefined", () => {
    expect(parseCard(undefined)).toEqual({
      ok: false,
      error: 'a card is missing (cards are text like "TD" or "AS")',
    });
  });
});

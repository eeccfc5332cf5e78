import { describe, expect, it } from "vitest";
import { card, HEARTS, SPADES } from "./cards.js";
import {
  CARD_CALL_END,
  NO_CALL,
  calledCard,
  calledSuit,
  callsSuit,
  cardCall,
  cardCallJson,
  isCardCall,
} from "./card-call.js";

describe("card-call moves", () => {
  it("round-trip every card with and without a called suit, all below CARD_CALL_END", () => {
    for (let c = 0; c < 54; c++) {
      for (const call of [0, 1, 2, 3, NO_CALL]) {
        const m = cardCall(c, call);
        expect([calledCard(m), calledSuit(m)]).toEqual([c, call]);
        expect(isCardCall(m)).toBe(true);
        expect(callsSuit(m)).toBe(call !== NO_CALL);
      }
    }
    expect(isCardCall(CARD_CALL_END)).toBe(false);
    expect(callsSuit(CARD_CALL_END)).toBe(false);
  });

  it("write the wire form, with the suit only when one is called", () => {
    expect(cardCallJson(cardCall(card(7, HEARTS)))).toEqual({ type: "play", card: "7H" });
    expect(cardCallJson(cardCall(card(8, SPADES), HEARTS))).toEqual({ type: "play", card: "8S", suit: "H" });
  });
});

import { describe, expect, it } from "vitest";
import { amount, amountPlusMinus, edgeSentence, hasEdge, plusMinus } from "./report-words.js";

describe("the report's words", () => {
  it("says who has the edge and where there is none", () => {
    expect(
      edgeSentence("the first player", "Hyrule hands", 0.5, [
        { phrase: "in strategy mode", figure: { value: 0.5412, lo: 0.5322, hi: 0.5502 } },
        { phrase: "in chance mode", figure: { value: 0.503, lo: 0.494, hi: 0.512 } },
      ]),
    ).toBe(
      "The first player wins 54.1% ± 0.9% of Hyrule hands in strategy mode; in chance mode there is no measurable edge (50.3% ± 0.9%).",
    );
  });

  it("gives the fair share when the first figure shows no edge", () => {
    expect(
      edgeSentence("the seat that deals first", "Cribbage matches", 0.5, [
        { phrase: "", figure: { value: 0.51, lo: 0.48, hi: 0.54 } },
      ]),
    ).toBe(
      "The seat that deals first has no measurable edge in Cribbage matches (51.0% ± 3.0%; a fair share is 50.0%).",
    );
  });

  it("calls an edge only when the interval leaves out the fair share", () => {
    expect(hasEdge({ value: 0.55, lo: 0.501, hi: 0.6 }, 0.5)).toBe(true);
    expect(hasEdge({ value: 0.45, lo: 0.4, hi: 0.499 }, 0.5)).toBe(true);
    expect(hasEdge({ value: 0.52, lo: 0.49, hi: 0.55 }, 0.5)).toBe(false);
  });

  it("writes amounts to a precision their size asks for", () => {
    expect(amount(143.24)).toBe("143.2");
    expect(amount(1234.5)).toBe("1,234.5");
    expect(amount(3.4149)).toBe("3.41");
    expect(amount(0.27449)).toBe("0.274");
    expect(plusMinus({ value: 12.5, lo: 12, hi: 13 }, amount)).toBe("12.5 ± 0.5");
  });
});

describe("an amount with its interval", () => {
  it("keeps two figures of the half-width", () => {
    expect(amountPlusMinus({ value: 95.43, lo: 79.08, hi: 111.78 })).toBe("95 ± 16");
    expect(amountPlusMinus({ value: 2.153, lo: 1.908, hi: 2.398 })).toBe("2.15 ± 0.25");
    expect(amountPlusMinus({ value: 1234.5, lo: 1230, hi: 1239 })).toBe("1,234.5 ± 4.5");
    expect(amountPlusMinus({ value: 14, lo: 14, hi: 14 })).toBe("14 ± 0");
  });
});

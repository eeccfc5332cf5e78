import { describe, expect, it } from "vitest";
import { count } from "./count.js";

const split = (t: string) => t.split(" ");
const answer = (req: Record<string, unknown>) => {
  const r = count(req);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const error = (req: Record<string, unknown>) => {
  const r = count(req);
  return r.ok ? null : r.error;
};

describe("Gin Rummy counting tool", () => {
  it("gives the least deadwood of 10 cards with one best arrangement", () => {
    const a = answer({ hand: split("AS 2S 3S 7D 7H 7C 9C KD 4H 4D") });
    expect(a.json).toEqual({
      deadwood: 27,
      melds: [
        ["AS", "2S", "3S"],
        ["7C", "7D", "7H"],
      ],
      deadwoodCards: ["4D", "4H", "9C", "KD"],
    });
    expect(a.text).toBe("Melds: AS 2S 3S · 7C 7D 7H   Deadwood: 4D 4H 9C KD = 27");
  });

  it("finds the best discard of 11 cards", () => {
    const a = answer({ hand: split("AS 2S 3S 7D 7H 7C 9C KD 4H 4D 5D") });
    expect(a.json).toMatchObject({ discard: "KD", deadwood: 22 });
    expect(a.text).toMatch(/^Discard KD\./);
  });

  it("scores a knock with lay-offs: 7H then 8H go on the knocker's run", () => {
    const a = answer({
      knocker: split("3H 4H 5H 6H 8C 8D 8S AC 2D 4C"),
      defender: split("7H 8H KC KD KS QC JC 9S 2S 5D"),
    });
    expect(a.json).toMatchObject({
      winner: "knocker",
      points: 29,
      knockerDeadwood: 7,
      defenderDeadwood: 36,
      gin: false,
      undercut: false,
    });
    expect((a.json.layoffs as { card: string }[]).map((l) => l.card).sort()).toEqual(["7H", "8H"]);
  });

  it("scores gin: no lay-offs, the defender's whole deadwood plus 25", () => {
    const a = answer({
      knocker: split("AS 2S 3S 4S 5H 6H 7H KC KD KH"),
      defender: split("9C 9D 2C 3D 5C 5S 8D JD QS TC"),
    });
    expect(a.json).toMatchObject({
      winner: "knocker",
      points: 96,
      gin: true,
      layoffs: [],
      defenderDeadwood: 71,
    });
  });

  it("scores an undercut: the defender gets the difference plus 25", () => {
    const a = answer({
      knocker: split("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D"),
      defender: split("TH JH QH 6S 6D 6H KS KD KH AD"),
    });
    expect(a.json).toMatchObject({ winner: "defender", points: 29, undercut: true, knockerDeadwood: 5 });
  });

  it("calls equal deadwood an undercut", () => {
    const a = answer({
      knocker: split("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D"),
      defender: split("TH JH QH 6S 6D 6H KS KD KH 5H"),
    });
    expect(a.json).toMatchObject({ winner: "defender", points: 25, undercut: true });
  });

  it("refuses a knock over 10 and bad input, one line each", () => {
    expect(
      error({
        knocker: split("AS 2S 3S 4D 4H 4C 7C 8C KD QD"),
        defender: split("TH JH QH 6S 6D 6H KS 2D 3D 5H"),
      }),
    ).toBe("the knocker cannot knock: deadwood 35 is over 10");
    expect(error({ hand: split("AS 2S 3S") })).toBe("the hand has 3 cards; it needs 10 or 11");
    expect(error({ hand: split("AS AS 3S 4S 5S 6S 7S 8S 9S TS") })).toBe("the hand names AS twice");
    expect(error({ hand: split("XS 2S 3S 4S 5S 6S 7S 8S 9S TS") })).toMatch(/unknown card "XS"/);
    expect(
      error({
        knocker: split("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D"),
        defender: split("AS JH QH 6S 6D 6H KS KD KH 5H"),
      }),
    ).toBe("AS is in both hands");
    expect(error({})).toMatch(/needs "hand"/);
  });
});

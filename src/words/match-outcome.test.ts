import { describe, expect, it } from "vitest";
import {
  RESIGNED,
  forfeitEndLine,
  leftTableLine,
  matchOutcomeLine,
  resignConsequence,
} from "./match-outcome.js";
import { readerFor } from "./reader.js";

describe("matchOutcomeLine", () => {
  it("says a played-out match with your score first", () => {
    expect(matchOutcomeLine("won", [121, 98], 0)).toBe("Won 121 to 98");
    expect(matchOutcomeLine("lost", [121, 98], 1)).toBe("Lost 98 to 121");
    expect(matchOutcomeLine("drew", [61, 61, 40], 2)).toBe("Shared the win 40 to 61 to 61");
  });

  it("says a forfeited match was won or lost by forfeit, never its scores where play stopped", () => {
    expect(matchOutcomeLine("won", [0, 0], 0, { seat: 1 })).toBe("Won by forfeit");
    expect(matchOutcomeLine("lost", [0, 0], 1, { seat: 1 })).toBe("Lost by forfeit");
    expect(matchOutcomeLine("won", [0, 0], 0, { seat: 1 })).not.toContain("0 to 0");
  });

  it("says a result it does not know as not known", () => {
    expect(matchOutcomeLine(null, null, 0)).toBe("Result not known");
    expect(matchOutcomeLine("won", null, 0)).toBe("Result not known");
  });
});

describe("forfeitEndLine", () => {
  const names = ["Ann", "Milo", "Wren"];
  it("tells the one who resigned and the winner the same match, each from their side", () => {
    expect(forfeitEndLine({ seat: 0, reason: RESIGNED }, [1], readerFor(0, names))).toBe(
      "You resigned: Milo won by forfeit.",
    );
    expect(forfeitEndLine({ seat: 0, reason: RESIGNED }, [1], readerFor(1, names))).toBe(
      "Ann resigned: you won by forfeit.",
    );
    expect(forfeitEndLine({ seat: 2, reason: RESIGNED }, [0, 1], readerFor(0, names))).toBe(
      "Wren resigned: you and Milo won by forfeit.",
    );
  });

  it("says a program's failure as the match given up, with its reason", () => {
    expect(forfeitEndLine({ seat: 1, reason: "its program went silent" }, [0], readerFor(0, names))).toBe(
      "Milo gave the match up (its program went silent): you won by forfeit.",
    );
    expect(forfeitEndLine({ seat: 1, reason: "" }, [0], readerFor(0, names))).toBe(
      "Milo gave the match up: you won by forfeit.",
    );
  });
});

describe("resignConsequence", () => {
  it("says who wins a resigned match: the other side of two, every other player of more", () => {
    expect(resignConsequence(2)).toBe("The other side wins it.");
    expect(resignConsequence(4)).toBe("Every other player wins it.");
  });
});

describe("leftTableLine", () => {
  it("tells whoever would play again who went back to the lobby, and nothing when nobody did", () => {
    const r = readerFor(0, ["Ann", "Milo", "Wren"]);
    expect(leftTableLine([1], r)).toBe("Milo went back to the lobby: no game again at this table.");
    expect(leftTableLine([1, 2], r)).toBe(
      "Milo and Wren went back to the lobby: no game again at this table.",
    );
    expect(leftTableLine([], r)).toBeNull();
  });
});

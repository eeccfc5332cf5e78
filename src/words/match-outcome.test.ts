import { describe, expect, it } from "vitest";
import { matchOutcomeLine } from "./match-outcome.js";

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

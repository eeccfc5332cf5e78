import { describe, expect, it } from "vitest";
import { hostOf, inviteLine } from "./invite.js";

describe("invite words", () => {
  it("names the person who sits at the table, never a computer or a bot account", () => {
    const seats = [
      { kind: "computer", name: "Milo" },
      { kind: "open", name: "Robo", bot: true },
      { kind: "open", name: null },
      { kind: "open", name: "Ann" },
    ];
    expect(hostOf(seats)).toBe("Ann");
    expect(hostOf(seats.slice(0, 3))).toBeNull();
  });

  it("says who invites the newcomer to which game", () => {
    expect(inviteLine("Ann", "Cribbage")).toBe("Ann invites you to Cribbage.");
    expect(inviteLine(null, "Cribbage")).toBe("A table of Cribbage has a seat for you.");
  });
});

/** Seats said by name: people by their own, computers by theirs with their level, never "seat 0". */
import { describe, expect, it } from "vitest";
import { COMPUTER_NAMES, namesOf, readerFor, seatLabel } from "./reader.js";

const seats = [
  { seat: 0, kind: "open" as const, name: "Bob", level: null },
  { seat: 1, kind: "computer" as const, name: null, level: "hard" },
  { seat: 2, kind: "open" as const, name: "Bob", level: null },
  { seat: 3, kind: "open" as const, name: null, level: null },
];

describe("seats by name", () => {
  it("names computers apart, two people of one name by their seats, and leaves an open seat unnamed", () => {
    expect(namesOf(seats)).toEqual(["Bob (0)", COMPUTER_NAMES[1], "Bob (2)", null]);
    expect(new Set(namesOf(seats.map((s, i) => ({ ...s, seat: i, kind: "computer" as const })))).size).toBe(
      4,
    );
  });

  it("labels each seat's plate as the reader sees it", () => {
    const r = readerFor(2, namesOf(seats));
    expect(seats.map((s) => seatLabel(s, r))).toEqual([
      "Bob (0)",
      `${COMPUTER_NAMES[1]}, computer (hard)`,
      "You (Bob)",
      "Open seat",
    ]);
    expect(readerFor(-1, namesOf(seats)).does(1, "peg")).toBe(`${COMPUTER_NAMES[1]} pegs`);
  });
});

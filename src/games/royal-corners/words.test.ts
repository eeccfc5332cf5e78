import { describe, expect, it } from "vitest";
import { eventLines } from "../../words/event-lines.js";
import { readerFor } from "../../words/reader.js";
import { royalCorners } from "./game.js";
import { cornerLabel, cornerName } from "./words.js";

describe("Royal Corners in its players' words", () => {
  it("names the corners by their places on the square, clockwise from the top left", () => {
    expect([0, 1, 2, 3].map(cornerName)).toEqual([
      "the top-left corner",
      "the top-right corner",
      "the bottom-right corner",
      "the bottom-left corner",
    ]);
    expect(cornerLabel(3)).toBe("Bottom-left corner");
  });

  it("calls the cards left in hand penalty points, never a score", () => {
    const e = { type: "score", seat: 1, points: 3, why: "3 penalty points of cards left in hand" };
    const said = eventLines(e, royalCorners, readerFor(0, ["Ann", "Bob"]), [0, 3]);
    expect(said).toEqual(["Bob takes 3 penalty points for the cards left in hand"]);
    expect(
      eventLines({ ...e, seat: 0, points: 1 }, royalCorners, readerFor(0, ["Ann", "Bob"]), [1, 0]),
    ).toEqual(["You take 1 penalty point for the cards left in hand"]);
    expect(royalCorners.words?.scoreName).toBe("penalty points");
  });
});

/**
 * Each game's tile: a small picture drawn with the table's own cards (a
 * moment of the game: an Eight on a seven, a cribbage hand of fives, a gin
 * meld) and one line saying what the game is. A game not listed here gets
 * two card backs and its player count: an eighth game needs no entry.
 */
import type { ReactElement } from "react";
import { Card, CardBack } from "../Card.js";

interface Tile {
  readonly line: string;
  /** The cards shown, left to right; "back" is a card face down. */
  readonly cards: readonly string[];
  /** How they lie: a fan, a run climbing, a column built down, a trick. */
  readonly lay: "fan" | "climb" | "column" | "trick";
}

const TILES: Readonly<Record<string, Tile>> = {
  "crazy-eights": {
    line: "Match the top card by suit or rank; Eights are wild. First out wins.",
    cards: ["7H", "7C", "8S"],
    lay: "fan",
  },
  cribbage: {
    line: "Make fifteens, pairs and runs, and peg your way to 121.",
    cards: ["5H", "5D", "5S", "JC"],
    lay: "fan",
  },
  "gin-rummy": {
    line: "Draw and discard into runs and sets, then knock, or go gin.",
    cards: ["7D", "8D", "9D", "KC", "KH"],
    lay: "fan",
  },
  roy: {
    line: "Shed your hand in runs; hit the next player with Aces and the King of spades.",
    cards: ["AH", "AS", "KS"],
    lay: "fan",
  },
  "royal-corners": {
    line: "Build down in alternating colours on four corner piles; fewest penalty points win.",
    cards: ["KS", "QH", "JC"],
    lay: "column",
  },
  "roller-coaster": {
    line: "Race to empty your hand with runs that go up, down and loop the loop.",
    cards: ["QC", "KD", "AH", "RJ"],
    lay: "climb",
  },
  hyrule: {
    line: "Seven tricks, everyone choosing a card at once; capture the most cards.",
    cards: ["back", "back", "QH"],
    lay: "trick",
  },
};

/** The game's one line, or its players when the lobby has no line for it. */
export function gameLine(id: string, players: string): string {
  return TILES[id]?.line ?? `A card game for ${players}.`;
}

/** The picture: decorative (the tile says the game in words), so hidden from screen readers. */
export function GamePicture({ game }: { game: string }): ReactElement {
  const tile = TILES[game] ?? { cards: ["back", "back"], lay: "fan" as const };
  return (
    <div className={`game-picture lay-${tile.lay}`} aria-hidden="true">
      {tile.cards.map((c, i) => (c === "back" ? <CardBack key={i} label="" /> : <Card key={i} text={c} />))}
    </div>
  );
}

import { makePack } from "../../engine/cards.js";
import { type MatchState, type Viewer, historyMove } from "../../engine/game.js";
import { gameProperties } from "../../../test/game-properties.js";
import { type RoyState, roy } from "./game.js";
import { isPlay, moveCard } from "./moves.js";

/**
 * The cards a viewer cannot know: face-down cards (the stock, the other
 * hands) that it has not seen face up this hand. A card played and later
 * shuffled back into the stock was seen by all: the view's history may name it.
 */
function hidden(st: MatchState, viewer: Viewer): number[] {
  const s = st as RoyState;
  const seen = new Set<number>([s.upcard]);
  for (const packed of s.history) {
    const m = historyMove(packed);
    if (isPlay(m)) seen.add(moveCard(m));
  }
  const faceDown = s.stock.slice();
  if (!s.handOver) s.hands.forEach((h, p) => p !== viewer && faceDown.push(...h));
  return faceDown.filter((c) => !seen.has(c));
}

// Short matches: every step checks every view against the whole hand history,
// and hands with `drawWhenAble` run to hundreds of moves under random play.
gameProperties({
  game: roy,
  players: [2, 3, 4],
  options: [{ target: 30 }],
  pack: () => makePack(),
  hidden,
  runs: 4,
});

gameProperties({
  game: roy,
  players: [2, 3, 4],
  options: [{ drawWhenAble: true, target: 8 }],
  pack: () => makePack(),
  hidden,
  runs: 3,
});

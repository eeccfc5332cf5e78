import { makePack } from "../../engine/cards.js";
import type { MatchState, Viewer } from "../../engine/game.js";
import { contractProperties } from "../../../test/contract-properties.js";
import { gameProperties } from "../../../test/game-properties.js";
import { ginRummy } from "./game.js";
import type { GinState } from "./state.js";

/** The cards `viewer` may not know: the stock, and the other hands but for what their seats took face up (or laid down). */
function hidden(st: MatchState, viewer: Viewer): number[] {
  const s = st as GinState;
  const out = s.stock.slice();
  if (!s.handOver) {
    s.hands.forEach((h, p) => {
      if (p === viewer || p === s.knocker) return;
      out.push(...h.filter((x) => !s.takenFromDiscard[p].includes(x)));
    });
  }
  return out;
}

// Random players seldom get down to 10: a looser knock limit lets random matches end.
const options = [
  { target: 50, knockLimit: 30 },
  { target: 40, knockLimit: 40, layoffs: false, bonuses: "standard", ginBonus: 20, undercutBonus: 10 },
];

gameProperties({ game: ginRummy, players: [2], options, pack: () => makePack(), hidden, runs: 6 });

// The Oklahoma knock card (house rule) keeps the limit at 10 or below: random matches are cut after a few hands.
const oklahoma = [
  { target: 1, oklahoma: "spades" },
  { target: 1, oklahoma: "rank", layoffs: false },
];
gameProperties({
  game: ginRummy,
  players: [2],
  options: oklahoma,
  pack: () => makePack(),
  hidden,
  runs: 6,
  maxHands: 6,
});

contractProperties({ game: ginRummy, players: [2], options: [{}, ...options], hidden });
contractProperties({ game: ginRummy, players: [2], options: oklahoma, hidden, runs: 3, maxSteps: 1500 });

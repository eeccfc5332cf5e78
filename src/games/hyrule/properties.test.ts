import { makePack } from "../../engine/cards.js";
import type { MatchState, Viewer } from "../../engine/game.js";
import { contractProperties } from "../../../test/contract-properties.js";
import { gameProperties } from "../../../test/game-properties.js";
import { type HyruleState, hyrule } from "./game.js";
import { NONE } from "./rules.js";

const options = [
  {},
  { mode: "strategy" },
  { blind: true },
  { mode: "strategy", blind: true, youngest: 1 },
  { runOff: true },
  { mode: "strategy", runOff: true },
  // The house rule (docs/rules/hyrule.md).
  { tiedTricks: "aside" },
  { mode: "strategy", tiedTricks: "aside", runOff: true },
];

/** The undealt cards are never seen; other hands are secret; in chance mode so is a choice not yet revealed. */
function hidden(st: MatchState, viewer: Viewer): number[] {
  const s = st as HyruleState;
  const out = s.stock.slice();
  for (let p = 0; p < s.players; p++) {
    if (p === viewer) continue;
    out.push(...s.hands[p]);
    if (s.chance && s.played[p] !== NONE) out.push(s.played[p]);
  }
  return out;
}

gameProperties({
  game: hyrule,
  players: [2, 3, 4, 5],
  options,
  pack: () => makePack({ jokers: 2 }),
  hidden,
  runs: 8,
});

contractProperties({ game: hyrule, players: [2, 5], options, hidden });

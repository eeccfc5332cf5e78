import { makePack } from "../../engine/cards.js";
import { gameProperties } from "../../../test/game-properties.js";
import { type HyruleState, hyrule } from "./game.js";
import { NONE } from "./rules.js";

gameProperties({
  game: hyrule,
  players: [2, 3, 4, 5],
  options: [
    {},
    { mode: "strategy" },
    { blind: true },
    { mode: "strategy", blind: true, youngest: 1 },
    { runOff: true },
    { mode: "strategy", runOff: true },
  ],
  pack: () => makePack({ jokers: 2 }),
  hidden: (st, viewer) => {
    const s = st as HyruleState;
    // The undealt cards are never seen; other hands are secret; in chance mode so is a choice not yet revealed.
    const hidden = s.deck.slice(0, s.stockSize);
    for (let p = 0; p < s.players; p++) {
      if (p === viewer) continue;
      hidden.push(...s.hands[p]);
      if (s.chance && s.played[p] !== NONE) hidden.push(s.played[p]);
    }
    return hidden;
  },
  runs: 8,
});

import { makePack } from "../../engine/cards.js";
import { gameProperties } from "../../../test/game-properties.js";
import { type CoasterState, rollerCoaster } from "./game.js";
import { type PacksOption, packsFor } from "./rules.js";
import { handOf, playedThisHand } from "./state.js";

/**
 * Random play rarely empties a hand (a median random hand runs to thousands
 * of moves; greedy players finish in a few hundred), and the shared property
 * test looks at every seat's view after every move. So the properties run on
 * the same game with a move limit of 200, and here alone a drawn hand also
 * ends the match (the real game deals again): every run stays short while
 * still crossing reshuffles, jokers and blocked hands.
 */
const game: typeof rollerCoaster = {
  ...rollerCoaster,
  moveLimit: 200,
  drawHand(s, reason) {
    rollerCoaster.drawHand(s, reason);
    s.matchOver = true;
  },
};

const pack = (players: number, options: Record<string, unknown>) =>
  makePack({ packs: packsFor(players, (options.packs ?? "auto") as PacksOption), jokers: 2 });

/**
 * Face-down cards (the stock, the other hands) never seen face up this hand.
 * A card played and later shuffled back into the stock was seen by all: the
 * view's history may name it.
 */
const hidden = (st: unknown, viewer: unknown) => {
  const s = st as CoasterState;
  const seen = playedThisHand(s);
  const out = s.stock.slice();
  if (!s.handOver) for (let p = 0; p < s.players; p++) if (p !== viewer) out.push(...handOf(s, p));
  return out.filter((c) => !seen.has(c));
};

for (let players = 2; players <= 12; players++) {
  // Packs as the table settles them, and explicitly: the other count where it deals, else two.
  const explicit = players <= 6 ? "2" : players <= 10 ? "1" : "2";
  const options: Record<string, unknown>[] = [{}, { packs: explicit }];
  if (players === 3 || players === 9) options.push({ handsToWin: 2 });
  gameProperties({ game, players: [players], options, pack, hidden, runs: players <= 6 ? 4 : 2 });
}

/**
 * The playout rules that read the state instead of a view play exactly as
 * the bots they stand for: at every position of many hands (played by those
 * bots with random moves mixed in), the same move from the same legal moves.
 */
import { describe, expect, it } from "vitest";
import { type AnyGame, type Move, applyMove, legalMoves } from "../engine/game.js";
import { defaultOptions } from "../engine/options.js";
import { Rng } from "../engine/rng.js";
import { crazyEights } from "../games/crazy-eights/game.js";
import { greedy as eightsGreedy, greedyPlayout as eightsPlayout } from "../games/crazy-eights/bot.js";
import { ginRummy } from "../games/gin-rummy/game.js";
import { greedy as ginGreedy, greedyPlayout as ginPlayout } from "../games/gin-rummy/bot.js";
import { hyrule } from "../games/hyrule/game.js";
import { greedy as hyruleGreedy, greedyPlayout as hyrulePlayout } from "../games/hyrule/bot.js";
import { roy } from "../games/roy/game.js";
import { greedy as royGreedy, greedyPlayout as royPlayout } from "../games/roy/bot.js";
import { royalCorners } from "../games/royal-corners/game.js";
import { greedy as cornersGreedy, greedyPlayout as cornersPlayout } from "../games/royal-corners/bot.js";
import { rollerCoaster } from "../games/roller-coaster/game.js";
import { greedy as coasterGreedy, greedyPlayout as coasterPlayout } from "../games/roller-coaster/bot.js";
import { ENTRIES } from "../games/index.js";
import { type AnyBot, isSearcher } from "./bot.js";
import type { PlayoutPolicy } from "./ismcts.js";

/** Each game's state rule and its bot, with the options to play under (besides the defaults). */
const PAIRS: [AnyGame, AnyBot, PlayoutPolicy, Record<string, unknown>?][] = [
  [roy, royGreedy, royPlayout],
  [crazyEights, eightsGreedy, eightsPlayout],
  [ginRummy, ginGreedy, ginPlayout],
  [royalCorners, cornersGreedy, cornersPlayout],
  [rollerCoaster, coasterGreedy, coasterPlayout],
  [hyrule, hyruleGreedy, hyrulePlayout],
  [hyrule, hyruleGreedy, hyrulePlayout, { mode: "strategy" }],
];

describe.each(PAIRS.map((p) => [`${p[0].id} ${JSON.stringify(p[3] ?? {})}`, ...p] as const))(
  "%s: the playout rule on the state",
  (_name, game, bot, playout, options) => {
    it("is the rule the game's hard player plays out with", () => {
      const hard = ENTRIES.find((e) => e.game === game)?.bots.hard;
      expect(hard && isSearcher(hard) ? hard.settings.playout : undefined).toBe(playout);
    });

    it("chooses what its bot chooses from the seat's view, at every position", () => {
      const rng = Rng.fromSeed(`state-playouts-${game.id}`);
      let compared = 0;
      for (let players = game.minPlayers; players <= Math.min(game.maxPlayers, 4); players++) {
        for (let match = 0; match < 40; match++) {
          const started = game.start({
            players,
            seed: `state-playouts-${match}`,
            options: { ...defaultOptions(game.options), ...options },
          });
          if (!started.ok) throw new Error(started.error);
          const s = started.value;
          for (let step = 0; step < 3000 && !s.matchOver; step++) {
            if (s.handOver) {
              game.nextHand(s);
              continue;
            }
            const seat = game.toAct(s)[0];
            const legal: Move[] = legalMoves(game, s, seat);
            const fromView = bot.choose(game.view(s, seat), legal, rng);
            const fromState = playout(s, seat, legal, legal.length, rng);
            if (legal.length > 1) {
              expect(fromState, `${game.describeMove(fromView)} from the view`).toBe(fromView);
              compared++;
            }
            applyMove(game, s, seat, rng.int(4) === 0 ? legal[rng.int(legal.length)] : fromView);
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  },
);

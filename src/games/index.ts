import type { Player } from "../bots/bot.js";
import { handReward, marginReward } from "../bots/ismcts.js";
import { levels } from "../bots/levels.js";
import type { CountAnswer } from "../engine/counting.js";
import type { AnyGame } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import {
  cribbage,
  cribbageAwareSettle,
  cribbageBot,
  cribbageCount,
  cribbageGoInference,
  cribbageInference,
  cribbageSettle,
} from "./cribbage/entry.js";
import { greedy as eightsGreedy, greedyPlayout as eightsPlayout } from "./crazy-eights/bot.js";
import { crazyEights } from "./crazy-eights/game.js";
import {
  candidates as ginCandidates,
  medium as ginMedium,
  settle as ginSettle,
  simple as ginSimple,
  greedyPlayout as ginPlayout,
} from "./gin-rummy/bot.js";
import { count as ginCount } from "./gin-rummy/count.js";
import { ginRummy } from "./gin-rummy/game.js";
import { handInference as ginInference } from "./gin-rummy/infer.js";
import { greedy as hyruleGreedy, greedyPlayout as hyrulePlayout } from "./hyrule/bot.js";
import { hyrule } from "./hyrule/game.js";
import { greedy as coasterGreedy, greedyPlayout as coasterPlayout } from "./roller-coaster/bot.js";
import { rollerCoaster } from "./roller-coaster/game.js";
import { greedy as cornersGreedy, greedyPlayout as cornersPlayout } from "./royal-corners/bot.js";
import { royalCorners } from "./royal-corners/game.js";
import { greedy as royGreedy, greedyPlayout as royPlayout } from "./roy/bot.js";
import { roy } from "./roy/game.js";

import { royHowToPlay } from "./roy/how-to-play.js";
import { royalCornersHowToPlay } from "./royal-corners/how-to-play.js";
import { rollerCoasterHowToPlay } from "./roller-coaster/how-to-play.js";
import { crazyEightsHowToPlay } from "./crazy-eights/how-to-play.js";
import { ginRummyHowToPlay } from "./gin-rummy/how-to-play.js";
import { cribbageHowToPlay } from "./cribbage/how-to-play.js";
import { hyruleHowToPlay } from "./hyrule/how-to-play.js";
import type { HowToPlay } from "../words/how-to-play.js";

export type { CountAnswer } from "../engine/counting.js";

export interface GameEntry {
  readonly game: AnyGame;
  /** The game's own computer players by level: `easy`, `medium`, `hard`, `expert` (the generic `random` is always there too). */
  readonly bots: Readonly<Record<string, Player>>;
  /** The wire `type`s of the game's moves, for players and bot authors reading `cardroom games`. */
  readonly moveTypes?: readonly string[];
  /**
   * The game's counting tool, for `cardroom count GAME` and the protocol's
   * `count` request: the request's fields (cards as text) in, an answer or
   * one line saying what is wrong out.
   */
  readonly count?: (request: Readonly<Record<string, unknown>>) => Result<CountAnswer, string>;
  /**
   * The game's How to play page for players (src/words/how-to-play.ts); the
   * exact rules are docs/rules/<id>.md, which a game without a page shows instead.
   */
  readonly howToPlay?: HowToPlay;
}

/** Every game the card room knows. */
export const ENTRIES: readonly GameEntry[] = [
  {
    game: roy,
    bots: levels(roy, royGreedy, { playout: royPlayout }),
    moveTypes: ["play", "draw", "end"],
    howToPlay: royHowToPlay,
  },
  {
    game: royalCorners,
    bots: levels(royalCorners, cornersGreedy, {
      reward: handReward(royalCorners, true),
      playout: cornersPlayout,
    }),
    moveTypes: ["play", "move", "end"],
    howToPlay: royalCornersHowToPlay,
  },
  {
    game: rollerCoaster,
    bots: levels(rollerCoaster, coasterGreedy, { playout: coasterPlayout }),
    moveTypes: ["play", "end", "draw", "pass"],
    howToPlay: rollerCoasterHowToPlay,
  },
  {
    game: crazyEights,
    bots: levels(crazyEights, eightsGreedy, {
      reward: marginReward(crazyEights, 40),
      playout: eightsPlayout,
    }),
    moveTypes: ["play", "draw", "pass"],
    howToPlay: crazyEightsHowToPlay,
  },
  {
    game: ginRummy,
    bots: {
      // Discards and knocks weighed by paired playouts among medium's best few (docs/BOTS.md).
      ...levels(ginRummy, ginMedium, {
        settle: ginSettle,
        candidates: ginCandidates,
        playout: ginPlayout,
        paired: true,
        inference: ginInference,
        reward: marginReward(ginRummy, 30),
      }),
      simple: ginSimple,
    },
    count: ginCount,
    moveTypes: ["take", "draw", "pass", "discard", "knock", "layoff", "done"],
    howToPlay: ginRummyHowToPlay,
  },
  {
    game: cribbage,
    // The pegging's search: the other's kept hand inferred from its discard rule, its plays
    // modelled by `medium`, and the hand judged by points margin (docs/BOTS.md).
    // `expert` adds discards that know how the other lays away and the other's goes (aware.ts).
    bots: levels(
      cribbage,
      cribbageBot,
      {
        settle: cribbageSettle,
        inference: cribbageInference,
        modelOthers: true,
        reward: marginReward(cribbage, 12),
      },
      undefined,
      {
        settle: cribbageAwareSettle,
        inference: () => cribbageGoInference(cribbageInference()),
      },
    ),
    count: cribbageCount,
    moveTypes: ["discard", "play", "go", "claim"],
    howToPlay: cribbageHowToPlay,
  },
  {
    game: hyrule,
    bots: levels(hyrule, hyruleGreedy, { modelOthers: true, playout: hyrulePlayout }),
    moveTypes: ["play", "flip"],
    howToPlay: hyruleHowToPlay,
  },
];

export const GAMES: readonly AnyGame[] = ENTRIES.map((e) => e.game);

export function findEntry(id: unknown): Result<GameEntry, string> {
  const entry = ENTRIES.find((e) => e.game.id === id);
  if (entry) return ok(entry);
  return err(`unknown game ${JSON.stringify(id)} (games: ${GAMES.map((g) => g.id).join(", ")})`);
}

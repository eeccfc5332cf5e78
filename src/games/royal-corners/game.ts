import {
  type Game,
  type MatchConfig,
  type Setup,
  bestSeats,
  openMatch,
  passDeal,
} from "../../engine/game.js";
import { type Result, ok } from "../../engine/result.js";
import { deal, pack } from "./deal.js";
import { checkPosition, determinize } from "./determinize.js";
import { events } from "./events.js";
import { describeMove, moveFromJson, moveSchema, moveToJson } from "./moves.js";
import { apply, drawHand, legalMoves } from "./play.js";
import {
  type CornersOptions,
  type CornersState,
  cardsOf,
  cloneState,
  newState,
  options,
  stateSchema,
} from "./state.js";
import { type CornersView, board, dump, view, viewSchema } from "./view.js";
import { royalCornersWords } from "./words.js";

export type { CornersOptions, CornersState } from "./state.js";

function start(config: MatchConfig<CornersOptions>, setup?: Setup): Result<CornersState, string> {
  const s = newState(openMatch(config, setup), config.options);
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

/** The deal passes to the left. */
function nextHand(s: CornersState): void {
  passDeal(s);
  deal(s);
}

/**
 * Every hand ends well inside this: cards never leave the corners, so a hand
 * has at most 48 plays, 52 pile moves (each empties a corner, and only a
 * play refills one), 34 draws and, between moves, one idle turn per player.
 */
const MOVE_LIMIT = 1000;

export const royalCorners: Game<CornersState, CornersOptions, CornersView> = {
  id: "royal-corners",
  name: "Royal Corners",
  minPlayers: 2,
  maxPlayers: 4,
  options,
  moveLimit: MOVE_LIMIT,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? [] : s.toActSeats),
  legalMoves,
  apply,
  drawHand,
  // Rule 8: the fewest penalty points win; ties share.
  matchWinners: (s) => bestSeats(s.scores, true),
  clone: cloneState,
  pack,
  cards: cardsOf,
  determinize,
  events,
  checkPosition,
  stateSchema,
  viewSchema,
  moveSchema,
  view,
  dump,
  moveToJson,
  moveFromJson,
  words: royalCornersWords,
  describeMove,
  board,
};

import {
  type Game,
  type MatchConfig,
  type Setup,
  bestSeats,
  openMatch,
  passDeal,
} from "../../engine/game.js";
import { type Result, ok } from "../../engine/result.js";
import { dealSetup, dealShuffled } from "./deal.js";
import { describeMove, moveFromJson, moveToJson } from "./moves.js";
import { apply, drawHand, legalMoves } from "./play.js";
import { type CornersOptions, type CornersState, cloneState, options } from "./state.js";
import { board, dump, view } from "./view.js";

export type { CornersOptions, CornersState } from "./state.js";

function start(config: MatchConfig<CornersOptions>, setup?: Setup): Result<CornersState, string> {
  const base = openMatch(config, setup);
  const s = { ...base, options: config.options } as CornersState;
  if (!setup) {
    dealShuffled(s);
    return ok(s);
  }
  const dealt = dealSetup(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

/** The deal passes to the left. */
function nextHand(s: CornersState): void {
  passDeal(s);
  dealShuffled(s);
}

/**
 * Every hand ends well inside this: cards never leave the corners, so a hand
 * has at most 48 plays, 52 pile moves (each empties a corner, and only a
 * play refills one), 34 draws and, between moves, one idle turn per player.
 */
const MOVE_LIMIT = 1000;

export const royalCorners: Game<CornersState, CornersOptions> = {
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
  view,
  dump,
  moveToJson,
  moveFromJson,
  describeMove,
  board,
};

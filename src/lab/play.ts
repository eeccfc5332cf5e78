/**
 * One lab match, played as the arena plays it (every seat's level named,
 * the match seed shared by the deal's mirrored matches) and recorded as it
 * goes: each hand's length, winners and points into the batch's sums, the
 * match's lead changes, drama and decisiveness, and the special rules from
 * the events when the task counts them.
 */
import { type Player, botMove } from "../bots/index.js";
import { randomBot } from "../bots/bot.js";
import {
  type AnyGame,
  type JsonObject,
  type MatchState,
  type Move,
  SPECTATOR,
  applyMove,
} from "../engine/game.js";
import { eventFor } from "../engine/events.js";
import { Rng } from "../engine/rng.js";
import { fastSeeds } from "../engine/seeds.js";
import { moveEvents } from "../engine/table-events.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { seatPlayer } from "../sim/arena-match.js";
import { MATCH_HAND_LIMIT } from "../sim/run.js";
import { type Aggregates, type CellAggregates, addMoment, bump, cellOf } from "./measures.js";
import type { Moments } from "./stats.js";
import type { LabPlan, LabTask } from "./plan.js";
import { countRules, ruleKeys, rulesNeedEvents } from "./rule-counters.js";
import type { Cell, LabTable } from "./rows.js";

/** What the batch's match-level sums and the paired comparison need of one match. */
export interface MatchSummary {
  /** Winners (empty when stopped at the hand limit). */
  readonly winners: readonly number[];
  readonly firstDealer: number;
  readonly hands: number;
  readonly moves: number;
  readonly turns: number;
  readonly scores: readonly number[];
  readonly margin: number;
  readonly leadChanges: number;
  readonly drama: number;
  readonly decisiveness: number;
  readonly handRows: LabTable | null;
  readonly matchRows: LabTable | null;
}

/** Games whose match score is penalty points: the lowest leads (CONTRACT.md, `status`). */
const LOW_SCORES_WIN: ReadonlySet<string> = new Set(["royal-corners"]);

const players = new Map<string, Player>();
/** Players are stateless between moves, so one per game and level serves every match of a worker. */
function playerFor(entry: GameEntry, level: string): Player {
  const key = `${entry.game.id}\u0000${level}`;
  let p = players.get(key);
  if (!p) {
    const found = seatPlayer(entry, level);
    if (!found.ok) throw new Error(found.error);
    p = found.value;
    players.set(key, p);
  }
  return p;
}

const moves: Move[] = [];
/** `random`'s choice as `botMove` makes it (a forced move draws nothing), without a fresh list a move. */
function randomMove(game: AnyGame, state: MatchState, seat: number, rng: Rng): Move {
  const n = game.legalMoves(state, seat, moves);
  return n === 1 ? moves[0] : moves[rng.int(n)];
}

const winnersText = (w: readonly number[]): string => w.join(";");

/** The seat that leads alone (high or low scores winning), or -1 when the lead is shared. */
function soleLeader(scores: readonly number[], low: boolean): number {
  let best = 0;
  let tie = false;
  for (let p = 1; p < scores.length; p++) {
    const d = low ? scores[best] - scores[p] : scores[p] - scores[best];
    if (d > 0) {
      best = p;
      tie = false;
    } else if (d === 0) tie = true;
  }
  return tie ? -1 : best;
}

export function playLabMatch(plan: LabPlan, task: LabTask, agg: Aggregates): MatchSummary {
  const entry = findEntry(plan.game);
  if (!entry.ok) throw new Error(entry.error);
  const game: AnyGame = entry.value.game;
  const n = plan.players;
  const seats = task.levels.map((l) => playerFor(entry.value, l));
  const options = plan.variants[task.variant].options;
  const started = game.start({
    players: n,
    seed: plan.fastSeeds ? fastSeeds(task.seed) : task.seed,
    options,
  });
  if (!started.ok) throw new Error(started.error);
  const state: MatchState = started.value;
  const rng = Rng.fromSeed(task.botSeed);
  const budget = { iterations: plan.budget.iterations, ms: plan.budget.ms ?? Infinity };
  const cell = cellOf(plan, agg, task.variant, task.lineup);
  const measure = plan.measures;
  const low = LOW_SCORES_WIN.has(plan.game);
  const rules = task.rules ? ruleKeys(plan.game) : [];
  const fullEvents = rulesNeedEvents(plan.game);
  const ruleCounts: Record<string, number> = {};
  const firstDealer = state.dealer;

  const hr: Record<string, Cell[]> | null = plan.rows ? handColumns(n, rules) : null;

  // Lead: the sole leader after each change of score, each seat's deepest deficit and since when it leads.
  let leader = measure ? soleLeader(state.scores, low) : -1;
  let lastSole = leader;
  let leadChanges = 0;
  const deficit = new Array<number>(n).fill(0);
  /** The move at which each seat last became the sole leader; -1 while it is not. */
  const leadSince = new Array<number>(n).fill(-1);
  let scale = 0;
  const seen = state.scores.slice();

  const seatHandWins = new Array<number>(n).fill(0);
  let hands = 0;
  let moves = 0;
  let turns = 0;
  let handMoves = 0;
  let handTurns = 0;
  let lastSeat = -1;
  let handFirst = -1;
  let handDealer = state.dealer;
  while (!state.matchOver && hands < MATCH_HAND_LIMIT) {
    if (state.handOver) {
      game.nextHand(state);
      handDealer = state.dealer;
      continue;
    }
    const seat = game.toAct(state)[0];
    if (handMoves === 0) handFirst = seat;
    if (seat !== lastSeat) {
      handTurns++;
      lastSeat = seat;
    }
    const move =
      seats[seat] === randomBot
        ? randomMove(game, state, seat, rng)
        : botMove(entry.value, seats[seat], state, seat, rng, budget);
    if (rules.length && fullEvents) {
      const before = game.clone(state);
      applyMove(game, state, seat, move);
      const events = moveEvents(game, before, state, seat, move).map((e) => eventFor(e, SPECTATOR));
      countRules(plan.game, events, ruleCounts);
    } else if (rules.length) {
      // The same shapes as the table's events, for counters that read only the move and the hand's end.
      applyMove(game, state, seat, move);
      const events: JsonObject[] = [{ type: "move", seat, move: game.moveToJson(move) as JsonObject }];
      if (state.handOver && state.result)
        events.push({ type: "handOver", result: state.result as unknown as JsonObject });
      countRules(plan.game, events, ruleCounts);
    } else applyMove(game, state, seat, move);
    handMoves++;
    moves++;
    if (measure) {
      let changed = false;
      for (let p = 0; p < n; p++)
        if (state.scores[p] !== seen[p]) {
          seen[p] = state.scores[p];
          changed = true;
        }
      if (changed) {
        leader = soleLeader(seen, low);
        if (leader >= 0 && lastSole >= 0 && leader !== lastSole) leadChanges++;
        if (leader >= 0) lastSole = leader;
        let best = seen[0];
        for (let p = 0; p < n; p++) {
          best = low ? Math.min(best, seen[p]) : Math.max(best, seen[p]);
          scale = Math.max(scale, Math.abs(seen[p]));
        }
        for (let p = 0; p < n; p++) {
          deficit[p] = Math.max(deficit[p], low ? seen[p] - best : best - seen[p]);
          if (p !== leader) leadSince[p] = -1;
          else if (leadSince[p] < 0) leadSince[p] = moves;
        }
      }
    }
    if (state.handOver) {
      hands++;
      turns += handTurns;
      const r = state.result;
      const winners = r ? r.winners : [];
      recordHand(
        cell,
        seatHandWins,
        handDealer,
        handFirst,
        handMoves,
        handTurns,
        winners,
        r?.points,
        measure,
      );
      if (rules.length) {
        cell.ruleHands++;
        for (const k of rules) addMoment(cellRule(cell, k), ruleCounts[k] ?? 0);
      }
      if (hr) {
        hr.variant.push(task.variant);
        hr.lineup.push(task.lineup);
        hr.deal.push(task.deal);
        hr.rotation.push(task.rotation);
        hr.hand.push(hands);
        hr.dealer.push(handDealer);
        hr.first_player.push(handFirst);
        hr.moves.push(handMoves);
        hr.turns.push(handTurns);
        hr.winners.push(winnersText(winners));
        for (let p = 0; p < n; p++) hr[`points_${p}`].push(r?.points[p] ?? 0);
        hr.reason.push(r?.reason ?? "");
        for (const k of rules) hr[`rule_${k}`].push(ruleCounts[k] ?? 0);
      }
      for (const k of rules) ruleCounts[k] = 0;
      handMoves = 0;
      handTurns = 0;
      lastSeat = -1;
    }
  }
  for (let p = 0; p < n; p++) {
    bump(cell.levelHands, task.levels[p], hands);
    bump(cell.levelHandWins, task.levels[p], seatHandWins[p]);
  }
  const winners = state.matchOver ? [...game.matchWinners(state)] : [];
  const scores = state.scores.slice();
  let margin = 0;
  let drama = 0;
  let decisiveness = 0;
  if (winners.length === 1) {
    const w = winners[0];
    let other = low ? Infinity : -Infinity;
    for (let p = 0; p < n; p++)
      if (p !== w) other = low ? Math.min(other, scores[p]) : Math.max(other, scores[p]);
    margin = low ? other - scores[w] : scores[w] - other;
    drama = scale > 0 ? deficit[w] / scale : 0;
    decisiveness = moves > 0 && leadSince[w] >= 0 ? 1 - leadSince[w] / moves : 0;
  }
  const summary: MatchSummary = {
    winners,
    firstDealer,
    hands,
    moves,
    turns,
    scores,
    margin,
    leadChanges,
    drama,
    decisiveness,
    handRows: hr,
    matchRows: null,
  };
  return plan.rows ? { ...summary, matchRows: matchRow(plan, task, summary) } : summary;
}

function cellRule(cell: CellAggregates, key: string): Moments {
  cell.rules[key] ??= { n: 0, sum: 0, sumsq: 0 };
  return cell.rules[key];
}

function recordHand(
  cell: CellAggregates,
  seatHandWins: number[],
  dealer: number,
  first: number,
  moves: number,
  turns: number,
  winners: readonly number[],
  points: readonly number[] | undefined,
  measure: boolean,
): void {
  cell.hands++;
  if (winners.length === 0) cell.handDraws++;
  const share = winners.length ? 1 / winners.length : 0;
  for (const w of winners) {
    cell.handSeatWins[w] += share;
    if (w === dealer) cell.handDealerWins += share;
    if (w === first) cell.handFirstWins += share;
  }
  for (const w of winners) seatHandWins[w] += share;
  if (!measure) return;
  addMoment(cell.movesPerHand, moves);
  addMoment(cell.turnsPerHand, turns);
  bump(cell.movesPerHandHist, String(moves), 1);
  if (points) for (const w of winners) bump(cell.handPointsHist, String(points[w]), 1);
}

function handColumns(n: number, rules: readonly string[]): Record<string, Cell[]> {
  const names = [
    "variant",
    "lineup",
    "deal",
    "rotation",
    "hand",
    "dealer",
    "first_player",
    "moves",
    "turns",
    "winners",
  ];
  for (let p = 0; p < n; p++) names.push(`points_${p}`);
  names.push("reason");
  for (const k of rules) names.push(`rule_${k}`);
  return Object.fromEntries(names.map((k) => [k, [] as Cell[]]));
}

function matchRow(plan: LabPlan, task: LabTask, m: MatchSummary): LabTable {
  const row: Record<string, Cell[]> = {
    variant: [task.variant],
    lineup: [task.lineup],
    deal: [task.deal],
    rotation: [task.rotation],
    levels: [task.levels.join(",")],
    first_dealer: [m.firstDealer],
    hands: [m.hands],
    moves: [m.moves],
    turns: [m.turns],
    winners: [winnersText(m.winners)],
  };
  for (let p = 0; p < plan.players; p++) row[`score_${p}`] = [m.scores[p]];
  row.margin = [m.margin];
  row.lead_changes = [m.leadChanges];
  row.drama = [m.drama];
  row.decisiveness = [m.decisiveness];
  return row;
}

/**
 * One lab match, played as the arena plays it (every seat's level named,
 * the match seed shared by the deal's mirrored matches) and recorded as it
 * goes: each hand's length, winners and points into the batch's sums, the
 * match's lead changes, drama and decisiveness, and the special rules from
 * the events when the task counts them.
 */
import { type Player, botMove, isSearcher, searchDecision } from "../bots/index.js";
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
import { Table } from "../engine/table.js";
import { isOutsideLevel, outsideCommand } from "../players/level.js";
import { type Forfeit, OutsideSeats, winnersByForfeit } from "../players/seats.js";
import { seatPlayer } from "../sim/arena-match.js";
import { MATCH_HAND_LIMIT } from "../sim/run.js";
import { type Aggregates, type CellAggregates, addMoment, bump, cellOf } from "./measures.js";
import type { Moments } from "./stats.js";
import type { LabPlan, LabTask } from "./plan.js";
import { countRule, countRules, ruleKeys, rulesNeedEvents } from "./rule-counters.js";
import type { Cell, LabTable } from "./rows.js";
import { type MatchTension, TensionRecord } from "./tension.js";

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
  /** Hands won by their dealer, and by their first player (a shared hand counts as a share). */
  readonly dealerHandWins: number;
  readonly firstPlayerHandWins: number;
  /** The first hand (the same cards in every variant of a deal) won by its dealer, by its first player. */
  readonly firstHandDealer: number;
  readonly firstHandFirstPlayer: number;
  /** The measures of tension from the search levels' estimates; null when no seat searches (or no measures). */
  readonly tension: MatchTension | null;
  readonly handRows: LabTable | null;
  readonly matchRows: LabTable | null;
  /** The seat whose program lost the match by a fault, with the reason and its log. */
  readonly forfeit?: Forfeit;
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

/** A plan's game and, per line-up and rotation, its seats' players: found once a plan, not once a match. */
const planSeats = new WeakMap<LabPlan, { entry: GameEntry; seats: Player[][] }>();
function seatsOf(plan: LabPlan, task: LabTask): { entry: GameEntry; seats: Player[] } {
  let known = planSeats.get(plan);
  if (!known) {
    const found = findEntry(plan.game);
    if (!found.ok) throw new Error(found.error);
    planSeats.set(plan, (known = { entry: found.value, seats: [] }));
  }
  const { entry } = known;
  // A task's levels are its line-up's, rotated (batchTasks): one list per line-up and rotation.
  const at = task.lineup * plan.players + task.rotation;
  const seats = (known.seats[at] ??= task.levels.map((l) => playerFor(entry, l)));
  return { entry, seats };
}

const moves: Move[] = [];
/** `random`'s choice as `botMove` makes it (a forced move draws nothing), without a fresh list a move. */
function randomMove(game: AnyGame, state: MatchState, seat: number, rng: Rng): Move {
  const n = game.legalMoves(state, seat, moves);
  return n === 1 ? moves[0] : moves[rng.int(n)];
}

/**
 * A built-in player's move, as `botMove` makes it; a searcher's estimates go to the match's
 * record when it measures tension (the search's own answer, nothing searched again).
 */
function playerMove(
  entry: GameEntry,
  player: Player,
  state: MatchState,
  seat: number,
  rng: Rng,
  budget: { iterations?: number; ms: number },
  record: MatchRecord,
): Move {
  if (player === randomBot) return randomMove(entry.game, state, seat, rng);
  if (record.tension && isSearcher(player)) {
    const d = searchDecision(entry, player, state, seat, rng, budget);
    if (d.search) record.tension.decision(seat, record.hands, d.search);
    return d.move;
  }
  return botMove(entry, player, state, seat, rng, budget);
}

const choices: Move[] = [];
/** How many legal moves `seat` has (the choice measures count them on the deals the rules are counted in). */
const optionCount = (game: AnyGame, state: MatchState, seat: number): number =>
  game.legalMoves(state, seat, choices);

/** Each seat's search budget: its level's own iterations when the plan sets them, else the plan's. */
function seatBudgets(plan: LabPlan, task: LabTask): { iterations?: number; ms: number }[] {
  const ms = plan.budget.ms ?? Infinity;
  return task.levels.map((l) => ({ iterations: plan.budget.levels?.[l] ?? plan.budget.iterations, ms }));
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

/**
 * Each game's move events as a table sends them (`{type: "move", seat, move}`), by seat and move:
 * made once, as a move's wire form depends on nothing else (`Game.moveToJson`) and the counters
 * only read them. Moves are small integers, so plain arrays index them.
 */
const moveEventMemo = new WeakMap<AnyGame, JsonObject[][]>();
function moveEventsOf(game: AnyGame): JsonObject[][] {
  let bySeat = moveEventMemo.get(game);
  if (!bySeat) moveEventMemo.set(game, (bySeat = []));
  return bySeat;
}

const handOverEvent = (state: MatchState): JsonObject => ({
  type: "handOver",
  result: state.result as unknown as JsonObject,
});

/**
 * What a match records as it goes, move by move: the same for a match on the
 * state itself and one at a table with outside programs.
 */
class MatchRecord {
  readonly n: number;
  readonly cell: CellAggregates;
  readonly measure: boolean;
  readonly low: boolean;
  readonly rules: readonly string[];
  /** Whether this match counts each decision's legal moves (the deals the rules are counted in). */
  readonly choice: boolean;
  /** This hand's decisions, those with one legal move, and their legal moves in all. */
  handDecisions = 0;
  handForced = 0;
  handOptions = 0;
  /** Whether the rule counters read every move's events (the state before each move is kept). */
  readonly fullEvents: boolean;
  readonly ruleCounts: Record<string, number> = {};
  /** The game's move events by seat and move, for counters that read only those. */
  readonly moveEvents: JsonObject[][];
  readonly firstDealer: number;
  readonly hr: Record<string, Cell[]> | null;
  /** The search levels' estimates, when a seat searches and the plan measures. */
  readonly tension: TensionRecord | null;
  // Lead: the sole leader after each change of score, each seat's deepest deficit and since when it leads.
  leader: number;
  lastSole: number;
  leadChanges = 0;
  readonly deficit: number[];
  /** The move at which each seat last became the sole leader; -1 while it is not. */
  readonly leadSince: number[];
  scale = 0;
  readonly seen: number[];
  readonly seatHandWins: number[];
  dealerHandWins = 0;
  firstPlayerHandWins = 0;
  firstHandDealer = 0;
  firstHandFirstPlayer = 0;
  hands = 0;
  moves = 0;
  turns = 0;
  handMoves = 0;
  handTurns = 0;
  lastSeat = -1;
  handFirst = -1;
  handDealer: number;

  constructor(
    readonly plan: LabPlan,
    readonly task: LabTask,
    agg: Aggregates,
    readonly game: AnyGame,
    state: MatchState,
    searching: boolean,
  ) {
    const n = plan.players;
    this.n = n;
    this.cell = cellOf(plan, agg, task.variant, task.lineup);
    this.measure = plan.measures;
    this.low = LOW_SCORES_WIN.has(plan.game);
    this.rules = task.rules ? ruleKeys(plan.game) : [];
    this.choice = task.rules && plan.measures;
    this.fullEvents = this.rules.length > 0 && rulesNeedEvents(plan.game);
    this.moveEvents = moveEventsOf(game);
    this.firstDealer = state.dealer;
    this.hr = plan.rows ? handColumns(n, this.rules, this.choice) : null;
    this.tension = searching && plan.measures ? new TensionRecord(n) : null;
    this.leader = this.measure ? soleLeader(state.scores, this.low) : -1;
    this.lastSole = this.leader;
    this.deficit = new Array<number>(n).fill(0);
    this.leadSince = new Array<number>(n).fill(-1);
    this.seen = state.scores.slice();
    this.seatHandWins = new Array<number>(n).fill(0);
    this.handDealer = state.dealer;
  }

  /** A hand was dealt. */
  dealt(state: MatchState): void {
    this.handDealer = state.dealer;
  }

  /** `seat` is about to move in `state`. */
  turn(seat: number, state: MatchState): void {
    if (this.choice) {
      const n = optionCount(this.game, state, seat);
      const c = this.cell;
      c.decisions++;
      addMoment(c.options, n);
      c.logOptions += Math.log(n);
      if (n === 1) c.forced++;
      this.handDecisions++;
      this.handOptions += n;
      if (n === 1) this.handForced++;
    }
    if (this.handMoves === 0) this.handFirst = seat;
    if (seat !== this.lastSeat) {
      this.handTurns++;
      this.lastSeat = seat;
    }
  }

  /** `seat` played `move`, leaving `state` (`before`: the state before it, when `fullEvents`). */
  moved(state: MatchState, seat: number, move: Move, before: MatchState | null): void {
    if (this.rules.length) this.countMoveRules(state, seat, move, before);
    this.handMoves++;
    this.moves++;
    if (this.measure) {
      const { seen, n } = this;
      let changed = false;
      for (let p = 0; p < n; p++)
        if (state.scores[p] !== seen[p]) {
          seen[p] = state.scores[p];
          changed = true;
        }
      if (changed) this.scoresChanged();
    }
    if (state.handOver) this.handEnded(state);
  }

  /** The rule counters read a move: its events (from `before`, when they need them), or the move and the hand's end. */
  private countMoveRules(state: MatchState, seat: number, move: Move, before: MatchState | null): void {
    const { game, plan } = this;
    if (before) {
      const events = moveEvents(game, before, state, seat, move).map((e) => eventFor(e, SPECTATOR));
      countRules(plan.game, events, this.ruleCounts);
      return;
    }
    // The same shapes as the table's events, for counters that read only the move and the hand's end.
    const bySeat = (this.moveEvents[seat] ??= []);
    const played = (bySeat[move] ??= Object.freeze({
      type: "move",
      seat,
      move: game.moveToJson(move) as JsonObject,
    }));
    countRule(plan.game, played, this.ruleCounts);
    if (state.handOver && state.result) countRule(plan.game, handOverEvent(state), this.ruleCounts);
  }

  /** The scores changed: the sole leader, lead changes, each seat's deepest deficit and since when it leads. */
  private scoresChanged(): void {
    const { seen, n, low } = this;
    // One pass: the leading score, whether it is shared (as soleLeader), the largest magnitude.
    let best = seen[0];
    let leader = 0;
    let scale = Math.max(this.scale, Math.abs(best));
    for (let p = 1; p < n; p++) {
      const x = seen[p];
      scale = Math.max(scale, Math.abs(x));
      const d = low ? best - x : x - best;
      if (d > 0) {
        best = x;
        leader = p;
      } else if (d === 0) leader = -1;
    }
    this.scale = scale;
    this.leader = leader;
    if (leader >= 0 && this.lastSole >= 0 && leader !== this.lastSole) this.leadChanges++;
    if (leader >= 0) this.lastSole = leader;
    for (let p = 0; p < n; p++) {
      this.deficit[p] = Math.max(this.deficit[p], low ? seen[p] - best : best - seen[p]);
      if (p !== leader) this.leadSince[p] = -1;
      else if (this.leadSince[p] < 0) this.leadSince[p] = this.moves;
    }
  }

  private handEnded(state: MatchState): void {
    const { cell, rules, hr, task, n } = this;
    this.hands++;
    this.turns += this.handTurns;
    const r = state.result;
    const winners = r ? r.winners : [];
    const share = winners.length ? 1 / winners.length : 0;
    const byDealer = winners.includes(this.handDealer) ? share : 0;
    const byFirst = winners.includes(this.handFirst) ? share : 0;
    this.dealerHandWins += byDealer;
    this.firstPlayerHandWins += byFirst;
    if (this.hands === 1) {
      this.firstHandDealer = byDealer;
      this.firstHandFirstPlayer = byFirst;
    }
    recordHand(
      cell,
      this.seatHandWins,
      this.handDealer,
      this.handFirst,
      this.handMoves,
      this.handTurns,
      winners,
      r?.points,
      this.measure,
    );
    if (rules.length) {
      cell.ruleHands++;
      for (const k of rules) addMoment(cellRule(cell, k), this.ruleCounts[k] ?? 0);
    }
    if (hr) {
      hr.variant.push(task.variant);
      hr.lineup.push(task.lineup);
      hr.deal.push(task.deal);
      hr.rotation.push(task.rotation);
      hr.hand.push(this.hands);
      hr.dealer.push(this.handDealer);
      hr.first_player.push(this.handFirst);
      hr.moves.push(this.handMoves);
      hr.turns.push(this.handTurns);
      hr.winners.push(winnersText(winners));
      for (let p = 0; p < n; p++) hr[`points_${p}`].push(r?.points[p] ?? 0);
      hr.reason.push(r?.reason ?? "");
      for (const k of rules) hr[`rule_${k}`].push(this.ruleCounts[k] ?? 0);
      if (this.choice) {
        hr.decisions.push(this.handDecisions);
        hr.forced_decisions.push(this.handForced);
        hr.options.push(this.handOptions);
      }
    }
    this.handDecisions = 0;
    this.handForced = 0;
    this.handOptions = 0;
    for (const k of rules) this.ruleCounts[k] = 0;
    this.handMoves = 0;
    this.handTurns = 0;
    this.lastSeat = -1;
  }

  /** The match's summary, its winners given (the game's, or every seat but a forfeiting one). */
  summary(state: MatchState, winners: number[], forfeit?: Forfeit): MatchSummary {
    const { n, low, task, cell, plan } = this;
    for (let p = 0; p < n; p++) {
      bump(cell.levelHands, task.levels[p], this.hands);
      bump(cell.levelHandWins, task.levels[p], this.seatHandWins[p]);
    }
    const scores = state.scores.slice();
    let margin = 0;
    let drama = 0;
    let decisiveness = 0;
    if (winners.length === 1 && !forfeit) {
      const w = winners[0];
      let other = low ? Infinity : -Infinity;
      for (let p = 0; p < n; p++)
        if (p !== w) other = low ? Math.min(other, scores[p]) : Math.max(other, scores[p]);
      margin = low ? other - scores[w] : scores[w] - other;
      drama = this.scale > 0 ? this.deficit[w] / this.scale : 0;
      decisiveness = this.moves > 0 && this.leadSince[w] >= 0 ? 1 - this.leadSince[w] / this.moves : 0;
    }
    const summary: MatchSummary = {
      winners,
      firstDealer: this.firstDealer,
      hands: this.hands,
      moves: this.moves,
      turns: this.turns,
      scores,
      margin,
      leadChanges: this.leadChanges,
      drama,
      decisiveness,
      dealerHandWins: this.dealerHandWins,
      firstPlayerHandWins: this.firstPlayerHandWins,
      firstHandDealer: this.firstHandDealer,
      firstHandFirstPlayer: this.firstHandFirstPlayer,
      tension: this.tension?.summary(forfeit ? [] : winners) ?? null,
      handRows: this.hr,
      matchRows: null,
      ...(forfeit ? { forfeit } : {}),
    };
    return plan.rows ? { ...summary, matchRows: matchRow(plan, task, summary) } : summary;
  }
}

/**
 * One lab match: built-in levels on the state itself, as fast as a loop can;
 * with a `cmd:` level, a promise: the match at a table whose events its
 * program is sent (as `sim` plays it), on the same deal and bot generator.
 */
export function playLabMatch(
  plan: LabPlan,
  task: LabTask,
  agg: Aggregates,
): MatchSummary | Promise<MatchSummary> {
  if (task.levels.some(isOutsideLevel)) return playOutsideLabMatch(plan, task, agg);
  const { entry, seats } = seatsOf(plan, task);
  const game: AnyGame = entry.game;
  const started = game.start({
    players: plan.players,
    seed: plan.fastSeeds ? fastSeeds(task.seed) : task.seed,
    options: plan.variants[task.variant].options,
  });
  if (!started.ok) throw new Error(started.error);
  const state: MatchState = started.value;
  const rng = Rng.fromSeed(task.botSeed);
  const budgets = seatBudgets(plan, task);
  const record = new MatchRecord(plan, task, agg, game, state, seats.some(isSearcher));
  while (!state.matchOver && record.hands < MATCH_HAND_LIMIT) {
    if (state.handOver) {
      game.nextHand(state);
      record.dealt(state);
      continue;
    }
    const seat = game.toAct(state)[0];
    record.turn(seat, state);
    const move = playerMove(entry, seats[seat], state, seat, rng, budgets[seat], record);
    const before = record.fullEvents ? game.clone(state) : null;
    applyMove(game, state, seat, move);
    record.moved(state, seat, move, before);
  }
  return record.summary(state, state.matchOver ? [...game.matchWinners(state)] : []);
}

async function playOutsideLabMatch(plan: LabPlan, task: LabTask, agg: Aggregates): Promise<MatchSummary> {
  const entry = findEntry(plan.game);
  if (!entry.ok) throw new Error(entry.error);
  const commands = task.levels.map((level) => {
    if (!isOutsideLevel(level)) return null;
    const c = outsideCommand(level);
    if (!c.ok) throw new Error(c.error);
    return c.value;
  });
  const seats = task.levels.map((l) => (isOutsideLevel(l) ? null : playerFor(entry.value, l)));
  const started = Table.start(
    entry.value.game,
    { players: plan.players, seed: task.seed, options: plan.variants[task.variant].options },
    { fastSeeds: plan.fastSeeds },
  );
  if (!started.ok) throw new Error(started.error.message);
  const table = started.value;
  const game = table.game;
  const state = table.state;
  const rng = Rng.fromSeed(task.botSeed);
  const budgets = seatBudgets(plan, task);
  const searching = seats.some((p) => p !== null && isSearcher(p));
  const record = new MatchRecord(plan, task, agg, game, state, searching);
  const forfeited = (f: Forfeit) => record.summary(state, winnersByForfeit(plan.players, f.seat), f);
  const opened = await OutsideSeats.open(table, commands, plan.outside ?? {});
  if (!opened.ok) return forfeited(opened.error);
  const outside = opened.value;
  try {
    while (!state.matchOver && record.hands < MATCH_HAND_LIMIT) {
      if (state.handOver) {
        outside.handEnd();
        table.next();
        record.dealt(state);
        outside.sync();
        continue;
      }
      const seat = game.toAct(state)[0];
      record.turn(seat, state);
      const bot = seats[seat];
      let move: Move;
      if (bot) move = playerMove(entry.value, bot, state, seat, rng, budgets[seat], record);
      else {
        const asked = await outside.ask(seat);
        if (!asked.ok) {
          await outside.end(asked.error);
          return forfeited(asked.error);
        }
        move = asked.value;
      }
      const before = record.fullEvents ? game.clone(state) : null;
      const played = table.play(seat, move);
      if (!played.ok) throw new Error(played.error.message);
      record.moved(state, seat, move, before);
    }
    if (state.handOver) outside.handEnd();
    await outside.end();
    return record.summary(state, state.matchOver ? [...game.matchWinners(state)] : []);
  } finally {
    await outside.close();
  }
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
  bump(cell.movesPerHandHist, moves, 1);
  if (points) for (const w of winners) bump(cell.handPointsHist, points[w], 1);
}

function handColumns(n: number, rules: readonly string[], choice: boolean): Record<string, Cell[]> {
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
  if (choice) names.push("decisions", "forced_decisions", "options");
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
  const t = m.tension;
  if (t) {
    row.searched = [t.searched];
    row.clarity = [t.clarity];
    row.narrowness = [t.narrowness];
    row.uncertainty = [t.uncertainty];
    row.stability = [t.stability];
    row.eval_drama = [t.drama];
  }
  return row;
}

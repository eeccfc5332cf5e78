/**
 * One arena match, as a worker thread plays it (`arena.ts`): every seat's
 * level named, the match seed shared by the deal's mirrored matches.
 */
import { type Player, botMove, findBot, isSearcher } from "../bots/index.js";
import { searcher } from "../bots/levels.js";
import type { SearchBudget } from "../bots/ismcts.js";
import { type MatchState, applyMove } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { Rng } from "../engine/rng.js";
import { Table } from "../engine/table.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { isOutsideLevel, outsideCommand } from "../players/level.js";
import { type Forfeit, OutsideSeats, type OutsideSettings, winnersByForfeit } from "../players/seats.js";
import { MATCH_HAND_LIMIT } from "./run.js";

export interface MatchTask {
  readonly game: string;
  readonly players: number;
  readonly options: Record<string, unknown>;
  /** The match seed: the same for every rotation of one deal. */
  readonly seed: string;
  /** The level at each seat. */
  readonly levels: readonly string[];
  readonly botSeed: string;
  readonly budget?: Partial<SearchBudget>;
  /** A budget for each seat's search instead of `budget` (bench:strength weighs levels at budgets of their own). */
  readonly budgets?: readonly (Partial<SearchBudget> | undefined)[];
  /** Times and logs for `cmd:` levels' programs. */
  readonly outside?: Omit<OutsideSettings, "tap">;
}

export interface MatchOutcome {
  /** The match's winners (empty when it was stopped at the hand limit). */
  readonly winners: number[];
  /** Each hand's winners, in order. */
  readonly hands: number[][];
  /** Each hand's points by seat, in order (the hand's result as the game scores it). */
  readonly handPoints?: number[][];
  readonly moves: number;
  /** Seconds spent choosing moves, per seat. */
  readonly thinking: number[];
  /** Moves chosen, per seat (forced moves included). */
  readonly chosen: number[];
  /** The seat whose program lost the match by a fault, with the reason and its log. */
  readonly forfeit?: Forfeit;
}

/**
 * The arena's measuring stick, never offered to play: `hard`'s search on the
 * true position (every card seen), which shows how much room for skill a
 * game leaves.
 */
export const CEILING = "ceiling";

function ceiling(entry: GameEntry): Player {
  const hard = entry.bots.hard;
  const settings = isSearcher(hard) ? hard.settings : {};
  return searcher(entry.game, { ...settings, worlds: (s) => entry.game.clone(s) });
}

/** The player a level names, `ceiling` included. */
export function seatPlayer(entry: GameEntry, level: string): Result<Player, string> {
  return level === CEILING ? ok(ceiling(entry)) : findBot(entry, level);
}

/** A finished hand's points by seat (none scored: zeros). */
function pointsOf(state: MatchState): number[] {
  const points = state.result?.points ?? [];
  return Array.from({ length: state.players }, (_, p) => points[p] ?? 0);
}

function builtIn(entry: GameEntry, level: string): Player {
  const p = seatPlayer(entry, level);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

/**
 * A match of the arena: built-in levels only on the state itself, as fast as
 * a loop can; with a `cmd:` level, at a table whose events its program is sent.
 */
export default function playArenaMatch(task: MatchTask): MatchOutcome | Promise<MatchOutcome> {
  if (task.levels.some(isOutsideLevel)) return playOutsideMatch(task);
  const entry = findEntry(task.game);
  if (!entry.ok) throw new Error(entry.error);
  const { game } = entry.value;
  const players = task.levels.map((level) => builtIn(entry.value, level));
  const started = game.start({ players: task.players, seed: task.seed, options: task.options });
  if (!started.ok) throw new Error(started.error);
  const state = started.value;
  const rng = Rng.fromSeed(task.botSeed);
  const hands: number[][] = [];
  const handPoints: number[][] = [];
  const thinking = new Array<number>(task.players).fill(0);
  const chosen = new Array<number>(task.players).fill(0);
  let moves = 0;
  while (!state.matchOver && hands.length < MATCH_HAND_LIMIT) {
    if (state.handOver) {
      game.nextHand(state);
      continue;
    }
    // Simultaneous choices: each seat in turn, as a table takes them.
    const seat = game.toAct(state)[0];
    const t0 = performance.now();
    const move = botMove(entry.value, players[seat], state, seat, rng, task.budgets?.[seat] ?? task.budget);
    thinking[seat] += (performance.now() - t0) / 1000;
    chosen[seat]++;
    applyMove(game, state, seat, move);
    moves++;
    if (state.handOver) {
      hands.push([...(state.result?.winners ?? [])]);
      handPoints.push(pointsOf(state));
    }
  }
  return {
    winners: state.matchOver ? [...game.matchWinners(state)] : [],
    hands,
    handPoints,
    moves,
    thinking,
    chosen,
  };
}

/** A match with outside programs at some seats: the same deal and bot generator as a built-in match's. */
export async function playOutsideMatch(
  task: MatchTask,
  watch: { readonly tap?: OutsideSettings["tap"]; readonly onTable?: (table: Table) => void } = {},
): Promise<MatchOutcome> {
  const entry = findEntry(task.game);
  if (!entry.ok) throw new Error(entry.error);
  const commands = task.levels.map((level) => {
    if (!isOutsideLevel(level)) return null;
    const c = outsideCommand(level);
    if (!c.ok) throw new Error(c.error);
    return c.value;
  });
  const players = task.levels.map((level) => (isOutsideLevel(level) ? null : builtIn(entry.value, level)));
  const started = Table.start(entry.value.game, {
    players: task.players,
    seed: task.seed,
    options: task.options,
  });
  if (!started.ok) throw new Error(started.error.message);
  const table = started.value;
  watch.onTable?.(table);
  const state = table.state;
  const rng = Rng.fromSeed(task.botSeed);
  const hands: number[][] = [];
  const handPoints: number[][] = [];
  const thinking = new Array<number>(task.players).fill(0);
  const chosen = new Array<number>(task.players).fill(0);
  let moves = 0;
  const outcome = (forfeit?: Forfeit): MatchOutcome => ({
    winners: forfeit
      ? winnersByForfeit(task.players, forfeit.seat)
      : state.matchOver
        ? [...table.game.matchWinners(state)]
        : [],
    hands,
    handPoints,
    moves,
    thinking,
    chosen,
    ...(forfeit ? { forfeit } : {}),
  });
  const opened = await OutsideSeats.open(table, commands, { ...task.outside, tap: watch.tap });
  if (!opened.ok) return outcome(opened.error);
  const seats = opened.value;
  try {
    while (!state.matchOver && hands.length < MATCH_HAND_LIMIT) {
      if (state.handOver) {
        seats.handEnd();
        table.next();
        seats.sync();
        continue;
      }
      const seat = table.game.toAct(state)[0];
      const t0 = performance.now();
      const bot = players[seat];
      let move;
      if (bot) move = botMove(entry.value, bot, state, seat, rng, task.budgets?.[seat] ?? task.budget);
      else {
        const asked = await seats.ask(seat);
        if (!asked.ok) {
          await seats.end(asked.error);
          return outcome(asked.error);
        }
        move = asked.value;
      }
      thinking[seat] += (performance.now() - t0) / 1000;
      chosen[seat]++;
      table.play(seat, move);
      moves++;
      if (state.handOver) {
        hands.push([...(state.result?.winners ?? [])]);
        handPoints.push(pointsOf(state));
      }
    }
    if (state.handOver) seats.handEnd();
    await seats.end();
    return outcome();
  } finally {
    await seats.close();
  }
}

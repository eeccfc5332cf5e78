import {
  type AnyGame,
  type HandResult,
  type JsonObject,
  type MatchConfig,
  type MatchState,
  type Move,
  type MoveJson,
  type Seat,
  type Setup,
  type Viewer,
  SPECTATOR,
  applyMove,
  legalMoves,
} from "./game.js";
import { ShoeEmpty } from "./deal.js";
import { parseOptions } from "./options.js";
import { type Result, err, ok } from "./result.js";
import type { Seed } from "./rng.js";
import { parseSetup } from "./setup-text.js";

/** The closed set of failures a table reports (the engine protocol's error codes). */
export type ErrorCode =
  | "bad_request"
  | "unknown_game"
  | "bad_option"
  | "bad_setup"
  | "no_game"
  | "not_your_turn"
  | "illegal_move"
  | "hand_over"
  | "hand_not_over"
  | "match_over";

export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
}

const fail = (code: ErrorCode, message: string) => err<EngineError>({ code, message });

export interface Status {
  readonly toAct: readonly Seat[];
  readonly handOver: boolean;
  readonly matchOver: boolean;
  readonly scores: readonly number[];
  readonly hand: number;
  readonly dealer: Seat;
  /** The match winners, once the match is over. */
  readonly winners?: readonly Seat[];
}

export type TableEvent =
  | { readonly type: "move"; readonly seat: Seat; readonly move: MoveJson }
  | { readonly type: "handOver"; readonly hand: number; readonly result: HandResult }
  | { readonly type: "matchOver"; readonly winners: readonly Seat[]; readonly scores: readonly number[] }
  | { readonly type: "deal"; readonly hand: number; readonly dealer: Seat };

/** One line of a move log: a seat's move, or the deal of the next hand. */
export type LogEntry = { readonly seat: Seat; readonly move: MoveJson } | { readonly next: true };

/** Seed, options, set-up and moves: replaying it reaches the identical position. */
export interface MatchLog {
  readonly game: string;
  readonly players: number;
  readonly seed: Seed;
  readonly options: JsonObject;
  readonly setup?: JsonObject;
  readonly entries: readonly LogEntry[];
}

export interface TableConfig {
  readonly players?: unknown;
  readonly seed?: unknown;
  readonly options?: unknown;
  readonly setup?: unknown;
}

/** Starts a game; a set-up too full to deal the rest from is refused like any bad set-up. */
function startGame(
  game: AnyGame,
  config: MatchConfig<unknown>,
  setup: Setup | undefined,
): Result<MatchState, string> {
  try {
    return game.start(config, setup);
  } catch (e) {
    if (e instanceof ShoeEmpty) return err(e.message);
    throw e;
  }
}

/**
 * A match at a table: a game, its state and the log of how it got there. The
 * one place that checks turns and legality for every face (protocol,
 * terminal, server), so an illegal move always leaves the state untouched.
 */
export class Table {
  private readonly entries: LogEntry[] = [];

  private constructor(
    readonly game: AnyGame,
    readonly state: MatchState,
    private readonly config: Omit<MatchLog, "entries">,
  ) {}

  static start(game: AnyGame, config: TableConfig): Result<Table, EngineError> {
    const players = config.players ?? game.minPlayers;
    if (typeof players !== "number" || !Number.isInteger(players)) {
      return fail("bad_request", "players must be a whole number");
    }
    if (players < game.minPlayers || players > game.maxPlayers) {
      return fail(
        "bad_option",
        `${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${players}`,
      );
    }
    const seed = config.seed ?? Date.now();
    if (typeof seed !== "number" && typeof seed !== "string")
      return fail("bad_request", "seed must be a number or text");
    const options = parseOptions(game.options, config.options);
    if (!options.ok) return fail("bad_option", options.error);
    const setup = parseSetup(config.setup);
    if (!setup.ok) return fail("bad_setup", setup.error);
    const state = startGame(
      game,
      { players, seed, options: options.value },
      config.setup ? setup.value : undefined,
    );
    if (!state.ok) {
      // Blame the set-up only when the same options deal without it.
      const setupAtFault =
        config.setup !== undefined &&
        startGame(game, { players, seed, options: options.value }, undefined).ok;
      return fail(setupAtFault ? "bad_setup" : "bad_option", state.error);
    }
    const log = {
      game: game.id,
      players,
      seed,
      options: options.value as JsonObject,
      ...(config.setup ? { setup: config.setup as JsonObject } : {}),
    };
    return ok(new Table(game, state.value, log));
  }

  /** Replays a log to its final position; a log whose moves do not replay is an error. */
  static replay(game: AnyGame, log: MatchLog): Result<Table, EngineError> {
    const t = Table.start(game, log);
    if (!t.ok) return t;
    for (const [i, e] of log.entries.entries()) {
      const r = "next" in e ? t.value.next() : t.value.playJson(e.seat, e.move);
      if (!r.ok) return fail(r.error.code, `log entry ${i + 1}: ${r.error.message}`);
    }
    return t;
  }

  status(): Status {
    const s = this.state;
    return {
      toAct: s.handOver ? [] : [...this.game.toAct(s)],
      handOver: s.handOver,
      matchOver: s.matchOver,
      scores: [...s.scores],
      hand: s.hand,
      dealer: s.dealer,
      ...(s.matchOver ? { winners: [...this.game.matchWinners(s)] } : {}),
    };
  }

  isToAct(seat: Seat): boolean {
    return !this.state.handOver && this.game.toAct(this.state).includes(seat);
  }

  legal(seat: Seat): Move[] {
    return this.isToAct(seat) ? legalMoves(this.game, this.state, seat) : [];
  }

  legalJson(seat: Seat): MoveJson[] {
    return this.legal(seat).map((m) => this.game.moveToJson(m));
  }

  checkSeat(seat: unknown): Result<Seat, EngineError> {
    if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= this.state.players) {
      return fail("bad_request", `seat must be a number from 0 to ${this.state.players - 1}`);
    }
    return ok(seat);
  }

  checkViewer(viewer: unknown): Result<Viewer, EngineError> {
    return viewer === SPECTATOR ? ok(SPECTATOR) : this.checkSeat(viewer);
  }

  play(seat: Seat, move: Move): Result<TableEvent[], EngineError> {
    const s = this.state;
    if (s.matchOver) return fail("match_over", "the match is over");
    if (s.handOver) return fail("hand_over", 'the hand is over: "next" deals the next one');
    if (!this.game.toAct(s).includes(seat)) {
      return fail(
        "not_your_turn",
        `it is not seat ${seat}'s turn (to act: ${this.game.toAct(s).join(", ")})`,
      );
    }
    if (!this.legal(seat).includes(move)) {
      return fail("illegal_move", `${this.game.describeMove(move)} is not legal now`);
    }
    const moveJson = this.game.moveToJson(move);
    applyMove(this.game, s, seat, move);
    this.entries.push({ seat, move: moveJson });
    const events: TableEvent[] = [{ type: "move", seat, move: moveJson }];
    if (s.handOver && s.result) events.push({ type: "handOver", hand: s.hand, result: s.result });
    if (s.matchOver) {
      events.push({ type: "matchOver", winners: [...this.game.matchWinners(s)], scores: [...s.scores] });
    }
    return ok(events);
  }

  playJson(seat: unknown, json: unknown): Result<TableEvent[], EngineError> {
    const st = this.checkSeat(seat);
    if (!st.ok) return st;
    if (typeof json !== "object" || json === null || typeof (json as MoveJson).type !== "string") {
      return fail("bad_request", 'a move must be an object with a "type"');
    }
    const move = this.game.moveFromJson(json as MoveJson);
    if (!move.ok) return fail("illegal_move", move.error);
    return this.play(st.value, move.value);
  }

  next(): Result<TableEvent[], EngineError> {
    const s = this.state;
    if (s.matchOver) return fail("match_over", "the match is over");
    if (!s.handOver) return fail("hand_not_over", "the hand is still being played");
    this.game.nextHand(s);
    this.entries.push({ next: true });
    return ok([{ type: "deal", hand: s.hand, dealer: s.dealer }]);
  }

  view(viewer: Viewer): JsonObject {
    return this.game.view(this.state, viewer);
  }

  dump(): JsonObject {
    return this.game.dump(this.state);
  }

  log(): MatchLog {
    return { ...this.config, entries: [...this.entries] };
  }
}

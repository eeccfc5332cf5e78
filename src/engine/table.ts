import {
  type AnyGame,
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
import { type GameEvent, type NumberedEvent, eventFor } from "./events.js";
import { parseOptions } from "./options.js";
import { type Position, positionOf, restorePosition } from "./position.js";
import { type Result, err, ok } from "./result.js";
import { fastSeeds, handSeed, newMatchSeed } from "./seeds.js";
import { type MoveMaker, dealEvent, forfeitEvents, madeBy, moveEvents, othersThan } from "./table-events.js";
import { unexpectedMoveField } from "./move-fields.js";
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
  /** The seat that gave the match up, and why, when one did: every other seat won. */
  readonly forfeit?: Forfeit;
}

/** A seat that gave the match up (its program failed, or its player resigned). */
export interface Forfeit {
  readonly seat: Seat;
  readonly reason: string;
}

/**
 * The table as a viewer saw it just after event `seq`, a move or a deal that
 * has been followed by others since (see `Table.keepFrames`).
 */
export interface Frame {
  readonly seq: number;
  readonly view: JsonObject;
  readonly status: Status;
}

/**
 * One line of a move log: a seat's move, the deal of the next hand, or a seat giving the match up. A
 * move the server's computer made for a person's seat (its person away, or out of time) says so (`by`).
 */
export type LogEntry =
  | { readonly seat: Seat; readonly move: MoveJson; readonly by?: MoveMaker }
  | { readonly next: true }
  | { readonly seat: Seat; readonly forfeit: string };

/**
 * How a match got where it is: its seed (or the position it started from),
 * options, set-up and moves; replaying it reaches the identical position.
 * `handSeeds[h - 1]` is hand h's seed, for proofs and audits.
 */
export interface MatchLog {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly options: JsonObject;
  readonly setup?: JsonObject;
  readonly position?: Position;
  /** Dealt from the lab's fast keyed generator (`fastSeeds`): no hand seeds, no proof. */
  readonly fastSeeds?: true;
  readonly handSeeds: readonly string[];
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

const SEED_TEXT = /^[\x20-\x7e]{1,200}$/;

/**
 * A match at a table: a game, its state, the numbered events and the log of
 * how it got there. The one place that checks turns and legality for every
 * face (protocol, terminal, server), so an illegal move always leaves the
 * state untouched.
 */
export class Table {
  private readonly entries: LogEntry[] = [];
  private readonly events: GameEvent[] = [];
  private readonly handSeeds: string[] = [];
  /** The states between the latest moves and deals, by the event number they stood at; see `keepFrames`. */
  private frames: { seq: number; state: MatchState }[] = [];
  private framesKept = 0;
  /** The seat that gave the match up, once one did: the match is over whatever the game's state says. */
  private forfeited: Forfeit | null = null;

  private constructor(
    readonly game: AnyGame,
    readonly state: MatchState,
    private readonly config: Omit<MatchLog, "entries" | "handSeeds">,
    /** Events numbered before this table's first (a restored position's). */
    private readonly firstSeq = 0,
  ) {
    // A restored position was dealt before it was saved: its deal is among the events numbered before it.
    if (!config.position) this.recordDeal();
    else this.handSeeds[state.hand - 1] = state.handSeed;
  }

  /**
   * `simulation.fastSeeds`: the lab's fast hand seeds for the (printable) seed, as the lab's
   * built-in matches deal it. Never from a wire: a served table proves its deals.
   */
  static start(
    game: AnyGame,
    config: TableConfig,
    simulation: { readonly fastSeeds?: boolean } = {},
  ): Result<Table, EngineError> {
    const players = config.players ?? game.minPlayers;
    if (typeof players !== "number" || !Number.isInteger(players)) {
      return fail("bad_request", "players must be a whole number");
    }
    if (players < game.minPlayers || players > game.maxPlayers) {
      const range =
        game.minPlayers === game.maxPlayers ? game.minPlayers : `${game.minPlayers} to ${game.maxPlayers}`;
      return fail("bad_option", `${game.name} is for ${range} players, not ${players}`);
    }
    const rawSeed = config.seed ?? newMatchSeed();
    if (typeof rawSeed !== "number" && typeof rawSeed !== "string")
      return fail("bad_request", "seed must be a number or text");
    const seed = String(rawSeed);
    if (!SEED_TEXT.test(seed)) return fail("bad_request", "seed must be 1 to 200 printable ASCII characters");
    const options = parseOptions(game.options, config.options);
    if (!options.ok) return fail("bad_option", options.error);
    const setup = parseSetup(config.setup);
    if (!setup.ok) return fail("bad_setup", setup.error);
    const dealt = simulation.fastSeeds ? fastSeeds(seed) : seed;
    const state = startGame(
      game,
      { players, seed: dealt, options: options.value },
      config.setup ? setup.value : undefined,
    );
    if (!state.ok) {
      // Blame the set-up only when the same options deal without it.
      const setupAtFault =
        config.setup !== undefined &&
        startGame(game, { players, seed: dealt, options: options.value }, undefined).ok;
      return fail(setupAtFault ? "bad_setup" : "bad_option", state.error);
    }
    const log = {
      game: game.id,
      players,
      seed,
      options: options.value as JsonObject,
      ...(config.setup ? { setup: config.setup as JsonObject } : {}),
      ...(simulation.fastSeeds ? { fastSeeds: true as const } : {}),
    };
    return ok(new Table(game, state.value, log));
  }

  /** A table at a position `position()` gave: the same state, numbering its events on from there. */
  static fromPosition(game: AnyGame, json: unknown): Result<Table, EngineError> {
    const restored = restorePosition(game, json);
    if (!restored.ok) return fail("bad_setup", restored.error);
    const { state, seq } = restored.value;
    const log = {
      game: game.id,
      players: state.players,
      seed: state.seed,
      options: (state as unknown as { options: JsonObject }).options,
      position: json as Position,
    };
    return ok(new Table(game, state, log, seq));
  }

  /** Replays a log to its final position; a log whose moves do not replay is an error. */
  static replay(game: AnyGame, log: MatchLog): Result<Table, EngineError> {
    const t = log.position
      ? Table.fromPosition(game, log.position)
      : Table.start(game, log, { fastSeeds: log.fastSeeds === true });
    if (!t.ok) return t;
    for (const [i, e] of (log.entries ?? []).entries()) {
      const r = t.value.apply(e);
      if (!r.ok) return fail(r.error.code, `log entry ${i + 1}: ${r.error.message}`);
    }
    return t;
  }

  /** Applies a log entry as it was written (a move, a deal, a forfeit). */
  apply(e: LogEntry): Result<number, EngineError> {
    if ("next" in e) return this.next();
    if ("forfeit" in e) return this.forfeit(e.seat, e.forfeit);
    return this.playJson(e.seat, e.move, e.by === "computer" ? "computer" : undefined);
  }

  /** Whether the match is over: the game ended it, or a seat gave it up. */
  get over(): boolean {
    return this.state.matchOver || this.forfeited !== null;
  }

  status(): Status {
    return this.statusOf(this.state, this.forfeited);
  }

  private statusOf(s: MatchState, forfeited: Forfeit | null = null): Status {
    if (forfeited)
      return {
        toAct: [],
        handOver: s.handOver,
        matchOver: true,
        scores: [...s.scores],
        hand: s.hand,
        dealer: s.dealer,
        winners: othersThan(forfeited.seat, s.players),
        forfeit: { ...forfeited },
      };
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
    return !this.over && !this.state.handOver && this.game.toAct(this.state).includes(seat);
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

  /**
   * Applies a seat's move; returns the number of the last event before it (read on with `eventsFor`).
   * `by`: the server's computer made it for the seat's person (said in the log and the move's events).
   */
  play(seat: Seat, move: Move, by?: MoveMaker): Result<number, EngineError> {
    const s = this.state;
    if (this.over) return fail("match_over", "the match is over");
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
    const since = this.seq;
    const moveJson = this.game.moveToJson(move);
    const before = this.game.clone(s);
    applyMove(this.game, s, seat, move);
    this.keepFrame(since, before);
    this.entries.push({ seat, move: moveJson, ...(by ? { by } : {}) });
    const opening = s.handOver && s.hand === 1 ? this.opening() : undefined;
    this.events.push(...madeBy(moveEvents(this.game, before, s, seat, move, opening), seat, by));
    return ok(since);
  }

  playJson(seat: unknown, json: unknown, by?: MoveMaker): Result<number, EngineError> {
    const st = this.checkSeat(seat);
    if (!st.ok) return st;
    if (typeof json !== "object" || json === null || typeof (json as MoveJson).type !== "string") {
      return fail("bad_request", 'a move must be an object with a "type"');
    }
    const extra = unexpectedMoveField(this.game.moveSchema, json as MoveJson);
    if (extra) return fail("bad_request", extra);
    const move = this.game.moveFromJson(json as MoveJson);
    if (!move.ok) return fail("illegal_move", move.error);
    return this.play(st.value, move.value, by);
  }

  /** Deals the next hand; returns the number of the last event before the deal. */
  next(): Result<number, EngineError> {
    const s = this.state;
    if (this.over) return fail("match_over", "the match is over");
    if (!s.handOver) return fail("hand_not_over", "the hand is still being played");
    const since = this.seq;
    if (this.framesKept) this.keepFrame(since, this.game.clone(s));
    this.game.nextHand(s);
    this.entries.push({ next: true });
    this.recordDeal();
    return ok(since);
  }

  /**
   * Seat `seat` gives the match up (its program failed, or its player resigned): the match ends at
   * once, every other seat winning, the scores as they stand. The hand being played is not finished;
   * its seed is revealed with the forfeit. Returns the number of the last event before it.
   */
  forfeit(seat: unknown, reason: string): Result<number, EngineError> {
    const st = this.checkSeat(seat);
    if (!st.ok) return st;
    if (this.over) return fail("match_over", "the match is over");
    const since = this.seq;
    if (this.framesKept) this.keepFrame(since, this.game.clone(this.state));
    this.forfeited = { seat: st.value, reason };
    this.entries.push({ seat: st.value, forfeit: reason });
    const opening = this.state.hand === 1 ? this.opening() : undefined;
    this.events.push(...forfeitEvents(this.state, this.forfeited, opening));
    return ok(since);
  }

  /** The deal as an event: its commitment for all, and each seat's view of the dealt table. */
  private recordDeal(): void {
    const s = this.state;
    if (s.handOver) return; // a restored position after its hand's end: nothing was dealt
    this.handSeeds[s.hand - 1] = s.handSeed;
    this.events.push(dealEvent(this.game, s));
  }

  /**
   * The opening's seed (hand 0's, which cuts for the first deal where a game
   * does), revealed with hand 1's so that a proof can re-make the first deal
   * exactly; a restored position's opening is not this table's to tell.
   */
  private opening(): string | undefined {
    return this.config.position || this.config.fastSeeds ? undefined : handSeed(this.config.seed, 0);
  }

  /** The number of the latest event. */
  get seq(): number {
    return this.firstSeq + this.events.length;
  }

  /** The events numbered after `since`, as `viewer` may read them. */
  eventsFor(viewer: Viewer, since = 0): NumberedEvent[] {
    const from = Math.max(0, since - this.firstSeq);
    return this.events
      .slice(from)
      .map((e, i) => ({ seq: this.firstSeq + from + i + 1, ...eventFor(e, viewer) }));
  }

  /**
   * Keep the table as it stood before each of the latest `n` moves and deals, so that a viewer who
   * was sent event `k` and is now told of several moves at once can be shown each one in turn
   * (`framesFor`). The state before a move is cloned for its events anyway: keeping it costs memory
   * only, `n` states a table.
   */
  keepFrames(n: number): void {
    this.framesKept = n;
    this.frames = this.frames.slice(-n);
  }

  private keepFrame(seq: number, state: MatchState): void {
    if (!this.framesKept) return;
    if (this.frames.length >= this.framesKept) this.frames.shift();
    this.frames.push({ seq, state });
  }

  /**
   * The table as `viewer` saw it after each move or deal numbered after `since` and before the latest
   * (whose view is `view`), as far back as the frames kept go: the steps between two updates.
   */
  framesFor(viewer: Viewer, since: number): Frame[] {
    return this.frames
      .filter((f) => f.seq > since && f.seq < this.seq)
      .map((f) => ({
        seq: f.seq,
        view: this.game.view(f.state, viewer) as JsonObject,
        status: this.statusOf(f.state),
      }));
  }

  view(viewer: Viewer): JsonObject {
    return this.game.view(this.state, viewer) as JsonObject;
  }

  dump(): JsonObject {
    return this.game.dump(this.state);
  }

  /** The exact position, for `fromPosition`. */
  position(): Position {
    return positionOf(this.game, this.state, this.seq);
  }

  /** Log entries `from` to `to` (exclusive, 0-based) without copying the whole log, as `log()` does. */
  entriesBetween(from: number, to = this.entries.length): readonly LogEntry[] {
    return this.entries.slice(from, to);
  }

  log(): MatchLog {
    return { ...this.config, handSeeds: this.handSeeds.filter(Boolean), entries: [...this.entries] };
  }
}

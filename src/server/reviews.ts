/**
 * Reviews of finished matches (src/review/): made once, in the background,
 * as a match ends (or when first asked for one that ended before), each
 * decision judged on a worker thread so the event loop never waits; stored
 * one row a seat and served from then on. Who reads what: a seat's review
 * is its own decisions, for the seat that proves it sat there, once the
 * match is over. A replay after the match still shows a seat only its own
 * cards, and a judgement names the deciding seat's cards (the move played,
 * the better one, the discards it weighed), so nobody reads another seat's.
 *
 * The coach note, during a match: at a hand's end, a seat's own decisions of
 * that hand judged (on the same thread, asked for and kept a while), the
 * costliest named with its better choice; only the seat's own, only for it.
 */
import { Piscina } from "piscina";
import { workerOptions } from "../bots/worker-file.js";
import { SPECTATOR, type Seat } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { DEFAULT_REVIEW_BUDGET, type Judgement, type ReviewBudget, type Unjudged } from "../review/judge.js";
import { type Review, assembleReview, reviewPlan } from "../review/review.js";
import { type TryResult, judgedDecisions, storedValue, tryResult } from "../review/try-again.js";
import type { Move, MoveJson } from "../engine/game.js";
import { laysAwayTogether } from "../review/cribbage.js";
import type { Decision } from "../review/decisions.js";
import type { JudgeTask } from "../review/review-worker.js";
import { type MatchSource, logSource } from "../review/sources.js";
import type { MatchLog } from "../engine/table.js";
import { findEntry } from "../games/index.js";
import { type Credential, type ServerError, fail, now, viewerAt } from "./credentials.js";
import type { LiveTable } from "./live-table.js";
import type { Lobby } from "./lobby.js";
import type { CoachReply, ReviewReply, TryPosition } from "./messages.js";
import type { Storage } from "./storage.js";
import type { Tables } from "./tables.js";

/** Coach notes kept (a seat's hand each), the latest. */
const NOTES_KEPT = 256;

/** Finished matches' decisions kept for "Try it again" (replaying a log for every choice is wasted work), the latest. */
const SOURCES_KEPT = 64;

/** Keeps `value` under `key`, dropping the oldest entry once `map` holds `max`. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** Decisions sent to the review thread at once. */
const IN_FLIGHT = 4;

interface Making {
  done: number;
  total: number;
  /** Why the review could not be made, once it failed (asked again, it is tried again). */
  failed: string | null;
}

export class Reviews {
  /** Matches whose review is being made (or failed), by table id. */
  private readonly making = new Map<string, Making>();
  private pool: Piscina<JudgeTask, Judgement | Unjudged> | null = null;
  /** Coach notes made or being made, by table, seat and hand. */
  private readonly notes = new Map<string, Promise<CoachReply>>();
  /** Finished matches replayed into their decisions, by table id: a finished log never changes. */
  private readonly sources = new Map<string, MatchSource>();
  /** Seats (table and seat) whose "Try it again" choice is being judged: one at a time each. */
  private readonly trying = new Set<string>();
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly tables: Tables,
    private readonly lobby: Lobby,
    private readonly budget: ReviewBudget = DEFAULT_REVIEW_BUDGET,
  ) {}

  /**
   * One thread: the computers' searches keep the others (this machine has two cores), and a review
   * is minutes of work at most, never a wait at a table. It is kept a minute after its last work, so
   * that the win-chance tables it built (up to 1.6 s for four players of Royal Corners) serve the
   * next review and the coach notes of the hands that follow.
   */
  private judges(): Piscina<JudgeTask, Judgement | Unjudged> {
    this.pool ??= new Piscina<JudgeTask, Judgement | Unjudged>({
      ...workerOptions("review-worker", new URL("../review/review-worker.js", import.meta.url).href),
      maxThreads: 1,
      minThreads: 0,
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  /** The seats a match's review covers: those a person or a bot account held (a computer reads none). */
  private static reviewed(seats: readonly { seat: number; kind: string }[]): Seat[] {
    return seats.filter((s) => s.kind !== "computer").map((s) => s.seat);
  }

  /** Starts making the review of a finished match in the background, once; nothing if it is made or under way. */
  begin(tableId: string): void {
    const m = this.making.get(tableId);
    if (this.closed || (m && m.failed === null)) return;
    const making: Making = { done: 0, total: 0, failed: null };
    this.making.set(tableId, making);
    this.make(tableId, making).then(
      () => this.making.delete(tableId),
      (e: unknown) => {
        making.failed = e instanceof Error ? e.message : String(e);
      },
    );
  }

  private async make(tableId: string, making: Making): Promise<void> {
    const started = performance.now();
    const t = await this.tables.settled(tableId);
    if (!t || !t.table.over) return;
    const missing: Seat[] = [];
    for (const seat of Reviews.reviewed(t.seats))
      if (!(await this.storage.review(tableId, seat))) missing.push(seat);
    if (missing.length === 0) return;
    const source = logSource(t.entry.game, t.table.log());
    if (!source.ok) throw new Error(source.error);
    const plan = reviewPlan(t.entry, source.value, missing, this.budget);
    if (!plan.ok) throw new Error(plan.error);
    const { decisions, seed } = plan.value;
    making.total = decisions.length;
    const pool = this.judges();
    // A few decisions in flight at a time: each is sent (a state cloned) as one comes back, so the
    // event loop never clones a whole match at once.
    const judgements: (Judgement | Unjudged)[] = new Array(decisions.length);
    let next = 0;
    const judgeOn = async (): Promise<void> => {
      while (next < decisions.length) {
        const k = next++;
        judgements[k] = await pool.run({
          game: t.entry.game.id,
          decision: decisions[k],
          seed,
          budget: this.budget,
          background: true,
        });
        making.done++;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, judgeOn));
    const ms = Math.round(performance.now() - started);
    for (const seat of missing) {
      const review = assembleReview(
        { ...plan.value, seats: [seat], decisions: decisions.filter((d) => d.seat === seat) },
        judgements.filter((j) => j.seat === seat),
      );
      await this.storage.addReview({
        table_id: tableId,
        seat,
        review: JSON.stringify(review),
        budget: this.budget.worlds,
        ms,
        made_at: now(),
      });
    }
  }

  /**
   * Seat `seat`'s review of a finished match, by id or code, for that seat's credential: made once
   * and stored; while it is being made, how far it is (and it is begun if it was not).
   */
  async review(idOrCode: string, seat: number, cred: Credential): Promise<Result<ReviewReply, ServerError>> {
    const own = await this.ownSeat(idOrCode, seat, cred, "review");
    if (!own.ok) return own;
    const t = own.value;
    if (!t.table.over)
      return fail("not_over", "the match is still being played: its review is made when it ends");
    const row = await this.storage.review(t.row.id, seat);
    if (row)
      return ok({
        state: "ready",
        seat,
        budget: row.budget,
        ms: row.ms,
        madeAt: row.made_at,
        review: JSON.parse(row.review) as Review,
      });
    const m = this.making.get(t.row.id);
    if (m?.failed) {
      const why = m.failed;
      this.making.delete(t.row.id);
      return fail("unavailable", `the review could not be made (${why}): ask again to try once more`);
    }
    this.begin(t.row.id);
    const now = this.making.get(t.row.id);
    return ok({
      state: "making",
      seat,
      done: now?.done ?? 0,
      total: now?.total ?? 0,
      message: "the review is being made: ask again in a few seconds",
    });
  }

  /**
   * Seat `seat`'s coach note for hand `hand` (over), for that seat's credential, during the match or
   * after: its own decisions of the hand judged, the costliest with its better choice (null when none
   * lost anything).
   */
  async coach(
    idOrCode: string,
    seat: number,
    hand: number,
    cred: Credential,
  ): Promise<Result<CoachReply, ServerError>> {
    const own = await this.ownSeat(idOrCode, seat, cred, "coach note");
    if (!own.ok) return own;
    const t = own.value;
    const state = t.table.state;
    if (hand > state.hand || (hand === state.hand && !state.handOver && !t.table.over))
      return fail("hand_not_over", `hand ${hand} is not over yet: its coach note comes at its end`);
    const key = `${t.row.id}:${seat}:${hand}`;
    let note = this.notes.get(key);
    if (!note) {
      if (this.closed) return fail("unavailable", "the server is stopping");
      const log = t.table.log();
      note = keep(this.notes, key, this.judgeHand(t.entry.game.id, log, seat, hand), NOTES_KEPT);
      note.catch(() => this.notes.delete(key));
    }
    try {
      return ok(await note);
    } catch (e) {
      return fail("unavailable", `the coach note could not be made (${e instanceof Error ? e.message : e})`);
    }
  }

  /**
   * "Try it again" at seat `seat`'s judged decision `index` (its place in the log) of a finished
   * match, for that seat's credential: the moves it could make then, to choose again among. The cards
   * in them are the seat's own (its legal moves), nothing another seat held.
   */
  async tryPosition(
    idOrCode: string,
    seat: number,
    index: number,
    cred: Credential,
  ): Promise<Result<TryPosition, ServerError>> {
    const at = await this.judgedAt(idOrCode, seat, index, cred);
    if (!at.ok) return at;
    const { game, decision } = at.value;
    const legal = decision.legal.map((m) => ({ move: game.moveToJson(m), said: game.describeMove(m) }));
    return ok({ seat, index, step: index, played: at.value.stored.played.said, legal });
  }

  /**
   * The new choice `move` at seat `seat`'s judged decision `index`: better, worse or the same as the
   * move played, by the stored review's values where it judged that move, else judged again on the
   * review thread with the review's own seed (the same deals, drawn from the seat's information).
   */
  async tryAgain(
    idOrCode: string,
    seat: number,
    index: number,
    moves: readonly MoveJson[],
    cred: Credential,
  ): Promise<Result<TryResult, ServerError>> {
    const at = await this.judgedAt(idOrCode, seat, index, cred);
    if (!at.ok) return at;
    const { game, decision, stored, seed, review } = at.value;
    const chosen: Move[] = [];
    for (const move of moves) {
      const parsed = game.moveFromJson(move);
      if (!parsed.ok) return fail("bad_request", `move: ${parsed.error}`);
      const said = JSON.stringify(game.moveToJson(parsed.value));
      const legal = decision.legal.find((m) => JSON.stringify(game.moveToJson(m)) === said);
      if (legal === undefined)
        return fail(
          "illegal_move",
          `${game.describeMove(parsed.value)} was not one of your moves at that step`,
        );
      chosen.push(legal);
    }
    if (chosen.length > 1 && !laysAwayTogether(game, decision, chosen))
      return fail("bad_request", "moves: one move, or the cards of one Cribbage discard laid away together");
    const known = chosen.length === 1 ? storedValue(stored, game.moveToJson(chosen[0])) : null;
    if (known) return ok(tryResult(stored, known, "review"));
    if (this.closed) return fail("unavailable", "the server is stopping");
    // A new choice takes the review thread: a seat waits for one answer before asking the next, so no
    // seat can queue up work there that every other match's review waits behind.
    const key = `${at.value.tableId} ${seat}`;
    if (this.trying.has(key))
      return fail("rate_limited", "your last choice is still being judged: wait for its answer");
    this.trying.add(key);
    try {
      const again = await this.judges().run({
        background: true,
        game: game.id,
        decision: { ...decision, move: chosen[0] },
        seed,
        // The review's own budget and seed: the same deals its judgement of this decision drew.
        budget: review.budget,
        laid: chosen.length > 1 ? chosen : undefined,
      });
      if (!("loss" in again)) return fail("bad_request", "that decision is not judged");
      return ok(tryResult(stored, again.played, "search"));
    } catch (e) {
      return fail("unavailable", `the choice could not be judged (${e instanceof Error ? e.message : e})`);
    } finally {
      this.trying.delete(key);
    }
  }

  /** Seat `seat`'s judged decision `index` of a finished match whose review is stored, for its credential. */
  private async judgedAt(idOrCode: string, seat: number, index: number, cred: Credential) {
    const own = await this.ownSeat(idOrCode, seat, cred, "review");
    if (!own.ok) return own;
    const t = own.value;
    if (!t.table.over) return fail("not_over", "the match is still being played: try again once it is over");
    const row = await this.storage.review(t.row.id, seat);
    if (!row) return fail("unavailable", "the review is still being made: ask again when it is ready");
    const review = JSON.parse(row.review) as Review;
    const stored = judgedDecisions(review).find((j) => j.index === index);
    if (!stored)
      return fail(
        "bad_request",
        `index: ${index} is not one of your judged decisions (the review marks them)`,
      );
    let source = this.sources.get(t.row.id);
    if (!source) {
      const read = logSource(t.entry.game, t.table.log());
      if (!read.ok) return fail("unavailable", read.error);
      source = keep(this.sources, t.row.id, read.value, SOURCES_KEPT);
    }
    const decision: Decision | undefined = source.match.decisions.find((d) => d.index === index);
    if (!decision || decision.seat !== seat)
      return fail("bad_request", `index: ${index} is not one of your decisions`);
    return ok({ game: t.entry.game, decision, stored, review, seed: source.seed, tableId: t.row.id });
  }

  /** The table, when `cred` proves it is seat `seat` there: a review or a coach note is its own seat's. */
  private async ownSeat(
    idOrCode: string,
    seat: number,
    cred: Credential,
    what: "review" | "coach note",
  ): Promise<Result<LiveTable, ServerError>> {
    const info = await this.lobby.info(idOrCode);
    const t = info && (await this.tables.settled(info.id));
    if (!t) return fail("not_found", "no such table");
    if (seat >= t.seats.length)
      return fail("bad_request", `seat: the table has seats 0 to ${t.seats.length - 1}, not ${seat}`);
    if (cred === SPECTATOR)
      return fail(
        "forbidden",
        `a ${what} is its own seat's: send seat ${seat}'s secret (x-cardroom-seat and x-cardroom-secret)`,
      );
    const viewer = viewerAt(t, cred);
    if (!viewer.ok) return viewer;
    if (viewer.value !== seat)
      return fail("forbidden", `seat ${viewer.value} may read its own ${what}s, not seat ${seat}'s`);
    return ok(t);
  }

  private async judgeHand(game: string, log: MatchLog, seat: Seat, hand: number): Promise<CoachReply> {
    const entry = findEntry(game);
    if (!entry.ok) throw new Error(entry.error);
    const source = logSource(entry.value.game, log);
    if (!source.ok) throw new Error(source.error);
    const plan = reviewPlan(entry.value, source.value, [seat], this.budget);
    if (!plan.ok) throw new Error(plan.error);
    const pool = this.judges();
    const judgements = await Promise.all(
      plan.value.decisions
        .filter((d) => d.hand === hand)
        .map((decision) =>
          pool.run({ game, decision, seed: plan.value.seed, budget: this.budget, background: true }),
        ),
    );
    const judged = judgements.filter((j): j is Judgement => "loss" in j);
    const costliest = judged.reduce<Judgement | null>((a, j) => (j.loss > (a?.loss ?? 0) ? j : a), null);
    return { seat, hand, judged: judged.length, note: costliest };
  }

  /** Stops making reviews: those under way are dropped unstored (the next request begins them again). */
  async close(): Promise<void> {
    this.closed = true;
    const p = this.pool;
    this.pool = null;
    await p?.destroy();
  }
}

/**
 * The engine protocol under hostile input (issue 24, fuzzing): each run
 * starts a random game in an EngineSession, plays random legal moves into
 * its second hand (keeping the first hand's moves), then sends random,
 * malformed, oversized and hostile request lines: moves from the finished
 * hand, other seats' moves, wrong types in every field. Every line must get
 * exactly one JSON line; a refused request (and every request that only
 * reads) must leave the match's full position as it was. One code path for
 * `npm test` (a short seeded run) and `npm run reliability:fuzz` (long).
 */
import fc from "fast-check";
import type { JsonObject } from "../src/engine/game.js";
import { ENTRIES } from "../src/games/index.js";
import { EngineSession } from "../src/protocol/engine-session.js";
import { type Ref, bentRecord, mutated, rawBytes, resolve } from "./hostile-values.js";

export interface FuzzCounts {
  /** Hostile inputs sent. */
  messages: number;
  refused: number;
  accepted: number;
  /** Answers that were not one well-formed line, internal errors, exceptions, a dead server. */
  crashes: number;
  /** Refused (or read-only) inputs after which the stored state differed. */
  stateChanges: number;
  /** Refused inputs whose effect could not be checked apart (an unforeseen accepted input followed them). */
  unchecked: number;
  /** How many of each refusal, by where and code. */
  errorKinds: Record<string, number>;
}

export const newCounts = (): FuzzCounts => ({
  messages: 0,
  refused: 0,
  accepted: 0,
  crashes: 0,
  stateChanges: 0,
  unchecked: 0,
  errorKinds: {},
});

export function addCounts(into: FuzzCounts, from: FuzzCounts): void {
  into.messages += from.messages;
  into.refused += from.refused;
  into.accepted += from.accepted;
  into.crashes += from.crashes;
  into.stateChanges += from.stateChanges;
  into.unchecked += from.unchecked;
  for (const [k, n] of Object.entries(from.errorKinds)) into.errorKinds[k] = (into.errorKinds[k] ?? 0) + n;
}

const CODES = new Set([
  "bad_request",
  "unknown_game",
  "bad_option",
  "bad_setup",
  "no_game",
  "not_your_turn",
  "illegal_move",
  "hand_over",
  "hand_not_over",
  "match_over",
]);
/** Requests that may change the match when accepted; every other one never does. */
const CHANGES = new Set(["new", "play", "next"]);

const REFS: Ref[] = [
  "$OLD_MOVE",
  "$OLD_SEAT",
  "$LEGAL",
  "$SEAT",
  "$OTHER_SEAT",
  "$POSITION",
  "$GAME",
  "$HAND",
];

const request = (cmd: string, shape: Record<string, unknown>, fields: string[]) =>
  bentRecord({ cmd, ...shape }, ["cmd", "id", ...fields], REFS);

/** One hostile line: a bent request of every kind, a replayed old move, junk, or an oversized line. */
const hostileLine: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: request("play", { seat: "$SEAT", move: "$LEGAL" }, ["seat", "move"]), weight: 6 },
  { arbitrary: fc.constant({ cmd: "play", seat: "$OLD_SEAT", move: "$OLD_MOVE" }), weight: 3 },
  { arbitrary: fc.constant({ cmd: "play", seat: "$OTHER_SEAT", move: "$LEGAL" }), weight: 2 },
  {
    arbitrary: request("new", { game: "$GAME", players: 2, seed: "s" }, [
      "game",
      "players",
      "seed",
      "options",
      "setup",
      "position",
    ]),
    weight: 3,
  },
  { arbitrary: request("new", { game: "$GAME", position: "$POSITION" }, ["position", "game"]), weight: 1 },
  { arbitrary: request("legal", { seat: "$SEAT" }, ["seat"]), weight: 1 },
  { arbitrary: request("view", { seat: "$SEAT" }, ["seat"]), weight: 1 },
  { arbitrary: request("events", { seat: "$SEAT", since: 3 }, ["seat", "since"]), weight: 2 },
  { arbitrary: request("next", {}, ["hand"]), weight: 2 },
  {
    arbitrary: request("bot", { seat: "$SEAT", level: "random" }, ["seat", "level", "iterations", "ms"]),
    weight: 1,
  },
  {
    arbitrary: request("count", { game: "cribbage", hand: ["5H", "5D", "5S", "JC"], starter: "5C" }, [
      "game",
      "hand",
      "starter",
      "crib",
      "played",
      "knocker",
      "defender",
    ]),
    weight: 1,
  },
  { arbitrary: request("status", {}, []), weight: 1 },
  {
    arbitrary: fc.constantFrom("status", "state", "log", "games", "nope").map((cmd) => ({ cmd })),
    weight: 1,
  },
  {
    arbitrary: mutated(fc.constant('{"cmd":"play","seat":0,"move":{"type":"play","card":"AS"}}')),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: rawBytes.map((b) => Buffer.from(b).toString("latin1")), weight: 1 },
  {
    arbitrary: fc.constantFrom(1 << 16, 1 << 20).map((n) => `{"cmd":"status","id":"${"x".repeat(n)}"}`),
    weight: 1,
  },
);

export interface EngineRun {
  readonly game: number;
  readonly players: number;
  readonly seed: number;
  /** Moves played before the hostile lines (into the second hand when the first ends sooner). */
  readonly warmup: number;
  readonly lines: unknown[];
}

export const engineRun = (perRun: number): fc.Arbitrary<EngineRun> =>
  fc.record({
    game: fc.nat({ max: ENTRIES.length - 1 }),
    players: fc.integer({ min: 2, max: 4 }),
    seed: fc.nat(),
    warmup: fc.nat({ max: 400 }),
    lines: fc.array(hostileLine, { minLength: perRun, maxLength: perRun }),
  });

const ask = (s: EngineSession, r: object): Record<string, unknown> =>
  JSON.parse(s.handleLine(JSON.stringify(r))) as Record<string, unknown>;

/** Plays one run; throws (with what went wrong) on a crash or a state change, and counts into `c`. */
export function playEngineRun(run: EngineRun, c: FuzzCounts): void {
  const { game } = ENTRIES[run.game];
  const players = Math.min(Math.max(run.players, game.minPlayers), game.maxPlayers);
  const s = new EngineSession();
  const started = ask(s, { cmd: "new", game: game.id, players, seed: `fuzz-${run.seed}` });
  if (started.ok !== true) throw new Error(`the match did not start: ${JSON.stringify(started)}`);
  let pick = run.seed || 1;
  const random = (n: number) => ((pick = (pick * 1103515245 + 12345) & 0x7fffffff), pick % n);
  const old: { seat: number; move: JsonObject }[] = [];
  for (let i = 0; i < run.warmup; i++) {
    const st = ask(s, { cmd: "status" }) as {
      toAct: number[];
      handOver: boolean;
      matchOver: boolean;
      hand: number;
    };
    if (st.matchOver || st.hand > 2) break;
    if (st.handOver) {
      ask(s, { cmd: "next" });
      continue;
    }
    const seat = st.toAct[random(st.toAct.length)];
    const moves = ask(s, { cmd: "legal", seat }).moves as JsonObject[];
    const move = moves[random(moves.length)];
    if (st.hand === 1) old.push({ seat, move });
    ask(s, { cmd: "play", seat, move });
  }
  const state = (): string => s.handleLine('{"cmd":"state"}');
  const firstPosition = state();
  for (const line of run.lines) {
    const st = ask(s, { cmd: "status" }) as { toAct: number[]; hand: number };
    const seat = st.toAct[0] ?? 0;
    const legal = (ask(s, { cmd: "legal", seat }).moves as JsonObject[] | undefined) ?? [];
    const o = old.length ? old[random(old.length)] : { seat: 0, move: { type: "play", card: "AS" } };
    const values: Record<string, unknown> = {
      $OLD_MOVE: o.move,
      $OLD_SEAT: o.seat,
      $LEGAL: legal.length ? legal[random(legal.length)] : { type: "pass" },
      $SEAT: seat,
      $OTHER_SEAT: (seat + 1) % players,
      $POSITION: (JSON.parse(firstPosition) as { position?: unknown }).position,
      $GAME: game.id,
      $HAND: st.hand,
    };
    const lookup = (r: Ref): unknown => (r in values ? values[r] : r);
    const filled = resolve(line, lookup);
    const text = typeof filled === "string" ? filled : JSON.stringify(filled);
    const cmd = (filled as { cmd?: unknown } | null)?.cmd;
    const before = state();
    c.messages++;
    let reply: { ok?: unknown; error?: { code?: unknown; message?: unknown } };
    let out: string;
    try {
      out = s.handleLine(text);
      reply = JSON.parse(out) as typeof reply;
    } catch (e) {
      c.crashes++;
      throw new Error(
        `the session threw or answered with a line that is not JSON: ${String(e)} for ${text.slice(0, 200)}`,
      );
    }
    if (/[\n\r\u2028\u2029]/.test(out) || typeof reply.ok !== "boolean") {
      c.crashes++;
      throw new Error(`not one JSON line with "ok": ${out.slice(0, 200)} for ${text.slice(0, 200)}`);
    }
    if (reply.ok) {
      c.accepted++;
      if (typeof cmd === "string" && CHANGES.has(cmd)) continue;
    } else {
      c.refused++;
      const code = reply.error?.code;
      const message = reply.error?.message;
      c.errorKinds[`engine ${String(code)}`] = (c.errorKinds[`engine ${String(code)}`] ?? 0) + 1;
      if (typeof code !== "string" || !CODES.has(code) || typeof message !== "string" || !message) {
        c.crashes++;
        throw new Error(`an error without a known code and a message: ${out.slice(0, 200)}`);
      }
      if (message.startsWith("internal error")) {
        c.crashes++;
        throw new Error(`internal error: ${message} for ${text.slice(0, 300)}`);
      }
    }
    if (state() !== before) {
      c.stateChanges++;
      throw new Error(
        `the match changed after ${reply.ok ? "a read-only" : "a refused"} request: ${text.slice(0, 300)}`,
      );
    }
  }
}

/** Runs `runs` seeded runs of `perRun` hostile lines; fast-check reports a failing run's seed and path. */
export function fuzzEngine(seed: number, runs: number, perRun: number): FuzzCounts {
  const c = newCounts();
  fc.assert(
    fc.property(engineRun(perRun), (run) => playEngineRun(run, c)),
    { seed, numRuns: runs, endOnFailure: true },
  );
  return c;
}

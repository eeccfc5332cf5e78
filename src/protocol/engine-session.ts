import { DEFAULT_LEVEL, botMove, findBot } from "../bots/index.js";
import type { JsonObject } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import { type EngineError, type ErrorCode, Table } from "../engine/table.js";
import { ENTRIES, type GameEntry, findEntry } from "../games/index.js";
import { runCount } from "./count-request.js";

type Request = Readonly<Record<string, unknown>>;
type Reply = { ok: true; [key: string]: unknown } | { ok: false; error: EngineError };

const fail = (code: ErrorCode, message: string): Reply => ({ ok: false, error: { code, message } });
const done = (fields: Record<string, unknown> = {}): Reply => ({ ok: true, ...fields });

const MAX_DEPTH = 64;

/** Whether a parsed JSON value nests at most `max` arrays or objects deep (checked without recursion). */
function depthWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (d >= max) return false;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return true;
}

/**
 * The response line. U+2028 and U+2029 are valid inside JSON text but end a
 * line for some readers (Python's splitlines, editors), so they go escaped.
 */
function respond(id: unknown, reply: Reply): string {
  return JSON.stringify({ id, ...reply }).replace(
    /[\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16)}`,
  );
}

/** The request's game: a missing or non-text `game` is a malformed request, an unknown id is `unknown_game`. */
function gameOf(r: Request): { ok: true; value: GameEntry } | { ok: false; error: EngineError } {
  if (typeof r.game !== "string") {
    return {
      ok: false,
      error: { code: "bad_request", message: `"${String(r.cmd)}" needs a "game" id, e.g. "cribbage"` },
    };
  }
  const entry = findEntry(r.game);
  return entry.ok ? entry : { ok: false, error: { code: "unknown_game", message: entry.error } };
}

/** The `bot` request's optional search budget, or what is wrong with it. */
function searchBudget(r: Request): { iterations?: number; ms?: number } | string {
  const whole = (k: string) => r[k] === undefined || (Number.isInteger(r[k]) && (r[k] as number) >= 1);
  if (!whole("iterations")) return '"iterations" must be a whole number of at least 1';
  if (!whole("ms")) return '"ms" must be a whole number of milliseconds, at least 1';
  const iterations = r.iterations as number | undefined;
  const ms = (r.ms as number | undefined) ?? (iterations === undefined ? undefined : Infinity);
  return { ...(iterations === undefined ? {} : { iterations }), ...(ms === undefined ? {} : { ms }) };
}

/**
 * One engine-protocol session (CONTRACT "Engine protocol"): a JSON Lines
 * request in, exactly one response line out. It holds at most one match;
 * a failed request leaves it as it was.
 */
export class EngineSession {
  private table: Table | null = null;
  private entry: GameEntry | null = null;

  handleLine(line: string): string {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      return respond(null, fail("bad_request", "the line is not valid JSON"));
    }
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      return respond(null, fail("bad_request", "a request must be a JSON object"));
    }
    const r = request as Request;
    // Nesting past any real request would overflow the recursive code that reads and echoes it.
    const id = r.id === undefined || depthWithin(r.id, MAX_DEPTH - 1) ? (r.id ?? null) : null;
    if (!depthWithin(r, MAX_DEPTH)) {
      return respond(id, fail("bad_request", `the request is nested more than ${MAX_DEPTH} levels deep`));
    }
    let reply: Reply;
    try {
      reply = this.handle(r);
    } catch (e) {
      // A bug, not the caller's fault: say so in one line and keep the session.
      reply = fail("bad_request", `internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
    return respond(id, reply);
  }

  handle(r: Request): Reply {
    switch (r.cmd) {
      case "games":
        return done({
          games: ENTRIES.map(({ game }) => ({
            id: game.id,
            name: game.name,
            minPlayers: game.minPlayers,
            maxPlayers: game.maxPlayers,
            options: Object.fromEntries(Object.entries(game.options).map(([k, spec]) => [k, spec.default])),
          })),
        });
      case "new":
        return this.start(r);
      case "count":
        return this.count(r);
      case "status":
      case "legal":
      case "play":
      case "view":
      case "state":
      case "events":
      case "next":
      case "bot":
      case "log":
        return this.inMatch(r);
      case undefined:
        return fail("bad_request", 'a request needs a "cmd"');
      default:
        return fail(
          "bad_request",
          `unknown cmd ${JSON.stringify(r.cmd)} (commands: games, new, status, legal, play, view, state, events, next, bot, count, log)`,
        );
    }
  }

  private start(r: Request): Reply {
    const entry = gameOf(r);
    if (!entry.ok) return entry;
    if (r.position !== undefined) {
      const extra = ["players", "seed", "options", "setup"].filter((k) => r[k] !== undefined);
      if (extra.length)
        return fail(
          "bad_request",
          `a position holds the whole match: drop ${extra.map((k) => `"${k}"`).join(", ")}`,
        );
    }
    const t =
      r.position !== undefined
        ? Table.fromPosition(entry.value.game, r.position)
        : Table.start(entry.value.game, {
            players: r.players,
            seed: r.seed,
            options: r.options,
            setup: r.setup,
          });
    if (!t.ok) return { ok: false, error: t.error };
    this.table = t.value;
    this.entry = entry.value;
    return done({ status: t.value.status() });
  }

  private inMatch(r: Request): Reply {
    const table = this.table;
    const entry = this.entry;
    if (!table || !entry) return fail("no_game", 'no match yet: start one with {"cmd":"new","game":...}');
    switch (r.cmd) {
      case "status":
        return done(table.status() as unknown as Record<string, unknown>);
      case "legal": {
        const seat = table.checkSeat(r.seat);
        return seat.ok ? done({ moves: table.legalJson(seat.value) }) : seat;
      }
      case "play": {
        const since = table.playJson(r.seat, r.move);
        if (!since.ok) return since;
        return done({ status: table.status(), events: table.eventsFor(r.seat as number, since.value) });
      }
      case "events": {
        const viewer = table.checkViewer(r.seat);
        if (!viewer.ok) return viewer;
        const since = r.since ?? 0;
        if (typeof since !== "number" || !Number.isInteger(since) || since < 0)
          return fail("bad_request", "since must be an event number (0 for all)");
        return done({ seq: table.seq, events: table.eventsFor(viewer.value, since) });
      }
      case "view": {
        const viewer = table.checkViewer(r.seat);
        return viewer.ok ? done(table.view(viewer.value)) : viewer;
      }
      case "state":
        return done({ position: table.position() as unknown as JsonObject });
      case "next": {
        const since = table.next();
        if (!since.ok) return since;
        return done({ status: table.status(), events: table.eventsFor("spectator", since.value) });
      }
      case "log":
        return done({ log: table.log() as unknown as JsonObject });
      case "bot": {
        const seat = table.checkSeat(r.seat);
        if (!seat.ok) return seat;
        const bot = findBot(entry, r.level ?? DEFAULT_LEVEL);
        if (!bot.ok) return fail("bad_request", bot.error);
        if (!table.isToAct(seat.value)) {
          return fail("not_your_turn", `seat ${seat.value} is not to act`);
        }
        // Seeded from the match and its length, so the same position gets the same answer.
        const rng = Rng.fromSeed(`bot:${table.log().seed}:${table.log().entries.length}:${seat.value}`);
        // A searching level may be given a budget: "iterations" (then no time limit unless "ms") or "ms".
        const budget = searchBudget(r);
        if (typeof budget === "string") return fail("bad_request", budget);
        const move = botMove(entry, bot.value, table.state, seat.value, rng, budget);
        return done({ move: entry.game.moveToJson(move) });
      }
    }
    return fail("bad_request", `unknown cmd ${JSON.stringify(r.cmd)}`);
  }

  private count(r: Request): Reply {
    const entry = gameOf(r);
    if (!entry.ok) return entry;
    const count = entry.value.count;
    if (!count) return fail("bad_request", `${entry.value.game.name} has no counting tool`);
    const { cmd: _cmd, id: _id, game: _game, ...request } = r;
    const { answer, unused } = runCount(count, request);
    if (!answer.ok) return fail("bad_request", answer.error);
    if (unused.length) {
      return fail(
        "bad_request",
        `${unused.map((k) => JSON.stringify(k)).join(", ")}: not used by this ${entry.value.game.id} count`,
      );
    }
    return done(answer.value.json);
  }
}

import { DEFAULT_LEVEL, botMove, findBot } from "../bots/index.js";
import type { JsonObject } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import { type EngineError, type ErrorCode, Table } from "../engine/table.js";
import { ENTRIES, type GameEntry, findEntry } from "../games/index.js";

type Request = Readonly<Record<string, unknown>>;
type Reply = { ok: true; [key: string]: unknown } | { ok: false; error: EngineError };

const fail = (code: ErrorCode, message: string): Reply => ({ ok: false, error: { code, message } });
const done = (fields: Record<string, unknown> = {}): Reply => ({ ok: true, ...fields });

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
      return JSON.stringify({ id: null, ...fail("bad_request", "the line is not valid JSON") });
    }
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      return JSON.stringify({ id: null, ...fail("bad_request", "a request must be a JSON object") });
    }
    const r = request as Request;
    const id = r.id ?? null;
    let reply: Reply;
    try {
      reply = this.handle(r);
    } catch (e) {
      // A bug, not the caller's fault: say so in one line and keep the session.
      reply = fail("bad_request", `internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
    return JSON.stringify({ id, ...reply });
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
      case "next":
      case "bot":
      case "log":
        return this.inMatch(r);
      case undefined:
        return fail("bad_request", 'a request needs a "cmd"');
      default:
        return fail(
          "bad_request",
          `unknown cmd ${JSON.stringify(r.cmd)} (commands: games, new, status, legal, play, view, state, next, bot, count, log)`,
        );
    }
  }

  private start(r: Request): Reply {
    const entry = findEntry(r.game);
    if (!entry.ok) return fail("unknown_game", entry.error);
    const t = Table.start(entry.value.game, {
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
        const events = table.playJson(r.seat, r.move);
        return events.ok ? done({ status: table.status(), events: events.value }) : events;
      }
      case "view": {
        const viewer = table.checkViewer(r.seat);
        return viewer.ok ? done(table.view(viewer.value)) : viewer;
      }
      case "state":
        return done(table.dump());
      case "next": {
        const events = table.next();
        return events.ok ? done({ status: table.status(), events: events.value }) : events;
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
        const move = botMove(entry, bot.value, table.state, seat.value, rng);
        return done({ move: entry.game.moveToJson(move) });
      }
    }
    return fail("bad_request", `unknown cmd ${JSON.stringify(r.cmd)}`);
  }

  private count(r: Request): Reply {
    const entry = findEntry(r.game);
    if (!entry.ok) return fail("unknown_game", entry.error);
    const count = entry.value.count;
    if (!count) return fail("bad_request", `${entry.value.game.name} has no counting tool`);
    const { cmd: _cmd, id: _id, game: _game, ...request } = r;
    const answer = count(request);
    return answer.ok ? done(answer.value.json) : fail("bad_request", answer.error);
  }
}

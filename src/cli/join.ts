/**
 * `cardroom join URL|CODE`: plays a server table from the terminal, with
 * the same board and prompts as `cardroom play`. The terminal only shows
 * what the server sends its seat: its view, its legal moves, its events.
 */
import { writeFileSync } from "node:fs";
import type { AnyGame, JsonObject, Move, MoveJson, Seat } from "../engine/game.js";
import { findEntry } from "../games/index.js";
import { Channel, HttpError, api, getTable } from "../server/client.js";
import type { ClientMessage, ServerMessage, TableInfo, Update } from "../server/messages.js";
import { eventLines, matchOverLine } from "../words/event-lines.js";
import { type Reader, namesOf, readerFor } from "../words/reader.js";
import type { Terminal } from "./play.js";
import { LEAVE, type Say, TablePrompts } from "./table-prompts.js";
import { UsageError } from "./args.js";
import { dressCards } from "./terminal.js";

export interface JoinConfig {
  /** A table's invite link, its page on the server, or its short code. */
  readonly target: string;
  /** The server for a bare code (`CARDROOM_SERVER`, else http://localhost:3000). */
  readonly server: string;
  readonly name: string;
  readonly seat?: number;
  /** Where to write the seat's replay at the end (for `cardroom verify`). */
  readonly proof?: string;
}

/** The server and the table's id or code from what the player typed. */
export function parseTarget(target: string, server: string): { base: string; table: string } {
  const t = target.trim();
  if (/^https?:\/\//i.test(t)) {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      throw new UsageError(`"${t}" is not a URL`);
    }
    const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
    if (!/^([0-9a-f]{32}|[A-Za-z0-9]{6})$/.test(last))
      throw new UsageError(`"${t}" does not name a table (an invite link ends in /t/CODE)`);
    return { base: url.origin, table: last };
  }
  if (/^[A-Za-z0-9]{6}$/.test(t) || /^[0-9a-f]{32}$/.test(t)) return { base: server, table: t };
  throw new UsageError(`"${t}" is neither an invite link nor a 6-letter table code`);
}

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";

/** How long to wait before asking again when the server says to slow down. */
const RETRY_MS = 1000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays until the match ends, the player leaves, or `stop` resolves (a signal: the connection is closed). */
export async function runJoin(cfg: JoinConfig, term: Terminal, stop?: Promise<unknown>): Promise<number> {
  const say: Say = (line = "") => void term.out.write(dressCards(line, term.style) + "\n");
  const { base, table } = parseTarget(cfg.target, cfg.server);
  let info: TableInfo;
  try {
    info = await getTable(base, table);
  } catch (e) {
    throw new UsageError(e instanceof HttpError ? e.message : String(e));
  }
  const entry = findEntry(info.game);
  if (!entry.ok) throw new UsageError(`the server plays ${info.game}, a game this cardroom does not know`);
  const { game } = entry.value;
  if (info.status === "finished") throw new UsageError(`table ${info.code}: the match is over`);

  const guest = await api<{ token: string }>(base, "/api/guests", { name: cfg.name });
  let seat = cfg.seat;
  if (seat === undefined) seat = info.seats.find((s) => s.kind === "open" && s.name === null)?.seat;
  if (seat === undefined) throw new UsageError(`table ${info.code} has no free seat`);
  let secret: string;
  try {
    secret = (
      await api<{ secret: string }>(base, `/api/tables/${info.id}/seats/${seat}`, { token: guest.token })
    ).secret;
  } catch (e) {
    throw new UsageError(e instanceof HttpError ? `seat ${seat}: ${e.message}` : String(e));
  }
  say(`${game.name} at ${base}, table ${info.code}: you are seat ${seat}. Invite: ${info.invite}`);
  say("(q leaves, ? helps, at any prompt.)");

  const chan = await Channel.open(base);
  void stop?.then(() => chan.terminate());
  try {
    return await playAtServer({
      chan,
      game,
      tableId: info.id,
      seat,
      secret,
      say,
      term,
      base,
      proof: cfg.proof,
    });
  } finally {
    chan.close();
  }
}

interface Session {
  readonly chan: Channel;
  readonly game: AnyGame;
  tableId: string;
  readonly seat: Seat;
  readonly secret: string;
  readonly say: Say;
  readonly term: Terminal;
  readonly base: string;
  readonly proof?: string;
}

async function playAtServer(s: Session): Promise<number> {
  const { chan, game, seat, say } = s;
  let view: JsonObject = {};
  const prompts = new TablePrompts({ game, view: () => view }, s.term.input, say, "");
  chan.send({ type: "watch", table: s.tableId, as: { seat, secret: s.secret } });
  let dealtFor = 0;
  let askedAgain = false;
  let sent: ClientMessage | null = null;
  let seen = 0;
  const request = (message: ClientMessage): void => {
    sent = message;
    chan.send(message);
  };
  for (;;) {
    const m = await chan.next(24 * 3600_000);
    if (m === null) {
      say("The server closed the connection.");
      return 1;
    }
    if (m.type === "chat") {
      say(`[${m.name}] ${m.text}`);
      continue;
    }
    if (m.type === "ok") {
      sent = null;
      continue;
    }
    if (m.type === "error") {
      const refused = sent as ClientMessage | null;
      sent = null;
      if (m.code === "rate_limited" && refused) {
        // Forced moves go out as fast as the server answers; wait and ask again.
        await sleep(RETRY_MS);
        request(refused);
        continue;
      }
      if (m.code !== "stale") say(`server: ${m.message}`);
      if (refused) {
        // The table is as it was before the refused move: ask the server where it stands.
        if (refused.type === "next") dealtFor = 0;
        chan.send({ type: "watch", table: s.tableId, as: { seat, secret: s.secret }, since: seen });
      }
      continue;
    }
    if (!isUpdate(m)) continue;
    // While a move is on its way, an update with nothing new is the table before it: wait for its answer.
    if (sent !== null && m.seq === seen && m.events.length === 0) continue;
    seen = m.seq;
    view = m.view;
    const status = m.status as {
      toAct: Seat[];
      handOver: boolean;
      matchOver: boolean;
      hand: number;
      scores: number[];
      winners?: Seat[];
    };
    const reader = readerFor(seat, namesOf(m.info.seats));
    for (const e of m.events) tellEvent(e, game, reader, say, status.scores);
    if (status.matchOver) {
      if (m.info.againId) {
        s.tableId = m.info.againId;
        dealtFor = 0;
        say("Everyone is in: a new match.");
        chan.send({ type: "watch", table: s.tableId, as: { seat, secret: s.secret } });
        continue;
      }
      if (askedAgain) continue;
      const winners = status.winners ?? [];
      say(matchOverLine(winners, reader));
      if (s.proof) await saveProof(s, say);
      const again = await prompts.answer(
        "Play again? (Y/N)",
        () => ["y asks the table for another match; n leaves."],
        () => prompts.showBoard(),
      );
      if (again === LEAVE || !/^y(es)?$/i.test(again)) {
        say("Thanks for playing.");
        return 0;
      }
      askedAgain = true;
      say("Waiting for the others to say yes...");
      chan.send({ type: "again" });
      continue;
    }
    askedAgain = false;
    if (status.handOver) {
      if (dealtFor === status.hand) continue;
      if ((await prompts.pressEnter()) === LEAVE) return leave(s);
      dealtFor = status.hand;
      request({ type: "next", hand: status.hand });
      continue;
    }
    if (!m.legal.length) continue;
    const legal: Move[] = [];
    for (const j of m.legal) {
      const mv = game.moveFromJson(j as MoveJson);
      if (mv.ok) legal.push(mv.value);
    }
    const move = await prompts.chooseMove(legal);
    if (move === LEAVE) return leave(s);
    if (legal.length > 1) say(`You: ${game.describeMove(move)}`);
    request({ type: "move", move: game.moveToJson(move) as MoveJson & Record<string, never> });
  }
}

async function leave(s: Session): Promise<number> {
  s.chan.send({ type: "leave" });
  s.say("Goodbye.");
  return 0;
}

/** What an event says to this seat, in a line or a few (src/words), its own moves left out. */
function tellEvent(e: JsonObject, game: AnyGame, r: Reader, say: Say, scores: readonly number[]): void {
  if (e.type === "move" && e.seat === r.you) return;
  if (e.type === "matchOver") return; // said once the table's status says so
  const lines = eventLines(e, game, r, scores);
  if (e.type === "deal") say(`${lines[0].slice(0, -1)}; commitment ${String(e.commitment).slice(0, 16)}…`);
  else if (e.type === "handOver") for (const line of ["", ...lines]) say(line);
  else for (const line of lines) say(e.type === "move" || e.type === "score" ? `  ${line}` : line);
  if (e.type === "handOver") say(`Hand seed ${String(e.handSeed)} (npx cardroom verify checks it)`);
}

async function saveProof(s: Session, say: Say): Promise<void> {
  try {
    const replay = await api<unknown>(s.base, `/api/tables/${s.tableId}/replay`, undefined, {
      "x-cardroom-seat": String(s.seat),
      "x-cardroom-secret": s.secret,
    });
    writeFileSync(s.proof!, JSON.stringify(replay) + "\n");
    say(`Your replay is in ${s.proof} (npx cardroom verify ${s.proof}).`);
  } catch (e) {
    say(`The replay could not be saved: ${e instanceof Error ? e.message : String(e)}`);
  }
}

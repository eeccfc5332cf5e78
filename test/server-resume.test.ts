/**
 * Every table goes on after kill -9 (SQLite, a real `cardroom serve` child
 * process), in each state a table can be in when its server dies: a person
 * connected (after the restart they are gone from then, and the computer
 * takes their seat when the grace ends), people gone with their grace
 * running (it ends when it would have, and the computer finishes the match,
 * rated and in their records), a computer to move, a match between
 * computers, a turn timer running, and a match whose end was never marked
 * (the crash of a version that stored the end apart from the last move).
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { type SeatedGuest, guestSeat, until } from "./guests.js";
import { Player, type ServerProcess, kill, playOn, serve } from "./server-procs.js";

const GRACE_SECONDS = 4;
let dir: string;
let file: string;
let server: ServerProcess | undefined;
const players: Player[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-resume-"));
  file = join(dir, "cardroom.sqlite");
});

afterAll(async () => {
  players.forEach((p) => p.close());
  await kill(server);
  rmSync(dir, { recursive: true, force: true });
});

/** Reads the server's database file beside it (WAL: the server's commits are seen). */
function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}
const statusOf = (table: string) =>
  query<{ status: string; rated: number }>("select status, rated from match_table where id = ?", table)[0];
const lastEntry = (table: string) =>
  query<{ seq: number; entry: string }>(
    "select seq, entry from log_entry where table_id = ? order by seq desc limit 1",
    table,
  )[0];
const seatOf = (entry: { entry: string } | undefined): number | undefined =>
  entry ? (JSON.parse(entry.entry) as { seat?: number }).seat : undefined;

interface People {
  info: TableInfo;
  guests: SeatedGuest[];
  watching: Player[];
}

async function peopleTable(url: string, game: string, options: object, turnSeconds = 0): Promise<People> {
  const info = await api<TableInfo>(url, "/api/tables", {
    game,
    seats: [{ kind: "open" }, { kind: "open" }],
    options,
    turnSeconds,
  });
  const guests = [await guestSeat(url, info.id, 0, "Ann"), await guestSeat(url, info.id, 1, "Bob")];
  const watching = await Promise.all(guests.map((g) => Player.watch(url, info.id, g.seat, g.secret)));
  players.push(...watching);
  return { info, guests, watching };
}

/** Plays on until `seat` alone is to act in a hand being played. */
async function untilToAct(ps: Player[], seat: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const s = ps[0].latest!.status as { toAct: number[]; handOver: boolean };
    if (!s.handOver && s.toAct.length === 1 && s.toAct[0] === seat) return;
    await playOn(ps, 1);
  }
  throw new Error(`seat ${seat} never came to act`);
}

describe("kill -9 in every state, and every table goes on", () => {
  it("resumes grace and turn timers, computers, matches between computers, and unmarked ends", async () => {
    const env = { DATABASE_URL: file, GRACE_SECONDS: String(GRACE_SECONDS) };
    server = await serve(env, dir);
    const url = server.url;

    // Connected at the kill: Bob comes back after the restart, Ann does not.
    const connected = await peopleTable(url, "crazy-eights", {});
    await untilToAct(connected.watching, 0);

    // Both gone shortly before the kill, their grace running: nobody comes back.
    const gone = await peopleTable(url, "crazy-eights", { target: 1 });
    gone.watching.forEach((p) => p.close());

    // A turn timer of 2 s: both come back, and nobody moves.
    const timed = await peopleTable(url, "gin-rummy", {}, 2);
    await playOn(timed.watching, 2);

    // A computer to move: its search ("hard") is under way when the server dies.
    const solo = await api<TableInfo>(url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "hard" }],
    });
    const soloGuest = await guestSeat(url, solo.id, 0, "Cy");
    const soloPlayer = await Player.watch(url, solo.id, 0, soloGuest.secret);
    players.push(soloPlayer);
    await soloPlayer.waitFor(() => (soloPlayer.latest?.legal.length ?? 0) > 0);

    // A match whose end was never marked: played to its end, then set back as the crash left it.
    const ended = await peopleTable(url, "crazy-eights", { target: 1 });
    await playOn(ended.watching, 1000);
    await until(async () => statusOf(ended.info.id).status === "finished", "the match to end");

    // Computers only: the creation is answered at once, the match plays on.
    const bots = await api<TableInfo>(url, "/api/tables", {
      game: "crazy-eights",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { target: 200 },
    });
    expect(bots.status).toBe("playing");
    await until(async () => lastEntry(bots.id) !== undefined, "the computers to begin");

    // Cy's move, and the kill while the computer thinks about its answer.
    const before = lastEntry(solo.id);
    soloPlayer.chan.send({ type: "move", move: soloPlayer.latest!.legal[0] });
    await until(async () => lastEntry(solo.id).seq > (before?.seq ?? 0), "Cy's move to be stored");
    await kill(server);
    players.splice(0).forEach((p) => p.close());
    expect(seatOf(lastEntry(solo.id))).toBe(0); // the computer had not answered
    expect(statusOf(bots.id).status).toBe("playing");
    const botsAtKill = lastEntry(bots.id).seq;
    const people = ended.guests.map((g) => g.guest.id);
    {
      const db = new Database(file);
      db.prepare("update match_table set status = 'playing', finished_at = null, rated = 0 where id = ?").run(
        ended.info.id,
      );
      db.prepare(`delete from rating where player_id in (?, ?)`).run(...people);
      db.close();
    }

    server = await serve(env, dir);
    const again = server.url;
    // Bob is back at once; Ann's seat turns away when her grace from the restart ends.
    const bob = await Player.watch(again, connected.info.id, 1, connected.guests[1].secret);
    players.push(bob);
    const atRestart = bob.latest!.seq;
    expect(bob.latest!.info!.seats[0].away).toBe(false);
    // The turn timer: both back at once, nobody moves, the computer moves for the seat to act.
    const timedBack = await Promise.all(
      timed.guests.map((g) => Player.watch(again, timed.info.id, g.seat, g.secret)),
    );
    players.push(...timedBack);
    const timedSeq = timedBack[0].latest!.seq;
    await timedBack[0].waitFor(() => timedBack[0].latest!.seq > timedSeq, 15_000);

    await bob.waitFor(() => bob.latest!.seq > atRestart, (GRACE_SECONDS + 10) * 1000);
    const info = await api<TableInfo>(again, `/api/tables/${connected.info.id}`);
    expect(info.seats.map((s) => s.away)).toEqual([true, false]);

    // Both gone before the kill: the computer plays their seats to the match's end, rated.
    await until(async () => statusOf(gone.info.id).status === "finished", "the gone people's match to end");
    await until(async () => statusOf(gone.info.id).rated === 1, "the gone people's match to be rated");

    // The computer answers Cy's move without anyone asking.
    await until(async () => seatOf(lastEntry(solo.id)) === 1, "the computer's answer");

    // The computers' match goes on to its end.
    await until(async () => lastEntry(bots.id).seq > botsAtKill, "the computers to move again");
    await until(async () => statusOf(bots.id).status === "finished", "the computers' match to end");

    // The unmarked end: finished and rated once, in both players' records.
    await until(async () => statusOf(ended.info.id).rated === 1, "the unmarked match to be rated");
    for (const [i, id] of people.entries()) {
      const record = await api<{
        games: { wins: number; losses: number; draws: number }[];
        matches: { table: string }[];
      }>(again, `/api/players/${id}`);
      expect(
        record.matches.map((m) => m.table),
        `player ${i}`,
      ).toContain(ended.info.id);
      const [g] = record.games;
      expect(g.wins + g.losses + g.draws).toBe(1);
    }
    for (const g of gone.guests) {
      const record = await api<{ matches: { table: string }[] }>(again, `/api/players/${g.guest.id}`);
      expect(record.matches.map((m) => m.table)).toContain(gone.info.id);
    }
    expect(server.stderr()).toBe("");
  });
});

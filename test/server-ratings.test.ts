/**
 * Ratings, turn timers and the grace period, end to end over HTTP and the
 * WebSocket: two people play matches; Glicko-2 rates them (the leaderboard
 * and each player's record say so); a computer seat is never rated; a turn
 * timer moves for a seat that does not; a person gone past the grace period
 * is played for by the computer until they come back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { Player, playOn } from "./server-procs.js";

const GRACE_MS = 300;
let server: RunningServer;
let dir: string;
const open: Player[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-ratings-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: GRACE_MS,
    limits: { messageBytes: 4096, messagesPerSecond: 1000, requestsPerSecond: 1000 },
  });
});

afterAll(async () => {
  open.forEach((p) => p.close());
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Guest {
  readonly id: string;
  readonly token: string;
}

const guest = (name: string) => api<Guest & { name: string }>(server.url, "/api/guests", { name });

async function sit(table: string, seat: number, g: Guest): Promise<Player> {
  const { secret } = await api<{ secret: string }>(server.url, `/api/tables/${table}/seats/${seat}`, {
    token: g.token,
  });
  const p = await Player.watch(server.url, table, seat, secret);
  open.push(p);
  return p;
}

async function playToEnd(players: Player[]): Promise<number[]> {
  await playOn(players, 2000);
  const status = players[0].latest!.status as { matchOver: boolean; winners: number[] };
  expect(status.matchOver).toBe(true);
  return status.winners;
}

interface Record {
  name: string;
  games: { game: string; rating: number; rd: number; wins: number; losses: number; draws: number }[];
}
interface Board {
  players: { name: string; rating: number; rd: number; wins: number; losses: number }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ratings between people", () => {
  it("rates a match between two people by Glicko-2; the leaderboard and each record show it; play again rates again", async () => {
    const [ann, ben] = await Promise.all([guest("Ann"), guest("Ben")]);
    const table = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
      options: { target: 1 },
    });
    const players = [await sit(table.id, 0, ann), await sit(table.id, 1, ben)];
    const winners = await playToEnd(players);
    expect(winners).toHaveLength(1);
    const won = winners[0] === 0 ? ann : ben;
    // Two new players (1500, RD 350, volatility 0.06), one game: Glickman's numbers.
    const board = await api<Board>(server.url, "/api/leaderboard/crazy-eights");
    expect(board.players).toEqual([
      { name: winners[0] === 0 ? "Ann" : "Ben", rating: 1662, rd: 290, wins: 1, losses: 0, draws: 0 },
      { name: winners[0] === 0 ? "Ben" : "Ann", rating: 1338, rd: 290, wins: 0, losses: 1, draws: 0 },
    ]);
    const record = await api<Record>(server.url, `/api/players/${won.id}`);
    expect(record.games).toEqual([
      { game: "crazy-eights", rating: 1662, rd: 290, wins: 1, losses: 0, draws: 0 },
    ]);

    // Play again: both ask, a new table with the same seats, rated in turn.
    for (const p of players) p.chan.send({ type: "again" });
    await players[0].waitFor(() => players[0].latest!.info.againId !== null);
    const againId = players[0].latest!.info.againId!;
    const second = await Promise.all(players.map((p) => Player.watch(server.url, againId, p.seat, p.secret)));
    open.push(...second);
    await playToEnd(second);
    const after = await Promise.all([ann, ben].map((g) => api<Record>(server.url, `/api/players/${g.id}`)));
    for (const r of after) {
      const [g] = r.games;
      expect(g.wins + g.losses + g.draws).toBe(2);
      expect(g.rd).toBeLessThan(290);
    }
    expect(after.map((r) => r.games[0].wins).sort()).toEqual(
      (after[0].games[0].wins === 1 ? [1, 1] : [0, 2]).sort(),
    );
  });

  it("does not rate a match against a computer (it is in the record, unrated); unknown players get one line", async () => {
    const cy = await guest("Cy");
    const table = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer" }],
      options: { target: 1 },
    });
    await playToEnd([await sit(table.id, 0, cy)]);
    expect(await api<Record>(server.url, `/api/players/${cy.id}`)).toEqual({
      id: cy.id,
      name: "Cy",
      bot: false,
      games: [],
      // Against the computer: in the figures by level, not rated.
      versusComputer: [expect.objectContaining({ game: "crazy-eights", level: "medium", played: 1 })],
      matches: [
        expect.objectContaining({ table: table.id, code: table.code, game: "crazy-eights", seat: 0 }),
      ],
    });
    await expect(api(server.url, `/api/players/${"0".repeat(32)}`)).rejects.toMatchObject({
      status: 404,
      message: "no such player",
    });
    await expect(api(server.url, "/api/players/zz")).rejects.toMatchObject({
      status: 400,
      code: "bad_request",
    });
  });
});

describe("turn timers and the grace period", () => {
  it("on a turn timer's end the default computer moves for the seat to act", async () => {
    const [a, b] = await Promise.all([guest("Dee"), guest("Eve")]);
    const table = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "open" }],
      turnSeconds: 1,
    });
    const first = await sit(table.id, 0, a);
    const started = Date.now(); // the timer counts from the last person sitting down
    const players = [first, await sit(table.id, 1, b)];
    const u = players[0].latest!;
    const toAct = (u.status as { toAct: number[] }).toAct;
    await players[0].until(u.seq + 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const entries = await server.authority.storage.entries(table.id);
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect((JSON.parse(entries[0].entry) as { seat: number }).seat).toBe(toAct[0]);
    // Moving in time keeps the timer from moving: a person's move is theirs.
    const mover = players.find((p) => p.latest!.legal.length > 0)!;
    expect((await mover.ask({ type: "move", move: mover.latest!.legal[0] })).type).toBe("ok");
  });

  it("a person gone past the grace period is played for, the table says so, and they take over on their return", async () => {
    const [a, b] = await Promise.all([guest("Fay"), guest("Gus")]);
    const table = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const p0 = await sit(table.id, 0, a);
    const p1 = await sit(table.id, 1, b);
    const secret1 = p1.secret;
    p1.close();
    await p0.waitFor(() => p0.latest!.info.seats[1].away === true);
    // Whoever is to act, seat 1's turns are now the computer's: seat 0 plays on alone.
    await playOn([p0], 6);
    const info = await api<TableInfo>(server.url, `/api/tables/${table.id}`);
    expect(info.seats[1]).toMatchObject({ name: "Gus", away: true });
    const entries = await server.authority.storage.entries(table.id);
    expect(entries.some((e) => (JSON.parse(e.entry) as { seat?: number }).seat === 1)).toBe(true);

    // Back: no longer away, and nobody moves for them.
    const back = await Player.watch(server.url, table.id, 1, secret1);
    open.push(back);
    await back.waitFor(() => back.latest!.info.seats[1].away === false);
    for (let i = 0; i < 10 && back.latest!.legal.length === 0; i++) await playOn([p0], 1);
    const waiting = back.latest!;
    if (waiting.legal.length > 0 && !(waiting.status as { matchOver: boolean }).matchOver) {
      await sleep(GRACE_MS + 200);
      expect(back.latest!.seq).toBe(waiting.seq);
      expect((await back.ask({ type: "move", move: waiting.legal[0] })).type).toBe("ok");
    }
  });
});

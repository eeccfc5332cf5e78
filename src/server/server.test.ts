import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Channel, api } from "./client.js";
import type { ServerMessage, TableInfo, Update } from "./messages.js";
import { type RunningServer, startServer } from "./serve.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-http-"));
  server = await startServer({ port: 0, host: "127.0.0.1", databaseUrl: join(dir, "db.sqlite"), graceMs: 0 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";
const isError = (m: ServerMessage): m is Extract<ServerMessage, { type: "error" }> => m.type === "error";

async function seatedTable(game: string, seats: ({ kind: "open" } | { kind: "computer"; level?: string })[]) {
  const info = await api<TableInfo>(server.url, "/api/tables", { game, seats });
  const people = [];
  for (const [seat, s] of seats.entries()) {
    if (s.kind !== "open") continue;
    const g = await api<{ token: string }>(server.url, "/api/guests", { name: `P${seat}` });
    const sat = await api<{ secret: string }>(server.url, `/api/tables/${info.id}/seats/${seat}`, {
      token: g.token,
    });
    people.push({ seat, secret: sat.secret });
  }
  return { info, people };
}

describe("server over HTTP and WebSocket", () => {
  it("answers /healthz and serves the OpenAPI document at /docs", async () => {
    expect(await api(server.url, "/healthz")).toEqual({ ok: true, database: "sqlite" });
    const doc = await api<{ paths: Record<string, unknown> }>(server.url, "/docs/json");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/tables", "/api/guests", "/healthz"]),
    );
  });

  it("refuses bad HTTP input with one clear line", async () => {
    await expect(
      api(server.url, "/api/tables", { game: "chess", seats: [{ kind: "open" }] }),
    ).rejects.toMatchObject({
      status: 400,
      code: "unknown_game",
    });
    await expect(api(server.url, "/api/guests", { name: "" })).rejects.toMatchObject({
      status: 400,
      code: "bad_request",
    });
    await expect(api(server.url, "/api/tables/ZZZZZZ")).rejects.toMatchObject({ status: 404 });
  });

  it("lists open tables in the lobby and finds one by its short code", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer" }],
    });
    const lobby = await api<{ tables: TableInfo[] }>(server.url, "/api/lobby");
    expect(lobby.tables.map((t) => t.id)).toContain(info.id);
    expect((await api<TableInfo>(server.url, `/api/tables/${info.code.toLowerCase()}`)).id).toBe(info.id);
    expect(info.invite).toBe(`${server.url}/t/${info.code}`);
  });

  it("two people play through the channel; a reconnect with its number gets what it missed", async () => {
    const { info, people } = await seatedTable("crazy-eights", [{ kind: "open" }, { kind: "open" }]);
    const chans = await Promise.all(people.map(() => Channel.open(server.url)));
    const last: Update[] = [];
    for (const [i, p] of people.entries()) {
      chans[i].send({ type: "watch", table: info.id, as: { seat: p.seat, secret: p.secret } });
      last[i] = await chans[i].until(isUpdate);
      expect(last[i].events[0]).toMatchObject({
        type: "deal",
        commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    }
    // Seat 1 drops; seat 0 and 1 play a few moves meanwhile... seat 1 comes back with its number.
    const gone = last[1].seq;
    chans[1].close();
    let moves = 0;
    let u = last[0];
    for (;;) {
      const status = u.status as { toAct: number[]; handOver: boolean };
      if (status.handOver || moves >= 6 || !status.toAct.includes(0)) break;
      chans[0].send({ type: "move", move: u.legal[0] as { type: string } });
      u = await chans[0].until(isUpdate);
      moves++;
    }
    const back = await Channel.open(server.url);
    back.send({ type: "watch", table: info.id, as: people[1], since: gone });
    const missed = await back.until(isUpdate);
    expect(missed.full).toBe(false);
    expect(missed.events.map((e) => e.seq)).toEqual(
      Array.from({ length: missed.seq - gone }, (_, i) => gone + 1 + i),
    );
    // Chat reaches both; a spectator's view carries no hand.
    back.send({ type: "chat", text: "  hello  " });
    const heard = await chans[0].until(
      (m): m is Extract<ServerMessage, { type: "chat" }> => m.type === "chat",
    );
    expect(heard).toMatchObject({ name: "P1", text: "hello" });
    const watcher = await Channel.open(server.url);
    watcher.send({ type: "watch", table: info.id, as: "spectator" });
    const seen = await watcher.until(isUpdate);
    expect(seen.legal).toEqual([]);
    for (const c of [chans[0], back, watcher]) c.close();
  });

  it("sends the table's information with an update only when it changed", async () => {
    const { info, people } = await seatedTable("crazy-eights", [{ kind: "open" }, { kind: "open" }]);
    const chans = await Promise.all(people.map(() => Channel.open(server.url)));
    for (const [i, p] of people.entries()) {
      chans[i].send({ type: "watch", table: info.id, as: { seat: p.seat, secret: p.secret } });
      await chans[i].until(isUpdate);
    }
    const written = (c: Channel): Record<string, unknown>[] =>
      c.received.map((t) => JSON.parse(t) as Record<string, unknown>).filter((m) => m.type === "update");
    const first = written(chans[0]);
    expect(first).toHaveLength(1);
    expect(first[0].info).toMatchObject({ id: info.id, seats: [{ name: "P0" }, { name: "P1" }] });

    // A move changes no seat: the update comes without the information, and the client fills it in.
    const latest = chans.map((c) => c.heard.filter(isUpdate).at(-1)!);
    const mover = latest.findIndex((u) => u.legal.length > 0);
    const before = latest[mover];
    chans[mover].send({ type: "move", move: before.legal[0] as { type: string } });
    const moved = await chans[1 - mover].until(isUpdate);
    expect(moved.seq).toBeGreaterThan(before.seq);
    expect(written(chans[1 - mover]).at(-1)).not.toHaveProperty("info");
    expect(moved.info).toEqual(first[0].info);

    // A seat left: the next update says so.
    chans[1].send({ type: "leave" });
    const after = await chans[0].until(isUpdate);
    expect(written(chans[0]).at(-1)?.info).toMatchObject({ seats: [{ name: "P0" }, { name: null }] });
    expect(after.info.seats[1].name).toBeNull();
    for (const c of chans) c.close();
  });

  it("shows a person's move while a hard computer is still thinking about its answer", async () => {
    // Cribbage: the computer's first card of the play is chosen from four by a search, in a worker
    // thread, so the server goes on meanwhile and a spectator is shown the table with the computer
    // to act. (Were the search run on the server's thread, or the person's move held back until
    // the answer, nobody would ever see the computer alone to act.)
    const { info, people } = await seatedTable("cribbage", [
      { kind: "open" },
      { kind: "computer", level: "hard" },
    ]);
    const [person] = people;
    const player = await Channel.open(server.url);
    const watcher = await Channel.open(server.url);
    player.send({ type: "watch", table: info.id, as: { seat: person.seat, secret: person.secret } });
    watcher.send({ type: "watch", table: info.id, as: "spectator" });
    const toAct = (u: Update): number[] => (u.status as { toAct: number[] }).toAct;
    const playing = (async () => {
      for (;;) {
        const u = await player.until(isUpdate);
        if (toAct(u).includes(0) && u.legal.length)
          player.send({ type: "move", move: u.legal[0] as { type: string } });
      }
    })().catch(() => undefined);
    let thinking = false;
    for (;;) {
      const w = await watcher.until(isUpdate);
      if (
        w.events.some(
          (e) => e.type === "move" && e.seat === 1 && (e.move as { type: string }).type === "play",
        )
      )
        break;
      if (toAct(w).length === 1 && toAct(w)[0] === 1) thinking = true;
    }
    expect(thinking).toBe(true);
    player.close();
    watcher.close();
    await playing;
  });

  it("answers every bad message with one error and stays up", async () => {
    const c = await Channel.open(server.url);
    const bad: (string | Record<string, unknown>)[] = [
      "not json",
      "[]",
      JSON.stringify({ type: "move", move: { type: "play" } }),
      JSON.stringify({ type: "watch", table: "x", as: "spectator" }),
      JSON.stringify({ type: "chat", text: "x".repeat(301) }),
      "x".repeat(5000),
    ];
    for (const b of bad) {
      c.sendRaw(typeof b === "string" ? b : JSON.stringify(b));
      const m = await c.next();
      expect(m && isError(m)).toBe(true);
    }
    c.send({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
    c.close();
  });

  it("says how long to wait when a message comes too fast, and which it was; the same then goes through", async () => {
    const c = await Channel.open(server.url);
    const take = { type: "take", table: "0123456789abcdef0123456789abcdef", seat: 0 };
    // More than a burst at once (twice the default 20 a second): the ones over it are refused.
    for (let i = 0; i < 45; i++) c.send(take);
    // One answer each: refused as not signed in while the burst lasts, then as too fast.
    const answers: ServerMessage[] = [];
    while (answers.length < 45) answers.push((await c.next())!);
    const refused = answers.find(
      (m): m is Extract<ServerMessage, { type: "error" }> => isError(m) && m.code === "rate_limited",
    )!;
    expect(refused).toMatchObject({ for: "take", table: "0123456789abcdef0123456789abcdef" });
    expect(refused.retryMs).toBeGreaterThanOrEqual(1);
    expect(refused.retryMs).toBeLessThanOrEqual(50); // a token every 50 ms at 20 a second
    expect(refused.message).toBe(`too many messages: send it again in ${refused.retryMs} ms`);
    // After the stated wait, the same message is read (and answered).
    await new Promise((r) => setTimeout(r, refused.retryMs));
    c.send(take);
    expect(await c.next()).toMatchObject({ type: "error", code: "forbidden" });
    c.close();
  });

  it("tells a bot the server's limits when it signs in", async () => {
    const owner = await api<{ token: string }>(server.url, "/api/guests", { name: "Owner" });
    const bot = await api<{ token: string }>(server.url, "/api/bots", {
      owner: owner.token,
      name: "Limited",
    });
    const c = await Channel.open(server.url);
    c.send({ type: "bot", token: bot.token });
    expect(await c.next()).toMatchObject({
      type: "bot",
      name: "Limited",
      limits: { messagesPerSecond: 20, burst: 40, messageBytes: 4096, dealMs: 2000 },
    });
    c.close();
  });
});

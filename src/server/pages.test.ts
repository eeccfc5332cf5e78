/**
 * The endpoints behind the web client's pages and panels: a finished
 * match step by step (the replay viewer), a player's record with their
 * finished matches, the page paths (the client for a browser, JSON for an
 * API client) and hints from the hard player (a seat's legal move, nothing
 * beyond what the seat sees, nothing changed, rate-limited).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardsNamed } from "../../test/cards-named.js";
import { HttpError, api } from "./client.js";
import type { HintReply, ReplaySteps, TableInfo, Update } from "./messages.js";
import { type RunningServer, startServer } from "./serve.js";
import { type SeatedGuest, guestSeat, until } from "../../test/guests.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-pages-"));
  // A person gone for 1 ms is played for by the computer: matches between people finish by themselves.
  server = await startServer({ port: 0, host: "127.0.0.1", databaseUrl: join(dir, "db.sqlite"), graceMs: 1 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The server's refusal of a call: its status, code and one line. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
  throw new Error("the call was not refused");
}

const update = async (id: string, seat: number, secret: string): Promise<Update> => {
  const u = await server.authority.update(id, { seat, secret }, 0);
  if (!u.ok) throw new Error(u.error.message);
  return u.value;
};

describe("a finished match, step by step, and a player's record", () => {
  let info: TableInfo;
  let people: SeatedGuest[];

  beforeAll(async () => {
    info = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
      options: { target: 1 },
    });
    people = [await guestSeat(server.url, info.id, 0, "Ada"), await guestSeat(server.url, info.id, 1, "Bo")];
    // Both walk away: the computer plays for each, and the match (to 1 point) ends and is rated.
    server.authority.gone(info.id, 0);
    server.authority.gone(info.id, 1);
    await server.authority.resume(info.id);
    await until(async () => (await server.authority.isFinished(info.id)) === true, "the match to end");
    await until(
      async () =>
        (await api<{ games: unknown[] }>(server.url, `/api/players/${people[0].guest.id}`)).games.length > 0,
      "the rating",
    );
  }, 60_000);

  it("gives every step as a spectator saw it: the spectator's events in order, the last view the spectator's", async () => {
    const r = await api<ReplaySteps>(server.url, `/api/tables/${info.code}/steps`);
    const replay = await api<{ events: { seq: number }[]; seq: number }>(
      server.url,
      `/api/tables/${info.id}/replay`,
    );
    expect(r.info.id).toBe(info.id);
    expect(r.from).toBe(0);
    expect(r.total).toBe(r.steps.length); // a short match: one page
    expect(r.steps[0].events[0]).toMatchObject({ type: "deal", hand: 1 });
    expect(r.steps.flatMap((s) => s.events)).toEqual(replay.events);
    expect(r.steps.at(-1)!.seq).toBe(replay.seq);
    expect(r.steps.at(-1)!.status).toMatchObject({ matchOver: true });
    const live = await server.authority.update(info.id, "spectator", 0);
    expect(live.ok && r.steps.at(-1)!.view).toEqual(live.ok && live.value.view);
    // Each step's events end at its number: steps are numbered as the table's events are.
    for (const s of r.steps) if (s.events.length) expect(s.events.at(-1)!.seq).toBe(s.seq);
    // The spectator never saw a seat's hand: no step's view names a card only a seat held.
    const seatsView = await update(info.id, 0, people[0].secret);
    const deal0 = seatsView.events.find((e) => e.type === "deal")!;
    const hand0 = new Set(cardsNamed((deal0.view as { hand: unknown }).hand));
    const spectatorDeal = new Set(cardsNamed(r.steps[0].view));
    for (const c of hand0) expect(spectatorDeal.has(c)).toBe(false);
  });

  it("gives a page of steps from a step", async () => {
    const all = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps`);
    const later = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps?from=3`);
    expect(later.from).toBe(3);
    expect(later.total).toBe(all.total);
    expect(later.steps).toEqual(all.steps.slice(3));
    expect(await refusal(api(server.url, `/api/tables/${info.id}/steps?from=${all.total}`))).toEqual({
      status: 400,
      code: "bad_request",
      message: `from: the match's steps are 0 to ${all.total - 1}, not ${all.total}`,
    });
    for (const bad of ["-1", "two", "1.5"])
      expect(await refusal(api(server.url, `/api/tables/${info.id}/steps?from=${bad}`))).toMatchObject({
        status: 400,
        code: "bad_request",
      });
  });

  it("gives a seat that presents its secret the steps from its own seat, and never another seat's hidden cards", async () => {
    const seat = (k: number) => ({ "x-cardroom-seat": String(k), "x-cardroom-secret": people[k].secret });
    const spectator = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps`);
    const mine = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps`, undefined, seat(0));
    expect([spectator.viewer, mine.viewer, mine.total]).toEqual(["spectator", 0, spectator.total]);
    // Seat 0's own hand in each step of the hand, as the seat saw it at the table.
    const dealt = (await update(info.id, 0, people[0].secret)).events.find((e) => e.type === "deal")!;
    expect(mine.steps[0].view.hand).toEqual((dealt.view as { hand: unknown }).hand);
    expect(spectator.steps[0].view.hand ?? null).toBeNull();
    // Seat 1's dealt cards reach seat 0's steps only once a spectator has seen them too (played, or
    // shown at the hand's end).
    const other = (await update(info.id, 1, people[1].secret)).events.find((e) => e.type === "deal")!;
    const hidden = new Set(cardsNamed((other.view as { hand: unknown }).hand));
    const seen = new Set<number>();
    for (let k = 0; k < mine.total; k++) {
      for (const c of cardsNamed(spectator.steps[k])) seen.add(c);
      for (const c of cardsNamed(mine.steps[k]))
        if (hidden.has(c)) expect(seen.has(c), `step ${k} shows seat 1's card ${c}`).toBe(true);
    }
    // Events and status as the seat saw them; the match is the same.
    expect(mine.steps.map((s) => [s.seq, s.status])).toEqual(spectator.steps.map((s) => [s.seq, s.status]));
    const seatReplay = await api<{ events: unknown[] }>(
      server.url,
      `/api/tables/${info.id}/replay`,
      undefined,
      seat(0),
    );
    expect(mine.steps.flatMap((s) => s.events)).toEqual(seatReplay.events);
    // A wrong secret, or the other seat's, gets one line and no card.
    const forged = { "x-cardroom-seat": "0", "x-cardroom-secret": "0".repeat(64) };
    const borrowed = { "x-cardroom-seat": "0", "x-cardroom-secret": people[1].secret };
    for (const headers of [forged, borrowed]) {
      const res = await fetch(new URL(`/api/tables/${info.id}/steps`, server.url), { headers });
      const text = await res.text();
      expect([res.status, JSON.parse(text).error]).toEqual([
        403,
        { code: "forbidden", message: "that is not seat 0's secret" },
      ]);
      expect(cardsNamed(JSON.parse(text))).toEqual([]);
    }
  });

  it("refuses a replay of a match still being played, or of no table, with one line", async () => {
    const playing = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer" }],
    });
    expect(await refusal(api(server.url, `/api/tables/${playing.id}/steps`))).toEqual({
      status: 409,
      code: "not_over",
      message: `the match is still being played: watch it at /t/${playing.code}; its replay opens when it ends`,
    });
    expect(await refusal(api(server.url, `/api/tables/${"0".repeat(32)}/steps`))).toMatchObject({
      status: 404,
      message: "no such table",
    });
    expect(await refusal(api(server.url, "/api/tables/nope!/steps"))).toMatchObject({
      status: 400,
      code: "bad_request",
    });
  });

  it("lists the finished match in each player's record and both names on the game's leaderboard", async () => {
    for (const p of people) {
      const rec = await api<{
        name: string;
        games: { game: string; wins: number; losses: number; draws: number }[];
        matches: { table: string; code: string; game: string; seat: number }[];
      }>(server.url, `/api/players/${p.guest.id}`);
      const cr8 = rec.games.find((g) => g.game === "crazy-eights")!;
      expect(cr8.wins + cr8.losses + cr8.draws).toBe(1);
      expect(rec.matches).toContainEqual(
        expect.objectContaining({ table: info.id, code: info.code, game: "crazy-eights", seat: p.seat }),
      );
    }
    const board = await api<{ players: { name: string }[] }>(server.url, "/api/leaderboard/crazy-eights");
    expect(board.players.map((p) => p.name)).toEqual(expect.arrayContaining(["Ada", "Bo"]));
    expect(await refusal(api(server.url, "/api/players/xyz"))).toEqual({
      status: 400,
      code: "bad_request",
      message: "id: a player id is 32 hex digits",
    });
  });

  it("documents the new endpoints in the OpenAPI document at /docs", async () => {
    const doc = await api<{ paths: Record<string, Record<string, { description?: string }>> }>(
      server.url,
      "/docs/json",
    );
    expect(doc.paths["/api/tables/{id}/steps"]?.get?.description).toMatch(
      /step by step as the caller saw it/,
    );
    expect(doc.paths["/api/tables/{id}/hint"]?.post?.description).toMatch(/hard computer player/);
  });

  it("serves the page paths to an API client as the API's JSON", async () => {
    const asJson = { accept: "application/json" };
    expect(await api(server.url, `/players/${people[0].guest.id}`, undefined, asJson)).toEqual(
      await api(server.url, `/api/players/${people[0].guest.id}`),
    );
    expect(await api(server.url, "/leaderboard/crazy-eights", undefined, asJson)).toEqual(
      await api(server.url, "/api/leaderboard/crazy-eights"),
    );
    expect(await api(server.url, `/replay/${info.id}`, undefined, asJson)).toEqual(
      await api(server.url, `/api/tables/${info.id}/replay`),
    );
    expect(await api(server.url, "/rules/cribbage", undefined, asJson)).toMatchObject({
      id: "cribbage",
      name: "Cribbage",
    });
    expect(await refusal(api(server.url, "/rules/chess", undefined, asJson))).toEqual({
      status: 404,
      code: "not_found",
      message: 'no game "chess" (see /api/games)',
    });
  });
});

describe("hints from the hard player", () => {
  const hintOf = (id: string, body: unknown) => api<HintReply>(server.url, `/api/tables/${id}/hint`, body);

  it("give the seat to act one of its legal moves, name no card it cannot see, and change nothing", async () => {
    for (const game of ["gin-rummy", "crazy-eights", "cribbage", "hyrule"]) {
      const info = await api<TableInfo>(server.url, "/api/tables", {
        game,
        seats: [{ kind: "open" }, { kind: "open" }],
      });
      const people = [
        await guestSeat(server.url, info.id, 0, "H0"),
        await guestSeat(server.url, info.id, 1, "H1"),
      ];
      const first = await update(info.id, 0, people[0].secret);
      const toAct = (first.status.toAct as number[])[0];
      const me = people[toAct];
      const before = await update(info.id, me.seat, me.secret);
      const h = await hintOf(info.id, { seat: me.seat, secret: me.secret });
      expect(Object.keys(h).sort()).toEqual(["move", "seq", "text"]);
      expect(h.seq).toBe(before.seq);
      expect(before.legal).toContainEqual(h.move);
      expect(h.text.split("\n")).toHaveLength(1);
      // Every card the hint names is one the seat's own view shows.
      const seen = new Set(cardsNamed([before.view, before.events]));
      for (const c of cardsNamed(h.text)) expect(seen.has(c), `${game}: ${h.text}`).toBe(true);
      const after = await update(info.id, me.seat, me.secret);
      expect(after.seq).toBe(before.seq);
      expect(after.view).toEqual(before.view);
      // The other seat (when it is not also to act) is told it is not its turn.
      const other = people[1 - toAct];
      if (!(first.status.toAct as number[]).includes(other.seat))
        expect(await refusal(hintOf(info.id, { seat: other.seat, secret: other.secret }))).toEqual({
          status: 400,
          code: "not_your_turn",
          message: "it is not your turn: a hint is for a move you can make now",
        });
    }
  }, 60_000);

  it("refuse a wrong secret, a malformed body and a table that is not there, with one line each", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const p = await guestSeat(server.url, info.id, 0, "W");
    expect(await refusal(hintOf(info.id, { seat: 0, secret: "a".repeat(64) }))).toEqual({
      status: 403,
      code: "forbidden",
      message: "that is not seat 0's secret",
    });
    expect(await refusal(hintOf(info.id, { seat: 0 }))).toMatchObject({ status: 400, code: "bad_request" });
    expect(await refusal(hintOf(info.id, { seat: 0, secret: p.secret, peek: true }))).toMatchObject({
      status: 400,
      code: "bad_request",
    });
    expect(await refusal(hintOf("0".repeat(32), { seat: 0, secret: p.secret }))).toEqual({
      status: 404,
      code: "not_found",
      message: "no such table",
    });
    const u = await update(info.id, 0, p.secret);
    expect(u.seq).toBe(info.seq);
  });

  it("are limited to about one a second per seat", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
    });
    const p = await guestSeat(server.url, info.id, 0, "R");
    const asks = await Promise.allSettled(
      Array.from({ length: 5 }, () => hintOf(info.id, { seat: 0, secret: p.secret })),
    );
    const outcomes = asks.map((a) => (a.status === "fulfilled" ? "ok" : (a.reason as HttpError).message));
    expect(outcomes).toContain("one hint a second: wait a moment");
  }, 30_000);
});

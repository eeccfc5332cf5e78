/**
 * Bot accounts on a real server, on SQLite and on PostgreSQL (where it
 * answers): made for an owner with their token answered once and only its
 * hash kept; signed in on the WebSocket, told of the seats they may take
 * (invitations, open seats their owner and the table allow) and taking
 * them; marked as bots at the table; refused every seat and every card that
 * is not theirs; rated on a leaderboard of their own, never in people's.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { until } from "./guests.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Channel, HttpError, api } from "../src/server/client.js";
import type { BotOffer, ServerMessage, TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { Player, playOn, reachable } from "./server-procs.js";
import { PG_BASE, schemaUrl } from "./pg-schema.js";

const pgUp = await reachable(5432);
if (!pgUp) console.log("skipped on PostgreSQL: nothing answers on 127.0.0.1:5432");

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

interface Guest {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}
interface Bot extends Guest {
  readonly owner: string;
  readonly allow: { openSeats: boolean; games: string[] | null };
}

/** A bot's own connection, signed in; its messages kept. */
async function signIn(url: string, token: string): Promise<Channel> {
  const chan = await Channel.open(url);
  chan.send({ type: "bot", token });
  const m = await chan.next();
  if (m?.type !== "bot") throw new Error(`not signed in: ${JSON.stringify(m)}`);
  return chan;
}

/** The next message of a type (others skipped), within a bounded wait. */
async function nextOf<T extends ServerMessage["type"]>(
  chan: Channel,
  type: T,
  also: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
): Promise<Extract<ServerMessage, { type: T }>> {
  for (;;) {
    const m = await chan.next(15_000);
    if (m === null) throw new Error(`closed while waiting for ${type}`);
    if (m.type === type && also(m as Extract<ServerMessage, { type: T }>))
      return m as Extract<ServerMessage, { type: T }>;
  }
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error("not refused");
}

const backends = [
  { name: "SQLite", pg: false },
  { name: "PostgreSQL", pg: true },
] as const;

describe.each(backends)("bot accounts on $name", ({ pg: onPg }) => {
  let server: RunningServer;
  let dir: string;
  let admin: pg.Client | undefined;
  const schema = `crbots_${process.pid}_${randomBytes(4).toString("hex")}`;
  const open: { close(): void }[] = [];

  const guest = (name: string) => api<Guest>(server.url, "/api/guests", { name });
  const makeBot = (owner: Guest, name: string, allow?: object) =>
    api<Bot>(server.url, "/api/bots", { owner: owner.token, name, ...(allow ? { allow } : {}) });
  const table = (body: object) => api<TableInfo>(server.url, "/api/tables", body);

  beforeAll(async () => {
    if (onPg && !pgUp) return;
    dir = mkdtempSync(join(tmpdir(), "cardroom-bots-"));
    let databaseUrl = join(dir, "db.sqlite");
    if (onPg) {
      admin = new pg.Client({ connectionString: PG_BASE });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      databaseUrl = schemaUrl(schema);
    }
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl,
      graceMs: 0,
      limits: { messageBytes: 4096, messagesPerSecond: 1000, requestsPerSecond: 1000 },
    });
  });

  afterAll(async () => {
    open.forEach((c) => c.close());
    await server?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(onPg && !pgUp)(
    "makes a bot for an owner: its token answered once, only its hash kept",
    async () => {
      const ann = await guest("Ann");
      const bot = await makeBot(ann, "Robo", { games: ["crazy-eights"] });
      expect(bot.token).toMatch(/^[0-9a-f]{64}$/);
      expect(bot.owner).toBe(ann.id);
      expect(bot.allow).toEqual({ openSeats: true, games: ["crazy-eights"] });
      const [row] = await server.authority.storage.playersById([bot.id]);
      expect(row.token_hash).toBe(sha256(bot.token));
      expect(JSON.stringify(row)).not.toContain(bot.token);
      expect(row.bot).toBe(1);
      const listed = await api<{ bots: { id: string; name: string }[] }>(server.url, "/api/bots");
      expect(listed.bots.some((b) => b.id === bot.id && b.name === "Robo")).toBe(true);
      expect(JSON.stringify(listed)).not.toContain(bot.token);
      // An unknown owner, a bot as owner, a game that does not exist: refused with one line.
      expect(await refusal(makeBot({ ...ann, token: "0".repeat(64) }, "X"))).toEqual({
        status: 403,
        code: "forbidden",
      });
      expect(await refusal(makeBot(bot, "Y"))).toEqual({ status: 403, code: "forbidden" });
      expect((await refusal(makeBot(ann, "Z", { games: ["chess"] }))).code).toBe("unknown_game");
    },
  );

  it.skipIf(onPg && !pgUp)(
    "signs a bot in by its token only: a person's token or none is refused",
    async () => {
      const ann = await guest("Ann");
      const chan = await Channel.open(server.url);
      open.push(chan);
      chan.send({ type: "bot", token: ann.token });
      expect(await chan.next()).toMatchObject({ type: "error", code: "forbidden" });
      chan.send({ type: "take", table: "0".repeat(32), seat: 0 });
      expect(await chan.next()).toMatchObject({ type: "error", code: "forbidden" });
    },
  );

  it.skipIf(onPg && !pgUp)(
    "an invited bot is told at once, takes its seat (nobody else can), and is marked as a bot",
    async () => {
      const ann = await guest("Ann");
      const robo = await makeBot(ann, "Robo", { openSeats: false });
      const other = await makeBot(ann, "Other");
      const roboChan = await signIn(server.url, robo.token);
      const otherChan = await signIn(server.url, other.token);
      open.push(roboChan, otherChan);
      const t = await table({
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "bot", id: robo.id }],
        options: { target: 1 },
        bots: false,
      });
      const offer = await nextOf(roboChan, "offer", (o) => o.table.id === t.id);
      expect([offer.seat, offer.why]).toEqual([1, "invited"]);
      expect(offer.table.seats[1]).toMatchObject({ invited: "Robo", name: null, bot: false });
      expect(t.bots).toBe(false);
      // A person cannot take the bot's seat; another bot cannot either (the table refuses bots besides).
      const ben = await guest("Ben");
      expect(await refusal(api(server.url, `/api/tables/${t.id}/seats/1`, { token: ben.token }))).toEqual({
        status: 409,
        code: "seat_taken",
      });
      otherChan.send({ type: "take", table: t.id, seat: 1 });
      expect(await nextOf(otherChan, "error")).toMatchObject({ code: "forbidden" });
      otherChan.send({ type: "take", table: t.id, seat: 0 });
      expect(await nextOf(otherChan, "error")).toMatchObject({
        code: "forbidden",
        message: "this table's creator refused bots",
      });
      // The bot's token at the HTTP seat route is held to the same rules.
      expect(await refusal(api(server.url, `/api/tables/${t.id}/seats/0`, { token: robo.token }))).toEqual({
        status: 403,
        code: "forbidden",
      });
      roboChan.send({ type: "take", table: t.id, seat: 1 });
      const seated = await nextOf(roboChan, "seated");
      expect(seated).toMatchObject({ table: t.id, seat: 1 });
      const info = await api<TableInfo>(server.url, `/api/tables/${t.id}`);
      expect(info.seats[1]).toMatchObject({ name: "Robo", bot: true, invited: "Robo" });
      expect(info.seats[0]).toMatchObject({ name: null, bot: false });
      // Taken again (a restarted bot): a new secret, and the old one no longer opens the seat.
      roboChan.send({ type: "take", table: t.id, seat: 1 });
      const again = await nextOf(roboChan, "seated");
      expect(again.secret).not.toBe(seated.secret);
      const stale = await Channel.open(server.url);
      open.push(stale);
      stale.send({ type: "watch", table: t.id, as: { seat: 1, secret: seated.secret } });
      expect(await stale.next()).toMatchObject({ type: "error", code: "forbidden" });
    },
  );

  it.skipIf(onPg && !pgUp)(
    "a bot never plays or reads a seat not its own, at its table or another",
    async () => {
      const ann = await guest("Ann");
      const robo = await makeBot(ann, "Robo");
      const chan = await signIn(server.url, robo.token);
      open.push(chan);
      const t = await table({
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "bot", id: robo.id }],
        options: { target: 1 },
      });
      const elsewhere = await table({
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "open" }],
        options: { target: 1 },
      });
      const annSeat = await api<{ secret: string }>(server.url, `/api/tables/${t.id}/seats/0`, {
        token: ann.token,
      });
      await api(server.url, `/api/tables/${elsewhere.id}/seats/0`, { token: ann.token });
      chan.send({ type: "take", table: t.id, seat: 1 });
      const { secret } = await nextOf(chan, "seated", (m) => m.table === t.id);
      const forbidden = async (as: unknown, tableId = t.id) => {
        chan.send({ type: "watch", table: tableId, as });
        return nextOf(chan, "error");
      };
      // The person's seat with the bot's own secret, with the bot's token, even with the person's secret
      // (a bot's connection plays its own seats only); its own seat at another table.
      expect(await forbidden({ seat: 0, secret })).toMatchObject({ code: "forbidden" });
      expect(await forbidden({ seat: 0, secret: robo.token })).toMatchObject({ code: "forbidden" });
      expect(await forbidden({ seat: 0, secret: annSeat.secret })).toMatchObject({ code: "forbidden" });
      expect(await forbidden({ seat: 1, secret }, elsewhere.id)).toMatchObject({ code: "forbidden" });
      expect(await forbidden({ seat: 1, secret: robo.token })).toMatchObject({ code: "forbidden" });
      // Its seat's secret reads the person's cards nowhere: not in the replay steps, not as the person.
      const steps = await refusal(
        api(server.url, `/api/tables/${t.id}/steps`, undefined, {
          "x-cardroom-seat": "0",
          "x-cardroom-secret": secret,
        }),
      );
      expect(steps.status).toBe(403);
      // As a spectator it sees no hand at all.
      chan.send({ type: "watch", table: t.id, as: "spectator" });
      const u = await nextOf(chan, "update");
      expect(u.view.hand).toBeNull();
      const person = await Player.watch(server.url, t.id, 0, annSeat.secret);
      open.push(person);
      const hand = person.latest!.view.hand as string[];
      expect(hand.length).toBeGreaterThan(0);
      for (const card of hand) expect(JSON.stringify(u.view)).not.toContain(`"${card}"`);
      // Its own seat it plays: watched with its secret, a move is taken.
      const me = await Player.watch(server.url, t.id, 1, secret);
      open.push(me);
      expect(me.latest!.view.hand).not.toBeNull();
      // It gives up no match but its own: as a spectator it cannot, and nothing changes.
      chan.send({ type: "forfeit", reason: "not mine to give" });
      expect(await nextOf(chan, "error")).toMatchObject({ code: "forbidden" });
      expect((await api<TableInfo>(server.url, `/api/tables/${t.id}`)).status).toBe("playing");
      // Its own seat's forfeit ends the match, the person winning; a second is refused.
      expect(await me.ask({ type: "forfeit", reason: "its program went silent" })).toMatchObject({
        type: "ok",
        for: "forfeit",
      });
      await person.waitFor(() => (person.latest!.status as { matchOver: boolean }).matchOver);
      expect(person.latest!.status).toMatchObject({
        winners: [0],
        forfeit: { seat: 1, reason: "its program went silent" },
      });
      expect(await me.ask({ type: "forfeit" })).toMatchObject({ type: "error", code: "match_over" });
      expect((await api<TableInfo>(server.url, `/api/tables/${t.id}`)).status).toBe("finished");
    },
  );

  it.skipIf(onPg && !pgUp)(
    "open seats: offered where the owner and the table allow, never at a table that refuses bots",
    async () => {
      const ann = await guest("Ann");
      const gin = await makeBot(ann, "GinOnly", { games: ["gin-rummy"] });
      const shy = await makeBot(ann, "Shy", { openSeats: false });
      const any = await makeBot(ann, "Any");
      const chans = await Promise.all([gin, shy, any].map((b) => signIn(server.url, b.token)));
      open.push(...chans);
      const [ginChan, shyChan, anyChan] = chans;
      const refusing = await table({
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "open" }],
        bots: false,
      });
      const welcoming = await table({ game: "crazy-eights", seats: [{ kind: "open" }, { kind: "open" }] });
      const offer = await nextOf(anyChan, "offer", (o) => o.table.id === welcoming.id);
      expect(offer.why).toBe("open");
      const offers: BotOffer[] = [];
      for (const c of chans) {
        c.send({ type: "offers" });
        c.send({ type: "ping" });
        for (;;) {
          const m = await c.next();
          if (m?.type === "pong") break;
          if (m?.type === "offer") offers.push(m);
        }
      }
      expect(offers.some((o) => o.table.id === refusing.id)).toBe(false);
      // Only "Any" was offered the welcoming table: "GinOnly" plays gin only, "Shy" takes invitations only.
      const welcomed = offers.filter((o) => o.table.id === welcoming.id);
      expect(welcomed.length).toBe(1);
      for (const [c, id] of [
        [ginChan, welcoming.id],
        [shyChan, welcoming.id],
        [anyChan, refusing.id],
      ] as const) {
        c.send({ type: "take", table: id, seat: 1 });
        expect(await nextOf(c, "error")).toMatchObject({ code: "forbidden" });
      }
      anyChan.send({ type: "take", table: welcoming.id, seat: 1 });
      await nextOf(anyChan, "seated");
      // One seat a table for a bot.
      anyChan.send({ type: "take", table: welcoming.id, seat: 0 });
      expect(await nextOf(anyChan, "error")).toMatchObject({ code: "forbidden" });
      const lobby = await api<{ tables: TableInfo[] }>(server.url, "/api/lobby");
      const listed = lobby.tables.find((x) => x.id === welcoming.id)!;
      expect(listed.seats[1]).toMatchObject({ name: "Any", bot: true });
      expect(lobby.tables.find((x) => x.id === refusing.id)?.bots).toBe(false);
    },
  );

  it.skipIf(onPg && !pgUp)(
    "rates bots on a leaderboard of their own: people are rated among people, a bot never on theirs",
    async () => {
      const [ann, ben] = await Promise.all([guest("RateAnn"), guest("RateBen")]);
      const robo = await makeBot(ann, "RateRobo");
      const chan = await signIn(server.url, robo.token);
      open.push(chan);
      const t = await table({
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "open" }, { kind: "bot", id: robo.id }],
        options: { target: 1 },
      });
      const players: Player[] = [];
      for (const [seat, g] of [ann, ben].entries()) {
        const { secret } = await api<{ secret: string }>(server.url, `/api/tables/${t.id}/seats/${seat}`, {
          token: g.token,
        });
        players.push(await Player.watch(server.url, t.id, seat, secret));
      }
      chan.send({ type: "take", table: t.id, seat: 2 });
      const { secret } = await nextOf(chan, "seated", (m) => m.table === t.id);
      players.push(await Player.watch(server.url, t.id, 2, secret));
      open.push(...players);
      await playOn(players, 2000);
      expect((players[0].latest!.status as { matchOver: boolean }).matchOver).toBe(true);
      const board = async (path: string) => {
        for (let i = 0; i < 100; i++) {
          const b = await api<{ players: { name: string }[] }>(server.url, path);
          if (b.players.length) return b.players.map((p) => p.name);
          await new Promise((r) => setTimeout(r, 20));
        }
        return [];
      };
      const people = await board("/api/leaderboard/crazy-eights");
      expect(people).toEqual(expect.arrayContaining(["RateAnn", "RateBen"]));
      expect(people).not.toContain("RateRobo");
      const bots = await board("/api/leaderboard/crazy-eights/bots");
      expect(bots).toContain("RateRobo");
      expect(bots).not.toContain("RateAnn");
      // Each person's record counts one match among people: the bot at the table changed nothing more.
      const record = await api<{ games: { wins: number; losses: number; draws: number }[]; bot: boolean }>(
        server.url,
        `/api/players/${ann.id}`,
      );
      expect(record.bot).toBe(false);
      const g = record.games[0];
      expect(g.wins + g.losses + g.draws).toBe(1);
      const botRecord = await api<{ bot: boolean; matches: { seats: { kind: string }[] }[] }>(
        server.url,
        `/api/players/${robo.id}`,
      );
      expect(botRecord.bot).toBe(true);
      expect(botRecord.matches[0].seats.map((s) => s.kind)).toEqual(["person", "person", "bot"]);
      // Play again is the people's: the bot may not ask; once both people did, the new table keeps the
      // bot's seat for it, and the bot is told at once.
      expect(await players[2].ask({ type: "again" })).toMatchObject({ type: "error", code: "forbidden" });
      players[0].chan.send({ type: "again" });
      players[1].chan.send({ type: "again" });
      const offer = await nextOf(chan, "offer", (o) => o.why === "invited" && o.table.id !== t.id);
      expect(offer.seat).toBe(2);
      expect(offer.table.seats.map((x) => [x.name, x.invited])).toEqual([
        ["RateAnn", null],
        ["RateBen", null],
        [null, "RateRobo"],
      ]);
      // The old table names the new one once its record is written, which may follow the offer.
      await until(
        async () => (await api<TableInfo>(server.url, `/api/tables/${t.id}`)).againId === offer.table.id,
        "the old table to name the new one",
      );
    },
  );
});

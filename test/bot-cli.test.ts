/**
 * `cardroom bot` against a real `cardroom serve` process, on SQLite and on
 * PostgreSQL (where it answers): a bot account plays a whole match against
 * the hard computer through a JavaScript child; it rides out a server
 * killed mid-match and restarted on the same port, its program told every
 * event once, in order; Ctrl-C stops it with one line (exit 0), a server
 * gone for good with one line (exit 1), and bad input with one line (exit 2).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { until } from "./guests.js";
import { Player, type ServerProcess, kill, reachable, serve } from "./server-procs.js";
import { PG_BASE, schemaUrl } from "./pg-schema.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../docs/examples/player.mjs", import.meta.url));
const PY_EXAMPLE = fileURLToPath(new URL("../docs/examples/player.py", import.meta.url));
const python = spawnSync("python3", ["--version"]).status === 0;
if (!python) console.log("skipped: the Python example online (no python3 on this machine)");

/** A short match of every game: the options that end it soonest. */
const SHORT: Record<string, Record<string, unknown>> = {
  roy: { target: 1 },
  "royal-corners": { limit: 1 },
  "roller-coaster": { handsToWin: 1 },
  "crazy-eights": { target: 1 },
  "gin-rummy": { target: 1 },
  cribbage: { target: 1 },
  hyrule: {},
};
const EVENT_LOG = fileURLToPath(new URL("./players/event-log-player.mjs", import.meta.url));
const FAULTY = fileURLToPath(new URL("./fixtures/faulty-player.mjs", import.meta.url));
const pgUp = await reachable(5432);
if (!pgUp) console.log("skipped on PostgreSQL: nothing answers on 127.0.0.1:5432");

interface BotRun {
  readonly child: ChildProcess;
  out: string;
  err: string;
  readonly exited: Promise<number | null>;
}

function runBot(args: string[], env: Record<string, string> = {}): BotRun {
  const child = spawn(process.execPath, [BIN, "bot", ...args], {
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: BotRun = {
    child,
    out: "",
    err: "",
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  child.stdout!.on("data", (d: Buffer) => (run.out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (run.err += d.toString()));
  return run;
}

/** The bot's exit code, waited for at most `ms` (then it is killed and the test fails). */
async function exitOf(run: BotRun, ms = 15_000): Promise<number | null> {
  const timer = setTimeout(() => run.child.kill("SIGKILL"), ms);
  try {
    return await run.exited;
  } finally {
    clearTimeout(timer);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A person's turn: they play whenever the table asks them (dealing too); true once `done` or the match is over. */
async function personPlays(p: Player, done: () => boolean = () => false): Promise<boolean> {
  const u = p.latest!;
  const st = u.status as { matchOver: boolean; handOver: boolean; hand: number };
  if (st.matchOver || done()) return true;
  if (st.handOver) await p.ask({ type: "next", hand: st.hand });
  else if (u.legal.length) await p.ask({ type: "move", move: u.legal[0] });
  return false;
}

const backends = [
  { name: "SQLite", pg: false },
  { name: "PostgreSQL", pg: true },
] as const;

describe.each(backends)("cardroom bot on $name", ({ pg: onPg }) => {
  const skip = onPg && !pgUp;
  let dir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let admin: pg.Client | undefined;
  const schema = `crbotcli_${process.pid}_${randomBytes(4).toString("hex")}`;
  const bots: BotRun[] = [];
  const players: Player[] = [];

  beforeAll(async () => {
    if (skip) return;
    dir = mkdtempSync(join(tmpdir(), "cardroom-bot-cli-"));
    let databaseUrl = join(dir, "db.sqlite");
    if (onPg) {
      admin = new pg.Client({ connectionString: PG_BASE });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      databaseUrl = schemaUrl(schema);
    }
    env = {
      DATABASE_URL: databaseUrl,
      PORT: String(await freePort()),
      MESSAGES_PER_SECOND: "1000",
      // The hard computer at a fifth of its time a move: a match of every game against it stays short.
      COMPUTER_MS: "200",
    };
    server = await serve(env, dir);
  });

  afterAll(async () => {
    players.forEach((p) => p.close());
    // Ctrl-C first: a bot so stopped stops its programs (a killed one would leave them running).
    const running = bots.filter((b) => b.child.exitCode === null);
    running.forEach((b) => b.child.kill("SIGINT"));
    await Promise.all(running.map((b) => exitOf(b, 5000)));
    await kill(server);
    await admin?.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const botAccount = async (name: string, allow?: { openSeats: boolean }) => {
    const owner = await api<{ token: string }>(server!.url, "/api/guests", { name: `${name}'s owner` });
    return api<{ id: string; token: string }>(server!.url, "/api/bots", {
      owner: owner.token,
      name,
      ...(allow ? { allow } : {}),
    });
  };
  const status = async (table: string) => (await api<TableInfo>(server!.url, `/api/tables/${table}`)).status;

  it.skipIf(skip)(
    "plays a whole match against hard through a JavaScript child, and stops on Ctrl-C with one line",
    async () => {
      const robo = await botAccount("Robo");
      const table = await api<TableInfo>(server!.url, "/api/tables", {
        game: "crazy-eights",
        seats: [
          { kind: "bot", id: robo.id },
          { kind: "computer", level: "hard" },
        ],
        options: { target: 1 },
      });
      const bot = runBot(["--server", server!.url, "--engine", `node ${EXAMPLE}`, "--token", robo.token]);
      bots.push(bot);
      await until(async () => (await status(table.id)) === "finished", "the bot's match to end");
      // The bot played its seat: its moves are in the replay, and the table says a bot sat there.
      const replay = await api<{ events: { type: string; seat?: number }[] }>(
        server!.url,
        `/api/tables/${table.id}/replay`,
      );
      expect(replay.events.some((e) => e.type === "move" && e.seat === 0)).toBe(true);
      expect((await api<TableInfo>(server!.url, `/api/tables/${table.id}`)).seats[0]).toMatchObject({
        name: "Robo",
        bot: true,
      });
      await until(async () => bot.out.includes("the match is over"), "the bot to say the match is over");
      bot.child.kill("SIGINT");
      expect(await exitOf(bot)).toBe(0);
      expect(bot.out.trim().split("\n").at(-1)).toBe("Bot stopped (1 match played).");
      expect(bot.err).toBe("");
    },
  );

  it.skipIf(skip || !python)(
    "the Python example plays a whole match of every game against the computer at once, one table each, as one bot",
    async () => {
      const robo = await botAccount("Snake");
      const tables: TableInfo[] = [];
      for (const [game, options] of Object.entries(SHORT))
        tables.push(
          await api<TableInfo>(server!.url, "/api/tables", {
            game,
            // `medium` answers at once: the seven tables are the bot's to keep up with (the test above
            // plays `hard`, whose searches all share one thread here: seven matches of them took 20 to
            // 60 s on an idle machine, Roller Coaster's the longest, and past 150 s at CI's load).
            seats: [
              { kind: "bot", id: robo.id },
              { kind: "computer", level: "medium" },
            ],
            options,
          }),
        );
      const bot = runBot([
        "--server",
        server!.url,
        "--engine",
        `python3 ${PY_EXAMPLE}`,
        "--token",
        robo.token,
        "--tables",
        String(tables.length),
      ]);
      bots.push(bot);
      try {
        for (const t of tables)
          await until(
            async () => (await status(t.id)) === "finished",
            `the bot's ${t.game} match to end`,
            120_000,
          );
        await until(
          async () => bot.out.split("the match is over").length - 1 === tables.length,
          "the bot to say each match is over",
        );
        expect(bot.out).not.toContain("the seat is left");
        expect(bot.out).not.toContain("forfeits");
        bot.child.kill("SIGINT");
        expect(await exitOf(bot)).toBe(0);
        expect(bot.out.trim().split("\n").at(-1)).toBe(`Bot stopped (${tables.length} matches played).`);
      } finally {
        // A bot left running would take the open seats of the tests after this one.
        if (bot.child.exitCode === null) {
          bot.child.kill("SIGINT");
          await exitOf(bot, 5000);
        }
      }
    },
    150_000,
  );

  it.skipIf(skip)(
    "rides out a server killed mid-match: back on the same port, it resumes by event number and plays on",
    async () => {
      const robo = await botAccount("Phoenix");
      const table = await api<TableInfo>(server!.url, "/api/tables", {
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "bot", id: robo.id }],
        options: { target: 1 },
      });
      const events = join(dir, `events-${table.code}.txt`);
      const bot = runBot(
        [
          "--server",
          server!.url,
          "--engine",
          `node ${EVENT_LOG}`,
          "--token",
          robo.token,
          "--reconnect",
          "60",
        ],
        { CARDROOM_TEST_EVENTS: events },
      );
      bots.push(bot);
      const owner = await api<{ token: string }>(server!.url, "/api/guests", { name: "Pat" });
      const { secret } = await api<{ secret: string }>(server!.url, `/api/tables/${table.id}/seats/0`, {
        token: owner.token,
      });
      let pat = await Player.watch(server!.url, table.id, 0, secret);
      players.push(pat);
      await until(async () => bot.out.includes("plays seat 1"), "the bot to take its seat");
      // The person plays whenever the table asks them (dealing too); the bot answers the rest.
      await until(() => personPlays(pat, () => pat.latest!.seq >= 8), "some moves before the kill");
      const before = pat.latest!.seq;
      expect((pat.latest!.status as { matchOver: boolean }).matchOver).toBe(false);
      pat.close();
      await kill(server);
      server = await serve(env, dir);
      pat = await Player.watch(server.url, table.id, 0, secret, before);
      players.push(pat);
      await until(() => personPlays(pat, () => false), "the match to end after the restart");
      await until(async () => bot.out.includes("the match is over"), "the bot to say the match is over");
      // Its program heard every event of the match once, in order, across the restart.
      const seqs = readFileSync(events, "utf8").trim().split("\n").map(Number);
      expect(seqs).toEqual(Array.from({ length: pat.latest!.seq }, (_, i) => i + 1));
      bot.child.kill("SIGTERM");
      expect(await exitOf(bot)).toBe(0);
      expect(bot.err).toBe("");
    },
  );

  it.skipIf(skip)(
    "a program that plays illegally, writes garbage, answers late, never says hello or exits forfeits the match: one line, the table won by the other seat, on the bots' leaderboard, no process left",
    async () => {
      // What the program does wrong, and how the bot's line says it (after "the program ").
      const faults: [string, RegExp][] = [
        ["illegal", /played .*, not a legal move of turn \d+/],
        ["garbage", /wrote a line that is not JSON: "I think I will play the queen"/],
        ["late", /did not answer turn \d+ within 10000 ms/],
        ["silent", /sent no hello within 10000 ms of its start/],
        ["exit", /exited with code 3 before the match ended \(giving up\)/],
      ];
      // Every fault at once, each at a table of its own with a person at the other seat (a rated match).
      const runs = await Promise.all(
        faults.map(async ([mode, reason]) => {
          // Its invitation only: not another's table's open seat, set at the same time.
          const robo = await botAccount(`Faulty ${mode}`, { openSeats: false });
          const table = await api<TableInfo>(server!.url, "/api/tables", {
            game: "crazy-eights",
            seats: [{ kind: "bot", id: robo.id }, { kind: "open" }],
            // The default target: more than the program's three turns before its fault.
          });
          const owner = await api<{ token: string }>(server!.url, "/api/guests", { name: `Pat ${mode}` });
          const { secret } = await api<{ secret: string }>(server!.url, `/api/tables/${table.id}/seats/1`, {
            token: owner.token,
          });
          const pat = await Player.watch(server!.url, table.id, 1, secret);
          players.push(pat);
          const bot = runBot([
            "--server",
            server!.url,
            "--engine",
            `node ${FAULTY} ${mode}`,
            "--token",
            robo.token,
          ]);
          bots.push(bot);
          return { mode, reason, robo, table, pat, bot };
        }),
      );
      await Promise.all(
        runs.map(async ({ mode, pat, bot }) => {
          try {
            await until(
              async () => {
                await personPlays(pat);
                return bot.out.includes("forfeits the match");
              },
              `the ${mode} program's forfeit`,
              60_000,
            );
          } catch (e) {
            throw new Error(
              `${(e as Error).message}; the bot said: ${bot.out}; Pat's table: ${JSON.stringify(pat.latest?.status)}`,
            );
          }
        }),
      );
      const board = await api<{ players: { name: string; wins: number; losses: number }[] }>(
        server!.url,
        "/api/leaderboard/crazy-eights/bots",
      );
      for (const { mode, reason, robo, table, pat, bot } of runs) {
        const line = bot.out.split("\n").find((l) => l.includes("forfeits the match"))!;
        expect(line).toMatch(
          new RegExp(
            `^table ${table.code}: the program ${reason.source} \\(its log: \\S+\\.log\\); the bot forfeits the match\\.$`,
          ),
        );
        // The match is over, won by the person; the forfeit and its reason are in its history.
        expect(await status(table.id)).toBe("finished");
        await pat.waitFor(() => (pat.latest!.status as { matchOver: boolean }).matchOver);
        expect(pat.latest!.status).toMatchObject({ matchOver: true, winners: [1], forfeit: { seat: 0 } });
        const replay = await api<{
          events: { type: string; seat?: number; reason?: string; winners?: number[] }[];
        }>(server!.url, `/api/tables/${table.id}/replay`);
        const [gaveUp, over] = replay.events.slice(-2);
        expect(gaveUp).toMatchObject({ type: "forfeit", seat: 0 });
        expect(gaveUp.reason).toMatch(new RegExp(`^its program ${reason.source}$`));
        expect(over).toMatchObject({ type: "matchOver", winners: [1] });
        const record = await api<{ matches: { table: string; outcome: string; forfeit: unknown }[] }>(
          server!.url,
          `/api/players/${robo.id}`,
        );
        expect(record.matches.find((m) => m.table === table.id)).toMatchObject({
          outcome: "lost",
          forfeit: { seat: 0, reason: gaveUp.reason },
        });
        expect(board.players.find((p) => p.name === `Faulty ${mode}`)).toMatchObject({ wins: 0, losses: 1 });
        if (mode === "illegal" || mode === "silent") {
          // Its replay proves its deals up to the forfeit (the forfeit reveals the hand's seed).
          const v = spawnSync(
            process.execPath,
            [BIN, "verify", `${server!.url}/api/tables/${table.id}/replay`],
            {
              encoding: "utf8",
            },
          );
          expect(v.stdout).toMatch(/^OK: /);
          expect(v.status).toBe(0);
        }
        // Its program's whole process group is gone, the bot is not.
        const pid = Number(/pid (\d+)/.exec(readFileSync(/its log: (\S+\.log)/.exec(line)![1], "utf8"))![1]);
        expect(() => process.kill(-pid, 0)).toThrow();
        expect(bot.child.exitCode).toBe(null);
        bot.child.kill("SIGINT");
        expect(await exitOf(bot)).toBe(0);
        expect(bot.err).toBe("");
      }
    },
    // Five programs each played to its forfeit: 21 to 46 s on a quiet machine, up to 80 s at load 15.
    180_000,
  );

  it.skipIf(skip)("a server gone for good stops the bot with one line (exit 1)", async () => {
    const robo = await botAccount("Lonely");
    const bot = runBot([
      "--server",
      server!.url,
      "--engine",
      `node ${EXAMPLE}`,
      "--token",
      robo.token,
      "--reconnect",
      "1",
    ]);
    bots.push(bot);
    await until(async () => bot.out.includes("waiting for seats"), "the bot to sign in");
    await kill(server, "SIGTERM");
    expect(await exitOf(bot)).toBe(1);
    expect(bot.out.trim().split("\n").at(-1)).toBe(
      `The server at ${new URL(server!.url).origin} did not come back in 1 s: the bot stops.`,
    );
    expect(bot.err).toBe("");
    server = await serve(env, dir);
  });

  it.skipIf(skip)(
    "bad input is one line and exit 2: a person's token, no server, a missing flag",
    async () => {
      const person = await api<{ token: string }>(server!.url, "/api/guests", { name: "Ann" });
      const cases: [string[], RegExp][] = [
        [
          ["--server", server!.url, "--engine", "node x.mjs", "--token", person.token],
          /^cardroom: http:\/\/\S+: that is not a bot account's token \(POST \/api\/bots makes one\)$/,
        ],
        [
          ["--server", "http://127.0.0.1:1", "--engine", "node x.mjs", "--token", person.token],
          /^cardroom: cannot reach/,
        ],
        [["--server", server!.url, "--token", person.token], /^cardroom: --engine: missing/],
        [
          ["--server", server!.url, "--engine", "x", "--token", "abc"],
          /^cardroom: --token: a bot account's token/,
        ],
        [
          ["--server", server!.url, "--engine", "x", "--token-file", join(dir, "no-such-token")],
          /^cardroom: --token-file: cannot read \S+no-such-token \(ENOENT\)$/,
        ],
        [
          ["--server", server!.url, "--engine", "x", "--token-file", EXAMPLE, "--token", "abc"],
          /^cardroom: --token-file: give the token once: --token-file or --token, not both$/,
        ],
      ];
      for (const [args, line] of cases) {
        const run = runBot(args);
        bots.push(run);
        expect(await exitOf(run)).toBe(2);
        expect(run.err.trim()).toMatch(line);
        expect(run.err.trim().split("\n")).toHaveLength(1);
      }
    },
  );
});

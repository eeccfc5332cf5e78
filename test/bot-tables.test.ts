/**
 * `cardroom bot` at eight tables at once, as its user runs it, on a server
 * with the default limits and on one that allows a message a second
 * (`MESSAGES_PER_SECOND=1`): every match is played to its end. A seat taken,
 * a move or a deal refused as too fast is sent again after the server's
 * stated wait. At one message a second the server does not deal for the bot
 * (its own deal at a table with no person is set beyond the test), so what
 * ends every match there is the bot sending its refused deals again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import { DEFAULT_LIMITS, type ServerLimits } from "../src/server/defaults.js";
import type { TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { until } from "./guests.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../docs/examples/player.mjs", import.meta.url));

type Match = { game: string; options: Record<string, unknown> };
/** Short matches of several hands each: a deal between every two. */
const cribbage: Match = { game: "cribbage", options: { target: 21 } };
const crazyEights: Match = { game: "crazy-eights", options: { target: 20 } };

const runs: {
  name: string;
  limits: ServerLimits;
  matches: Match[];
  botDealMs?: number;
  fromFile: boolean;
}[] = [
  {
    name: "the default limits",
    limits: DEFAULT_LIMITS,
    matches: [...Array<Match>(5).fill(cribbage), ...Array<Match>(3).fill(crazyEights)],
    fromFile: true,
  },
  {
    // Cribbage only: few moves a hand (a random Crazy Eights player draws at will, a move a second).
    name: "one message a second",
    limits: { ...DEFAULT_LIMITS, messagesPerSecond: 1 },
    matches: Array<Match>(8).fill(cribbage),
    botDealMs: 3_600_000,
    fromFile: false,
  },
];

describe.each(runs)(
  "cardroom bot at eight tables at once, $name",
  ({ limits, matches, botDealMs, fromFile }) => {
    let server: RunningServer | undefined;
    let dir: string | undefined;
    let bot: ChildProcess | undefined;

    afterAll(async () => {
      if (bot && bot.exitCode === null) {
        const gone = new Promise((r) => bot!.once("exit", r));
        bot.kill("SIGINT");
        await gone;
      }
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("plays every match to its end", async () => {
      dir = mkdtempSync(join(tmpdir(), "cardroom-bot-tables-"));
      server = await startServer({
        port: 0,
        host: "127.0.0.1",
        databaseUrl: join(dir, "db.sqlite"),
        graceMs: 0,
        limits,
        ...(botDealMs !== undefined ? { botDealMs } : {}),
      });
      const url = server.url;
      const owner = await api<{ token: string }>(url, "/api/guests", { name: "Owner" });
      const robo = await api<{ id: string; token: string }>(url, "/api/bots", {
        owner: owner.token,
        name: "Octo",
        allow: { openSeats: false },
      });
      const tables: TableInfo[] = [];
      for (const { game, options } of matches)
        tables.push(
          await api<TableInfo>(url, "/api/tables", {
            game,
            seats: [
              { kind: "bot", id: robo.id },
              { kind: "computer", level: "random" },
            ],
            options,
          }),
        );
      let out = "";
      let err = "";
      // The token as docs/BOTS.md gives it, out of the command line: in a file, or in the environment.
      const tokenFile = join(dir, "robo-token");
      writeFileSync(tokenFile, `${robo.token}\n`, { mode: 0o600 });
      const token = fromFile ? ["--token-file", tokenFile] : [];
      bot = spawn(
        process.execPath,
        [
          BIN,
          "bot",
          "--server",
          url,
          "--engine",
          `node ${EXAMPLE}`,
          "--tables",
          String(tables.length),
          ...token,
        ],
        {
          env: { ...process.env, NO_COLOR: "1", ...(fromFile ? {} : { CARDROOM_BOT_TOKEN: robo.token }) },
          stdio: "pipe",
        },
      );
      bot.stdout!.on("data", (d: Buffer) => (out += d.toString()));
      bot.stderr!.on("data", (d: Buffer) => (err += d.toString()));
      const infoOf = (t: TableInfo) => api<TableInfo & { status: string }>(url, `/api/tables/${t.id}`);
      const hands: number[] = [];
      for (const t of tables) {
        try {
          await until(
            async () => (await infoOf(t)).status === "finished",
            `the ${t.game} match to end`,
            240_000,
          );
        } catch (e) {
          throw new Error(`${(e as Error).message}; the bot said: ${out}${err}`);
        }
        const replay = await api<{ events: { type: string }[] }>(url, `/api/tables/${t.id}/replay`);
        hands.push(replay.events.filter((e) => e.type === "deal").length);
      }
      // Matches of more than one hand: the bot's deals (or the server's) came between.
      expect(hands.some((n) => n > 1)).toBe(true);
      await until(
        async () => out.split("the match is over").length - 1 === tables.length,
        "the bot to say each match is over",
      );
      bot.kill("SIGINT");
      const code = await new Promise((r) => bot!.once("exit", r));
      expect(code).toBe(0);
      expect(out.trim().split("\n").at(-1)).toBe(`Bot stopped (${tables.length} matches played).`);
      expect(err).toBe("");
    }, 300_000);
  },
);

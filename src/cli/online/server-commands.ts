/**
 * The online commands: `serve` (the server), `join` (a server table in the
 * terminal) and `verify` (a hand's proof). Settings come from flags or the
 * environment (README "Server settings").
 */
import type { Command } from "commander";
import { DEFAULT_GRACE_MS, DEFAULT_LIMITS, DEFAULT_SQLITE_FILE } from "../../server/defaults.js";
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, isLogLevel, serverLogger } from "../../server/log-options.js";
import { UsageError, collect, wholeNumber } from "../args.js";
import { ENTRIES } from "../../games/index.js";
import { GIVE_UP_SECONDS, runJoin } from "./join.js";
import { seatsDir } from "./seat-store.js";
import { newTable, type TableNewFlags } from "./table-new.js";
import { LineReader, styleFor } from "../terminal.js";
import { verifyCommand } from "../tools/verify.js";

/** Resolves on the first SIGINT or SIGTERM. */
export function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (sig: string) => () => {
      process.off("SIGINT", int);
      process.off("SIGTERM", term);
      resolve(sig);
    };
    const int = on("SIGINT");
    const term = on("SIGTERM");
    process.on("SIGINT", int);
    process.on("SIGTERM", term);
  });
}

interface JoinFlags {
  server?: string;
  name: string;
  seat?: string;
  proof?: string;
  reconnect?: string;
}

const serverOf = (flag: string | undefined): string =>
  flag ?? process.env.CARDROOM_SERVER ?? "http://localhost:3000";

const seatsHelp = (): string =>
  `\nThe seat you take is kept (its secret, readable by you only) in ${seatsDir()}/ ` +
  "(under $XDG_CONFIG_HOME/cardroom, else ~/.config/cardroom): joining the same table again with the same --name " +
  "takes it back, after q, Ctrl-C or a crash. A lost connection is tried again by itself.";

/** Plays a table in this terminal until the player leaves; the exit code (130 on a signal). */
async function joinInTerminal(target: string, o: JoinFlags): Promise<number> {
  // The table speaks while the player types: the reader keeps the question under what it says.
  const input = new LineReader(process.stdin, process.stdout);
  const stop = stopSignal().then(() => "signal" as const);
  try {
    const giveUpSeconds = wholeNumber("--reconnect", o.reconnect, GIVE_UP_SECONDS);
    const played = runJoin(
      {
        target,
        server: serverOf(o.server),
        name: o.name,
        seat: o.seat === undefined ? undefined : wholeNumber("--seat", o.seat, 0),
        proof: o.proof,
        giveUpSeconds,
      },
      { input, out: process.stdout, style: styleFor(process.stdout) },
      stop,
    );
    const outcome = await Promise.race([played, stop]);
    if (outcome !== "signal") return outcome;
    // A request still in flight must not keep a stopped client alive.
    setTimeout(() => process.exit(130), 1000).unref();
    // A seated player is told how to take the seat back as the table stops (at once).
    await Promise.race([played.catch(() => 130), new Promise((r) => setTimeout(r, 500).unref())]);
    return 130;
  } finally {
    input.close();
  }
}

export function addServerCommands(sub: (name: string) => Command): void {
  sub("serve")
    .description(
      "start the server: HTTP API, WebSocket channel, OpenAPI at /docs (PORT, HOST, DATABASE_URL, REDIS_URL, REDIS_PREFIX, GRACE_SECONDS, MESSAGES_PER_SECOND, COMPUTER_MS, LOG_LEVEL)",
    )
    .option("--port <n>", "port to listen on (PORT, default 3000)")
    .option("--host <address>", "address to listen on (HOST, default 0.0.0.0: every interface)")
    .action(async (o: { port?: string; host?: string }) => {
      const port = wholeNumber("--port", o.port ?? process.env.PORT, 3000);
      if (port < 0 || port > 65535) throw new UsageError(`--port must be 0 to 65535, got ${port}`);
      const graceSeconds = wholeNumber("GRACE_SECONDS", process.env.GRACE_SECONDS, DEFAULT_GRACE_MS / 1000);
      const messagesPerSecond = wholeNumber(
        "MESSAGES_PER_SECOND",
        process.env.MESSAGES_PER_SECOND,
        DEFAULT_LIMITS.messagesPerSecond,
      );
      if (messagesPerSecond < 1) throw new UsageError("MESSAGES_PER_SECOND must be at least 1");
      // The searching computer's time a move; unset, the search's own default (1 s).
      const computerMs = process.env.COMPUTER_MS
        ? wholeNumber("COMPUTER_MS", process.env.COMPUTER_MS, 0)
        : undefined;
      if (computerMs !== undefined && computerMs < 1) throw new UsageError("COMPUTER_MS must be at least 1");
      const databaseUrl = process.env.DATABASE_URL || DEFAULT_SQLITE_FILE;
      const logLevel = process.env.LOG_LEVEL || DEFAULT_LOG_LEVEL;
      if (!isLogLevel(logLevel)) throw new UsageError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
      let server;
      try {
        const { startServer } = await import("../../server/serve.js");
        server = await startServer({
          port,
          host: o.host ?? process.env.HOST ?? "0.0.0.0",
          databaseUrl,
          redisUrl: process.env.REDIS_URL || undefined,
          redisPrefix: process.env.REDIS_PREFIX || undefined,
          graceMs: graceSeconds * 1000,
          ...(computerMs !== undefined ? { computerMs } : {}),
          publicUrl: process.env.PUBLIC_URL || undefined,
          limits: { ...DEFAULT_LIMITS, messagesPerSecond },
          logger: serverLogger(logLevel),
        });
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        if (err.code === "EADDRINUSE")
          throw new UsageError(`port ${port} is in use (PORT=... picks another)`);
        throw new UsageError(`the server could not start: ${err.message}`);
      }
      const where = /^postgres/.test(databaseUrl) ? "PostgreSQL" : `SQLite ${databaseUrl}`;
      process.stdout.write(
        `Cardroom server at ${server.url} (${where}${process.env.REDIS_URL ? ", Redis" : ""}); API docs at ${server.url}/docs. Ctrl-C stops it.\n`,
      );
      await stopSignal();
      // Connections that do not close in time must not keep the process alive.
      setTimeout(() => process.exit(0), 5000).unref();
      await server.close();
      process.stdout.write("Server stopped.\n");
    });

  sub("join")
    .description("play a server table in the terminal: its invite link, or its 6-letter code")
    .argument("<target>", "an invite link (http://host:3000/t/CODE) or a table code")
    .option("--server <url>", "the server for a bare code (CARDROOM_SERVER, default http://localhost:3000)")
    .option(
      "--name <name>",
      "your name at the table (your kept seat is found under it)",
      process.env.USER || "guest",
    )
    .option("--seat <n>", "the seat to take (default: the one you hold, else the first free one)")
    .option("--proof <file>", "write your replay here at the end of the match, for cardroom verify")
    .option(
      "--reconnect <seconds>",
      `how long to try reconnecting when the connection is lost (default ${GIVE_UP_SECONDS})`,
    )
    .addHelpText("after", seatsHelp)
    .action(async (target: string, o: JoinFlags) => {
      process.exitCode = await joinInTerminal(target, o);
    });

  const table = sub("table").description("server tables from the terminal: `cardroom table new GAME`");
  table
    .command("new")
    .description("create a table on a server, print its invite link and code, and join it")
    .argument("<game>", `one of: ${ENTRIES.map((e) => e.game.id).join(", ")}`)
    .option("--players <n>", "number of players, you included")
    .option(
      "--vs <level>",
      "computer players at this level in the other seats (default: the seats stay open for people you invite)",
    )
    .option("--option <name=value>", "a game option (repeatable); see `cardroom games`", collect, [])
    .option("--server <url>", "the server (CARDROOM_SERVER, default http://localhost:3000)")
    .option("--no-bots", "bot accounts may not take the open seats (they may by default)")
    .option(
      "--bot <id>",
      "invite this bot account to the next seat (repeatable; GET /api/bots lists them)",
      collect,
      [],
    )
    .option("--name <name>", "your name at the table", process.env.USER || "guest")
    .option("--proof <file>", "write your replay here at the end of the match, for cardroom verify")
    .option(
      "--reconnect <seconds>",
      `how long to try reconnecting when the connection is lost (default ${GIVE_UP_SECONDS})`,
    )
    .addHelpText("after", seatsHelp)
    .exitOverride()
    .action(async (game: string, o: TableNewFlags) => {
      const server = serverOf(o.server);
      const made = await newTable(server, game, o);
      process.stdout.write(
        `Table ${made.code} (${made.gameName}, ${made.players} players): invite link ${made.invite} , code ${made.code}\n` +
          `Others join with: npx cardroom join ${made.invite}\n`,
      );
      process.exitCode = await joinInTerminal(made.code, { ...o, server });
    });

  sub("verify")
    .description(
      "check a match's proof: each seed matches its commitment, and every event the seat saw is what the rules give on that deal (exit 0 holds, 1 fails, 2 not a proof)",
    )
    .argument(
      "<source>",
      "a replay file (join --proof), a replay URL (/replay/ID, /api/tables/ID/replay) or an invite link (/t/CODE)",
    )
    .action(async (source: string) => {
      process.exitCode = await verifyCommand(source);
    });
}

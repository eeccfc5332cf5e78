/**
 * `cardroom bot --server URL --engine CMD --token T`: a program plays on a
 * server as a bot account. The bot signs in on a connection of its own
 * (BotLink), hears of the seats it may take (its invitations, its own seats
 * after a restart, and the open seats its owner allows at tables that let
 * bots in), takes them up to `--tables` at once, and plays each through the
 * player protocol (BotSeat: a program started for each match). Every
 * connection comes back by itself after a drop or a server restart, resuming
 * by event number; a server gone for the whole `--reconnect` time stops the
 * bot with one line (exit 1), and so does a signal (Ctrl-C: exit 0).
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { HttpError } from "../../server/client.js";
import { BotLink } from "../../server/bot-link.js";
import type { BotOffer } from "../../server/messages.js";
import type { LinkMessage } from "../../server/seat-link.js";
import { SeatLink } from "../../server/seat-link.js";
import { ENTRIES } from "../../games/index.js";
import { UsageError, flagError, wholeNumber } from "../args.js";
import { BotSeat, type OpenProgram, type SeatEnd } from "./bot-seat.js";
import { retryWait } from "./seat-refusal.js";
import { GIVE_UP_SECONDS } from "./join.js";
import { stopSignal } from "./server-commands.js";
import { openOutsidePlayer } from "../../players/host.js";

export interface BotConfig {
  readonly server: string;
  /** The program's command line (a shell command: `python3 mybot.py`). */
  readonly engine: string;
  readonly token: string;
  /** Seats played at once. */
  readonly tables: number;
  /** The games it takes open seats at (null: every game the server offers). */
  readonly games: readonly string[] | null;
  readonly giveUpSeconds: number;
  /** Starts the program for a match (the player protocol's host). */
  readonly open: OpenProgram;
  /** One line for the person running the bot. */
  readonly say: (line: string) => void;
}

/** How often an idle bot asks for seats besides being told (a table made on another process). */
const ASK_EVERY_MS = 10_000;

type Happening =
  | { readonly kind: "link"; readonly m: LinkMessage }
  | { readonly kind: "seat"; readonly table: string; readonly code: string; readonly end: SeatEnd }
  | { readonly kind: "stop" };

/** Plays until stopped (0) or until the server is gone for the whole reconnect time (1). */
export async function runBot(cfg: BotConfig, stop: Promise<unknown>): Promise<number> {
  let base: string;
  try {
    base = new URL(cfg.server).origin;
  } catch {
    throw flagError("--server", `"${cfg.server}" is not a URL`);
  }
  if (!/^[0-9a-f]{64}$/.test(cfg.token))
    throw flagError("--token", "a bot account's token is 64 hex digits (POST /api/bots answers it once)");
  let link: BotLink;
  try {
    link = await BotLink.open({ base, token: cfg.token, giveUpMs: cfg.giveUpSeconds * 1000 });
  } catch (e) {
    throw new UsageError(e instanceof HttpError ? e.message : String(e));
  }
  const first = await link.next();
  if (first.type !== "bot") {
    link.close();
    throw new UsageError(
      first.type === "error" ? `${base}: ${first.message}` : `${base} did not sign the bot in`,
    );
  }
  cfg.say(`Signed in to ${base} as the bot ${first.name}: waiting for seats (Ctrl-C stops).`);

  // Everything that happens comes through one queue, handled in order.
  const queue: Happening[] = [];
  let wake: (() => void) | null = null;
  const push = (h: Happening): void => {
    queue.push(h);
    wake?.();
  };
  void stop.then(() => push({ kind: "stop" }));
  void (async () => {
    for (;;) {
      const m = await link.next();
      push({ kind: "link", m });
      if (m.type === "gone") return;
    }
  })();

  const seats = new Map<string, { seat: BotSeat; done: Promise<void> }>();
  /** Seats asked for and not yet answered, by table. */
  const taking = new Map<string, number>();
  let stopping = false;
  /** Tables whose program faulted: the seat forfeited (or was let go), not taken again. */
  const givenUp = new Set<string>();
  let played = 0;
  const asking = setInterval(() => {
    if (seats.size + taking.size < cfg.tables) link.send({ type: "offers" });
  }, ASK_EVERY_MS);
  asking.unref();

  const consider = (o: BotOffer): void => {
    const id = o.table.id;
    if (seats.size + taking.size >= cfg.tables || seats.has(id) || taking.has(id) || givenUp.has(id)) return;
    if (o.why === "open" && cfg.games && !cfg.games.includes(o.table.game)) return;
    taking.set(id, o.seat);
    link.send({ type: "take", table: id, seat: o.seat });
  };

  /**
   * A take or an ask for offers refused as too fast is sent again after the server's stated wait
   * (the refusal names the table of a take); one the server did not name is an ask for offers.
   */
  const resendLater = (m: { retryMs?: number; for?: string; table?: string }): void => {
    void retryWait(m.retryMs).then(() => {
      if (stopping) return;
      const seat = m.for === "take" && m.table !== undefined ? taking.get(m.table) : undefined;
      if (seat !== undefined) link.send({ type: "take", table: m.table!, seat });
      else if (m.for === "take" && m.table !== undefined) return;
      else link.send({ type: "offers" });
    });
  };

  const startSeat = async (table: string, seat: number, secret: string): Promise<void> => {
    let seatLink: SeatLink;
    try {
      seatLink = await SeatLink.open({ base, table, seat, secret, giveUpMs: cfg.giveUpSeconds * 1000 });
    } catch (e) {
      cfg.say(`table ${table}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const bot = new BotSeat(seatLink, table, seat, cfg.engine, cfg.open, cfg.say);
    const done = bot
      .play()
      .catch((e: unknown): SeatEnd => ({ kind: "lost", message: e instanceof Error ? e.message : String(e) }))
      .then((end) => push({ kind: "seat", table, code: bot.code ?? table, end }))
      .finally(() => seatLink.close());
    seats.set(table, { seat: bot, done });
  };

  const stopAll = async (): Promise<void> => {
    stopping = true;
    clearInterval(asking);
    for (const { seat } of seats.values()) seat.stop();
    await Promise.all([...seats.values()].map((s) => s.done));
    link.close();
  };

  for (;;) {
    const h = queue.shift();
    if (!h) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      continue;
    }
    if (h.kind === "stop") {
      await stopAll();
      cfg.say(`Bot stopped (${played} ${played === 1 ? "match" : "matches"} played).`);
      return 0;
    }
    if (h.kind === "seat") {
      seats.delete(h.table);
      const end = h.end;
      if (end.kind === "over") {
        played++;
        cfg.say(`table ${h.code}: the match is over.`);
      } else if (end.kind === "fault") {
        givenUp.add(h.table);
        cfg.say(
          `table ${h.code}: the program ${end.fault.reason} (its log: ${end.fault.log}); ${end.forfeited ? "the bot forfeits the match" : "the seat is left to the server's computer"}.`,
        );
      } else if (end.kind === "lost") cfg.say(`table ${h.code}: ${end.message}`);
      link.send({ type: "offers" });
      continue;
    }
    const m = h.m;
    switch (m.type) {
      case "offer":
        consider(m);
        break;
      case "seated":
        taking.delete(m.table);
        if (!seats.has(m.table)) await startSeat(m.table, m.seat, m.secret);
        break;
      case "error":
        if (m.code === "rate_limited") {
          // Asked too fast (several seats at once): the same again after the server's wait.
          resendLater(m);
          break;
        }
        // A seat another bot took first, or one that is no longer free: the next offer is another.
        taking.clear();
        if (m.code !== "seat_taken" && m.code !== "match_over") cfg.say(`server: ${m.message}`);
        break;
      case "lost":
        taking.clear();
        cfg.say(`The connection to ${base} was lost: reconnecting (for up to ${cfg.giveUpSeconds} s)...`);
        break;
      case "back":
        cfg.say("Reconnected.");
        break;
      case "gone":
        await stopAll();
        cfg.say(`The server at ${base} did not come back in ${m.seconds} s: the bot stops.`);
        return 1;
      default:
        break;
    }
  }
}

export interface BotFlags {
  server?: string;
  engine?: string;
  token?: string;
  tokenFile?: string;
  tables?: string;
  games?: string;
  reconnect?: string;
}

/**
 * The bot's token: from `--token-file` (kept out of `ps`, where a command line shows), else
 * CARDROOM_BOT_TOKEN, else `--token` (which still works, in plain sight of the machine's users).
 */
function botToken(o: BotFlags): string {
  if (o.tokenFile !== undefined && o.token !== undefined)
    throw flagError("--token-file", "give the token once: --token-file or --token, not both");
  if (o.tokenFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(o.tokenFile, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? String(e);
      throw flagError("--token-file", `cannot read ${o.tokenFile} (${code})`);
    }
    const token = text.trim();
    if (!token) throw flagError("--token-file", `${o.tokenFile} is empty: it holds the bot's token`);
    return token;
  }
  const token = o.token ?? process.env.CARDROOM_BOT_TOKEN;
  if (!token)
    throw flagError(
      "--token-file",
      "missing: the bot account's token, in a file (--token-file) or CARDROOM_BOT_TOKEN (POST /api/bots answers it)",
    );
  return token;
}

/** The flags as a configuration (bad ones are one line, exit 2), without the program's host. */
export function botConfig(o: BotFlags): Omit<BotConfig, "open" | "say"> {
  const server = o.server ?? process.env.CARDROOM_SERVER;
  if (!server) throw flagError("--server", "missing: the server's address (http://host:3000)");
  if (!o.engine)
    throw flagError("--engine", 'missing: the program to play, e.g. --engine "python3 mybot.py"');
  const token = botToken(o);
  const tables = wholeNumber("--tables", o.tables, 1);
  if (tables < 1 || tables > 64) throw flagError("--tables", `expected 1 to 64, got ${tables}`);
  let games: string[] | null = null;
  if (o.games !== undefined) {
    games = o.games.split(",").map((g) => g.trim());
    const unknown = games.find((g) => !ENTRIES.some((e) => e.game.id === g));
    if (unknown !== undefined)
      throw flagError("--games", `no game "${unknown}" (games: ${ENTRIES.map((e) => e.game.id).join(", ")})`);
  }
  const giveUpSeconds = wholeNumber("--reconnect", o.reconnect, GIVE_UP_SECONDS);
  if (giveUpSeconds < 0) throw flagError("--reconnect", `expected seconds, 0 or more, got ${giveUpSeconds}`);
  return { server, engine: o.engine, token, tables, games, giveUpSeconds };
}

/** `cardroom bot`: the flags read, the program played through the player protocol's host, until a signal. */
export async function botCommand(o: BotFlags): Promise<number> {
  const cfg = botConfig(o);
  const stop = stopSignal();
  const code = await runBot(
    {
      ...cfg,
      open: (command, match) => openOutsidePlayer(command, match),
      say: (line) => process.stdout.write(`${line}\n`),
    },
    stop,
  );
  // A request still in flight must not keep a stopped bot alive.
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}

export function addBotCommand(sub: (name: string) => Command, run = botCommand): void {
  sub("bot")
    .description(
      "play on a server as a bot account: a program (the player protocol, docs/PLAYER-PROTOCOL.md) takes the seats the bot is invited to or allowed",
    )
    .option("--server <url>", "the server (CARDROOM_SERVER)")
    .option("--engine <command>", 'the program that plays, a shell command: "python3 mybot.py"')
    .option("--token-file <file>", "a file holding the bot account's token (POST /api/bots makes one)")
    .option(
      "--token <token>",
      "the bot account's token (rather CARDROOM_BOT_TOKEN or --token-file: a command line shows in ps)",
    )
    .option("--tables <n>", "seats to play at once (default 1)")
    .option("--games <ids>", "take open seats only at these games, comma-separated (default: every game)")
    .option(
      "--reconnect <seconds>",
      `how long to try reconnecting when the server is lost (default ${GIVE_UP_SECONDS})`,
    )
    .action(async (o: BotFlags) => {
      process.exitCode = await run(o);
    });
}

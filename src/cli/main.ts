import { Command, CommanderError, Option } from "commander";
import { DEFAULT_LEVEL, botLevels } from "../bots/index.js";
import { ENTRIES, findEntry } from "../games/index.js";
import {
  type SimFlags,
  UsageError,
  collect,
  levelOrFail,
  outsideTimes,
  entryOrFail,
  flagError,
  optionFlags,
  playersFlag,
  seedOf,
  paceFlag,
  thinkFlag,
} from "./args.js";
import { countCommand } from "./tools/count.js";
import { type DealFlags, dealCommand } from "./tools/deal.js";
import { runEngine } from "./tools/engine.js";
import { gameLines } from "./play/game-info.js";
import { packageVersion } from "./package-files.js";
import { type PlayConfig, paceFor, playInTerminal } from "./play/play.js";
import { runRoom } from "./play/room.js";
import { positionFromFile } from "./play/position-file.js";
import { resumeMatch } from "./play/saved-match.js";
import { addBotCommand } from "./online/bot.js";
import { addServerCommands } from "./online/server-commands.js";
import { watchPlayerGroups } from "../players/groups.js";
// The lab, its worker and the arena load their libraries (statistics, file writers, the queue) when run.
import type { LabWorkerFlags } from "./lab/lab-worker.js";
import type { LabFlags } from "./lab/lab.js";
import { DEFAULT_REVIEW_BUDGET } from "../review/judge.js";
import type { ReviewFlags } from "./tools/review.js";
import { LineReader, styleFor } from "./terminal.js";

const EXIT_CODES = `
Exit codes: 0 done; 2 bad input (a flag, an argument, a file), one line on stderr saying what;
1 a failure while running (an internal error), one line on stderr.`;

interface PlayFlags {
  players?: string;
  vs: string;
  seed?: string;
  option: string[];
  pace?: string;
  resume?: string;
  position?: string;
  cmdMoveMs?: string;
  cmdMatchMs?: string;
  think?: string;
}

/** `play GAME --help` describes that game too: its options with their values, and its moves. */
function gameHelp(cmd: Command): string {
  const id = cmd.args[0];
  const entry = id === undefined ? null : findEntry(id);
  if (entry?.ok) return "\n" + gameLines(entry.value).join("\n");
  return "\n`cardroom play GAME --help` lists GAME's options; `cardroom games` lists every game's.";
}

/** Plays in this terminal: a new match from the flags, or a saved one with --resume. */
async function playCommand(id: string | undefined, o: PlayFlags): Promise<number> {
  const pace = paceFlag(o.pace, paceFor(process.stdout));
  let cfg: PlayConfig;
  if (o.position !== undefined) {
    if (o.resume !== undefined) throw flagError("--position", "cannot go with --resume (pick one)");
    const fixed = [o.players && "--players", o.seed && "--seed", o.option.length && "--option"].filter(
      Boolean,
    );
    if (fixed.length) throw flagError("--position", `the position sets the match: drop ${fixed.join(", ")}`);
    const from = positionFromFile(o.position, id);
    if (!from.ok) throw new UsageError(`--position: ${from.error}`);
    const { entry, table } = from.value;
    const log = table.log();
    const bot = levelOrFail(entry, "--vs", o.vs);
    cfg = {
      entry,
      players: log.players,
      bot,
      vs: o.vs,
      seed: log.seed,
      options: log.options,
      pace,
      resume: table,
      startNote: ` From the position in ${o.position}.`,
    };
  } else if (o.resume !== undefined) {
    const resumed = resumeMatch(o.resume);
    if (!resumed.ok) throw new UsageError(resumed.error);
    const { entry, table, vs } = resumed.value;
    if (id !== undefined && id !== entry.game.id) {
      throw new UsageError(`--resume: ${o.resume} is a match of ${entry.game.id}, not ${id}`);
    }
    const log = table.log();
    const bot = levelOrFail(entry, "--resume", vs);
    cfg = { entry, players: log.players, bot, vs, seed: log.seed, options: log.options, pace, resume: table };
  } else {
    if (id === undefined) throw new UsageError("play: which game? (cardroom games lists them)");
    const entry = entryOrFail(id);
    const bot = levelOrFail(entry, "--vs", o.vs);
    const options = optionFlags(entry.game, o.option);
    const players = playersFlag(entry.game, o.players);
    cfg = { entry, players, bot, vs: o.vs, seed: seedOf(o.seed), options, pace };
  }
  const think = thinkFlag(o.think);
  cfg = { ...cfg, outside: outsideTimes(o), ...(think === undefined ? {} : { think }) };
  const input = new LineReader(process.stdin);
  try {
    return await playInTerminal(cfg, { input, out: process.stdout, style: styleFor(process.stdout) });
  } finally {
    input.close();
  }
}

function program(): Command {
  const version = packageVersion();
  const cmd = new Command("cardroom")
    .description(
      "A card room: seven card games in the terminal, an engine protocol for bots, and a simulation lab.",
    )
    .version(version, "-V, --version", "print the version")
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ outputError: () => {}, writeErr: () => {} });
  const sub = (name: string): Command =>
    cmd.command(name).version(version, "-V, --version", "print the version").exitOverride();

  sub("play")
    .description(
      "play GAME in the terminal against computer players; at a prompt type a move's number or its name " +
        "(9C, draw, knock 7H, 8S hearts), ? for help, r for the table, rules for how to play, q to leave " +
        "(asks first, and can save the match to a file)",
    )
    .argument("[game]", `one of: ${ENTRIES.map((e) => e.game.id).join(", ")}`)
    .option("--players <n>", "number of players, you included")
    .option(
      "--vs <level>",
      'computer player level: easy, medium, hard, expert (or random), or cmd:PROGRAM, e.g. cmd:"python3 mybot.py" (docs/PLAYER-PROTOCOL.md)',
      DEFAULT_LEVEL,
    )
    .option(
      "--think <ms>",
      "the most milliseconds a searching computer (hard, expert) takes a move (expert's own: 1500, hard's: 1000)",
    )
    .option("--cmd-move-ms <ms>", "cmd: players: milliseconds for each answer (default 10000)")
    .option("--cmd-match-ms <ms>", "cmd: players: milliseconds for a whole match (default 600000)")
    .option("--seed <seed>", "seed for the shuffles (a number or text)")
    .option("--option <name=value>", "a game option (repeatable); see below or `cardroom games`", collect, [])
    .option("--pace <ms>", "milliseconds between the computers' moves (default 400 on a terminal, else 0)")
    .option("--resume <file>", "play on from a match saved at the table (q, then s)")
    .option(
      "--position <file>",
      'start from a position: the JSON {"cmd":"state"} answers (the position, or {"position": P}); ' +
        "you are seat 0, the game, players and options are the position's",
    )
    .addHelpText("after", ({ command }) => gameHelp(command) + "\n" + EXIT_CODES)
    .action(async (id: string | undefined, o: PlayFlags) => {
      process.exitCode = await playCommand(id, o);
    });

  sub("room")
    .description(
      "the card room (npm start): pick a game, its options, the players and the opponents, and play",
    )
    .option("--pace <ms>", "milliseconds between the computers' moves (default 400 on a terminal, else 0)")
    .action(async (o: { pace?: string }) => {
      const pace = paceFlag(o.pace, paceFor(process.stdout));
      const input = new LineReader(process.stdin);
      try {
        process.exitCode = await runRoom(
          { input, out: process.stdout, style: styleFor(process.stdout) },
          pace,
        );
      } finally {
        input.close();
      }
    });

  addServerCommands(sub);
  addBotCommand(sub);

  sub("games")
    .description("list the games: players, options with their values and defaults, move types")
    .action(() => {
      process.stdout.write(ENTRIES.map((e) => gameLines(e).join("\n")).join("\n\n") + "\n");
    });

  sub("engine")
    .description("speak the engine protocol (JSON Lines) on stdin and stdout")
    .action(async () => {
      await runEngine(process.stdin, process.stdout);
    });

  sub("sim")
    .description("play complete games between computer players and report statistics")
    .requiredOption("--game <game>", "the game id")
    .option("--games <n>", "how many matches (whole deals: each deal once per seat rotation)", "100")
    .option("--players <n>", "number of players")
    .option("--seed <seed>", "seed (a number or text)")
    .option(
      "--bots <levels>",
      "levels per seat, comma-separated (the last repeats), cmd:PROGRAM for an outside program; rotated round the table on each deal",
    )
    .option("--cmd-move-ms <ms>", "cmd: players: milliseconds for each answer (default 10000)")
    .option("--cmd-match-ms <ms>", "cmd: players: milliseconds for a whole match (default 600000)")
    .option("--iterations <n>", "hard: search iterations a move (and no time limit unless --ms)")
    .option("--ms <n>", "hard: milliseconds a move")
    .option("--threads <n>", "worker threads (default: every core)")
    .option("--option <name=value>", "a game option (repeatable); see `cardroom games`", collect, [])
    .option("--json", "print one JSON object")
    .option("--queue <url>", "play the matches on lab-workers through this Redis (redis://HOST[:PORT])")
    .option("--lease <s>", "with --queue: seconds a silent worker keeps its batches (default 30)")
    .action(async (o: SimFlags) => {
      await (await import("./lab/sim.js")).runSim(o);
    });

  const lab = sub("lab");
  lab
    .command("compare")
    .description(
      "compare two separate lab runs (their --json): each shared figure's difference B - A, its 95% interval and p (unpaired)",
    )
    .argument("<a.json>", "the first run's `cardroom lab --json`")
    .argument("<b.json>", "the second run's")
    .option("--json", "print one JSON object")
    .exitOverride()
    // `--json` is also the lab's own flag: commander hands it to `lab`, wherever it is written.
    .action(async (a: string, b: string, _o: unknown, c: Command) => {
      const lab = c.parent!;
      const stray = Object.keys(lab.opts()).find(
        (k) => k !== "json" && lab.getOptionValueSource(k) === "cli",
      );
      if (stray !== undefined)
        throw new UsageError(
          `lab compare: takes two files and --json only, not --${lab.options.find((x) => x.attributeName() === stray)?.name() ?? stray}`,
        );
      (await import("./lab/compare.js")).labCompareCommand(a, b, c.optsWithGlobals<{ json?: boolean }>());
    });
  lab
    .description(
      "measure a game and its variants: who has the edge, how long, how much skill counts (docs/LAB.md)",
    )
    // Not a requiredOption: commander would ask `lab compare` for it too.
    .option("--game <game>", "the game id (required)")
    .option("--players <n>", "number of players")
    .option("--option <name=value>", "a game option (repeatable); see `cardroom games`", collect, [])
    .option(
      "--vary <name=v1,v2,...>",
      "compare the values of an option, paired deal by deal (the first is the base); repeat it for every combination of several",
      collect,
      [],
    )
    .option(
      "--bots <levels>",
      "levels per seat, comma-separated (the last repeats), cmd:PROGRAM for an outside program; rotated round the table on each deal",
    )
    .option(
      "--round-robin",
      "a ladder: every pair of the --bots levels plays mirrored deals; prints a rating table with intervals",
    )
    .option("--cmd-move-ms <ms>", "cmd: players: milliseconds for each answer (default 10000)")
    .option("--cmd-match-ms <ms>", "cmd: players: milliseconds for a whole match (default 600000)")
    .option(
      "--games <n>",
      "matches per variant (whole deals: each deal once per seat rotation); the cap with --until or --sprt",
    )
    .option("--until <±P%>", "play until every tested interval is this narrow (e.g. ±1%)")
    .option("--sprt <elo0,elo1>", "play until Fishtest's SPRT settles the tested score (e.g. 0,10)")
    .option("--alpha <rate>", "the SPRT's false positive rate (default 0.05)")
    .option("--beta <rate>", "the SPRT's false negative rate (default 0.05)")
    .option("--elo-model <model>", "the SPRT's Elo: logistic (default) or normalized (Fishtest's nelo)")
    .option("--no-overshoot", "the SPRT's bounds without Fishtest's dynamic overshoot correction")
    .option(
      "--margin <P%>",
      "with --vary: test whether each paired share changes by less than this many points (TOST, e.g. 1%)",
    )
    .option(
      "--skill",
      "also play hard against random and medium, and the seeing-everything ceiling against hard (Jaffe)",
    )
    .option("--seed <seed>", "the run's seed (a number or text); printed, so a run repeats")
    .option("--threads <n>", "worker threads (default: every core)")
    .option("--batch <deals>", "deals a batch plays on one worker")
    .option("--iterations <n>", "hard and ceiling: search iterations a move (default 5000, no clock)")
    .option("--ms <n>", "hard and ceiling: milliseconds a move (the clock makes runs unrepeatable)")
    .option(
      "--hmac-seeds",
      "hand seeds by HMAC-SHA-256 as served matches (default: the fast keyed generator)",
    )
    .option("--no-measures", "record wins only (the bench's baseline)")
    .option(
      "--rule-every <n>",
      "count the special rules on one deal in n (0: never; default 1; 20 past 1,000 deals for ROY and Hyrule, whose counters read every event)",
    )
    .option("--json", "print one JSON object")
    .option("--csv <file>", "write one row per match and per hand as CSV (columns: docs/LAB.md)")
    .option("--parquet <file>", "write the same rows as Parquet")
    .option(
      "--report <file.html>",
      "write a report page: the findings in words, charts, the command (opens offline)",
    )
    .option("--queue <url>", "play the batches on lab-workers through this Redis (redis://HOST[:PORT])")
    .option("--lease <s>", "with --queue: seconds a silent worker keeps its batches (default 30)")
    .action(async (o: Partial<LabFlags>) => {
      if (o.game === undefined)
        throw new UsageError(`--game: ${FLAG_PROBLEMS["commander.missingMandatoryOptionValue"]}`);
      await (await import("./lab/lab.js")).runLabCommand({ ...o, game: o.game, option: o.option ?? [] });
    });

  sub("lab-worker")
    .description(
      "take batches of `cardroom lab` and `cardroom sim` runs from a queue and play them on every core, " +
        "until SIGINT or SIGTERM (which hand the batches in hand back)",
    )
    .requiredOption("--queue <url>", "the Redis the runs are sent to (redis://HOST[:PORT][/DB])")
    .option("--threads <n>", "worker threads (default: every core)")
    .action(async (o: LabWorkerFlags) => {
      process.exitCode = await (await import("./lab/lab-worker.js")).labWorkerCommand(o);
    });

  sub("count")
    .description("count a hand: cribbage show or pegging, gin rummy deadwood or a knock")
    .argument("<game>", "cribbage or gin-rummy")
    .argument("[cards...]", "the cards, e.g. 5H 5C 5S JD")
    .option("--starter <card>", "cribbage: the starter card")
    .option("--crib", "cribbage: count as the crib (a flush needs all five)")
    .option("--all", "cribbage: score every (hand, starter) pair and print the table of totals")
    .addOption(
      new Option("--played <cards...>", "cribbage: the cards of one count in order; points for the last"),
    )
    .addOption(new Option("--knocker <cards...>", "gin rummy: the knocker's 10 cards"))
    .addOption(new Option("--defender <cards...>", "gin rummy: the defender's 10 cards"))
    .option("--json", "print one JSON object")
    .action((id: string, cards: string[], o: Record<string, unknown>) => {
      countCommand(entryOrFail(id), cards, o);
    });

  cmd
    .command("deal")
    .description("print the deal a hand seed gives: every hand, the stock, the piles (docs/FAIRNESS.md)")
    .argument("<game>", `one of: ${ENTRIES.map((e) => e.game.id).join(", ")}`)
    .option("--hand-seed <hex>", "the hand's seed, 64 hex digits")
    .option("--players <n>", "number of players")
    .option("--dealer <seat>", "the dealer's seat", "0")
    .option("--option <name=value>", "a game option (repeatable)", collect, [])
    .option("--json", "print one JSON object")
    .action((id: string, o: DealFlags) => {
      dealCommand(entryOrFail(id), o);
    });

  sub("review")
    .description(
      "judge every decision of a match from the judged seat's own cards: its class (inaccuracy, mistake, blunder), the better move and why, each seat's accuracy, the winning chances hand by hand (docs/REVIEW.md)",
    )
    .argument("<source>", "a saved match (play's q, then s), a replay file (join --proof) or a replay URL")
    .option("--seat <k>", "judge only this seat's decisions (default: every seat's)")
    .option("--budget <deals>", `deals drawn a decision (default ${DEFAULT_REVIEW_BUDGET.worlds})`)
    .option("--json", "print one JSON object")
    .action(async (source: string, o: ReviewFlags) => {
      process.exitCode = await (await import("./tools/review.js")).reviewCommand(source, o);
    });

  cmd.addHelpText(
    "after",
    `\nGames: ${ENTRIES.map((e) => `${e.game.id} (levels: ${botLevels(e).join(", ")})`).join("; ")}\n` +
      `\`cardroom games\` lists each game's options and moves.\n${EXIT_CODES}`,
  );
  return cmd;
}

/**
 * A reader that stops reading (`| head`) closes the pipe: that ends the
 * command quietly. Anything else unexpected is one line, never a stack trace.
 */
function guardProcess(): void {
  const closed = (e: NodeJS.ErrnoException): void => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    process.stderr.write(`cardroom: ${e.message}\n`);
    process.exit(1);
  };
  process.stdout.on("error", closed);
  process.stderr.on("error", () => process.exit(process.exitCode ?? 1));
  process.on("uncaughtException", (e) => {
    if ((e as NodeJS.ErrnoException).code === "EPIPE") process.exit(process.exitCode ?? 0);
    process.stderr.write(`cardroom: internal error: ${e.message}\n`);
    process.exit(1);
  });
}

/** What commander says about a flag, in the wording of every other flag error: `--flub: no such option`. */
const FLAG_PROBLEMS: Readonly<Record<string, string>> = {
  "commander.unknownOption": "no such option (--help lists them)",
  "commander.optionMissingArgument": "needs a value",
  "commander.missingMandatoryOptionValue": "missing, and this command needs it",
};

function commanderLine(e: CommanderError): string {
  const flag = /'(--?[\w-]+)/.exec(e.message)?.[1];
  const problem = FLAG_PROBLEMS[e.code];
  return flag && problem ? `${flag}: ${problem}` : e.message.replace(/^error: /, "");
}

/**
 * Runs the command line; returns the exit code: 0, 2 for bad input, 1 for a
 * failure while running. Users see one line per error, never a stack trace.
 */
export async function main(argv: readonly string[]): Promise<number> {
  guardProcess();
  watchPlayerGroups();
  process.exitCode = 0;
  try {
    await program().parseAsync([...argv], { from: "user" });
    return Number(process.exitCode ?? 0);
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
      if (e.code === "commander.help" && e.exitCode === 0) return 0; // `cardroom help [command]`
      if (e.code === "commander.help") {
        // No command (or `help` of none): one line, like any other missing argument.
        process.stderr.write(
          "cardroom: which command? play, room, games, engine, sim or count (cardroom --help describes them)\n",
        );
        return 2;
      }
      // Commander's own errors are all about the command line: bad input.
      process.stderr.write(`cardroom: ${commanderLine(e)}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`cardroom: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`cardroom: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

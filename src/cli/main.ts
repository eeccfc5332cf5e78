import { Command, CommanderError, Option } from "commander";
import { DEFAULT_LEVEL, botLevels, findBot } from "../bots/index.js";
import { parseOptions } from "../engine/options.js";
import { ENTRIES } from "../games/index.js";
import { type SimFlags, UsageError, entryOrFail, optionPairs, seedOf, wholeNumber } from "./args.js";
import { countCommand } from "./count.js";
import { runEngine } from "./engine.js";
import { playInTerminal } from "./play.js";
import { runRoom } from "./room.js";
import { runSim } from "./sim.js";
import { LineReader, styleFor } from "./terminal.js";

const collect = (value: string, previous: string[]): string[] => [...previous, value];

function program(): Command {
  const cmd = new Command("cardroom")
    .description(
      "A card room: seven card games in the terminal, an engine protocol for bots, and a simulation lab.",
    )
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ outputError: () => {}, writeErr: () => {} });

  cmd
    .command("play")
    .description("play GAME in the terminal against computer players")
    .argument("<game>", `one of: ${ENTRIES.map((e) => e.game.id).join(", ")}`)
    .option("--players <n>", "number of players, you included")
    .option("--vs <level>", "computer player level: random or greedy", DEFAULT_LEVEL)
    .option("--seed <seed>", "seed for the shuffles (a number or text)")
    .option("--option <name=value>", "a game option (repeatable)", collect, [])
    .action(async (id: string, o: { players?: string; vs: string; seed?: string; option: string[] }) => {
      const entry = entryOrFail(id);
      const bot = findBot(entry, o.vs);
      if (!bot.ok) throw new UsageError(bot.error);
      const options = parseOptions(entry.game.options, optionPairs(o.option));
      if (!options.ok) throw new UsageError(options.error);
      const players = wholeNumber("--players", o.players, entry.game.minPlayers);
      if (players < entry.game.minPlayers || players > entry.game.maxPlayers) {
        throw new UsageError(
          `${entry.game.name} is for ${entry.game.minPlayers} to ${entry.game.maxPlayers} players`,
        );
      }
      process.exitCode = await playInTerminal(
        { entry, players, bot: bot.value, seed: seedOf(o.seed), options: options.value },
        { input: new LineReader(process.stdin), out: process.stdout, style: styleFor(process.stdout) },
      );
    });

  cmd
    .command("room")
    .description("the card room: pick a game, the players and the computer opponents, and play")
    .action(async () => {
      process.exitCode = await runRoom({
        input: new LineReader(process.stdin),
        out: process.stdout,
        style: styleFor(process.stdout),
      });
    });

  cmd
    .command("engine")
    .description("speak the engine protocol (JSON Lines) on stdin and stdout")
    .action(async () => {
      await runEngine(process.stdin, process.stdout);
    });

  cmd
    .command("sim")
    .description("play complete games between computer players and report statistics")
    .requiredOption("--game <game>", "the game id")
    .option("--games <n>", "how many games", "100")
    .option("--players <n>", "number of players")
    .option("--seed <seed>", "seed (a number or text)")
    .option("--bots <levels>", "computer player level per seat, comma-separated (the last repeats)")
    .option("--option <name=value>", "a game option (repeatable)", collect, [])
    .option("--json", "print one JSON object")
    .action((o: SimFlags) => {
      runSim(o);
    });

  cmd
    .command("count")
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

  cmd.addHelpText(
    "after",
    `\nGames: ${ENTRIES.map((e) => `${e.game.id} (levels: ${botLevels(e).join(", ")})`).join("; ")}`,
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

/** Runs the command line; returns the exit code. Users see one line per error, never a stack trace. */
export async function main(argv: readonly string[]): Promise<number> {
  guardProcess();
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
          "cardroom: which command? play, room, engine, sim or count (cardroom --help describes them)\n",
        );
        return 2;
      }
      process.stderr.write(`cardroom: ${e.message.replace(/^error: /, "")}\n`);
      return e.exitCode || 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`cardroom: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`cardroom: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

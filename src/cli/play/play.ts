import type { Writable } from "node:stream";
import type { Player } from "../../bots/index.js";
import { hint } from "../../bots/hint.js";
import { chooseAsync, closeSearchPool } from "../../bots/pool.js";
import type { Move, Seat } from "../../engine/game.js";
import { Rng, type Seed } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import type { GameEntry } from "../../games/index.js";
import { matchOverLine } from "../../words/event-lines.js";
import { claimVerdict, handResultLines } from "../../words/hand-result.js";
import { YOU, count, readerFor } from "../../words/reader.js";
import { moveScoreLines } from "../../words/score-lines.js";
import { inHandOrder } from "./move-input.js";
import { LEAVE, type Leave, type Say, TablePrompts } from "./table-prompts.js";
import { type CardStyle, LineReader, dressCards } from "../terminal.js";
import { type OutsideLevel, isOutside } from "../../players/level.js";
import { type Forfeit, OutsideSeats, type OutsideSettings } from "../../players/seats.js";

export interface PlayConfig {
  readonly entry: GameEntry;
  readonly players: number;
  /** The computers' level: a built-in player, or an outside program (one started for each computer seat). */
  readonly bot: Player | OutsideLevel;
  /** Times and logs for an outside program. */
  readonly outside?: OutsideSettings;
  /** The computer level's name, saved with a match. */
  readonly vs: string;
  readonly seed: Seed;
  readonly options: Record<string, unknown>;
  /** Milliseconds between the computers' moves, so that each can be read. */
  readonly pace: number;
  /** A saved match (or a position) to play on from, instead of a new one. */
  readonly resume?: Table;
  /** The most milliseconds a searching computer thinks a move (`--think`; its level's own otherwise). */
  readonly think?: number;
  /** What the first line says of where the match comes from (default " Resumed."). */
  readonly startNote?: string;
}

export interface Terminal {
  readonly input: LineReader;
  readonly out: Writable;
  readonly style: CardStyle;
}

/** The pace on a terminal; output to a file or a pipe is not read as it comes, so it gets none. */
export const paceFor = (out: { isTTY?: boolean }): number => (out.isTTY ? 400 : 0);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A terminal table: the board, the legal moves, the computer's moves as
 * they happen, the score after each hand, and "Play again? (Y/N)" at the end
 * of a match, as TeleCards asked. Returns the exit code.
 */
export async function playInTerminal(cfg: PlayConfig, term: Terminal): Promise<number> {
  try {
    const played = await playMatches(cfg, term);
    return typeof played === "number" ? played : 0;
  } finally {
    // Idle search threads would end by themselves; closing them now ends the command at once.
    await closeSearchPool();
  }
}

/**
 * Matches until the player says no (`"done"`), leaves or ends the input
 * (`"quit"`), or the match cannot start (an exit code).
 */
export async function playMatches(cfg: PlayConfig, term: Terminal): Promise<"done" | "quit" | number> {
  const say: Say = (line = "") => void term.out.write(dressCards(line, term.style) + "\n");
  let seed = cfg.resume?.log().seed ?? cfg.seed;
  let resume = cfg.resume;
  for (;;) {
    const table = resume ?? startTable(cfg, seed);
    if (typeof table === "number") return table;
    const others = cfg.players - 1;
    say(
      `${cfg.entry.game.name}: you are seat 0, against ${count(others, "computer player")}. Seed ${seed}.` +
        (resume ? (cfg.startNote ?? " Resumed.") : "") +
        " (q leaves, ? helps, at any prompt.)",
    );
    resume = undefined;
    const suggest = async () =>
      (await hint(cfg.entry, table.state, YOU, Rng.fromSeed(`hint:${table.log().entries.length}`))).line;
    const outcome = await withSeats(cfg, table, say, (seats) =>
      playMatch(cfg, table, new TablePrompts(table, term.input, say, cfg.vs, suggest), say, seats),
    );
    if (outcome === LEAVE) {
      say("Goodbye.");
      return "quit";
    }
    const again = await playAgain(term.input, say, () => reviewInTerminal(table, say));
    if (again === null) {
      say("Goodbye.");
      return "quit";
    }
    if (!again) {
      say("Thanks for playing.");
      return "done";
    }
    seed = typeof seed === "number" ? seed + 1 : `${seed}+`;
  }
}

function startTable(cfg: PlayConfig, seed: Seed): Table | number {
  const started = Table.start(cfg.entry.game, { players: cfg.players, seed, options: cfg.options });
  if (started.ok) return started.value;
  process.stderr.write(`cardroom: ${started.error.message}\n`);
  return 2;
}

/**
 * The match with its outside programs started (when the level is one), and
 * stopped whatever way it ends; a program that does not start forfeits.
 */
async function withSeats(
  cfg: PlayConfig,
  table: Table,
  say: Say,
  play: (seats: OutsideSeats | null) => Promise<void | Leave>,
): Promise<void | Leave> {
  const bot = cfg.bot;
  if (!isOutside(bot)) return play(null);
  const commands = Array.from({ length: cfg.players }, (_, s) => (s === YOU ? null : bot.command));
  const opened = await OutsideSeats.open(table, commands, cfg.outside);
  if (!opened.ok) return sayForfeit(opened.error, say);
  try {
    return await play(opened.value);
  } finally {
    await opened.value.close();
  }
}

function sayForfeit(f: Forfeit, say: Say): void {
  say(`  ${READER.name(f.seat)}'s program (${f.command}) forfeits the match: it ${f.reason}.`);
  say(`  Its stderr is in ${f.log}.`);
  say(
    f.seat === YOU
      ? "Match over."
      : `Match over: ${READER.name(f.seat)} forfeits, every other seat wins (you included).`,
  );
}

/**
 * "Play again? (Y/N)": true, false, or null when the player quits or the input ends; r first
 * reviews the match just played (the player's own decisions), then asks again.
 */
async function playAgain(input: LineReader, say: Say, review: () => Promise<void>): Promise<boolean | null> {
  say("r reviews this match: your decisions judged, the better moves and your accuracy.");
  for (;;) {
    say("Play again? (Y/N)");
    const line = await input.next();
    if (line === null) return null;
    const a = line.trim();
    if (/^q(uit)?$/i.test(a)) return null;
    if (/^(y|yes)$/i.test(a)) return true;
    if (/^(n|no)$/i.test(a)) return false;
    if (/^r(eview)?$/i.test(a)) {
      await review();
      continue;
    }
    say(`"${a}": type y or n (r reviews the match, q quits).`);
  }
}

/** The review of the match at `table`, the player's seat judged (the review's modules loaded only now). */
async function reviewInTerminal(table: Table, say: Say): Promise<void> {
  const [{ logSource }, { reviewOf }, { DEFAULT_REVIEW_BUDGET }, { reviewLines }] = await Promise.all([
    import("../../review/sources.js"),
    import("../tools/review.js"),
    import("../../review/judge.js"),
    import("../../words/review-lines.js"),
  ]);
  const source = logSource(table.game, table.log());
  if (!source.ok) {
    say(`No review: ${source.error}.`);
    return;
  }
  say("Reviewing...");
  const { review, gameName } = await reviewOf(
    source.value,
    [YOU],
    DEFAULT_REVIEW_BUDGET,
    process.stderr.isTTY === true,
  );
  for (const line of reviewLines(review, gameName)) say(line);
}

/** The player at the terminal is seat 0, "you"; the computers are "seat 1", "seat 2"... */
const READER = readerFor(YOU);

async function playMatch(
  cfg: PlayConfig,
  table: Table,
  prompts: TablePrompts,
  say: Say,
  seats: OutsideSeats | null,
): Promise<void | Leave> {
  const rng = Rng.fromSeed(`terminal:${table.log().seed}`);
  const computer = cfg.bot;
  while (!table.state.matchOver) {
    if (table.state.handOver) {
      seats?.handEnd();
      for (const line of handResultLines(
        table.state.hand,
        table.state.result!,
        table.state.scores,
        table.game,
      ))
        say(line);
      if ((await prompts.pressEnter()) === LEAVE) return LEAVE;
      table.next();
      seats?.sync();
      continue;
    }
    for (const seat of table.status().toAct) {
      if (seat === YOU) continue;
      if (cfg.pace > 0) await sleep(cfg.pace);
      let move: Move;
      if (seats) {
        const asked = await seats.ask(seat);
        if (!asked.ok) {
          await seats.end(asked.error);
          return sayForfeit(asked.error, say);
        }
        move = asked.value;
      } else if (!isOutside(computer))
        move = await chooseAsync(
          cfg.entry,
          computer,
          table.state,
          seat,
          rng,
          cfg.think === undefined ? undefined : { ms: cfg.think },
        );
      else throw new Error("an outside level without its programs"); // a bug: withSeats starts them
      playAndSay(table, seat, move, say);
      seats?.sync();
      if (table.state.handOver) break;
    }
    if (table.state.handOver || !table.isToAct(YOU)) continue;
    const legal = table.legal(YOU);
    // A forced move is played at once and said as "your only move".
    const move =
      legal.length === 1
        ? legal[0]
        : await prompts.chooseMove(inHandOrder(legal, table.view(YOU).hand, table.game));
    if (move === LEAVE) return LEAVE;
    playAndSay(table, YOU, move, say, legal.length === 1);
    seats?.sync();
  }
  seats?.handEnd();
  await seats?.end();
  if (table.state.result) {
    for (const line of handResultLines(table.state.hand, table.state.result, table.state.scores, table.game))
      say(line);
  }
  say(matchOverLine(table.status().winners ?? [], READER));
}

/** Plays a legal move and says what happened: a computer's move, then every score it changed. */
function playAndSay(table: Table, seat: Seat, move: Move, say: Say, forced = false): void {
  const before = [...table.state.scores];
  const description = table.game.describeMove(move);
  const since = table.seq;
  table.play(seat, move);
  // A card drawn or taken, as the player may see it: "draw from the stock: 7H".
  const drawn = cardTaken(table, since, seat, move);
  const got = drawn === null ? "" : `: ${drawn}`;
  // The player's own move is said too, as a typed move may not be the one meant.
  if (seat !== YOU)
    say(`  ${READER.name(seat)}: ${publicDescription(table, since, seat, move, description)}${got}`);
  else say(`You: ${description}${forced ? " (your only move)" : ""}${got}${forced ? "." : ""}`);
  const verdict = claimVerdict(table.game.moveToJson(move), seat, before, table.state.scores);
  if (verdict) say(verdict);
  const events = table.eventsFor(YOU, since);
  for (const line of moveScoreLines(events, table.game, before, table.state.scores)) say(line);
}

/**
 * A computer's move, just played, as the human saw it (the move's event as
 * the human's seat reads it): secret choices stay secret.
 */
function publicDescription(table: Table, since: number, seat: Seat, move: Move, description: string): string {
  const seen = table.eventsFor(YOU, since).find((e) => e.type === "move" && e.seat === seat)?.move;
  const actual = table.game.moveToJson(move);
  if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(actual)) return "makes a secret choice";
  return description;
}

/** The card a move drew or took that its event names to the player (a move that names no card itself). */
function cardTaken(table: Table, since: number, seat: Seat, move: Move): string | null {
  if ("card" in table.game.moveToJson(move)) return null;
  const seen = table.eventsFor(YOU, since).find((e) => e.type === "move" && e.seat === seat);
  if (typeof seen?.card === "string") return seen.card;
  // Several cards drawn at once (ROY): named to the drawer as a list.
  return Array.isArray(seen?.cards) ? seen.cards.join(" ") : null;
}

import type { Writable } from "node:stream";
import { type Bot, botMove } from "../bots/index.js";
import type { Json, JsonObject, Move, Seat } from "../engine/game.js";
import { Rng, type Seed } from "../engine/rng.js";
import { Table } from "../engine/table.js";
import type { GameEntry } from "../games/index.js";
import { type CardStyle, LineReader, dressCards } from "./terminal.js";

export interface PlayConfig {
  readonly entry: GameEntry;
  readonly players: number;
  readonly bot: Bot;
  readonly seed: Seed;
  readonly options: Record<string, unknown>;
}

export interface Terminal {
  readonly input: LineReader;
  readonly out: Writable;
  readonly style: CardStyle;
}

/** The human sits at seat 0; the computer plays the others. */
const YOU: Seat = 0;

const QUIT = Symbol("quit");

/**
 * A terminal table: the board, numbered legal moves, the computer's moves as
 * they happen, the score after each hand, and "Play again? (Y/N)" at the end
 * of a match, as TeleCards asked. Returns the exit code.
 */
export async function playInTerminal(cfg: PlayConfig, term: Terminal): Promise<number> {
  const played = await playMatches(cfg, term);
  return typeof played === "number" ? played : 0;
}

/**
 * Matches until the player says no (`"done"`), quits with q or ends the
 * input (`"quit"`), or the match cannot start (an exit code).
 */
export async function playMatches(cfg: PlayConfig, term: Terminal): Promise<"done" | "quit" | number> {
  const say = (line = ""): void => void term.out.write(dressCards(line, term.style) + "\n");
  let seed = cfg.seed;
  for (;;) {
    const started = Table.start(cfg.entry.game, { players: cfg.players, seed, options: cfg.options });
    if (!started.ok) {
      process.stderr.write(`cardroom: ${started.error.message}\n`);
      return 2;
    }
    const others = cfg.players - 1;
    say(
      `${cfg.entry.game.name}: you are seat 0, against ${others} computer player${others === 1 ? "" : "s"}. Seed ${seed}. (q quits at any prompt.)`,
    );
    const outcome = await playMatch(cfg, started.value, term, say);
    if (outcome === QUIT) {
      say("Goodbye.");
      return "quit";
    }
    const again = await ask(term, say, "Play again? (Y/N)", (a) => /^(y|yes|n|no)$/i.test(a));
    if (again === null) {
      say("Goodbye.");
      return "quit";
    }
    if (/^n/i.test(again)) {
      say("Thanks for playing.");
      return "done";
    }
    seed = typeof seed === "number" ? seed + 1 : `${seed}+`;
  }
}

async function playMatch(
  cfg: PlayConfig,
  table: Table,
  term: Terminal,
  say: (line?: string) => void,
): Promise<void | typeof QUIT> {
  const { game } = cfg.entry;
  const rng = Rng.fromSeed(`terminal:${table.log().seed}`);
  while (!table.state.matchOver) {
    if (table.state.handOver) {
      showHandResult(table, say);
      if ((await ask(term, say, "Press Enter for the next hand.", () => true)) === null) return QUIT;
      table.next();
      continue;
    }
    const toAct = table.status().toAct;
    for (const seat of toAct) {
      if (seat === YOU) continue;
      const move = botMove(cfg.entry, cfg.bot, table.state, seat, rng);
      const before = [...table.state.scores];
      table.play(seat, move);
      say(`  seat ${seat}: ${publicDescription(table, seat, move)}`);
      sayScoring(table, before, say);
      if (table.state.handOver) break;
    }
    if (table.state.handOver || !table.isToAct(YOU)) continue;
    say();
    for (const line of game.board(table.view(YOU))) say(line);
    const legal = inHandOrder(table, table.legal(YOU));
    const move = await chooseMove(table, legal, term, say);
    if (move === QUIT) return QUIT;
    const before = [...table.state.scores];
    table.play(YOU, move);
    sayScoring(table, before, say);
  }
  showHandResult(table, say);
  const winners = table.status().winners ?? [];
  say(
    winners.includes(YOU)
      ? winners.length > 1
        ? `Match over: you share the win with seat ${winners.filter((w) => w !== YOU).join(", ")}.`
        : "Match over: you win!"
      : `Match over: seat ${winners.join(" and ")} wins.`,
  );
}

/** Points scored by a move in the middle of a hand (pegging, penalties), as they happen. */
function sayScoring(table: Table, before: readonly number[], say: (line?: string) => void): void {
  if (table.state.handOver) return;
  table.state.scores.forEach((score, p) => {
    if (score !== before[p])
      say(
        `  ${p === YOU ? "you" : `seat ${p}`}: ${score - before[p] > 0 ? "+" : ""}${score - before[p]} (now ${score})`,
      );
  });
}

/** Moves listed in the order of the cards in the player's (sorted) hand; moves without a card keep their place after them. */
function inHandOrder(table: Table, legal: Move[]): Move[] {
  const hand = (table.view(YOU).hand ?? []) as readonly string[];
  const place = (m: Move): number => {
    const c = table.game.moveToJson(m).card;
    const i = typeof c === "string" ? hand.indexOf(c) : -1;
    return i < 0 ? hand.length : i;
  };
  return legal
    .map((m, i) => ({ m, i, p: place(m) }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.m);
}

/** A computer's move as the human saw it: secret choices stay secret. */
function publicDescription(table: Table, seat: Seat, move: Move): string {
  const history = table.view(YOU).history as readonly { move: Json }[] | undefined;
  const seen = history?.[history.length - 1]?.move;
  const actual = table.game.moveToJson(move);
  if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(actual)) return "makes a secret choice";
  return table.game.describeMove(move);
}

async function chooseMove(
  table: Table,
  legal: Move[],
  term: Terminal,
  say: (line?: string) => void,
): Promise<Move | typeof QUIT> {
  const json = legal.map((m) => table.game.moveToJson(m));
  if (json.every((m) => m.type === "claim")) {
    const answer = await ask(term, say, "Your count:", (a) =>
      json.some((m) => String(m.points) === a.trim()),
    );
    if (answer === null) return QUIT;
    return legal[json.findIndex((m) => String(m.points) === answer.trim())];
  }
  if (legal.length === 1) {
    say(`You: ${table.game.describeMove(legal[0])} (your only move).`);
    return legal[0];
  }
  legal.forEach((m, i) => say(`  ${String(i + 1).padStart(2)}. ${table.game.describeMove(m)}`));
  const answer = await ask(term, say, `Your move (1-${legal.length}, q to quit):`, (a) => {
    const n = Number(a);
    return Number.isInteger(n) && n >= 1 && n <= legal.length;
  });
  if (answer === null) return QUIT;
  return legal[Number(answer) - 1];
}

/** Asks until the answer passes `valid`; null when the player quits (q) or the input ends. */
async function ask(
  term: Terminal,
  say: (line?: string) => void,
  prompt: string,
  valid: (answer: string) => boolean,
): Promise<string | null> {
  for (;;) {
    say(prompt);
    const line = await term.input.next();
    if (line === null) return null;
    const a = line.trim();
    if (/^q(uit)?$/i.test(a)) return null;
    if (valid(a)) return a;
    say(`"${a}" is not one of the choices (q quits).`);
  }
}

function showHandResult(table: Table, say: (line?: string) => void): void {
  const r = table.state.result;
  if (!r) return;
  const name = (p: number) => (p === YOU ? "you" : `seat ${p}`);
  say();
  say(`Hand ${table.state.hand} over (${r.reason}).`);
  if (r.winners.length) say(`Won by ${r.winners.map(name).join(" and ")}.`);
  say(`This hand: ${r.points.map((x, p) => `${name(p)} ${x}`).join(", ")}`);
  for (const [key, value] of Object.entries(r.detail ?? {}))
    say(detailLine(key, value, table.state.players, name));
  say(`Match: ${table.state.scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`);
}

/** A line of the hand's details, in words; a list with one entry per seat is shown seat by seat. */
function detailLine(key: string, value: Json, players: number, name: (p: number) => string): string {
  const label = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  if (Array.isArray(value) && value.length === players) {
    return `${label}: ${value.map((v, p) => `${name(p)} ${flat(v)}`).join(" | ")}`;
  }
  return `${label}: ${flat(value)}`;
}

/** A detail value as a player reads it: cards and numbers as they are, yes/no, "none" for nothing. */
function flat(v: Json): string {
  // Groups (melds, lay-offs) stay apart: "AS 2S 3S · 7C 7D 7H".
  if (Array.isArray(v)) {
    if (!v.length) return "none";
    return v.map(flat).join(v.some((x) => x !== null && typeof x === "object") ? " · " : " ");
  }
  if (v && typeof v === "object") {
    return Object.entries(v as JsonObject)
      .map(([k, x]) => `${k} ${flat(x)}`)
      .join(" ");
  }
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

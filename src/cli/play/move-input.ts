/**
 * Moves typed by name at the terminal: `9C`, `draw`, `knock 7H`, `8S hearts`.
 * Typed words are matched against each legal move's wire form and its
 * description, for every game alike; no game's moves are known here.
 */
import { formatCard, parseCard } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";

/** What the terminal needs of a game to read typed moves. */
export interface MoveText {
  moveToJson(move: Move): MoveJson;
  describeMove(move: Move): string;
}

/** The field that makes one menu entry of several moves, asked for afterwards (an Eight's suit). */
export const GROUP_FIELD = "suit";

/**
 * Move types offered once and then asked which card (Gin's knock: "knock",
 * then the card to discard), instead of one entry per card.
 */
export const CARD_GROUPED: Readonly<Record<string, string>> = { knock: "Knock, discarding which card?" };

/** One menu entry: a single move, or moves that differ only in GROUP_FIELD (or the card, for CARD_GROUPED). */
export interface Choice {
  readonly moves: readonly Move[];
  readonly label: string;
  /** For a group: each move's value in words ("hearts"), in the order of `moves`. */
  readonly options?: readonly string[];
  /** For a group: what to ask ("Which suit?"). */
  readonly question?: string;
  /** A CARD_GROUPED entry: its options are cards. */
  readonly byCard?: boolean;
}

export type Typed =
  | { readonly kind: "move"; readonly move: Move }
  | { readonly kind: "group"; readonly choice: Choice }
  | { readonly kind: "ambiguous"; readonly labels: readonly string[] }
  | { readonly kind: "unknown" };

/** The legal moves as menu entries, in order; moves differing only in GROUP_FIELD share one. */
export function menuChoices(legal: readonly Move[], game: MoveText): Choice[] {
  const groups = new Map<string, Move[]>();
  for (const move of legal) {
    const key = groupKey(game.moveToJson(move));
    const group = groups.get(key);
    if (group) group.push(move);
    else groups.set(key, [move]);
  }
  const choices = [...groups.values()].map((moves) => choiceOf(moves, game));
  // A card group (knock) comes after the single moves it is a second choice to.
  return [...choices.filter((c) => !isCardGroup(c)), ...choices.filter(isCardGroup)];
}

const isCardGroup = (c: Choice): boolean => c.byCard === true;

/** A card group's entry: "knock (then pick the card to discard)", its options the cards. */
function cardGroup(moves: readonly Move[], game: MoveText): Choice {
  const type = String(game.moveToJson(moves[0]).type);
  const options = moves.map((m) => String(game.moveToJson(m).card));
  return {
    moves,
    label: `${type} (then pick the card to discard)`,
    options,
    question: CARD_GROUPED[type],
    byCard: true,
  };
}

/** Moves whose wire forms are equal but for GROUP_FIELD share a key. */
function groupKey(json: MoveJson): string {
  if (typeof json.type === "string" && Object.hasOwn(CARD_GROUPED, json.type) && "card" in json)
    return `cards:${json.type}`;
  if (!(GROUP_FIELD in json)) return JSON.stringify(json);
  const rest: Record<string, unknown> = { ...json };
  delete rest[GROUP_FIELD];
  return `group:${JSON.stringify(rest)}`;
}

/** A group's label keeps the words its moves share: "play 8S and call a suit". */
function choiceOf(moves: readonly Move[], game: MoveText): Choice {
  if (moves.length === 1) return { moves, label: game.describeMove(moves[0]) };
  if (groupKey(game.moveToJson(moves[0])).startsWith("cards:")) return cardGroup(moves, game);
  const words = moves.map((m) => game.describeMove(m).split(" "));
  const first = words[0];
  let head = 0;
  while (head < first.length && words.every((w) => w[head] === first[head])) head++;
  let tail = 0;
  while (
    tail < first.length - head &&
    words.every(
      (w) => w.length - tail - 1 >= head && w[w.length - tail - 1] === first[first.length - tail - 1],
    )
  )
    tail++;
  const label = [...first.slice(0, head), `a ${GROUP_FIELD}`, ...first.slice(first.length - tail)].join(" ");
  const options = words.map((w) => w.slice(head, w.length - tail).join(" "));
  return { moves, label, options, question: `Which ${GROUP_FIELD}?` };
}

/** The jokers as a terminal with symbols shows them (src/cli/terminal.ts). */
const JOKERS_SHOWN: Readonly<Record<string, string>> = { "red★": "rj", "black★": "bj" };

/**
 * A word as typed or shown, folded: lower case, a card in its one text form
 * (`10d`, `10♦` and `T♦` are all `td`), so a card is typed as the screen shows it.
 */
function fold(word: string): string {
  const w = word.toLowerCase().replace(/\ufe0f/g, "");
  if (JOKERS_SHOWN[w]) return JOKERS_SHOWN[w];
  const card = /^(10|[a2-9tjqk])[cdhs♣♦♥♠]$|^[rb]j$/i.test(w) ? parseCard(w) : null;
  return card?.ok ? formatCard(card.value).toLowerCase() : w;
}

const words = (text: string): string[] =>
  text
    .split(/[\s,()]+/)
    .filter(Boolean)
    .map(fold);

/** The wire form's words: the type and each value ("play", "8s", "h"). */
function wireWords(json: MoveJson): string[] {
  return Object.values(json)
    .filter((v) => typeof v === "string" || typeof v === "number")
    .map((v) => fold(String(v)));
}

/** A typed word names a move's word: the same, or (two letters or more, not a card) its beginning. */
function names(typed: string, word: string): boolean {
  if (typed === word) return true;
  return typed.length >= 2 && !/\d/.test(typed) && word.startsWith(typed);
}

/**
 * The legal move the player typed. Every typed word must name a word of the
 * move (its wire form or description); among the moves that fit, those
 * leaving the fewest wire words unsaid win, so `discard 9C` is the discard
 * and not the knock, while `9C` alone is ambiguous between them.
 */
export function readTyped(text: string, choices: readonly Choice[], game: MoveText): Typed {
  const typed = words(text);
  if (!typed.length) return { kind: "unknown" };
  let best: { move: Move; choice: Choice }[] = [];
  let fewest = Infinity;
  for (const choice of choices) {
    for (const move of choice.moves) {
      const json = game.moveToJson(move);
      const wire = wireWords(json);
      const all = [...wire, ...words(game.describeMove(move))];
      if (!typed.every((t) => all.some((w) => names(t, w)))) continue;
      const unsaid = wire.filter((w) => !typed.some((t) => names(t, w))).length;
      if (unsaid < fewest) [best, fewest] = [[], unsaid];
      if (unsaid === fewest) best.push({ move, choice });
    }
  }
  if (!best.length) return { kind: "unknown" };
  // A card alone is the plain move (discard 9C), not the grouped one said by name (knock 9C).
  if (best.some((b) => !isCardGroup(b.choice)) && best.some((b) => isCardGroup(b.choice)))
    best = best.filter((b) => !isCardGroup(b.choice));
  if (best.length === 1) return { kind: "move", move: best[0].move };
  const choice = best[0].choice;
  if (best.every((b) => b.choice === choice)) return { kind: "group", choice };
  return { kind: "ambiguous", labels: best.map((b) => game.describeMove(b.move)) };
}

/** A group's member from a typed number (1-based) or its value in words ("hearts", "h"). */
export function readOption(text: string, choice: Choice, game: MoveText): Move | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return choice.moves[Number(t) - 1] ?? null;
  const found = readTyped(t, [choice], game);
  return found.kind === "move" ? found.move : null;
}

/** What can be typed for these moves, as short examples: "draw", "discard 9C", "play 8S hearts". */
export function typedExamples(choices: readonly Choice[], game: MoveText): string[] {
  const seen = new Set<string>();
  for (const choice of choices) {
    const json = game.moveToJson(choice.moves[0]);
    const parts = Object.entries(json)
      .filter(([k, v]) => k !== GROUP_FIELD && (typeof v === "string" || typeof v === "number"))
      .map(([, v]) => String(v));
    if (GROUP_FIELD in json && choice.options) parts.push(choice.options[0]);
    seen.add(parts.join(" "));
  }
  return [...seen];
}

/**
 * Moves listed in the order of the cards in the player's (sorted) hand, as
 * the board shows them; moves without a card keep their place after them.
 */
export function inHandOrder(legal: readonly Move[], hand: unknown, game: MoveText): Move[] {
  const cards = Array.isArray(hand) ? (hand as unknown[]) : [];
  const place = (m: Move): number => {
    const c = game.moveToJson(m).card;
    const i = typeof c === "string" ? cards.indexOf(c) : -1;
    return i < 0 ? cards.length : i;
  };
  return legal
    .map((m, i) => ({ m, i, p: place(m) }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.m);
}

/**
 * A game's How to play page, for players who have never heard of the game:
 * the object, the deal, a turn, scoring, in plain words. Each game writes
 * its own once (src/games/<id>/how-to-play.ts); the terminal prints it as
 * text (`rules`), and the browser can draw the same sections. The exact
 * rules, every case settled, stay in docs/rules/<id>.md.
 */
import { cardSymbol } from "./card-words.js";

/** A row of an example's picture: what the cards are ("Your hand", "Starter") and the cards. */
export interface ExampleRow {
  readonly label: string;
  /** The engine's card codes ("5H", "TD", "RJ"); none for an empty place. */
  readonly cards: readonly string[];
}

/**
 * An example hand, drawn as cards on the browser's page and printed as card
 * symbols by `rules` at the terminal. What its caption says is also kept as
 * data (`claim`, shaped by the game), which the game's how-to-play test
 * checks against its engine: a picture never teaches a rule the game does
 * not play.
 */
export interface HandExample<C = unknown> {
  /** A few words: "Counting a hand". */
  readonly title: string;
  readonly rows: readonly ExampleRow[];
  /** What the picture shows, in a sentence or two. */
  readonly caption: string;
  readonly claim: C;
}

export interface HowToPlay<C = unknown> {
  /** One line: what kind of game, for how many, with what cards. */
  readonly summary: string;
  /** What you are trying to do. */
  readonly object: string;
  /** How the cards are dealt and laid out. */
  readonly deal: string;
  /** What you do on your turn, a point each. */
  readonly turn: readonly string[];
  /** How points are scored and the match is won, a point each. */
  readonly scoring: readonly string[];
  /** Things new players miss, a point each. */
  readonly goodToKnow?: readonly string[];
  /** Example hands, as pictures (after Scoring). */
  readonly examples?: readonly HandExample<C>[];
}

/** An example as text lines: its title, each row's cards as symbols, then its caption. */
export function exampleLines(example: HandExample): string[] {
  const width = Math.max(...example.rows.map((r) => r.label.length)) + 1;
  return [
    `  ${example.title}`,
    ...example.rows.map(
      (r) =>
        `    ${`${r.label}:`.padEnd(width)} ${r.cards.length ? r.cards.map(cardSymbol).join(" ") : "(empty)"}`,
    ),
    ...wrap(example.caption, WIDTH - 4).map((l) => `    ${l}`),
  ];
}

const WIDTH = 76;

/** The page as text lines for a terminal, wrapped, with where the exact rules are. */
export function howToPlayLines(name: string, id: string, page: HowToPlay): string[] {
  const para = (text: string, indent = ""): string[] =>
    wrap(text, WIDTH - indent.length).map((l) => indent + l);
  const points = (items: readonly string[]): string[] =>
    items.flatMap((item) => wrap(item, WIDTH - 4).map((l, i) => (i === 0 ? `  - ${l}` : `    ${l}`)));
  const lines = [`How to play ${name}`, "", ...para(page.summary)];
  lines.push("", "The object", ...para(page.object, "  "));
  lines.push("", "The deal", ...para(page.deal, "  "));
  lines.push("", "A turn", ...points(page.turn));
  lines.push("", "Scoring", ...points(page.scoring));
  if (page.examples?.length) {
    lines.push("", "Examples");
    page.examples.forEach((e, i) => lines.push(...(i ? [""] : []), ...exampleLines(e)));
  }
  if (page.goodToKnow?.length) lines.push("", "Good to know", ...points(page.goodToKnow));
  lines.push("", `Exact rules: docs/rules/${id}.md (every case the game settles).`);
  return lines;
}

/** Words filled into lines of at most `width` characters (a longer word stands alone). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

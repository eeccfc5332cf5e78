import { z } from "zod";
import { formatCard, formatCards, rankText, cardCount } from "../../engine/card-text.js";
import { type JsonObject, type Viewer, SPECTATOR } from "../../engine/game.js";
import { cardText, viewFields } from "../../engine/schemas.js";
import { DOWN, UP } from "./rules.js";
import { type CoasterState, canDraw, handOf, turnedDrawCounts, turnedDrawsOf } from "./state.js";

const int = z.number().int();
const rank = z.enum(["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]);
type RankText = z.infer<typeof rank>;

/** What a seat may know (docs/rules/roller-coaster.md, "Views"). */
export const viewSchema = z.object({
  ...viewFields,
  game: z.literal("roller-coaster"),
  /** Cards in the face-down stock. */
  stock: int.min(0),
  /** The face-up pile, bottom first. */
  discard: z.array(cardText),
  /** The rank each pile card stands at (a joker: the rank it stood for; null while unknown). */
  discardRanks: z.array(rank.nullable()),
  top: cardText.nullable(),
  topRank: rank.nullable(),
  /** The run of the turn in progress. */
  run: z.object({
    cards: z.array(cardText),
    fromEmptyPile: z.boolean(),
    direction: z.enum(["up", "down"]).nullable(),
    last: rank.nullable(),
    jokersSinceLast: int.min(0),
  }),
  canDraw: z.boolean(),
  passes: int.min(0),
  turn: int.min(0),
  packs: int.min(1).max(2),
  handsToWin: int.min(1),
  reshuffles: int.min(0),
  /** The cards the last reshuffle turned into the stock (all seen played), by code. */
  turned: z.array(cardText),
  /** Per seat: cards drawn from that turned stock since. */
  turnedDraws: z.array(int.min(0)),
  /** The viewer's own draws from it (empty for a spectator). */
  turnedDrawnByMe: z.array(cardText),
  /** House rule: how the pile becomes a new stock, `shuffle` or `flip` (turned over as it lay). */
  newStock: z.enum(["shuffle", "flip"]),
  /** After a flip, the stock top first (every seat saw the pile it was turned from); otherwise null. */
  stockOrder: z.array(cardText).nullable(),
});
export type CoasterView = z.infer<typeof viewSchema>;

/** A cycle rank (0..12) as text ("A", "T", "K"), or null when unknown. */
const rankName = (r: number): RankText | null => (r >= 0 ? (rankText(r + 1) as RankText) : null);
const flips = (s: CoasterState): boolean => s.options.newStock === "flip";
const dirName = (d: number): "up" | "down" | null => (d === UP ? "up" : d === DOWN ? "down" : null);

/**
 * What a seat may know: its own hand, the whole face-up pile with the rank
 * each joker stood for, the run in progress, the sizes of the other hands and
 * the stock, and what it saw of the stock since the last reshuffle: the cards
 * turned into it (all seen played), how many each seat drew from it, and
 * which ones it drew itself. After a flip (house rule `newStock`) the
 * stock's order is known to all: the pile was seen as it lay.
 */
export function view(s: CoasterState, viewer: Viewer): CoasterView {
  const own = viewer === SPECTATOR ? null : handOf(s, viewer);
  const top = s.discard.length - 1;
  return {
    game: "roller-coaster",
    seat: viewer,
    hand: own ? formatCards(own) : null,
    handSizes: s.sizes.slice(),
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    result: s.result,
    stock: s.stock.length,
    discard: formatCards(s.discard),
    discardRanks: s.pileRanks.map(rankName),
    top: top >= 0 ? formatCard(s.discard[top]) : null,
    topRank: top >= 0 ? rankName(s.pileRanks[top]) : null,
    run: {
      cards: formatCards(s.discard.slice(s.discard.length - s.played)),
      fromEmptyPile: s.fromEmpty,
      direction: dirName(s.dir),
      last: rankName(s.anchor),
      jokersSinceLast: s.trailing,
    },
    canDraw: canDraw(s),
    passes: s.passes,
    turn: s.turn,
    packs: s.packs,
    handsToWin: s.options.handsToWin,
    reshuffles: s.reshuffles,
    turned: formatCards(s.turned),
    turnedDraws: turnedDrawCounts(s),
    turnedDrawnByMe: viewer === SPECTATOR ? [] : formatCards(turnedDrawsOf(s, viewer)),
    newStock: flips(s) ? "flip" : "shuffle",
    stockOrder: flips(s) && s.reshuffles > 0 ? formatCards(s.stock.slice().reverse()) : null,
  };
}

/** Every card's place (stock top first, pile bottom first) and the turn, for debugging and replays. */
export function dump(s: CoasterState): JsonObject {
  return {
    hands: s.sizes.map((_, p) => formatCards(handOf(s, p))),
    stock: formatCards(s.stock.slice().reverse()),
    discard: formatCards(s.discard),
    discardRanks: s.pileRanks.map(rankName),
    // Knowledge, not places: `dumpSkip` in the property tests.
    turned: formatCards(s.turned),
    turnedDraws: s.sizes.map((_, p) => formatCards(turnedDrawsOf(s, p))),
    turn: s.turn,
    played: s.played,
    anchor: rankName(s.anchor),
    direction: dirName(s.dir),
    trailing: s.trailing,
    fromEmpty: s.fromEmpty,
    dealer: s.dealer,
    hand: s.hand,
    packs: s.packs,
    scores: s.scores.slice(),
    passes: s.passes,
    reshuffles: s.reshuffles,
  };
}

/** The pile's last few cards, a joker shown with what it stood for: "RJ(=T)". */
function pileText(discard: readonly string[], ranks: readonly (string | null)[], last = 8): string {
  const from = Math.max(0, discard.length - last);
  const shown = discard
    .slice(from)
    .map((c, i) => (c === "RJ" || c === "BJ" ? `${c}(=${ranks[from + i] ?? "?"})` : c));
  return (from > 0 ? "… " : "") + shown.join(" ");
}

export function board(v: CoasterView): string[] {
  const name = (p: number) => (p === v.seat ? "you" : `seat ${p}`);
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · first to ${v.handsToWin} hand${v.handsToWin === 1 ? "" : "s"} won`,
    `Hands won: ${v.scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Pile: ${v.discard.length ? pileText(v.discard, v.discardRanks) : "empty (open with a run of 2 or more)"}    Stock: ${cardCount(v.stock)}`,
  ];
  if (v.stockOrder?.length) {
    const next = v.stockOrder.slice(0, 8).join(" ");
    lines.push(`Stock turned over, next to draw: ${next}${v.stockOrder.length > 8 ? " …" : ""}`);
  }
  if (v.run.cards.length) {
    const dir = v.run.direction ? `going ${v.run.direction}` : "direction not set yet";
    lines.push(`Run this turn: ${v.run.cards.join(" ")} (${dir})`);
  }
  lines.push(`To play: ${name(v.turn)}`);
  for (const [p, n] of v.handSizes.entries()) if (p !== v.seat) lines.push(`${name(p)}: ${cardCount(n)}`);
  if (v.hand) lines.push(`Your hand: ${v.hand.join(" ")}`);
  return lines;
}

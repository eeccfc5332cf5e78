import { z } from "zod";
import { rankOf, suitOf } from "../../engine/cards.js";
import { SUIT_LETTERS } from "../../engine/card-call.js";
import { formatCard, formatCards, suitName, suitText, cardCount } from "../../engine/card-text.js";
import { type JsonObject, type Viewer, SPECTATOR } from "../../engine/game.js";
import { cardText, viewFields } from "../../engine/schemas.js";
import { FACING_ACES, FACING_KING, KING_PENALTY, acePenalty } from "./rules.js";
import { type RoyState, top } from "./state.js";

const FACING_TEXT = ["nothing", "aces", "king"] as const;
const int = z.number().int();

/** What a seat sees: the one source of the view's type. */
export const viewSchema = z.object({
  ...viewFields,
  game: z.literal("roy"),
  players: int.min(2).max(4),
  /** Cards in the stock (never which). */
  stock: int.min(0),
  /** The whole discard pile, bottom first. */
  discard: z.array(cardText),
  top: cardText,
  /** The suit a first card follows: the top card's, or the one a wild Jack announced. */
  suit: z.enum(SUIT_LETTERS),
  turn: int.min(0),
  /** Cards the seat to act has put down so far this turn. */
  played: int.min(0),
  /** What the seat to act faced when its turn began. */
  facing: z.enum(FACING_TEXT),
  liveAces: int.min(0).max(4),
  /** How many cards a `draw` takes now (0 in the middle of a turn), before any shortage. */
  drawCount: int.min(0),
  /** The card turned up at the deal. */
  upcard: cardText,
  reshuffles: int.min(0),
  /** The cards shuffled into the stock at the latest reshuffle (they were face up), sorted; empty before one. */
  reshuffled: z.array(cardText),
  target: int.min(1),
  drawWhenAble: z.boolean(),
  /** House rule: what the cards left in hand score, `cards` (1 each) or `values` (courts 10, Aces 11). */
  scoring: z.enum(["cards", "values"]),
});
export type RoyView = z.infer<typeof viewSchema>;

/** The number of cards the player to act draws with `draw` now (before any reshuffle shortage). */
function drawCount(s: RoyState): number {
  if (s.played > 0) return 0;
  if (s.facing === FACING_KING) return KING_PENALTY;
  if (s.facing === FACING_ACES) return acePenalty(s.liveAces);
  return 1;
}

function reshuffled(s: RoyState): string[] {
  if (s.reshuffles === 0) return [];
  const out: number[] = [];
  for (let c = 0; c < 52; c++) if (s.shuffledIn[c] === s.reshuffles) out.push(c);
  return formatCards(out);
}

/**
 * What a seat may know: its own hand, every face-up card (the whole discard
 * pile, the card turned up at the deal, the cards last shuffled into the
 * stock), the sizes of the other hands and of the stock. Never a face-down card.
 */
export function view(s: RoyState, viewer: Viewer): RoyView {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  return {
    game: "roy",
    seat: viewer,
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    handSizes: s.hands.map((h) => h.length),
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    // Copied: a view is a snapshot, never a window onto the live state.
    scores: s.scores.slice(),
    // Replaced, never changed, once set: sharing it keeps the view a snapshot.
    result: s.result,
    players: s.players,
    stock: s.stock.length,
    discard: formatCards(s.discard),
    top: formatCard(top(s)),
    suit: SUIT_LETTERS[s.suit],
    turn: s.turn,
    played: s.played,
    facing: FACING_TEXT[s.facing],
    liveAces: s.liveAces,
    drawCount: drawCount(s),
    upcard: formatCard(s.upcard),
    reshuffles: s.reshuffles,
    reshuffled: reshuffled(s),
    target: s.options.target,
    drawWhenAble: s.options.drawWhenAble,
    scoring: s.options.scoring === "values" ? "values" : "cards",
  };
}

/** The whole position, every card's place as text (the stock top first). */
export function dump(s: RoyState): JsonObject {
  return {
    hands: s.hands.map((h) => formatCards(h)),
    stock: formatCards(s.stock.slice().reverse()),
    discard: formatCards(s.discard),
    suit: suitText(s.suit),
    turn: s.turn,
    played: s.played,
    facing: FACING_TEXT[s.facing],
    liveAces: s.liveAces,
    // The turned-up card is somewhere else in the dump too: named by rank and suit, not as
    // card text, so that every card of the pack is placed exactly once.
    upcardRank: rankOf(s.upcard),
    upcardSuit: suitText(suitOf(s.upcard)),
    reshuffles: s.reshuffles,
    shuffledIn: s.shuffledIn.slice(),
    idle: s.idle,
    dealer: s.dealer,
    hand: s.hand,
    scores: [...s.scores],
  };
}

/** "an Ace", "a 10", "an 8": the top card's rank for a sentence. */
function rankWithArticle(top: string): string {
  const words: Record<string, string> = {
    A: "an Ace",
    T: "a 10",
    J: "a Jack",
    Q: "a Queen",
    K: "a King",
    8: "an 8",
  };
  return words[top[0]] ?? `a ${top[0]}`;
}

/**
 * What facing Aces asks, as far as the board's reader can know it: drawing is
 * legal only without an Ace in hand (rule 2), unless `drawWhenAble`. Another
 * seat's hand is hidden, so its line says both.
 */
function acesFaced(v: RoyView, you: boolean): string {
  const aces = `${v.liveAces} Ace${v.liveAces === 1 ? "" : "s"}`;
  const draw = `draw ${v.drawCount}`;
  if (!you || v.hand === null) {
    return v.drawWhenAble
      ? `${aces}: plays an Ace or draws ${v.drawCount}`
      : `${aces}: plays an Ace if it holds one, else draws ${v.drawCount}`;
  }
  if (!v.hand.some((c) => c.startsWith("A"))) return `${aces}: no Ace to answer with, so ${draw}`;
  return v.drawWhenAble
    ? `${aces}: play an Ace or ${draw}`
    : `${aces}: play an Ace (no drawing while you hold one)`;
}

export function board(v: RoyView): string[] {
  const seat = v.seat;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const suit = suitName(SUIT_LETTERS.indexOf(v.suit));
  // The suit to follow matters only to a first card played freely (not facing Aces or the King).
  const follow =
    v.played === 0 && v.facing === "nothing" && !v.result
      ? `; to start, play a ${suit.replace(/s$/, "")} or ${rankWithArticle(v.top)}`
      : "";
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · playing to ${v.target}`,
    `Scores: ${v.scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Discard: ${v.top}${follow}    Stock: ${cardCount(v.stock)}`,
  ];
  const turn = v.turn;
  const you = turn === seat;
  const who = you ? "You" : `Seat ${turn}`;
  if (v.result) {
    lines.push(`Hand over: ${v.result.reason}`);
  } else if (v.played > 0) {
    lines.push(
      `${who} put down ${v.played} card${v.played === 1 ? "" : "s"} this turn: go on with the same rank or the next higher card of the suit, or end`,
    );
  } else if (v.facing === "aces") {
    lines.push(`${who} ${you ? "face" : "faces"} ${acesFaced(v, you)}`);
  } else if (v.facing === "king") {
    lines.push(`${who} ${you ? "face" : "faces"} the King of spades: draw 7 and lose the turn`);
  } else {
    lines.push(`${who} to play`);
  }
  for (const [p, n] of v.handSizes.entries()) if (p !== seat) lines.push(`${name(p)}: ${cardCount(n)}`);
  if (v.hand) lines.push(`Your hand: ${v.hand.join(" ")}`);
  return lines;
}

import { rankOf, suitOf } from "../../engine/cards.js";
import { formatCard, formatCards, suitName, suitText } from "../../engine/card-text.js";
import { type JsonObject, type Viewer, SPECTATOR, historyView } from "../../engine/game.js";
import { moveToJson } from "./moves.js";
import { FACING_ACES, FACING_KING, KING_PENALTY, acePenalty } from "./rules.js";
import { type RoyState, top } from "./state.js";

const FACING_TEXT = ["nothing", "aces", "king"] as const;

/** The number of cards the player to act draws with `draw` now (before any reshuffle shortage). */
function drawCount(s: RoyState): number {
  if (s.played > 0) return 0;
  if (s.facing === FACING_KING) return KING_PENALTY;
  if (s.facing === FACING_ACES) return acePenalty(s.liveAces);
  return 1;
}

/**
 * What a seat may know: its own hand, every face-up card (the whole discard
 * pile, the card turned up at the deal, every card played this hand), the
 * sizes of the other hands and of the stock. Never a face-down card.
 */
export function view(s: RoyState, viewer: Viewer): JsonObject {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  return {
    game: "roy",
    seat: viewer,
    players: s.players,
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    handSizes: s.hands.map((h) => h.length),
    stock: s.stock.length,
    discard: formatCards(s.discard),
    top: formatCard(top(s)),
    suit: suitText(s.suit),
    turn: s.turn,
    toAct: s.handOver ? [] : [s.turn],
    played: s.played,
    facing: FACING_TEXT[s.facing],
    liveAces: s.liveAces,
    drawCount: drawCount(s),
    upcard: formatCard(s.upcard),
    reshuffles: s.reshuffles,
    dealer: s.dealer,
    handNumber: s.hand,
    // Copied: a view is a snapshot, never a window onto the live state.
    scores: s.scores.slice(),
    target: s.options.target,
    drawWhenAble: s.options.drawWhenAble,
    history: historyView(s, (_seat, m) => moveToJson(m)),
    result: s.result as JsonObject | null,
  };
}

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
    idle: s.idle,
    dealer: s.dealer,
    hand: s.hand,
    scores: [...s.scores],
    rng: [...s.rng.state()],
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

export function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const sizes = v.handSizes as number[];
  const scores = v.scores as number[];
  const suit = suitName("CDHS".indexOf(v.suit as string));
  // The suit to follow matters only to a first card played freely (not facing Aces or the King).
  const follow =
    v.played === 0 && v.facing === "nothing" && !v.result
      ? `; to start, play a ${suit.replace(/s$/, "")} or ${rankWithArticle(String(v.top))}`
      : "";
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer as number)} · playing to ${v.target}`,
    `Scores: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Discard: ${v.top}${follow}    Stock: ${v.stock} cards`,
  ];
  const turn = v.turn as number;
  const you = turn === seat;
  const who = you ? "You" : `Seat ${turn}`;
  if (v.result) {
    lines.push(`Hand over: ${(v.result as { reason: string }).reason}`);
  } else if ((v.played as number) > 0) {
    lines.push(
      `${who} put down ${v.played} card${v.played === 1 ? "" : "s"} this turn: go on with the same rank or the next higher card of the suit, or end`,
    );
  } else if (v.facing === "aces") {
    lines.push(`${who} ${you ? "face" : "faces"} ${v.liveAces} Ace(s): play an Ace or draw ${v.drawCount}`);
  } else if (v.facing === "king") {
    lines.push(`${who} ${you ? "face" : "faces"} the King of spades: draw 7 and lose the turn`);
  } else {
    lines.push(`${who} to play`);
  }
  for (const [p, n] of sizes.entries()) if (p !== seat) lines.push(`${name(p)}: ${n} cards`);
  if (v.hand) lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
  return lines;
}

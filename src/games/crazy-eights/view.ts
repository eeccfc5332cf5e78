import { z } from "zod";
import { formatCard, formatCards, suitName, suitText, cardCount } from "../../engine/card-text.js";
import { SUIT_LETTERS } from "../../engine/card-call.js";
import { type JsonObject, type Viewer, SPECTATOR } from "../../engine/game.js";
import { cardText, viewFields } from "../../engine/schemas.js";
import { type EightsState, top } from "./state.js";

const int = z.number().int();

/** What a seat sees: the one source of the view's type. */
export const viewSchema = z.object({
  ...viewFields,
  game: z.literal("crazy-eights"),
  /** The cards the viewer drew this turn, when it is to act (empty otherwise). */
  drawn: z.array(cardText),
  /** Cards in the stock (never which). */
  stock: int.min(0),
  /** The whole discard pile, bottom first: all of it was played face up. */
  discard: z.array(cardText),
  top: cardText,
  /** The suit to follow: the top card's, or the one an Eight called. */
  suit: z.enum(SUIT_LETTERS),
  turn: int.min(0),
  target: int.min(1),
});
export type EightsView = z.infer<typeof viewSchema>;

/** The cards the player to act has drawn this turn: drawn cards go to the end of the hand. */
function drawnThisTurn(s: EightsState): string[] {
  const hand = s.hands[s.turn];
  return formatCards(hand.slice(hand.length - s.drawn));
}

export function view(s: EightsState, viewer: Viewer): EightsView {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  const toAct = !s.handOver && viewer === s.turn;
  return {
    game: "crazy-eights",
    seat: viewer,
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    handSizes: s.hands.map((h) => h.length),
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    // The result is replaced, never changed, once set: sharing it keeps the view a snapshot.
    result: s.result,
    drawn: toAct && s.drawn > 0 ? drawnThisTurn(s) : [],
    stock: s.stock.length,
    discard: formatCards(s.discard),
    top: formatCard(top(s)),
    suit: SUIT_LETTERS[s.suit],
    turn: s.turn,
    target: s.options.target,
  };
}

/** The whole position, every card's place as text (the stock top first). */
export function dump(s: EightsState): JsonObject {
  return {
    hands: s.hands.map((h) => formatCards(h)),
    stock: formatCards(s.stock.slice().reverse()),
    discard: formatCards(s.discard),
    suit: suitText(s.suit),
    turn: s.turn,
    dealer: s.dealer,
    hand: s.hand,
    scores: [...s.scores],
    passes: s.passes,
    drawn: s.drawn,
  };
}

const RANK_WORDS: Readonly<Record<string, string>> = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };

export function board(v: EightsView): string[] {
  const seat = v.seat;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const top = v.top;
  const suit = suitName(SUIT_LETTERS.indexOf(v.suit));
  // A played Eight called the suit to follow; one turned up at the start only has its own.
  const called = top[0] === "8" && v.discard.length > 1;
  const aSuit = `a ${suit.slice(0, -1)}`;
  const aRank = `${top[0] === "A" ? "an" : "a"} ${RANK_WORDS[top[0]] ?? top[0]}`;
  const stock =
    v.stock === 0 ? "Stock: empty (no drawing: pass when nothing plays)" : `Stock: ${cardCount(v.stock)}`;
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · playing to ${v.target}`,
    `Scores: ${v.scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Discard: ${top}, ${called ? `${suit} called: play ${aSuit} or an Eight` : top[0] === "8" ? `play ${aSuit} or an Eight` : `play ${aSuit}, ${aRank} or an Eight`}    ${stock}`,
    ...v.handSizes.flatMap((n, p) => (p === seat ? [] : [`${name(p)}: ${cardCount(n)}`])),
  ];
  if (!v.result && v.turn !== seat) lines.push(`To play: ${name(v.turn)}`);
  if (v.hand) lines.push(`Your hand: ${v.hand.join(" ")}`);
  if (v.drawn.length) lines.push(`You drew: ${v.drawn.join(" ")}`);
  return lines;
}

import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import { cardName, formatCard, formatCards, parseCards, cardCount } from "../../engine/card-text.js";
import { type JsonObject, SPECTATOR, type Viewer } from "../../engine/game.js";
import { cardText, viewFields } from "../../engine/schemas.js";
import { bestArrangement, deadwoodWithout } from "./melds.js";
import {
  type GinState,
  type HandDetail,
  PHASES,
  copyResult,
  ginResultSchema,
  layoffSchema,
  optionsSchema,
} from "./state.js";
import { handMultiplier, knockLimitOf } from "./rules.js";
import { knockCardLine } from "./words.js";

const byRank = (a: Card, b: Card): number => (a % 13) - (b % 13) || a - b;
const sorted = (cards: readonly Card[]): string[] => formatCards(cards.slice().sort(byRank));
const cardsText = z.array(cardText);

/** What the knock shows everyone: the knocker's melds (with lay-offs so far) and deadwood. */
export const knockViewSchema = z.object({
  knocker: z.number().int(),
  /** Numbered as lay-offs name them (`meld`). */
  melds: z.array(cardsText),
  deadwoodCards: cardsText,
  deadwood: z.number().int(),
  gin: z.boolean(),
  layoffs: z.array(layoffSchema),
});
export type KnockView = z.infer<typeof knockViewSchema>;

export const viewSchema = z.object({
  ...viewFields,
  game: z.literal("gin-rummy"),
  result: ginResultSchema.nullable(),
  /** Cards in the face-down stock. */
  stock: z.number().int().min(0),
  /** The discard pile, bottom first. */
  discard: cardsText,
  top: cardText.nullable(),
  phase: z.enum(PHASES),
  turn: z.number().int(),
  /** To the seat to act only: the card it just took, which it may not throw back. */
  mayNotDiscard: cardText.nullable(),
  /** Per seat: the cards it took face up from the discard pile and still holds. */
  takenFromDiscard: z.array(cardsText),
  /** Per seat: the cards it has discarded this hand. */
  discardedBy: z.array(cardsText),
  /** Per seat: the face-up cards it passed on this hand (up-card refused, a top discard left for the stock). */
  passedBy: z.array(cardsText),
  knock: knockViewSchema.nullable(),
  handsWon: z.array(z.number().int()),
  /** With the Oklahoma house rule: the card turned up at the deal, which set `knockLimit`; else null. */
  knockCard: cardText.nullable(),
  /** Oklahoma with spades double: a spade knock card doubles this hand's points. */
  doubled: z.boolean(),
  ...optionsSchema.shape,
});
export type GinView = z.infer<typeof viewSchema>;

/** The knocker's melds as they lie on the table: the knocker's cards plus what was laid off on each. */
function tableMeldCards(s: GinState): string[][] {
  return s.knockMelds.map((meld, i) =>
    sorted([...meld, ...s.laidCards.filter((_, k) => s.laidMelds[k] === i)]),
  );
}

const layoffsOf = (s: GinState): { card: string; meld: number }[] =>
  s.laidCards.map((c, k) => ({ card: formatCard(c), meld: s.laidMelds[k] }));

/** What the knock shows everyone; null before a knock. */
export function knockView(s: GinState): KnockView | null {
  if (s.knocker < 0) return null;
  const hand = s.hands[s.knocker];
  const inMelds = new Set(s.knockMelds.flat());
  return {
    knocker: s.knocker,
    melds: tableMeldCards(s),
    deadwoodCards: sorted(hand.filter((c) => !inMelds.has(c))),
    deadwood: s.knockerDeadwood,
    gin: s.knockerDeadwood === 0,
    layoffs: layoffsOf(s),
  };
}

/**
 * Both hands laid out at the end of a hand: each seat's melds, lay-offs and
 * deadwood. The knocker keeps the melds it knocked with; every other hand is
 * arranged for the least deadwood.
 */
export function handDetail(s: GinState): HandDetail {
  const melds: string[][][] = [];
  const deadwoodCards: string[][] = [];
  const deadwood: number[] = [];
  for (let p = 0; p < s.players; p++) {
    const k = p === s.knocker ? knockView(s) : null;
    if (k) {
      melds.push(k.melds);
      deadwoodCards.push(k.deadwoodCards);
      deadwood.push(k.deadwood);
    } else {
      const a = bestArrangement(s.hands[p]);
      melds.push(a.melds.map(sorted));
      deadwoodCards.push(sorted(a.deadwoodCards));
      deadwood.push(a.deadwood);
    }
  }
  return {
    knocker: s.knocker >= 0 ? s.knocker : null,
    gin: s.knocker >= 0 && s.knockerDeadwood === 0,
    melds,
    deadwoodCards,
    deadwood,
    layoffs: layoffsOf(s),
    matchBonuses: null,
  };
}

const cardLists = (x: readonly Card[][]): string[][] => x.map(sorted);

/** What `viewer` may know now: its own hand, the public piles and everything turned face up. */
export function view(s: GinState, viewer: Viewer): GinView {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  const top = s.discard.length ? formatCard(s.discard[s.discard.length - 1]) : null;
  return {
    game: "gin-rummy",
    seat: viewer,
    // By suit, then rank: runs read left to right.
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    handSizes: s.hands.map((h) => h.length),
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    // A copy: a view is a snapshot, sharing nothing with the state.
    result: s.result && copyResult(s.result),
    stock: s.stock.length,
    discard: formatCards(s.discard),
    top,
    phase: PHASES[s.phase],
    turn: s.turn,
    mayNotDiscard: s.taken >= 0 && viewer === s.turn ? formatCard(s.taken) : null,
    takenFromDiscard: cardLists(s.takenFromDiscard),
    discardedBy: cardLists(s.discardedBy),
    passedBy: cardLists(s.passedBy),
    knock: knockView(s),
    handsWon: s.handsWon.slice(),
    knockCard: oklahomaOn(s) ? formatCard(s.upcard) : null,
    doubled: handMultiplier(s.options.oklahoma, s.upcard) === 2,
    target: s.options.target,
    knockLimit: knockLimitOf(s),
    layoffs: s.options.layoffs,
    bonuses: s.options.bonuses,
    ginBonus: s.options.ginBonus,
    undercutBonus: s.options.undercutBonus,
    oklahoma: s.options.oklahoma,
  };
}

/** Is the Oklahoma knock card in play (and known: positions from before it have none)? */
const oklahomaOn = (s: GinState): boolean =>
  (s.options.oklahoma === "rank" || s.options.oklahoma === "spades") && s.upcard >= 0;

/** Every card once, as text: the hands (the knocker's melds are in its hand), the stock (top first), the discards, the lay-offs. */
export function dump(s: GinState): JsonObject {
  return {
    hands: s.hands.map((h) => formatCards(h)),
    stock: formatCards(s.stock.slice().reverse()),
    discard: formatCards(s.discard),
    laidOff: formatCards(s.laidCards),
    laidOnMelds: [...s.laidMelds],
    tableMelds: s.tableMelds.map((m) => ({ ...m })),
    phase: PHASES[s.phase],
    turn: s.turn,
    // In words, not card text: each card is listed once, where it is.
    mayNotDiscard: s.taken >= 0 ? cardName(s.taken) : null,
    knocker: s.knocker,
    knockerDeadwood: s.knockerDeadwood,
    dealer: s.dealer,
    hand: s.hand,
    scores: [...s.scores],
  };
}

const PROMPTS: Record<(typeof PHASES)[number], string> = {
  offer: "take the up-card or pass",
  "draw-stock": "draw from the stock",
  draw: "take the top discard or draw from the stock",
  discard: "discard (or knock)",
  layoff: "lay off cards on the knocker's melds, then done",
};

/**
 * The player's melds and deadwood as the hand stands: with 10 cards, the best
 * arrangement; with 11, the best discard first (never the card just taken)
 * and the melds and deadwood it leaves, and whether that may knock.
 */
export function meldLines(hand: readonly Card[], mayNotDiscard: string | null, knockLimit: number): string[] {
  const melds = (a: { melds: Card[][] }): string =>
    a.melds.map((m) => sorted(m).join(" ")).join(" · ") || "none";
  if (hand.length !== 11) {
    const best = bestArrangement(hand);
    return [`  melds: ${melds(best)}   deadwood ${best.deadwood}`];
  }
  let pick = -1;
  let least = Infinity;
  for (const c of hand) {
    if (formatCard(c) === mayNotDiscard) continue;
    const d = deadwoodWithout(hand, c);
    if (d < least || (d === least && c > pick)) [pick, least] = [c, d];
  }
  const rest = hand.filter((c) => c !== pick);
  const best = bestArrangement(rest);
  const knock = best.deadwood === 0 ? "; that is gin" : best.deadwood <= knockLimit ? "; you may knock" : "";
  return [`  melds: ${melds(best)}   deadwood ${best.deadwood} after discarding ${formatCard(pick)}${knock}`];
}

export function board(v: GinView): string[] {
  const seat = v.seat;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · playing to ${v.target}`,
    `Scores: ${v.scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Discard: ${v.top ?? "-"}    Stock: ${cardCount(v.stock)}`,
    ...v.handSizes.flatMap((n, p) => (p === seat ? [] : [`${name(p)}: ${cardCount(n)}`])),
  ];
  v.takenFromDiscard.forEach((held, p) => {
    if (p !== seat && held.length) lines.push(`${name(p)} took face up: ${held.join(" ")}`);
  });
  const knock = v.knock;
  if (knock) {
    const melds = knock.melds.map((m, i) => `${i}: ${m.join(" ")}`).join(" · ");
    lines.push(`${name(knock.knocker)} knocked: ${melds}   Deadwood ${knock.deadwood}`);
  }
  const knockCard = knockCardLine(v);
  if (knockCard) lines.push(knockCard);
  const result = v.result;
  if (result) {
    lines.push(`Hand over: ${result.reason}; points ${result.points.join(" / ")}`);
    const d = result.detail;
    d.melds.forEach((melds, p) => {
      const dead = d.deadwoodCards[p];
      lines.push(
        `  ${name(p)}: ${melds.map((m) => m.join(" ")).join(" · ") || "no melds"}   Deadwood: ${dead.join(" ") || "-"} = ${d.deadwood[p]}`,
      );
    });
    const bonus = d.matchBonuses;
    if (bonus) {
      const perSeat = (x: number[]) => x.map((n, p) => `${name(p)} ${n}`).join(", ");
      lines.push(
        `  Match bonuses: boxes ${perSeat(bonus.boxes)}; game ${perSeat(bonus.game)}${bonus.shutout ? "; shutout doubles" : ""}; totals ${perSeat(bonus.totals)}`,
      );
    }
  } else if (seat !== SPECTATOR && v.toAct.includes(seat)) {
    lines.push(`To do: ${PROMPTS[v.phase]}`);
  } else {
    lines.push(`Waiting for ${name(v.turn)} (${v.phase})`);
  }
  if (v.hand) {
    lines.push(`Your hand: ${v.hand.join(" ")}`);
    const hand = parseCards(v.hand);
    if (hand.ok && !result) lines.push(...meldLines(hand.value, v.mayNotDiscard, v.knockLimit));
  }
  return lines;
}

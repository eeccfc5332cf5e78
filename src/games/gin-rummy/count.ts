import type { Card } from "../../engine/cards.js";
import { formatCard, formatCards, parseCards } from "../../engine/card-text.js";
import type { JsonObject } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import type { CountAnswer } from "../../engine/counting.js";
import {
  type Arrangement,
  bestArrangement,
  cardValue,
  deadwood,
  deadwoodWithout,
  knockArrangement,
} from "./melds.js";
import { type TableMeld, canLayOff, knockScore, layOff, tableMeld } from "./rules.js";

const KNOCK_LIMIT = 10;
const GIN_BONUS = 25;
const UNDERCUT_BONUS = 25;

const byRank = (a: Card, b: Card): number => (a % 13) - (b % 13) || a - b;
const text = (cards: readonly Card[]): string[] => formatCards(cards.slice().sort(byRank));

function readCards(raw: unknown, what: string, sizes: readonly number[]): Result<Card[], string> {
  if (raw === undefined) return err(`${what} is missing`);
  const cards = parseCards(raw);
  if (!cards.ok) return err(`${what}: ${cards.error}`);
  if (!sizes.includes(cards.value.length)) {
    const n = cards.value.length;
    return err(`${what} has ${n} card${n === 1 ? "" : "s"}; it needs ${sizes.join(" or ")}`);
  }
  const seen = new Set<Card>();
  for (const c of cards.value) {
    if (c >= 52) return err(`${what}: Gin Rummy is played without jokers`);
    if (seen.has(c)) return err(`${what} names ${formatCard(c)} twice`);
    seen.add(c);
  }
  return cards;
}

const meldsText = (a: { melds: readonly Card[][] }): string =>
  a.melds.map((m) => text(m).join(" ")).join(" · ") || "none";
const arrangementText = (a: Arrangement): string =>
  `Melds: ${meldsText(a)}   Deadwood: ${text(a.deadwoodCards).join(" ") || "none"} = ${a.deadwood}`;

/**
 * The counting tool: `{"hand": [10 or 11 cards]}` gives the least deadwood and
 * one arrangement (for 11 cards, after the best discard); `{"knocker": [10],
 * "defender": [10]}` scores a knock with the default options, the defender
 * laying off whatever leaves it the least deadwood.
 */
export function count(request: Readonly<Record<string, unknown>>): Result<CountAnswer, string> {
  if (request.hand !== undefined) {
    if (request.knocker !== undefined || request.defender !== undefined) {
      return err('give either "hand" or "knocker" and "defender", not both');
    }
    const hand = readCards(request.hand, "the hand", [10, 11]);
    return hand.ok ? ok(countHand(hand.value)) : hand;
  }
  if (request.knocker === undefined && request.defender === undefined) {
    return err('a gin-rummy count needs "hand" (10 or 11 cards) or "knocker" and "defender" (10 cards each)');
  }
  const knocker = readCards(request.knocker, "the knocker's hand", [10]);
  if (!knocker.ok) return knocker;
  const defender = readCards(request.defender, "the defender's hand", [10]);
  if (!defender.ok) return defender;
  const both = new Set(knocker.value);
  const shared = defender.value.find((c) => both.has(c));
  if (shared !== undefined) return err(`${formatCard(shared)} is in both hands`);
  return countKnock(knocker.value, defender.value);
}

/** The discard leaving the least deadwood; on a tie, the higher card, then the later in pack order. */
export function bestDiscard(hand: readonly Card[]): Card {
  let best = hand[0];
  let bestD = Infinity;
  for (const c of hand) {
    const d = deadwoodWithout(hand, c);
    if (
      d < bestD ||
      (d === bestD && (cardValue(c) > cardValue(best) || (cardValue(c) === cardValue(best) && c > best)))
    ) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

function countHand(hand: readonly Card[]): CountAnswer {
  const discard = hand.length === 11 ? bestDiscard(hand) : -1;
  const kept = hand.filter((c) => c !== discard);
  const a = bestArrangement(kept);
  const json: Record<string, JsonObject[string]> = {
    deadwood: a.deadwood,
    melds: a.melds.map(text),
    deadwoodCards: text(a.deadwoodCards),
  };
  if (discard >= 0) json.discard = formatCard(discard);
  const words = (discard >= 0 ? `Discard ${formatCard(discard)}.  ` : "") + arrangementText(a);
  return { json, text: words };
}

interface Layoffs {
  readonly deadwood: number;
  readonly laid: { card: Card; meld: number }[];
}

/** The lay-offs that leave the defender the least deadwood (each a card and the meld it goes on). */
export function bestLayoffs(defender: readonly Card[], melds: readonly TableMeld[]): Layoffs {
  const memo = new Map<string, Layoffs>();
  const search = (hand: Card[], table: TableMeld[]): Layoffs => {
    const key = hand.join(",") + "|" + table.map((m) => `${m.lo}-${m.hi}-${m.size}`).join(",");
    const known = memo.get(key);
    if (known) return known;
    let best: Layoffs = { deadwood: deadwood(hand), laid: [] };
    for (const c of hand) {
      for (let i = 0; i < table.length; i++) {
        if (!canLayOff(table[i], c)) continue;
        const next = table.map((m) => ({ ...m }));
        layOff(next[i], c);
        const r = search(
          hand.filter((x) => x !== c),
          next,
        );
        if (
          r.deadwood < best.deadwood ||
          (r.deadwood === best.deadwood && r.laid.length + 1 < best.laid.length)
        ) {
          best = { deadwood: r.deadwood, laid: [{ card: c, meld: i }, ...r.laid] };
        }
      }
    }
    memo.set(key, best);
    return best;
  };
  return search(
    defender.slice(),
    melds.map((m) => ({ ...m })),
  );
}

function countKnock(knocker: readonly Card[], defender: readonly Card[]): Result<CountAnswer, string> {
  const k = knockArrangement(knocker);
  if (k.deadwood > KNOCK_LIMIT) {
    return err(`the knocker cannot knock: deadwood ${k.deadwood} is over ${KNOCK_LIMIT}`);
  }
  const gin = k.deadwood === 0;
  const lay = gin
    ? { deadwood: deadwood(defender), laid: [] }
    : bestLayoffs(defender, k.melds.map(tableMeld));
  const laidSet = new Set(lay.laid.map((l) => l.card));
  const rest = bestArrangement(defender.filter((c) => !laidSet.has(c)));
  const score = knockScore(k.deadwood, rest.deadwood, GIN_BONUS, UNDERCUT_BONUS);
  const knockerMelds = k.melds.map((m, i) => [
    ...m,
    ...lay.laid.filter((l) => l.meld === i).map((l) => l.card),
  ]);
  const json = {
    winner: score.winner,
    points: score.points,
    knockerDeadwood: k.deadwood,
    defenderDeadwood: rest.deadwood,
    layoffs: lay.laid.map((l) => ({ card: formatCard(l.card), meld: l.meld })),
    gin: score.gin,
    undercut: score.undercut,
    knockerMelds: knockerMelds.map(text),
    knockerDeadwoodCards: text(k.deadwoodCards),
    defenderMelds: rest.melds.map(text),
    defenderDeadwoodCards: text(rest.deadwoodCards),
  };
  const laidText = lay.laid.length
    ? `lays off ${lay.laid.map((l) => formatCard(l.card)).join(" ")}; `
    : gin
      ? "no lay-offs after gin; "
      : "";
  const outcome = score.gin ? "gin" : score.undercut ? "undercut" : "knock";
  const lines = [
    `Knocker: ${arrangementText(k)}`,
    `Defender: ${laidText}${arrangementText(rest)}`,
    `${score.winner === "knocker" ? "Knocker" : "Defender"} scores ${score.points} (${outcome})`,
  ];
  return ok({ json, text: lines.join("\n") });
}

import type { Card } from "../../engine/cards.js";
import { cardName, formatCard, formatCards, parseCards } from "../../engine/card-text.js";
import {
  type Json,
  type JsonObject,
  SPECTATOR,
  type Viewer,
  historyMove,
  historySeat,
  historyView,
} from "../../engine/game.js";
import { bestArrangement } from "./melds.js";
import { TAKE, isCardMove, isLayoff, moveCard, moveToJson } from "./moves.js";
import { type GinState, PHASES } from "./state.js";

const byRank = (a: Card, b: Card): number => (a % 13) - (b % 13) || a - b;
const sorted = (cards: readonly Card[]): string[] => formatCards(cards.slice().sort(byRank));

/**
 * Per seat, the cards it holds that it took face up from the discard pile:
 * public knowledge, worked out from the up-card and the history.
 */
export function takenFromDiscard(s: GinState): Card[][] {
  const pile: Card[] = [s.upcard];
  const held: Card[][] = s.hands.map(() => []);
  for (const packed of s.history) {
    const seat = historySeat(packed);
    const m = historyMove(packed);
    if (m === TAKE) held[seat].push(pile.pop()!);
    else if (isCardMove(m)) {
      const c = moveCard(m);
      if (!isLayoff(m)) pile.push(c);
      held[seat] = held[seat].filter((x) => x !== c);
    }
  }
  return held;
}

/** The knocker's melds as they lie on the table: the knocker's cards plus what was laid off on each. */
function tableMeldCards(s: GinState): string[][] {
  return s.knockMelds.map((meld, i) =>
    sorted([...meld, ...s.laidCards.filter((_, k) => s.laidMelds[k] === i)]),
  );
}

const layoffsJson = (s: GinState): Json[] =>
  s.laidCards.map((c, k) => ({ card: formatCard(c), meld: s.laidMelds[k] }));

/**
 * What the knock shows everyone: the knocker's melds (with lay-offs so far)
 * and deadwood. Null before a knock.
 */
function knockView(s: GinState): JsonObject | null {
  if (s.knocker < 0) return null;
  const hand = s.hands[s.knocker];
  const inMelds = new Set(s.knockMelds.flat());
  return {
    knocker: s.knocker,
    melds: tableMeldCards(s),
    deadwoodCards: sorted(hand.filter((c) => !inMelds.has(c))),
    deadwood: s.knockerDeadwood,
    gin: s.knockerDeadwood === 0,
    layoffs: layoffsJson(s),
  };
}

/**
 * Both hands laid out at the end of a hand: each seat's melds, lay-offs and
 * deadwood. The knocker keeps the melds it knocked with; every other hand is
 * arranged for the least deadwood.
 */
export function handDetail(s: GinState): JsonObject {
  const melds: Json[] = [];
  const deadwoodCards: Json[] = [];
  const deadwood: Json[] = [];
  for (let p = 0; p < s.players; p++) {
    if (p === s.knocker) {
      const k = knockView(s)!;
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
    layoffs: layoffsJson(s),
  };
}

export function view(s: GinState, viewer: Viewer): JsonObject {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  const top = s.discard.length ? formatCard(s.discard[s.discard.length - 1]) : null;
  return {
    game: "gin-rummy",
    seat: viewer,
    hand: own ? sorted(own) : null,
    handSizes: s.hands.map((h) => h.length),
    stock: s.stock.length,
    discard: formatCards(s.discard),
    top,
    phase: PHASES[s.phase],
    turn: s.turn,
    toAct: s.handOver ? [] : [s.turn],
    // Public knowledge (it was taken face up), but named only to its holder: the other seat reads it from the history.
    mayNotDiscard: s.taken >= 0 && viewer === s.turn ? formatCard(s.taken) : null,
    takenFromDiscard: takenFromDiscard(s).map(sorted),
    knock: knockView(s),
    dealer: s.dealer,
    handNumber: s.hand,
    scores: [...s.scores],
    handsWon: [...s.handsWon],
    target: s.options.target,
    knockLimit: s.options.knockLimit,
    layoffs: s.options.layoffs,
    bonuses: s.options.bonuses,
    ginBonus: s.options.ginBonus,
    undercutBonus: s.options.undercutBonus,
    history: historyView(s, (_seat, m) => moveToJson(m)),
    result: s.result as JsonObject | null,
  };
}

/** Every card once: the hands (the knocker's melds are in its hand), the stock, the discards, the lay-offs. */
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
    mayNotDiscard: s.taken >= 0 ? cardName(s.taken) : null,
    knocker: s.knocker,
    knockerDeadwood: s.knockerDeadwood,
    dealer: s.dealer,
    hand: s.hand,
    scores: [...s.scores],
    handsWon: [...s.handsWon],
    winner: s.winner,
    rng: [...s.rng.state()],
  };
}

const PROMPTS: Record<string, string> = {
  offer: "take the up-card or pass",
  "draw-stock": "draw from the stock",
  draw: "take the top discard or draw from the stock",
  discard: "discard (or knock)",
  layoff: "lay off cards on the knocker's melds, then done",
};

export function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const scores = v.scores as number[];
  const sizes = v.handSizes as number[];
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer as number)} · playing to ${v.target}`,
    `Scores: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Discard: ${v.top ?? "-"}    Stock: ${v.stock} cards`,
    ...sizes.flatMap((n, p) => (p === seat ? [] : [`${name(p)}: ${n} cards`])),
  ];
  const knock = v.knock as JsonObject | null;
  if (knock) {
    const melds = (knock.melds as string[][]).map((m, i) => `${i}: ${m.join(" ")}`).join(" · ");
    lines.push(`${name(knock.knocker as number)} knocked: ${melds}   Deadwood ${knock.deadwood}`);
  }
  const result = v.result as JsonObject | null;
  if (result) {
    lines.push(`Hand over: ${result.reason}; points ${(result.points as number[]).join(" / ")}`);
    const d = result.detail as JsonObject;
    (d.melds as string[][][]).forEach((melds, p) => {
      const dead = (d.deadwoodCards as string[][])[p];
      lines.push(
        `  ${name(p)}: ${melds.map((m) => m.join(" ")).join(" · ") || "no melds"}   Deadwood: ${dead.join(" ") || "-"} = ${(d.deadwood as number[])[p]}`,
      );
    });
    const bonus = d.matchBonuses as JsonObject | undefined;
    if (bonus) {
      const perSeat = (key: string) => (bonus[key] as number[]).map((x, p) => `${name(p)} ${x}`).join(", ");
      lines.push(
        `  Match bonuses: boxes ${perSeat("boxes")}; game ${perSeat("game")}${bonus.shutout ? "; shutout doubles" : ""}; totals ${perSeat("totals")}`,
      );
    }
  } else if (!v.toAct || (v.toAct as number[]).includes(seat as number)) {
    lines.push(`To do: ${PROMPTS[v.phase as string]}`);
  } else {
    lines.push(`Waiting for ${name(v.turn as number)} (${v.phase})`);
  }
  if (v.hand) {
    lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
    const hand = parseCards(v.hand);
    if (hand.ok && hand.value.length === 10 && !result) {
      const best = bestArrangement(hand.value);
      const melds = best.melds.map((m) => formatCards(m).join(" ")).join(" · ");
      lines.push(`  melds: ${melds || "none"}   deadwood ${best.deadwood}`);
    }
  }
  return lines;
}

import type { Bot } from "../../bots/bot.js";
import { statePlayout } from "../../bots/levels.js";
import { type Card, CARD_SPACE } from "../../engine/cards.js";
import { parseCard } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { isPlay, moveCard } from "./moves.js";
import { trickWinner } from "./rules.js";
import type { HyruleState } from "./state.js";
import type { HyruleView } from "./view.js";

const toCard = (t: string | null): Card | null => {
  const r = parseCard(t);
  return r.ok ? r.value : null;
};

/** Every card the view shows as out of play or in sight: the rest are unseen (other hands, the stock). */
function unseenCards(view: HyruleView): Card[] {
  const seen = new Uint8Array(CARD_SPACE);
  const mark = (t: string | null): void => {
    const c = toCard(t);
    if (c !== null) seen[c] = 1;
  };
  for (const t of view.hand ?? []) mark(t);
  for (const pile of view.captured) for (const t of pile) mark(t);
  for (const t of view.unclaimed) mark(t);
  for (const p of view.trick) mark(p.card);
  return unmarked(seen);
}

function unmarked(seen: Uint8Array): Card[] {
  const out: Card[] = [];
  for (let c = 0; c < CARD_SPACE; c++) if (!seen[c]) out.push(c);
  return out;
}

/** How often `c` takes a two-card trick against one unseen card. */
function strength(c: Card, unseen: readonly Card[]): number {
  if (unseen.length === 0) return 0;
  const pair = [c, 0];
  let wins = 0;
  for (const u of unseen) {
    pair[1] = u;
    if (trickWinner(pair, 2, true) === 0) wins++;
  }
  return wins / unseen.length;
}

/**
 * Chance mode: a trick carrying unclaimed cards is worth more than the
 * others, so it gets the strongest card (measured against the unseen cards);
 * an ordinary trick gets the weakest, keeping strength for the rich ones.
 * Strategy mode: if a card wins the trick as it stands, the cheapest such
 * card; else the weakest card. Blind play has one move.
 */
export const greedy: Bot<HyruleView> = {
  choose(view, legal) {
    if (legal.filter(isPlay).length <= 1) return legal[0];
    // The trick's cards the seat can see: in strategy mode all of them, in chance mode none of the others'.
    const trick = view.trick.flatMap((p) => {
      const c = toCard(p.card);
      return c === null ? [] : [c];
    });
    const carried = view.unclaimed.length > 0 && view.tiedTricks !== "aside";
    return greedyMove(unseenCards(view), view.mode === "chance", carried, trick, legal);
  },
};

const stateSeen = new Uint8Array(CARD_SPACE);
const stateTrick: Card[] = [];

/**
 * `greedy` on the state itself, for the search's playouts and its model of
 * the others (no view built, no card text): it reads only what the mover's
 * view shows, its own hand, the captured and unclaimed cards and the trick's
 * cards it may see (in chance mode, none of the others'), so it plays every
 * drawn world as `greedy` would from the view (a test holds the two to the
 * same move).
 */
export const greedyPlayout = statePlayout<HyruleState>((s, seat, legal) => {
  let plays = 0;
  for (const m of legal) if (isPlay(m)) plays++;
  if (plays <= 1) return legal[0];
  stateSeen.fill(0);
  for (const c of s.hands[seat]) stateSeen[c] = 1;
  for (const pile of s.captured) for (const c of pile) stateSeen[c] = 1;
  for (const c of s.unclaimed) stateSeen[c] = 1;
  const trick = stateTrick;
  trick.length = 0;
  for (let i = 0; i < s.playedCount; i++) {
    const p = s.order[i];
    if (s.chance && p !== seat) continue;
    stateSeen[s.played[p]] = 1;
    trick.push(s.played[p]);
  }
  const carried = s.unclaimed.length > 0 && s.options.tiedTricks !== "aside";
  return greedyMove(unmarked(stateSeen), s.chance, carried, trick, legal);
});

/**
 * `greedy`'s choice from the cards it cannot see (`unseen`) and the trick's
 * cards it can, in the order they came.
 */
function greedyMove(
  unseen: readonly Card[],
  chance: boolean,
  richTrick: boolean,
  trick: readonly Card[],
  legal: readonly Move[],
): Move {
  const plays = legal.filter(isPlay);
  const rated = plays
    .map((m) => ({ m, s: strength(moveCard(m), unseen) }))
    .sort((a, b) => a.s - b.s || a.m - b.m);
  const weakest = rated[0].m;
  const strongest = rated[rated.length - 1].m;
  if (chance) return richTrick ? strongest : weakest;
  const cards = [...trick, 0];
  for (const { m } of rated) {
    cards[trick.length] = moveCard(m);
    if (trickWinner(cards, cards.length, false) === trick.length) return m;
  }
  return weakest;
}

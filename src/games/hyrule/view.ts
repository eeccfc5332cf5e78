import { z } from "zod";
import { formatCard, formatCards } from "../../engine/card-text.js";
import { type JsonObject, type Seat, type Viewer, SPECTATOR } from "../../engine/game.js";
import { cardText, viewFields } from "../../engine/schemas.js";
import { HAND_SIZE, NOBODY, NONE, trickReason } from "./rules.js";
import type { HyruleState } from "./state.js";

const int = z.number().int();

/** What a seat (or a spectator) sees: one source for the type, the protocol docs and the tests. */
export const viewSchema = z.object({
  ...viewFields,
  /** The number of undealt cards, face down and out of play. */
  stock: int.min(0),
  mode: z.enum(["chance", "strategy"]),
  blind: z.boolean(),
  youngest: int.min(0),
  runOff: z.boolean(),
  /** Where a tied trick's cards go: `carry` to the next winner, `aside` out of play (house rule). */
  tiedTricks: z.enum(["carry", "aside"]),
  /** Who plays this hand (everyone, or a run-off's tied players). */
  inHand: z.array(z.boolean()),
  /** The trick being played, 1 to 7. */
  trickNumber: int.min(1).max(HAND_SIZE),
  /** Strategy mode: who led the current trick, and whose turn it is; null in chance mode and after the hand. */
  leader: int.min(0).nullable(),
  turn: int.min(0).nullable(),
  /** The current trick's cards in the order they came; `card` is null where the viewer may not see it yet. */
  trick: z.array(z.object({ seat: int.min(0), card: cardText.nullable() })),
  /** The hand's finished tricks: each seat's card (null: not playing), who took it (null: nobody) and why. */
  tricks: z.array(
    z.object({
      number: int.min(1).max(HAND_SIZE),
      cards: z.array(cardText.nullable()),
      winner: int.min(0).nullable(),
      why: z.string(),
    }),
  ),
  /** The cards each seat has captured in this hand (all were shown). */
  captured: z.array(z.array(cardText)),
  /** Cards of tricks nobody took, for the winner of the next trick. */
  unclaimed: z.array(cardText),
  runOffs: int.min(0),
});
export type HyruleView = z.infer<typeof viewSchema>;

const cardOrNull = (c: number): string | null => (c === NONE ? null : formatCard(c));

/**
 * May `viewer` see the card `seat` put into the current trick? In strategy
 * mode cards are played face up; in chance mode a choice is secret from
 * everyone else until all have chosen (and then the trick is already decided).
 */
const seesChoice = (s: HyruleState, viewer: Viewer, seat: Seat): boolean => !s.chance || viewer === seat;

/** The current trick so far: who has put a card in, and the card where the viewer may see it. */
function openTrick(s: HyruleState, viewer: Viewer): HyruleView["trick"] {
  const out: HyruleView["trick"] = [];
  for (let i = 0; i < s.playedCount; i++) {
    const seat = s.order[i];
    out.push({ seat, card: seesChoice(s, viewer, seat) ? formatCard(s.played[seat]) : null });
  }
  return out;
}

/** A finished trick's cards, in seat order. */
export function trickCards(s: HyruleState, t: number): number[] {
  const n = s.players;
  const base = t * (n + 1);
  const out: number[] = [];
  for (let p = 0; p < n; p++) if (s.tricks[base + p] !== NONE) out.push(s.tricks[base + p]);
  return out;
}

/**
 * Finished tricks: every card was shown to all. Slots a set-up's endgame
 * never played (no cards) are left out. `why` needs no play order: only two
 * jokers in strategy mode depend on it, and the words for them do not.
 */
function finishedTricks(s: HyruleState): HyruleView["tricks"] {
  const n = s.players;
  const out: HyruleView["tricks"] = [];
  for (let t = 0; t < s.trick; t++) {
    const base = t * (n + 1);
    const cards = s.tricks.slice(base, base + n);
    if (cards.every((c) => c === NONE)) continue;
    const winner = s.tricks[base + n];
    out.push({
      number: t + 1,
      cards: cards.map(cardOrNull),
      winner: winner === NOBODY ? null : winner,
      why: trickReason(trickCards(s, t), cards.filter((c) => c !== NONE).length, s.chance),
    });
  }
  return out;
}

export function view(s: HyruleState, viewer: Viewer): HyruleView {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  const strategy = !s.chance;
  return {
    game: "hyrule",
    seat: viewer,
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    handSizes: s.hands.map((h) => h.length),
    toAct: s.toActSeats.slice(),
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    result: s.result,
    stock: s.stock.length,
    mode: s.options.mode,
    blind: s.options.blind,
    youngest: s.options.youngest,
    runOff: s.options.runOff,
    tiedTricks: s.options.tiedTricks === "aside" ? "aside" : "carry",
    inHand: s.inHand.slice(),
    trickNumber: Math.min(s.trick + 1, HAND_SIZE),
    leader: strategy && !s.handOver ? s.leader : null,
    turn: strategy && !s.handOver ? s.turn : null,
    trick: openTrick(s, viewer),
    tricks: finishedTricks(s),
    captured: s.captured.map((c) => formatCards(c)),
    unclaimed: formatCards(s.unclaimed),
    runOffs: s.runOffs,
  };
}

/**
 * Every card's place, as text, and how far the hand has come: what a re-deal
 * from the hand's seed must reproduce at the deal. Who plays the hand (a
 * run-off's players, its leader) is the match's flow, not the deal: it is in
 * the view and the position. The stock is listed sorted: it is face down and
 * out of play for the whole hand, so its order is no part of the play (and
 * sampled worlds that differ only there are one arrangement).
 */
export function dump(s: HyruleState): JsonObject {
  return {
    hands: s.hands.map((h) => formatCards(h)),
    stock: formatCards(s.stock.slice().sort((a, b) => a - b)),
    played: s.played.map(cardOrNull),
    captured: s.captured.map((c) => formatCards(c)),
    unclaimed: formatCards(s.unclaimed),
    trick: s.trick,
    order: s.order.slice(0, s.playedCount),
    lastWinner: s.lastWinner,
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
    nextPlayers: s.nextPlayers.slice(),
  };
}

export function board(v: HyruleView): string[] {
  const seat = v.seat;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const playing = v.scores.flatMap((x, p) => (v.inHand[p] ? [`${name(p)} ${x}`] : []));
  const lines = [
    `Hand ${v.handNumber}${v.runOffs > 0 ? " (run-off)" : ""} · ${v.mode}${v.blind ? ", blind" : ""} · trick ${v.trickNumber} of 7`,
    `Captured: ${playing.join(", ")}`,
  ];
  const last = v.tricks[v.tricks.length - 1];
  if (last) {
    const shown = last.cards.flatMap((c, p) => (c ? [`${name(p)} ${c}`] : []));
    lines.push(
      `Last trick: ${shown.join(", ")} -> ${last.winner === null ? "nobody" : name(last.winner)} (${last.why})`,
    );
  }
  if (v.unclaimed.length)
    lines.push(
      v.tiedTricks === "aside"
        ? `Set aside, nobody's: ${v.unclaimed.join(" ")}`
        : `Unclaimed, to the next winner: ${v.unclaimed.join(" ")}`,
    );
  if (v.trick.length)
    lines.push(`This trick: ${v.trick.map((t) => `${name(t.seat)} ${t.card ?? "(chosen)"}`).join(", ")}`);
  if (v.leader !== null) lines.push(`Led by ${name(v.leader)}; play goes counter-clockwise`);
  if (v.toAct.length) lines.push(`To act: ${v.toAct.map(name).join(", ")}`);
  if (v.hand) lines.push(`Your hand: ${v.hand.join(" ")}`);
  return lines;
}

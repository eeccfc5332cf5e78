import { formatCard, formatCards } from "../../engine/card-text.js";
import {
  type JsonObject,
  type MoveJson,
  type Seat,
  type Viewer,
  SPECTATOR,
  historyMove,
  historySeat,
} from "../../engine/game.js";
import type { HyruleState } from "./game.js";
import { moveToJson } from "./moves.js";
import { NOBODY, NONE } from "./rules.js";

const cardOrNull = (c: number): string | null => (c === NONE ? null : formatCard(c));

/**
 * May `viewer` see the card `seat` put into the current trick? In strategy
 * mode cards are played face up; in chance mode a choice is secret from
 * everyone else until all have chosen (and then the trick is already decided).
 */
const seesChoice = (s: HyruleState, viewer: Viewer, seat: Seat): boolean => !s.chance || viewer === seat;

/**
 * The hand's moves as the viewer saw them: the last moves are the open
 * trick's, and in chance mode others' choices there are masked.
 */
function historyFor(s: HyruleState, viewer: Viewer): JsonObject[] {
  const firstSecret = s.chance ? s.history.length - s.playedCount : s.history.length;
  return s.history.map((packed, i) => {
    const seat = historySeat(packed);
    const move: MoveJson =
      i >= firstSecret && viewer !== seat ? { type: "chosen" } : moveToJson(historyMove(packed));
    return { seat, move: move as JsonObject };
  });
}

/** The current trick so far: who has put a card in, and the card where the viewer may see it. */
function openTrick(s: HyruleState, viewer: Viewer): JsonObject[] {
  const out: JsonObject[] = [];
  for (let i = 0; i < s.playedCount; i++) {
    const seat = s.order[i];
    out.push({ seat, card: seesChoice(s, viewer, seat) ? formatCard(s.played[seat]) : null });
  }
  return out;
}

/** Finished tricks: every card was shown to all. */
function finishedTricks(s: HyruleState): JsonObject[] {
  const n = s.players;
  const out: JsonObject[] = [];
  for (let t = 0; t < s.trick * (n + 1); t += n + 1) {
    const winner = s.tricks[t + n];
    out.push({
      cards: s.tricks.slice(t, t + n).map(cardOrNull),
      winner: winner === NOBODY ? null : winner,
    });
  }
  return out;
}

export function view(s: HyruleState, viewer: Viewer): JsonObject {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  const strategy = !s.chance;
  return {
    game: "hyrule",
    seat: viewer,
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    handSizes: s.hands.map((h) => h.length),
    stock: s.stockSize,
    mode: s.options.mode,
    blind: s.options.blind,
    youngest: s.options.youngest,
    runOff: s.options.runOff,
    inHand: s.inHand.slice(),
    trickNumber: Math.min(s.trick + 1, 7),
    leader: strategy && !s.handOver ? s.leader : null,
    turn: strategy && !s.handOver ? s.turn : null,
    toAct: s.toActSeats.slice(),
    trick: openTrick(s, viewer),
    tricks: finishedTricks(s),
    captured: s.captured.map((c) => formatCards(c)),
    unclaimed: formatCards(s.unclaimed),
    dealer: s.dealer,
    handNumber: s.hand,
    runOffs: s.runOffs,
    scores: s.scores.slice(),
    history: historyFor(s, viewer),
    result: s.result as JsonObject | null,
  };
}

export function dump(s: HyruleState): JsonObject {
  return {
    hands: s.hands.map((h) => formatCards(h)),
    stock: formatCards(s.deck.slice(0, s.stockSize)),
    played: s.played.map(cardOrNull),
    captured: s.captured.map((c) => formatCards(c)),
    unclaimed: formatCards(s.unclaimed),
    inHand: s.inHand.slice(),
    trick: s.trick,
    order: s.order.slice(0, s.playedCount),
    leader: s.leader,
    turn: s.turn,
    lastWinner: s.lastWinner,
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
    runOffs: s.runOffs,
    nextPlayers: s.nextPlayers.slice(),
    rng: [...s.rng.state()],
  };
}

export function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const scores = v.scores as number[];
  const inHand = v.inHand as boolean[];
  const playing = scores.flatMap((x, p) => (inHand[p] ? [`${name(p)} ${x}`] : []));
  const lines = [
    `Hand ${v.handNumber}${(v.runOffs as number) > 0 ? " (run-off)" : ""} · ${v.mode}${v.blind ? ", blind" : ""} · trick ${v.trickNumber} of 7`,
    `Captured: ${playing.join(", ")}`,
  ];
  const tricks = v.tricks as { cards: (string | null)[]; winner: number | null }[];
  const last = tricks[tricks.length - 1];
  if (last) {
    const shown = last.cards.flatMap((c, p) => (c ? [`${name(p)} ${c}`] : []));
    lines.push(`Last trick: ${shown.join(", ")} -> ${last.winner === null ? "nobody" : name(last.winner)}`);
  }
  const unclaimed = v.unclaimed as string[];
  if (unclaimed.length) lines.push(`Unclaimed, to the next winner: ${unclaimed.join(" ")}`);
  const trick = v.trick as { seat: number; card: string | null }[];
  if (trick.length)
    lines.push(`This trick: ${trick.map((t) => `${name(t.seat)} ${t.card ?? "(chosen)"}`).join(", ")}`);
  if (v.leader !== null) lines.push(`Led by ${name(v.leader as number)}; play goes counter-clockwise`);
  const toAct = v.toAct as number[];
  if (toAct.length) lines.push(`To act: ${toAct.map(name).join(", ")}`);
  if (v.hand) lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
  return lines;
}

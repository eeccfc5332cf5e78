import { type Card, byRankThenSuit } from "../../engine/cards.js";
import { cardName, formatCard, formatCards } from "../../engine/card-text.js";
import {
  type Json,
  type JsonObject,
  type Move,
  type MoveJson,
  type Seat,
  type Viewer,
  SPECTATOR,
  historyView,
} from "../../engine/game.js";
import { showAnswer } from "./count.js";
import { isDiscard, moveToJson } from "./moves.js";
import { showCards } from "./play.js";
import { cutDealer, isCribStep, showOwner, showPoints } from "./rules.js";
import { type CribbageState, EVENT_NAMES, OVER, PHASE_NAMES, SHOWING } from "./state.js";

const sorted = (cards: readonly Card[]): string[] => formatCards(cards.slice().sort(byRankThenSuit));

/** Is the crib face up: being shown in the muggins show, or the hand over? */
export const cribShown = (s: CribbageState): boolean =>
  s.handOver || (s.phase === SHOWING && isCribStep(s.players, s.showStep));

/** One shown hand (or crib) with its count in words: public once shown. */
function shownHand(s: CribbageState, step: number): JsonObject {
  const crib = isCribStep(s.players, step);
  const cards = showCards(s, step);
  const answer = showAnswer(cards, s.starter, crib);
  return {
    seat: showOwner(s.dealer, s.players, step),
    crib,
    cards: sorted(cards),
    total: showPoints(cards, s.starter, crib),
    ...(s.options.muggins && step < s.claims.length ? { claim: s.claims[step] } : {}),
    count: answer.text.split("\n")[0],
    breakdown: answer.json.breakdown,
  };
}

/** The cut for the first deal, card names in words (the cut cards went back into the pack). */
function cutView(s: CribbageState): JsonObject | null {
  if (s.cuts.length === 0) return null;
  const last = s.cuts[s.cuts.length - 1];
  return { rounds: s.cuts.map((r) => r.map(cardName)), dealer: cutDealer(last) };
}

/** What a seat (or a spectator) may know, built up from what it may see. */
export function view(s: CribbageState, viewer: Viewer): JsonObject {
  const seat = viewer === SPECTATOR ? -1 : viewer;
  const faceUp = cribShown(s);
  const shows: JsonObject[] = [];
  for (let step = 0; step < s.showStep; step++) shows.push(shownHand(s, step));
  const claiming =
    s.phase === SHOWING
      ? {
          seat: showOwner(s.dealer, s.players, s.showStep),
          crib: isCribStep(s.players, s.showStep),
          cards: sorted(showCards(s, s.showStep)),
        }
      : null;
  const goSeats: Seat[] = [];
  for (let p = 0; p < s.players; p++) if (s.goMask & (1 << p)) goSeats.push(p);
  return {
    game: "cribbage",
    seat: viewer,
    phase: PHASE_NAMES[s.phase],
    hand: seat >= 0 ? sorted(s.hands[seat]) : null,
    myCrib: seat >= 0 ? formatCards(s.crib.filter((_, i) => s.cribOwner[i] === seat)) : null,
    handSizes: s.hands.map((h) => h.length),
    cribSize: s.crib.length,
    crib: faceUp ? sorted(s.crib) : null,
    starter: s.starter >= 0 ? formatCard(s.starter) : null,
    stock: s.stock.length - s.stockTop,
    count: s.count,
    pile: formatCards(s.played.slice(s.pileStart)),
    played: s.played.map((c, i) => ({ seat: s.playedBy[i], card: formatCard(c) })),
    go: goSeats,
    turn: s.phase === OVER ? null : s.turn,
    toAct: s.handOver ? [] : [...s.toActSeats],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    target: s.options.target,
    muggins: s.options.muggins,
    skunk: s.options.skunk,
    scoring: s.events.map((e) => ({ seat: e & 7, points: (e >> 3) & 127, for: EVENT_NAMES[e >> 10] })),
    shows,
    claiming,
    cutForDeal: cutView(s),
    games: s.games.slice(),
    // Another seat's discard stays a bare "discard" even once the crib is turned:
    // the crib shows its cards, never who put which one there.
    history: historyView(s, (mover: Seat, m: Move): MoveJson =>
      isDiscard(m) && mover !== seat ? { type: "discard" } : moveToJson(m),
    ),
    result: s.result ? (JSON.parse(JSON.stringify(s.result)) as JsonObject) : null,
  };
}

/** Every card's place, each card once (the pile is the tail of `played`, so it is given as a size). */
export function dump(s: CribbageState): JsonObject {
  return {
    phase: PHASE_NAMES[s.phase],
    hands: s.hands.map((h) => formatCards(h)),
    crib: formatCards(s.crib),
    cribOwner: s.cribOwner.slice(),
    stock: formatCards(s.stock.slice(s.stockTop)),
    starter: s.starter >= 0 ? formatCard(s.starter) : null,
    played: formatCards(s.played),
    playedBy: s.playedBy.slice(),
    pileStart: s.pileStart,
    count: s.count,
    goMask: s.goMask,
    lastPlayer: s.lastPlayer,
    turn: s.turn,
    showStep: s.showStep,
    claims: s.claims.slice(),
    events: s.events.slice(),
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
    games: s.games.slice(),
    rng: [...s.rng.state()],
  };
}

/** The table as a seat sees it, for terminals. */
export function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: Json): string => (p === seat ? "you" : `seat ${p}`);
  const scores = v.scores as number[];
  const sizes = v.handSizes as number[];
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · playing to ${v.target}${v.muggins ? " · muggins" : ""}`,
    `Scores: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Starter: ${v.starter ?? "not cut yet"}    Crib (${name(v.dealer)}): ${v.crib ? (v.crib as string[]).join(" ") : cardCount(v.cribSize as number)}` +
      ((v.myCrib as string[] | null)?.length ? `, yours in it: ${(v.myCrib as string[]).join(" ")}` : ""),
  ];
  if (v.phase === "pegging") {
    const go = v.go as number[];
    lines.push(
      `Count: ${v.count}   ${(v.pile as string[]).join(" ")}` +
        (go.length ? `   (go: ${go.map(name).join(", ")})` : ""),
    );
  }
  for (const sh of v.shows as JsonObject[])
    lines.push(
      `${name(sh.seat)} ${sh.crib ? "crib" : "hand"} ${(sh.cards as string[]).join(" ")} + ${v.starter}: ${sh.total}` +
        (sh.claim !== undefined ? ` (claimed ${sh.claim})` : "") +
        ` (${sh.count})`,
    );
  const claiming = v.claiming as JsonObject | null;
  if (claiming)
    lines.push(
      `${name(claiming.seat)} to claim the ${claiming.crib ? "crib" : "hand"}: ${(claiming.cards as string[]).join(" ")} + ${v.starter}`,
    );
  sizes.forEach((n, p) => {
    if (p !== seat) lines.push(`${name(p)}: ${cardCount(n)}`);
  });
  if (v.hand) lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
  return lines;
}

const cardCount = (n: number): string => (n === 1 ? "1 card" : `${n} cards`);

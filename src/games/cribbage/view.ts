import { z } from "zod";
import { type Card, byRankThenSuit } from "../../engine/cards.js";
import { cardName, formatCard, formatCards, cardCount } from "../../engine/card-text.js";
import { type JsonObject, type Seat, type Viewer, SPECTATOR } from "../../engine/game.js";
import { cardText, handResultSchema, viewFields } from "../../engine/schemas.js";
import { type ComboKind, showAnswer } from "./count.js";
import { showCards, showFull } from "./play.js";
import { cutDealer, isCribStep, showOwner, showPoints, showStepOf } from "./rules.js";
import {
  cribFlushRule,
  type CribbageState,
  isFiveCard,
  OVER,
  PHASE_NAMES,
  SCORE_NAMES,
  SHOWING,
  scoreKind,
  scorePoints,
  scoreSeat,
} from "./state.js";

const int = z.number().int().min(0);
const seat = int.max(2);
const cards = z.array(cardText);
const COMBO_KINDS = ["fifteen", "pair", "run", "flush", "nobs"] as const satisfies readonly ComboKind[];

/** A hand (or the crib) shown, with its count: public once shown. */
const shownSchema = z.object({
  seat,
  crib: z.boolean(),
  /** Sorted by rank. */
  cards,
  total: int,
  /** Muggins: what its owner claimed. */
  claim: int.optional(),
  /** The count as players say it ("fifteen two, fifteen four, and a pair is six"). */
  count: z.string(),
  breakdown: z.array(z.object({ kind: z.enum(COMBO_KINDS), cards, points: int })),
});

/** What a seat (or a spectator) sees of a cribbage table. */
export const viewSchema = z.object({
  ...viewFields,
  game: z.literal("cribbage"),
  phase: z.enum(PHASE_NAMES),
  /** The cards the viewer put in the crib, in the order it put them; null for a spectator. */
  myCrib: cards.nullable(),
  cribSize: int,
  /** The crib's cards once turned (its muggins claim, or the hand's end); else null. */
  crib: cards.nullable(),
  starter: cardText.nullable(),
  /** Cards in the face-down stock (its top card is the starter until the cut). */
  stock: int,
  /** The running count, and its cards (`pile`, in the order played). */
  count: int.max(31),
  pile: cards,
  /** Every card pegged this hand, in order. */
  played: z.array(z.object({ seat, card: cardText })),
  /** Seats that said go in this count. */
  go: z.array(seat),
  turn: seat.nullable(),
  target: int,
  muggins: z.boolean(),
  skunk: z.boolean(),
  /** The house rule on the crib's flush: `five` (the rules) or `four`. */
  cribFlush: z.enum(["five", "four"]),
  /** The house rule on the deal: `six` (the usual game) or `five` (five-card cribbage: keep 3, one count). */
  deal: z.enum(["six", "five"]),
  /** Points scored this hand, in order, and what for. */
  scoring: z.array(
    z.object({ seat, points: int, for: z.enum(SCORE_NAMES.slice(1) as [string, ...string[]]) }),
  ),
  shows: z.array(shownSchema),
  /** Muggins: the hand (or crib) its owner is to claim now. */
  claiming: z.object({ seat, crib: z.boolean(), cards }).nullable(),
  /** The cut for the first deal: each round's cards in words (seat order), and who deals. */
  cutForDeal: z.object({ rounds: z.array(z.array(z.string())), dealer: seat }).nullable(),
  /** Games won, once the match is over (2 for a skunk). */
  games: z.array(int),
  result: handResultSchema.nullable(),
});
export type CribbageView = z.infer<typeof viewSchema>;

const sorted = (cs: readonly Card[]): string[] => formatCards(cs.slice().sort(byRankThenSuit));

/**
 * Is a seat's hand face up: the hand over, or its turn come in the muggins
 * show. Only five-card cribbage shows cards still held (its one count leaves
 * some unplayed); in the six-card game every card is pegged before the show.
 */
export const handShown = (s: CribbageState, seat: Seat): boolean =>
  s.handOver || (s.phase === SHOWING && showStepOf(s.dealer, s.players, seat) <= s.showStep);

/** Is the crib face up: being shown in the muggins show, or the hand over? */
export const cribShown = (s: CribbageState): boolean =>
  s.handOver || (s.phase === SHOWING && isCribStep(s.players, s.showStep));

/** One shown hand (or crib) with its count in words: public once shown. */
function shownHand(s: CribbageState, step: number): CribbageView["shows"][number] {
  const crib = isCribStep(s.players, step);
  const shown = showCards(s, step);
  const flushRule = cribFlushRule(s.options, crib);
  const full = showFull(s, step);
  const answer = showAnswer(shown, s.starter, flushRule, full);
  const combos = answer.json.breakdown as { kind: ComboKind; cards: string[]; points: number }[];
  return {
    seat: showOwner(s.dealer, s.players, step),
    crib,
    cards: sorted(shown),
    total: showPoints(shown, s.starter, flushRule, full),
    ...(s.options.muggins && step < s.claims.length ? { claim: s.claims[step] } : {}),
    count: answer.text.split("\n")[0],
    breakdown: combos,
  };
}

/** The cut for the first deal, card names in words (the cut cards went back into the pack). */
function cutView(s: CribbageState): CribbageView["cutForDeal"] {
  if (s.cuts.length === 0) return null;
  const rounds: string[][] = [];
  for (let i = 0; i < s.cuts.length; i += s.players)
    rounds.push(s.cuts.slice(i, i + s.players).map(cardName));
  return { rounds, dealer: cutDealer(s.cuts.slice(-s.players)) };
}

/** What a seat (or a spectator) may know, built up from what it may see. */
export function view(s: CribbageState, viewer: Viewer): CribbageView {
  const me = viewer === SPECTATOR ? -1 : viewer;
  const shows: CribbageView["shows"] = [];
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
    hand: me >= 0 ? sorted(s.hands[me]) : null,
    myCrib: me >= 0 ? formatCards(s.crib.filter((_, i) => s.cribOwner[i] === me)) : null,
    handSizes: s.hands.map((h) => h.length),
    cribSize: s.crib.length,
    crib: cribShown(s) ? sorted(s.crib) : null,
    starter: s.starter >= 0 ? formatCard(s.starter) : null,
    stock: s.stock.length,
    count: s.count,
    pile: formatCards(s.played.slice(s.pileStart)),
    played: s.played.map((c, i) => ({ seat: s.playedBy[i], card: formatCard(c) })),
    go: goSeats,
    turn: s.phase === OVER ? null : s.turn,
    toAct: s.handOver ? [] : [0, 1, 2].filter((p) => s.toActBits & (1 << p)),
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    target: s.options.target,
    muggins: s.options.muggins,
    skunk: s.options.skunk,
    cribFlush: s.options.cribFlush === "four" ? "four" : "five",
    deal: isFiveCard(s.options) ? "five" : "six",
    scoring: s.scoring.map((e) => ({
      seat: scoreSeat(e),
      points: scorePoints(e),
      for: SCORE_NAMES[scoreKind(e)],
    })),
    shows,
    claiming,
    cutForDeal: cutView(s),
    games: s.games.slice(),
    result: s.result ? (JSON.parse(JSON.stringify(s.result)) as CribbageView["result"]) : null,
  };
}

/** Every card's place, each card once (the pile is the tail of `played`, so it is given as a size). */
export function dump(s: CribbageState): JsonObject {
  return {
    phase: PHASE_NAMES[s.phase],
    hands: s.hands.map((h) => formatCards(h)),
    crib: formatCards(s.crib),
    cribOwner: s.cribOwner.slice(),
    stock: formatCards(s.stock),
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
    scoring: s.scoring.slice(),
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
    games: s.games.slice(),
    rng: [...s.rng],
  };
}

/** The width of a peg track in characters, the holes from 1 to the target shared among them. */
const TRACK = 40;

/**
 * Each seat's peg on a one-line track to the target, with its score:
 * "you     |=========>.............................| 34 of 121".
 */
export function pegTrack(scores: readonly number[], target: number, name: (p: Seat) => string): string[] {
  const width = Math.max(...scores.map((_, p) => name(p).length));
  return scores.map((x, p) => {
    const at = Math.min(TRACK, Math.round((Math.min(x, target) / target) * TRACK));
    const track = at === 0 ? ".".repeat(TRACK) : "=".repeat(at - 1) + ">" + ".".repeat(TRACK - at);
    return `${name(p).padEnd(width)} |${track}| ${x} of ${target}`;
  });
}

const cribOwner = (dealer: Seat, seat: Viewer): string => (dealer === seat ? "Your" : `Seat ${dealer}'s`);

/** The table as a seat sees it, for terminals. */
export function board(v: CribbageView): string[] {
  const name = (p: Seat): string => (p === v.seat ? "you" : `seat ${p}`);
  const mine = v.myCrib?.length ? `, yours in it: ${v.myCrib.join(" ")}` : "";
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · playing to ${v.target}` +
      (v.deal === "five" ? " · five-card" : "") +
      (v.muggins ? " · muggins" : ""),
    ...pegTrack(v.scores, v.target, name),
    `Cut: ${v.starter ?? "not cut yet"}    ${cribOwner(v.dealer, v.seat)} crib: ${v.crib ? v.crib.join(" ") : cardCount(v.cribSize)}` +
      mine,
  ];
  if (v.phase === "pegging") {
    lines.push(
      `Count: ${v.count}   ${v.pile.join(" ")}` +
        (v.go.length ? `   (go: ${v.go.map(name).join(", ")})` : ""),
    );
  }
  for (const sh of v.shows)
    lines.push(
      `${name(sh.seat)} ${sh.crib ? "crib" : "hand"} ${sh.cards.join(" ")} + ${v.starter}: ${sh.total}` +
        (sh.claim !== undefined ? ` (claimed ${sh.claim})` : "") +
        ` (${sh.count})`,
    );
  if (v.claiming)
    lines.push(
      `${name(v.claiming.seat)} to claim the ${v.claiming.crib ? "crib" : "hand"}: ${v.claiming.cards.join(" ")} + ${v.starter}`,
    );
  v.handSizes.forEach((n, p) => {
    if (p !== v.seat) lines.push(`${name(p)}: ${cardCount(n)}`);
  });
  if (v.hand) lines.push(`Your hand: ${v.hand.join(" ")}`);
  return lines;
}

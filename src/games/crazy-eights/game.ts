import { type Card, makePack, suitOf } from "../../engine/cards.js";
import { formatCard, formatCards, suitName, suitText } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type JsonObject,
  type MatchConfig,
  type MatchState,
  type Move,
  type Seat,
  type Setup,
  type Viewer,
  SPECTATOR,
  bestSeats,
  cloneMatchState,
  historyView,
  openMatch,
  beginHand,
  passDeal,
} from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { type Result, err, ok } from "../../engine/result.js";
import {
  DRAW,
  NO_CALL,
  PASS,
  describeMove,
  moveCall,
  moveCard,
  moveFromJson,
  moveToJson,
  playMove,
} from "./moves.js";
import { blockedScores, canFollow, handPoints, isEight } from "./rules.js";

export const options = {
  target: { kind: "int", default: 100, min: 1, max: 100000, doc: "points that win the match" },
} as const;
export type EightsOptions = OptionsOf<typeof options>;

const HAND_SIZE = 7;

export interface EightsState extends MatchState {
  readonly options: EightsOptions;
  hands: Card[][];
  /** Face down; the top card is the last element. */
  stock: Card[];
  /** Face up; the top card is the last element. */
  discard: Card[];
  /** The suit to follow: the top card's, or the one an Eight announced. */
  suit: number;
  turn: Seat;
  /** Passes in a row with the stock empty: when everyone has passed, the hand is blocked. */
  passes: number;
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: Seat[];
}

function deal(s: EightsState, setup?: Setup): Result<void, string> {
  const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
  if (shape) return err(shape);
  if (setup?.discard && setup.discard.length > 1) return err("the discard pile starts with one card");
  const shoe = Shoe.fromPack(makePack(), namedCards(setup), s.rng);
  if (!shoe.ok) return shoe;
  s.hands = [];
  for (let i = 0; i < s.players; i++) s.hands.push(shoe.value.fill(setup?.hands?.[i], HAND_SIZE));
  const upcard = setup?.discard?.[0] ?? shoe.value.take();
  s.stock = (setup?.stock ?? []).concat(shoe.value.rest()).reverse();
  s.discard = [upcard];
  s.suit = suitOf(upcard);
  s.turn = (s.dealer + 1) % s.players;
  s.toActSeats = [s.turn];
  s.passes = 0;
  beginHand(s);
  return ok(undefined);
}

function start(config: MatchConfig<EightsOptions>, setup?: Setup): Result<EightsState, string> {
  const base = openMatch(config, setup);
  const s = { ...base, options: config.options } as EightsState;
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: EightsState): void {
  passDeal(s);
  deal(s);
}

const top = (s: EightsState): Card => s.discard[s.discard.length - 1];

function legalMoves(s: EightsState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  const hand = s.hands[seat];
  const t = top(s);
  let n = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (!canFollow(t, s.suit, c)) continue;
    if (isEight(c)) {
      for (let call = 0; call < 4; call++) out[n++] = playMove(c, call);
    } else {
      out[n++] = playMove(c);
    }
  }
  if (s.stock.length > 0) out[n++] = DRAW;
  else if (n === 0) out[n++] = PASS;
  return n;
}

function endHand(s: EightsState, points: number[], winners: Seat[], reason: string): void {
  for (let i = 0; i < s.players; i++) s.scores[i] += points[i];
  s.handOver = true;
  s.result = {
    points,
    winners,
    reason,
    detail: { hands: s.hands.map((h) => formatCards(h)), handPoints: s.hands.map(handPoints) },
  };
  if (s.scores.some((x) => x >= s.options.target)) s.matchOver = true;
}

function apply(s: EightsState, seat: Seat, m: Move): void {
  const hand = s.hands[seat];
  if (m === DRAW) {
    hand.push(s.stock.pop()!);
    return;
  }
  if (m === PASS) {
    s.passes++;
    if (s.passes >= s.players) {
      const totals = s.hands.map(handPoints);
      const points = blockedScores(totals);
      endHand(s, points, points.some((p) => p > 0) ? [points.findIndex((p) => p > 0)] : [], "blocked");
      return;
    }
    advance(s);
    return;
  }
  const c = moveCard(m);
  const i = hand.indexOf(c);
  hand[i] = hand[hand.length - 1];
  hand.pop();
  s.discard.push(c);
  const call = moveCall(m);
  s.suit = call === NO_CALL ? suitOf(c) : call;
  s.passes = 0;
  if (hand.length === 0) {
    const points = s.hands.map(() => 0);
    for (let p = 0; p < s.players; p++) if (p !== seat) points[seat] += handPoints(s.hands[p]);
    endHand(s, points, [seat], "went out");
    return;
  }
  advance(s);
}

function advance(s: EightsState): void {
  s.turn = (s.turn + 1) % s.players;
  s.toActSeats[0] = s.turn;
}

function drawHand(s: EightsState, reason: string): void {
  endHand(
    s,
    s.hands.map(() => 0),
    [],
    reason,
  );
}

function clone(s: EightsState): EightsState {
  return {
    ...cloneMatchState(s),
    options: s.options,
    hands: s.hands.map((h) => h.slice()),
    stock: s.stock.slice(),
    discard: s.discard.slice(),
    suit: s.suit,
    turn: s.turn,
    passes: s.passes,
    toActSeats: [s.turn],
  };
}

/**
 * The cards the player to act has drawn this turn. A turn ends with a play or
 * a pass, so the draws since the seat's last other move are this turn's, and
 * drawn cards go to the end of the hand.
 */
function drawnThisTurn(s: EightsState): Card[] {
  let k = 0;
  for (let i = s.history.length - 1; i >= 0 && s.history[i] === DRAW * 16 + s.turn; i--) k++;
  const hand = s.hands[s.turn];
  return hand.slice(hand.length - k);
}

function view(s: EightsState, viewer: Viewer): JsonObject {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  const toAct = !s.handOver && viewer === s.turn;
  return {
    game: "crazy-eights",
    seat: viewer,
    hand: own ? formatCards(own.slice().sort((a, b) => a - b)) : null,
    /** The viewer's own draws this turn, when it is to act: what a player just picked up. */
    drawn: toAct ? formatCards(drawnThisTurn(s)) : [],
    handSizes: s.hands.map((h) => h.length),
    stock: s.stock.length,
    discard: formatCards(s.discard),
    top: formatCard(top(s)),
    suit: suitText(s.suit),
    turn: s.turn,
    dealer: s.dealer,
    handNumber: s.hand,
    scores: [...s.scores],
    target: s.options.target,
    history: historyView(s, (_seat, m) => moveToJson(m)),
    result: s.result as JsonObject | null,
  };
}

function dump(s: EightsState): JsonObject {
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
    rng: [...s.rng.state()],
  };
}

const cardCount = (n: number): string => (n === 1 ? "1 card" : `${n} cards`);

const RANK_WORDS: Readonly<Record<string, string>> = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };

function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const sizes = v.handSizes as number[];
  const scores = v.scores as number[];
  const top = v.top as string;
  const suit = suitName("CDHS".indexOf(v.suit as string));
  // A played Eight called the suit to follow; one turned up at the start only has its own.
  const called = top[0] === "8" && (v.discard as string[]).length > 1;
  const aSuit = `a ${suit.slice(0, -1)}`;
  const aRank = `${top[0] === "A" ? "an" : "a"} ${RANK_WORDS[top[0]] ?? top[0]}`;
  const stock =
    v.stock === 0
      ? "Stock: empty (no drawing: pass when nothing plays)"
      : `Stock: ${cardCount(v.stock as number)}`;
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer as number)} · playing to ${v.target}`,
    `Scores: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Discard: ${top}, ${called ? `${suit} called: play ${aSuit} or an Eight` : top[0] === "8" ? `play ${aSuit} or an Eight` : `play ${aSuit}, ${aRank} or an Eight`}    ${stock}`,
    ...sizes.flatMap((n, p) => (p === seat ? [] : [`${name(p)}: ${cardCount(n)}`])),
  ];
  if (!v.result && v.turn !== seat) lines.push(`To play: ${name(v.turn as number)}`);
  if (v.hand) lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
  const drawn = v.drawn as string[];
  if (drawn.length) lines.push(`You drew: ${drawn.join(" ")}`);
  return lines;
}

export const crazyEights: Game<EightsState, EightsOptions> = {
  id: "crazy-eights",
  name: "Crazy Eights",
  minPlayers: 2,
  maxPlayers: 5,
  options,
  moveLimit: 2000,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? [] : s.toActSeats),
  legalMoves,
  apply,
  drawHand,
  matchWinners: (s) => bestSeats(s.scores),
  clone,
  view,
  dump,
  moveToJson,
  moveFromJson,
  describeMove,
  board,
};

import { type Card, makePack } from "../../engine/cards.js";
import { formatCard, formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type HandResult,
  type JsonObject,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  cloneMatchState,
  newMatchState,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { Rng } from "../../engine/rng.js";
import {
  CLAIM,
  GO,
  MAX_CLAIM,
  PLAY,
  describeMove,
  isDiscard,
  isPlay,
  moveFromJson,
  moveToJson,
} from "./moves.js";
import {
  COUNT_LIMIT,
  KEEP,
  countPoints,
  cutDealer,
  dealSize,
  gamesForWin,
  heelsPoints,
  isCribStep,
  mugginsSplit,
  pairPoints,
  pegValue,
  runPoints,
  showOwner,
  showPoints,
} from "./rules.js";
import {
  CRIB,
  type CribbageOptions,
  type CribbageState,
  DISCARDING,
  FIFTEEN,
  GO_POINT,
  HAND,
  HEELS,
  LAST_CARD,
  MUGGINS,
  OVER,
  PAIRS,
  PEGGING,
  RUN,
  SHOWING,
  THIRTY_ONE,
  options,
  packEvent,
} from "./state.js";
import { board, dump, view } from "./view.js";

const SETUP_PARTS = ["crib", "starter"] as const;

/** Cuts for the first deal with the match's generator until one seat alone cuts lowest. */
function cutForDeal(rng: Rng, players: number): { dealer: Seat; cuts: Card[][] } {
  const cuts: Card[][] = [];
  for (;;) {
    const round = rng.shuffle(makePack()).slice(0, players);
    cuts.push(round);
    const dealer = cutDealer(round);
    if (dealer >= 0) return { dealer, cuts };
  }
}

function start(config: MatchConfig<CribbageOptions>, setup?: Setup): Result<CribbageState, string> {
  const rng = Rng.fromSeed(config.seed);
  const n = config.players;
  const cut = setup?.dealer === undefined ? cutForDeal(rng, n) : { dealer: setup.dealer, cuts: [] };
  const s: CribbageState = {
    ...newMatchState(n, rng, cut.dealer),
    options: config.options,
    phase: DISCARDING,
    hands: Array.from({ length: n }, () => []),
    kept: Array.from({ length: n }, () => []),
    crib: [],
    cribOwner: [],
    stock: makePack(),
    stockTop: 52,
    starter: -1,
    count: 0,
    pileStart: 0,
    played: [],
    playedBy: [],
    goMask: 0,
    lastPlayer: cut.dealer,
    turn: (cut.dealer + 1) % n,
    showStep: 0,
    claims: [],
    events: [],
    handStart: new Array<number>(n).fill(0),
    cuts: cut.cuts,
    games: new Array<number>(n).fill(0),
    toActSeats: [],
  };
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

/** A fresh hand: new arrays (not emptied ones), so a finished hand's result keeps its cards. */
function resetHand(s: CribbageState): void {
  for (let p = 0; p < s.players; p++) s.handStart[p] = s.scores[p];
  s.crib = [];
  s.cribOwner = [];
  s.starter = -1;
  s.count = 0;
  s.pileStart = 0;
  s.played = [];
  s.playedBy = [];
  s.goMask = 0;
  s.lastPlayer = s.dealer;
  s.turn = (s.dealer + 1) % s.players;
  s.showStep = 0;
  s.claims = [];
  s.events = [];
  s.phase = DISCARDING;
  s.history = [];
  s.result = null;
  s.handOver = false;
}

/** Deals a hand: 6 each (3 players: 5 each and 1 to the crib); the rest is the stock. */
function deal(s: CribbageState, setup?: Setup): Result<void, string> {
  resetHand(s);
  if (!setup) {
    dealRandom(s);
    return ok(undefined);
  }
  return dealSetup(s, setup);
}

/** The hot path: a partial Fisher-Yates, since only the dealt cards and the starter need an order. */
function dealRandom(s: CribbageState): void {
  const n = s.players;
  const size = dealSize(n);
  const cribDealt = n === 3 ? 1 : 0;
  // Over any order of the pack, a partial Fisher-Yates draws its first cards uniformly,
  // so the last hand's order is shuffled again as it is.
  if (s.stock.length !== 52) s.stock = makePack();
  const deck = s.stock;
  const dealt = n * size + cribDealt + 1;
  for (let i = 0; i < dealt; i++) {
    // Multiply-high rather than rng.int's rejection and modulo (slow on doubles):
    // the bias is under 52 / 2^32, far below anything a player could notice.
    const j = i + Math.floor(((52 - i) * s.rng.next()) / 4294967296);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  for (let p = 0; p < n; p++) {
    const hand = s.hands[p];
    if (hand.length !== 0) hand.length = 0;
    for (let i = 0; i < size; i++) hand.push(deck[p * size + i]);
  }
  if (cribDealt) {
    s.crib.push(deck[n * size]);
    s.cribOwner.push(-1);
  }
  // The last card taken is the stock's top: the starter.
  s.stockTop = dealt - 1;
  startDiscards(s);
}

/** A set-up's position: named cards where named, the rest dealt from the pack. */
function dealSetup(s: CribbageState, setup: Setup): Result<void, string> {
  const n = s.players;
  const size = dealSize(n);
  const cribDealt = n === 3 ? 1 : 0;
  const crib = setup.crib as Card[] | undefined;
  if (crib !== undefined && !Array.isArray(crib)) return err("setup.crib must be a list of cards");
  const fullCrib = crib !== undefined && crib.length === KEEP;
  if (crib && !fullCrib && crib.length > cribDealt) {
    return err(
      `setup.crib holds the whole crib of ${KEEP} cards` +
        (cribDealt ? " or the 1 card dealt to it" : "") +
        `, not ${crib.length}`,
    );
  }
  if (setup.starter !== undefined && typeof setup.starter !== "number")
    return err('setup.starter is one card, e.g. "5H"');
  const handSize = fullCrib ? KEEP : size;
  const shape = checkSetupShape(setup, n, handSize, SETUP_PARTS);
  if (shape) return err(shape);
  const named = namedCards(setup, SETUP_PARTS);
  const shoe = Shoe.fromPack(makePack(), named, s.rng);
  if (!shoe.ok) return shoe;
  let need = fullCrib ? 0 : cribDealt - (crib?.length ?? 0);
  for (let p = 0; p < n; p++) need += handSize - (setup.hands?.[p]?.length ?? 0);
  if (shoe.value.size < need) return err("the set-up names so many cards that the hands cannot be dealt");
  for (let p = 0; p < n; p++) s.hands[p] = shoe.value.fill(setup.hands?.[p], handSize);
  const cribCards = fullCrib ? crib : shoe.value.fill(crib, cribDealt);
  for (const c of cribCards) {
    s.crib.push(c);
    s.cribOwner.push(-1);
  }
  const starter = setup.starter === undefined ? [] : [setup.starter as Card];
  s.stock = starter.concat(setup.stock ?? [], shoe.value.rest());
  s.stockTop = 0;
  if (fullCrib) finishDiscards(s);
  else startDiscards(s);
  return ok(undefined);
}

/** Every seat with cards still to put in the crib acts at once. */
function startDiscards(s: CribbageState): void {
  let mask = 0;
  for (let p = 0; p < s.players; p++) if (s.hands[p].length > KEEP) mask |= 1 << p;
  s.toActSeats = SEAT_SETS[mask];
}

/**
 * Every set of seats as a shared array, indexed by its bits: `toAct` hands
 * them out without allocating. Never written to.
 */
const SEAT_SETS: readonly Seat[][] = Array.from({ length: 8 }, (_, mask) =>
  [0, 1, 2].filter((p) => mask & (1 << p)),
);

function setTurn(s: CribbageState, seat: Seat): void {
  s.turn = seat;
  s.toActSeats = SEAT_SETS[1 << seat];
}

/** Scores points for a seat; true when that ends the game (the target is reached). */
function award(s: CribbageState, seat: Seat, points: number, kind: number): boolean {
  if (points === 0) return false;
  s.scores[seat] += points;
  s.events.push(packEvent(kind, points, seat));
  if (s.scores[seat] >= s.options.target) {
    endGame(s, seat);
    return true;
  }
  return false;
}

/** The crib is complete: the non-dealer cuts the starter, and the pegging begins. */
function finishDiscards(s: CribbageState): void {
  for (let p = 0; p < s.players; p++) s.kept[p] = s.hands[p].slice();
  s.starter = s.stock[s.stockTop++];
  s.phase = PEGGING;
  setTurn(s, (s.dealer + 1) % s.players);
  award(s, s.dealer, heelsPoints(s.starter), HEELS);
}

function legalMoves(s: CribbageState, seat: Seat, out: Move[]): number {
  if (s.handOver) return 0;
  const hand = s.hands[seat];
  let n = 0;
  switch (s.phase) {
    case DISCARDING:
      if (hand.length <= KEEP) return 0;
      for (let i = 0; i < hand.length; i++) out[n++] = hand[i];
      return n;
    case PEGGING:
      if (seat !== s.turn) return 0;
      for (let i = 0; i < hand.length; i++)
        if (s.count + pegValue(hand[i]) <= COUNT_LIMIT) out[n++] = PLAY + hand[i];
      if (n === 0) out[n++] = GO;
      return n;
    case SHOWING:
      if (seat !== showOwner(s.dealer, s.players, s.showStep)) return 0;
      for (let p = 0; p <= MAX_CLAIM; p++) out[n++] = CLAIM + p;
      return n;
    default:
      return 0;
  }
}

function removeFromHand(hand: Card[], c: Card): void {
  const i = hand.indexOf(c);
  hand[i] = hand[hand.length - 1];
  hand.pop();
}

function apply(s: CribbageState, seat: Seat, m: Move): void {
  if (isDiscard(m)) {
    removeFromHand(s.hands[seat], m);
    s.crib.push(m);
    s.cribOwner.push(seat);
    if (s.hands[seat].length === KEEP) {
      startDiscards(s);
      if (s.toActSeats.length === 0) finishDiscards(s);
    }
  } else if (isPlay(m)) {
    peg(s, seat, m - PLAY);
  } else if (m === GO) {
    s.goMask |= 1 << seat;
    passTurn(s, seat);
  } else {
    claim(s, seat, m - CLAIM);
  }
}

/** A card played in the pegging: score what it makes, then pass the turn or start a new count. */
function peg(s: CribbageState, seat: Seat, c: Card): void {
  removeFromHand(s.hands[seat], c);
  s.count += pegValue(c);
  s.played.push(c);
  s.playedBy.push(seat);
  s.lastPlayer = seat;
  const start = s.pileStart;
  const end = s.played.length;
  if (award(s, seat, countPoints(s.count), s.count === COUNT_LIMIT ? THIRTY_ONE : FIFTEEN)) return;
  if (award(s, seat, pairPoints(s.played, start, end), PAIRS)) return;
  if (award(s, seat, runPoints(s.played, start, end), RUN)) return;
  if (s.count === COUNT_LIMIT) newCount(s);
  else passTurn(s, seat);
}

/** The next seat after `from` that holds cards and has not said go; when none, the count ends. */
function passTurn(s: CribbageState, from: Seat): void {
  const n = s.players;
  for (let k = 1; k <= n; k++) {
    const q = (from + k) % n;
    if (s.hands[q].length > 0 && (s.goMask & (1 << q)) === 0) {
      setTurn(s, q);
      return;
    }
  }
  // Nobody can go on: one for the go, or for the last card of the hand.
  let cardsLeft = false;
  for (let p = 0; p < n; p++) if (s.hands[p].length > 0) cardsLeft = true;
  if (award(s, s.lastPlayer, 1, cardsLeft ? GO_POINT : LAST_CARD)) return;
  newCount(s);
}

/** A new count from 0, led by the seat after the one who played the last card; or the show. */
function newCount(s: CribbageState): void {
  s.count = 0;
  s.pileStart = s.played.length;
  s.goMask = 0;
  const n = s.players;
  for (let k = 1; k <= n; k++) {
    const q = (s.lastPlayer + k) % n;
    if (s.hands[q].length > 0) {
      setTurn(s, q);
      return;
    }
  }
  startShow(s);
}

const showCards = (s: CribbageState, step: number): Card[] =>
  isCribStep(s.players, step) ? s.crib : s.kept[showOwner(s.dealer, s.players, step)];

/** The show: automatic unless muggins, in order non-dealer(s), dealer, crib. */
function startShow(s: CribbageState): void {
  s.showStep = 0;
  if (s.options.muggins) {
    s.phase = SHOWING;
    setTurn(s, showOwner(s.dealer, s.players, 0));
    return;
  }
  for (let step = 0; step <= s.players; step++) {
    const crib = isCribStep(s.players, step);
    const points = showPoints(showCards(s, step), s.starter, crib);
    s.showStep = step + 1;
    if (award(s, showOwner(s.dealer, s.players, step), points, crib ? CRIB : HAND)) return;
  }
  finishHand(s);
}

/** Muggins: the owner's claim for the hand or crib being shown. */
function claim(s: CribbageState, seat: Seat, points: number): void {
  const step = s.showStep;
  const crib = isCribStep(s.players, step);
  const [mine, theirs] = mugginsSplit(points, showPoints(showCards(s, step), s.starter, crib));
  s.claims.push(points);
  s.showStep++;
  if (award(s, seat, mine, crib ? CRIB : HAND)) return;
  if (award(s, (seat + 1) % s.players, theirs, MUGGINS)) return;
  if (s.showStep > s.players) finishHand(s);
  else setTurn(s, showOwner(s.dealer, s.players, s.showStep));
}

/**
 * A hand's result. Its detail (the starter, hands and crib as text) is built
 * only when read, since playouts never read it; a hand's arrays are never
 * changed once it is over (the next hand gets new ones).
 */
class CribbageResult implements HandResult {
  readonly #starter: Card;
  readonly #hands: Card[][];
  readonly #crib: Card[];
  readonly #games: number[] | null;
  constructor(
    readonly points: number[],
    readonly winners: Seat[],
    readonly reason: string,
    s: CribbageState,
    games: number[] | null = null,
  ) {
    this.#starter = s.starter;
    this.#hands = s.phase === DISCARDING ? s.hands.map((h) => h.slice()) : s.kept.slice();
    this.#crib = s.crib;
    this.#games = games;
  }
  get detail(): JsonObject {
    return {
      starter: this.#starter >= 0 ? formatCard(this.#starter) : null,
      hands: this.#hands.map((h) => formatCards(h)),
      crib: formatCards(this.#crib),
      ...(this.#games ? { games: this.#games } : {}),
    };
  }
  toJSON(): JsonObject {
    return { points: this.points, winners: this.winners, reason: this.reason, detail: this.detail };
  }
}

function handPoints(s: CribbageState): number[] {
  const points = s.scores.slice();
  for (let p = 0; p < s.players; p++) points[p] -= s.handStart[p];
  return points;
}

function finishHand(s: CribbageState): void {
  s.phase = OVER;
  s.handOver = true;
  const points = handPoints(s);
  let best = 1;
  for (let p = 0; p < s.players; p++) if (points[p] > best) best = points[p];
  const winners: Seat[] = [];
  for (let p = 0; p < s.players; p++) if (points[p] === best) winners.push(p);
  s.result = new CribbageResult(points, winners, "shown", s);
}

/** Someone reached the target: the game ends at once, even mid-pegging or mid-show. */
function endGame(s: CribbageState, winner: Seat): void {
  s.phase = OVER;
  s.handOver = true;
  s.matchOver = true;
  let runnerUp = -Infinity;
  for (let p = 0; p < s.players; p++) if (p !== winner) runnerUp = Math.max(runnerUp, s.scores[p]);
  s.games.fill(0);
  s.games[winner] = gamesForWin(s.scores[winner], runnerUp, s.options.skunk);
  const reason =
    `seat ${winner} reached ${s.options.target}` + (s.games[winner] === 2 ? ": a skunk, two games" : "");
  s.result = new CribbageResult(handPoints(s), [winner], reason, s, s.games.slice());
}

function drawHand(s: CribbageState, reason: string): void {
  for (let p = 0; p < s.players; p++) s.scores[p] = s.handStart[p];
  s.phase = OVER;
  s.handOver = true;
  s.result = { points: s.scores.map(() => 0), winners: [], reason };
}

function nextHand(s: CribbageState): void {
  s.dealer = (s.dealer + 1) % s.players;
  s.hand++;
  deal(s);
}

function clone(s: CribbageState): CribbageState {
  return {
    ...cloneMatchState(s),
    options: s.options,
    phase: s.phase,
    hands: s.hands.map((h) => h.slice()),
    kept: s.kept.map((h) => h.slice()),
    crib: s.crib.slice(),
    cribOwner: s.cribOwner.slice(),
    stock: s.stock.slice(),
    stockTop: s.stockTop,
    starter: s.starter,
    count: s.count,
    pileStart: s.pileStart,
    played: s.played.slice(),
    playedBy: s.playedBy.slice(),
    goMask: s.goMask,
    lastPlayer: s.lastPlayer,
    turn: s.turn,
    showStep: s.showStep,
    claims: s.claims.slice(),
    events: s.events.slice(),
    handStart: s.handStart.slice(),
    cuts: s.cuts,
    games: s.games.slice(),
    toActSeats: s.toActSeats,
  };
}

export { options };

export const cribbage: Game<CribbageState, CribbageOptions> = {
  id: "cribbage",
  name: "Cribbage",
  minPlayers: 2,
  maxPlayers: 3,
  options,
  moveLimit: 200,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? [] : s.toActSeats),
  legalMoves,
  apply,
  drawHand,
  matchWinners: (s) => (s.matchOver ? s.scores.flatMap((x, p) => (x >= s.options.target ? [p] : [])) : []),
  clone,
  view,
  dump,
  moveToJson,
  moveFromJson,
  describeMove,
  board,
};

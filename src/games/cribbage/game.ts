import { type Card, makePack } from "../../engine/cards.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  cloneMatchState,
  newMatchState,
  beginHand,
  passDeal,
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
import { COUNT_LIMIT, KEEP, cutDealer, dealSize, pegValue, showOwner } from "./rules.js";
import {
  type CribbageOptions,
  type CribbageState,
  DISCARDING,
  OVER,
  PEGGING,
  SHOWING,
  options,
} from "./state.js";
import { claim, finishDiscards, passTurn, peg, removeFromHand, startDiscards } from "./play.js";
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
  beginHand(s);
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
    const j = i + s.rng.int(52 - i);
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

function drawHand(s: CribbageState, reason: string): void {
  for (let p = 0; p < s.players; p++) s.scores[p] = s.handStart[p];
  s.phase = OVER;
  s.handOver = true;
  s.result = { points: s.scores.map(() => 0), winners: [], reason };
}

function nextHand(s: CribbageState): void {
  passDeal(s);
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

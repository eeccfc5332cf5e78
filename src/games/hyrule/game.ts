import { type Card, makePack, removeCard, ascending } from "../../engine/cards.js";
import { formatCard, formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import type { GameEvent } from "../../engine/events.js";
import { privateTo, publicEvent } from "../../engine/events.js";
import {
  type Game,
  type JsonObject,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  type Viewer,
  SPECTATOR,
  beginHand,
  openMatch,
  passDeal,
  reseedForSearch,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { type Rng, randomInt, shuffleWith } from "../../engine/rng.js";
import { FLIP, describeMove, moveFromJson, moveSchema, moveToJson } from "./moves.js";
import {
  HAND_SIZE,
  NOBODY,
  NONE,
  counterClockwise,
  handWinners,
  nextLeader,
  trickReason,
  trickWinner,
} from "./rules.js";
import { type HyruleOptions, type HyruleState, cloneState, newState, options, stateSchema } from "./state.js";
import { type HyruleView, board, dump, view, viewSchema } from "./view.js";
import { hyruleWords } from "./words.js";

export { options, type HyruleOptions, type HyruleState };

/** Run-off hands after which a tie simply stands (shared win). */
export const MAX_RUN_OFFS = 20;

/** One pack and its two jokers, in ascending card codes: the shoe's order before the shuffle. */
const PACK: readonly Card[] = makePack({ jokers: 2 });

/** The first trick's leader: the youngest player, or the first player in the hand counter-clockwise from them. */
function firstLeader(s: HyruleState): Seat {
  let p = s.options.youngest;
  while (!s.inHand[p]) p = counterClockwise(p, s.players);
  return p;
}

/**
 * Empties an array the state keeps reusing. Popping keeps V8's backing store,
 * where `length = 0` frees it and the next pushes grow it again: a third
 * slower at two players.
 */
function clear(a: unknown[]): void {
  while (a.length > 0) a.pop();
}

/** Sets up a hand for the seats in `players` (null: everyone), reusing the state's arrays: the hot path of playouts. */
function resetHand(s: HyruleState, players: readonly Seat[] | null): void {
  const n = s.players;
  s.inHand.fill(players === null);
  if (players) for (let i = 0; i < players.length; i++) s.inHand[players[i]] = true;
  s.handPlayers = players ? players.length : n;
  s.played.fill(NONE);
  s.order.fill(NOBODY);
  s.playedCount = 0;
  for (let p = 0; p < n; p++) {
    clear(s.hands[p]);
    clear(s.captured[p]);
  }
  clear(s.unclaimed);
  s.tricks.fill(NONE);
  s.trick = 0;
  s.scores.fill(0);
  s.lastWinner = NOBODY;
  beginHand(s);
}

/**
 * The deal (docs/rules/hyrule.md, "Dealing"): the engine's shoe, dealt from
 * the front in blocks of 7, starting left of the dealer and going clockwise;
 * the rest is the stock. Every seat is dealt, a run-off's too (the seats
 * sitting out keep theirs face down, unplayed), so every hand is the deal its
 * seed gives. A set-up's named hand is that hand exactly.
 */
function dealFrom(s: HyruleState, shoe: Shoe, given?: Setup["hands"]): void {
  const n = s.players;
  for (let k = 1; k <= n; k++) {
    const seat = (s.dealer + k) % n;
    const cards = shoe.handOr(given?.[seat], HAND_SIZE);
    const hand = s.hands[seat];
    for (let i = 0; i < cards.length; i++) hand.push(cards[i]);
  }
  const rest = shoe.rest();
  for (let i = 0; i < rest.length; i++) s.stock.push(rest[i]);
}

/** The shuffled pack of the deal without a set-up: reused, as every playout deals hand after hand. */
const DECK: Card[] = PACK.slice();

/**
 * `dealFrom(s, Shoe.shuffled(PACK, s.rng))` card for card (the same sorted
 * pack, the same shuffle, the same blocks; the contract test compares the two
 * through `dealFromSeed`), without the shoe's new arrays: the deal is most of
 * a two-player playout's work.
 */
function dealShuffled(s: HyruleState): void {
  for (let i = 0; i < DECK.length; i++) DECK[i] = PACK[i];
  shuffleWith(s.rng, DECK);
  const n = s.players;
  let k = 0;
  for (let j = 1; j <= n; j++) {
    const hand = s.hands[(s.dealer + j) % n];
    for (let i = 0; i < HAND_SIZE; i++) hand.push(DECK[k++]);
  }
  const stock = s.stock;
  const size = DECK.length - k;
  while (stock.length > size) stock.pop();
  for (let i = 0; i < size; i++) stock[i] = DECK[k + i];
}

/**
 * A set-up's deal: named hands exactly (an endgame names shorter hands: the
 * trick is then the one that many cards from the end), the other cards dealt
 * as usual. Every hand of a trick's start holds as many cards as the others.
 */
function dealSetup(s: HyruleState, setup: Setup): Result<void, string> {
  const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
  if (shape) return err(shape);
  if (setup.stock || setup.discard) {
    return err("Hyrule has no stock or discard pile in play: a set-up names only dealer and hands");
  }
  clear(s.stock);
  const shoe = Shoe.fromPack(PACK, namedCards(setup), s.rng);
  if (!shoe.ok) return shoe;
  dealFrom(s, shoe.value, setup.hands);
  const size = s.hands[0].length;
  for (let p = 1; p < s.players; p++) {
    if (s.hands[p].length !== size) {
      return err(
        `seat ${p}'s hand has ${s.hands[p].length} cards and seat 0's ${size}: at a trick's start every hand holds as many (name every hand of an endgame)`,
      );
    }
  }
  if (size === 0) return err("a hand needs at least one card to play");
  s.trick = HAND_SIZE - size;
  return ok(undefined);
}

function deal(s: HyruleState, players: readonly Seat[] | null, setup?: Setup): Result<void, string> {
  resetHand(s, players);
  if (setup) {
    const dealt = dealSetup(s, setup);
    if (!dealt.ok) return dealt;
  } else {
    dealShuffled(s);
  }
  s.leader = firstLeader(s);
  s.turn = s.leader;
  openTrick(s);
  return ok(undefined);
}

function openTrick(s: HyruleState): void {
  const seats = s.toActSeats;
  clear(seats);
  if (s.chance) {
    for (let p = 0; p < s.players; p++) if (s.inHand[p]) seats.push(p);
  } else {
    seats.push(s.turn);
  }
}

function start(config: MatchConfig<HyruleOptions>, setup?: Setup): Result<HyruleState, string> {
  const { players, options: o } = config;
  if (o.youngest >= players) {
    return err(
      `option "youngest": seat ${o.youngest} is not at a table of ${players} (seats 0 to ${players - 1})`,
    );
  }
  const s = newState(openMatch(config, setup), o);
  const dealt = deal(s, null, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: HyruleState): void {
  passDeal(s);
  if (s.nextPlayers.length === 0) {
    deal(s, null);
    return;
  }
  const players = s.nextPlayers.slice();
  clear(s.nextPlayers);
  deal(s, players);
}

function legalMoves(s: HyruleState, seat: Seat, out: Move[]): number {
  if (s.handOver || !s.inHand[seat]) return 0;
  if (s.chance ? s.played[seat] !== NONE : seat !== s.turn) return 0;
  if (s.options.blind) {
    out[0] = FLIP;
    return 1;
  }
  const hand = s.hands[seat];
  for (let i = 0; i < hand.length; i++) out[i] = hand[i];
  return hand.length;
}

function apply(s: HyruleState, seat: Seat, m: Move): void {
  const hand = s.hands[seat];
  // A blind pick draws from the hand's generator, after the deal.
  const c = m === FLIP ? hand[randomInt(s.rng, hand.length)] : m;
  removeCard(hand, c);
  s.played[seat] = c;
  s.order[s.playedCount++] = seat;
  if (s.chance) {
    const seats = s.toActSeats;
    const k = seats.indexOf(seat);
    for (let j = k + 1; j < seats.length; j++) seats[j - 1] = seats[j];
    seats.pop();
  } else if (s.playedCount < s.handPlayers) {
    do s.turn = counterClockwise(s.turn, s.players);
    while (!s.inHand[s.turn]);
    s.toActSeats[0] = s.turn;
  }
  if (s.playedCount === s.handPlayers) closeTrick(s);
}

/** Are the cards of tricks nobody takes set aside (house rule), rather than carried to the next winner? */
export const setsAside = (s: HyruleState): boolean => s.options.tiedTricks === "aside";

/** The current trick's cards in play order, for `trickWinner`: reused, as it runs on every trick of every playout. */
const TRICK: Card[] = [0, 0, 0, 0, 0];

/** All cards are in (and, in chance mode, revealed together): decide the trick and hand its cards over. */
function closeTrick(s: HyruleState): void {
  const count = s.playedCount;
  for (let i = 0; i < count; i++) TRICK[i] = s.played[s.order[i]];
  // In chance mode the order of choosing is no part of the game, and with two jokers tying it decides nothing.
  const w = trickWinner(TRICK, count, s.chance);
  const winner = w === NOBODY ? NOBODY : s.order[w];
  const pile = winner === NOBODY ? s.unclaimed : s.captured[winner];
  for (let i = 0; i < count; i++) pile.push(TRICK[i]);
  if (winner !== NOBODY) {
    // House rule `tiedTricks: aside`: the cards of a tied trick stay out of play for the hand.
    if (!setsAside(s)) {
      for (let i = 0; i < s.unclaimed.length; i++) pile.push(s.unclaimed[i]);
      clear(s.unclaimed);
    }
    s.scores[winner] = pile.length;
  }
  const log = s.trick * (s.players + 1);
  for (let p = 0; p < s.players; p++) {
    s.tricks[log + p] = s.played[p];
    s.played[p] = NONE;
  }
  s.tricks[log + s.players] = winner;
  s.playedCount = 0;
  s.lastWinner = winner;
  s.trick++;
  if (s.trick === HAND_SIZE) {
    endHand(s);
    return;
  }
  if (!s.chance) {
    s.leader = nextLeader(s.scores, s.inHand, winner, s.leader);
    s.turn = s.leader;
  }
  openTrick(s);
}

function endHand(s: HyruleState): void {
  const winners = handWinners(s.scores, s.inHand);
  const runOff = winners.length > 1 && s.options.runOff && s.runOffs < MAX_RUN_OFFS;
  finish(
    s,
    winners,
    runOff ? "tie: a run-off hand follows" : winners.length > 1 ? "tie: shared win" : "most cards",
  );
  if (runOff) {
    s.runOffs++;
    for (let i = 0; i < winners.length; i++) s.nextPlayers.push(winners[i]);
  } else {
    s.matchOver = true;
    for (let i = 0; i < winners.length; i++) s.winners.push(winners[i]);
  }
}

function finish(s: HyruleState, winners: Seat[], reason: string): void {
  s.handOver = true;
  clear(s.toActSeats);
  s.result = {
    points: s.scores.slice(),
    winners,
    reason,
    // The captured cards themselves stay in the view until the next deal.
    detail: { unclaimed: formatCards(s.unclaimed), inHand: s.inHand.slice() },
  };
}

/** The hand cannot run long (7 tricks), but a drawn hand ends the match with no winner. */
function drawHand(s: HyruleState, reason: string): void {
  finish(s, [], reason);
  s.matchOver = true;
  clear(s.winners);
}

/** Every card of the position: hands, stock, the current trick, captured and unclaimed piles. */
function cards(s: HyruleState): Card[] {
  const out: Card[] = [...s.stock, ...s.unclaimed];
  for (let p = 0; p < s.players; p++) {
    out.push(...s.hands[p], ...s.captured[p]);
    if (s.played[p] !== NONE) out.push(s.played[p]);
  }
  return out;
}

/**
 * A world for search, as `viewer` may imagine it: the cards it cannot know
 * (the stock, the others' hands, and in chance mode the others' choices not
 * yet revealed) shuffled uniformly over those same places. Every card in hand
 * is always legal, so no move tells anything about a hand beyond the card
 * played: nothing more to infer.
 */
function determinize(state: HyruleState, viewer: Viewer, rng: Rng): HyruleState {
  const s = cloneState(state);
  reseedForSearch(s, rng);
  const n = s.players;
  const others = (p: Seat) => viewer === SPECTATOR || p !== viewer;
  const unknown: Card[] = s.stock.slice();
  for (let p = 0; p < n; p++) {
    if (!others(p)) continue;
    unknown.push(...s.hands[p]);
    if (s.chance && s.played[p] !== NONE) unknown.push(s.played[p]);
  }
  rng.shuffle(unknown.sort(ascending));
  let k = 0;
  for (let i = 0; i < s.stock.length; i++) s.stock[i] = unknown[k++];
  for (let p = 0; p < n; p++) {
    if (!others(p)) continue;
    const hand = s.hands[p];
    for (let i = 0; i < hand.length; i++) hand[i] = unknown[k++];
    if (s.chance && s.played[p] !== NONE) s.played[p] = unknown[k++];
  }
  return s;
}

/**
 * What a move showed: the move (in chance mode a choice is masked for all
 * but the chooser: `{"type":"chosen"}`), then, once the trick is complete,
 * its cards turned together (`reveal`; strategy mode's face-up trick is a
 * `trick` event), who took it and why, and the winner's `score`.
 */
function events(before: HyruleState, after: HyruleState, seat: Seat, move: Move): GameEvent[] {
  const n = after.players;
  const t = before.trick;
  const closed = after.trick > t;
  const base = t * (n + 1);
  const card = closed ? after.tricks[base + seat] : after.played[seat];
  const moveJson = moveToJson(move);
  // A blind pick names its card: to the chooser only in chance mode, to all in strategy mode.
  const shown: JsonObject =
    move === FLIP
      ? { type: "move", seat, move: moveJson, card: formatCard(card) }
      : { type: "move", seat, move: moveJson };
  const out: GameEvent[] = [
    after.chance
      ? privateTo(seat, n, { type: "move", seat, move: { type: "chosen" } }, shown)
      : publicEvent(shown),
  ];
  if (!closed) return out;
  const inOrder: Card[] = [];
  for (let i = 0; i < before.playedCount; i++) inOrder.push(before.played[before.order[i]]);
  inOrder.push(card);
  const winnerSeat = after.tricks[base + n];
  const why = trickReason(inOrder, inOrder.length, after.chance);
  const cardsBySeat: (string | null)[] = [];
  for (let p = 0; p < n; p++)
    cardsBySeat.push(after.tricks[base + p] === NONE ? null : formatCard(after.tricks[base + p]));
  out.push(
    publicEvent({
      type: after.chance ? "reveal" : "trick",
      trick: t + 1,
      cards: cardsBySeat,
      winner: winnerSeat === NOBODY ? null : winnerSeat,
      why,
    }),
  );
  if (winnerSeat !== NOBODY) {
    const points = after.scores[winnerSeat] - before.scores[winnerSeat];
    const carried = points - inOrder.length;
    out.push(
      publicEvent({
        type: "score",
        seat: winnerSeat,
        points,
        why: `won the trick: ${why}${carried > 0 ? ` (with ${carried} unclaimed cards)` : ""}`,
      }),
    );
  }
  return out;
}

const seatsOf = (flags: readonly boolean[]): Seat[] => flags.flatMap((f, p) => (f ? [p] : []));

/** A restored position's invariants beyond its shape and its cards: one line saying what is wrong, or null. */
function checkPosition(s: HyruleState): string | null {
  const n = s.players;
  if (s.chance !== (s.options.mode === "chance")) return "chance must say whether options.mode is chance";
  if (s.options.youngest >= n) return `options.youngest: seat ${s.options.youngest} is not at the table`;
  for (const [name, a] of [
    ["hands", s.hands],
    ["captured", s.captured],
    ["played", s.played],
    ["order", s.order],
    ["inHand", s.inHand],
  ] as const) {
    if (a.length !== n) return `${name} must have one entry per seat`;
  }
  if (s.tricks.length !== HAND_SIZE * (n + 1)) return `tricks must have ${HAND_SIZE * (n + 1)} entries`;
  const playing = seatsOf(s.inHand);
  if (playing.length < 2 || playing.length !== s.handPlayers)
    return "handPlayers must count the seats in the hand, at least 2";
  for (const list of [s.toActSeats, s.nextPlayers, s.winners]) {
    if (list.some((p) => p >= n)) return "a seat list names a seat not at the table";
  }
  if (!(s.leader < n && s.turn < n && s.lastWinner < n)) return "leader, turn and lastWinner must be seats";
  for (let p = 0; p < n; p++) {
    if (s.scores[p] !== s.captured[p].length) return `seat ${p}'s score must be its captured cards`;
    if (!s.inHand[p] && (s.hands[p].length !== HAND_SIZE || s.captured[p].length || s.played[p] !== NONE))
      return `seat ${p} sits out this hand: it keeps its ${HAND_SIZE} dealt cards and plays none`;
  }
  const chosen = playing.filter((p) => s.played[p] !== NONE);
  const order = s.order.slice(0, s.playedCount);
  if (chosen.length !== s.playedCount || [...order].sort().join() !== chosen.join())
    return "order must list the seats that have put a card in the trick, once each";
  if (s.playedCount >= s.handPlayers) return "a complete trick is decided at once: playedCount is too high";
  if (s.handOver) {
    if (!s.result) return "a hand that is over has a result";
    if (s.toActSeats.length) return "nobody acts once the hand is over";
    return null;
  }
  if (s.matchOver) return "the match is over only once the hand is";
  if (s.trick >= HAND_SIZE) return "a hand still in play is at trick 1 to 7";
  for (const p of playing) {
    const size = HAND_SIZE - s.trick - (s.played[p] === NONE ? 0 : 1);
    if (s.hands[p].length !== size) return `seat ${p} must hold ${size} cards at trick ${s.trick + 1}`;
  }
  if (s.chance) {
    const waiting = playing.filter((p) => s.played[p] === NONE);
    if (s.toActSeats.join() !== waiting.join())
      return "toActSeats must be the seats yet to choose, in seat order";
    return null;
  }
  if (!s.inHand[s.leader] || (s.playedCount > 0 && s.order[0] !== s.leader))
    return "the leader must be in the hand and play first";
  let turn = s.leader;
  for (let i = 0; i < s.playedCount; i++) {
    if (s.order[i] !== turn) return "the trick's cards must come counter-clockwise from the leader";
    do turn = counterClockwise(turn, n);
    while (!s.inHand[turn]);
  }
  if (s.turn !== turn || s.toActSeats.join() !== String(turn))
    return "turn and toActSeats must be the next seat counter-clockwise in the hand";
  return null;
}

/** The game: every member of the interface present, the transitional ones included. */
export const hyrule = {
  id: "hyrule",
  name: "Hyrule",
  minPlayers: 2,
  maxPlayers: 5,
  options,
  // A hand is at most 7 tricks of 5 cards: 35 moves.
  moveLimit: 200,
  start,
  nextHand,
  toAct: (s) => s.toActSeats,
  legalMoves,
  apply,
  drawHand,
  matchWinners: (s) => s.winners,
  clone: cloneState,
  pack: () => PACK.slice(),
  cards,
  determinize,
  events,
  checkPosition,
  stateSchema,
  viewSchema,
  moveSchema,
  view,
  dump,
  moveToJson,
  moveFromJson,
  words: hyruleWords,
  describeMove,
  board,
} satisfies Game<HyruleState, HyruleOptions, HyruleView>;

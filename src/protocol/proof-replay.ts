/**
 * A proof's match re-played through the engine, event by event (docs/FAIRNESS.md,
 * "What a proof guarantees"). Each hand is re-dealt from the seed its end
 * revealed (the whole deal: every seat's cards and the stock), then every
 * move is applied, and every event the viewer received must be exactly the
 * event the engine gives that viewer: the deal with its view, each move,
 * card drawn, score, reveal and the hand's and the match's ends.
 *
 * Another seat's face-down choice (a crib discard, a card chosen in
 * Hyrule's chance mode) reaches the viewer masked: it is resolved by trying
 * that seat's legal moves whose event for the viewer is the one received,
 * in a depth-first search that goes back when a later event (the crib shown,
 * a trick turned) contradicts a choice. A move the event names in full is
 * the only one tried for it. The search never goes back past a hand's end
 * (every game here settles its hidden choices by then; one that did not
 * would fail a true proof, never pass a false one), and it tries at most
 * MAX_TRIES moves per hand, failing with a line rather than running on.
 *
 * Pure and browser-safe: it knows the games only through `Game` and the
 * table's events (src/engine/table-events.ts).
 */
import { eventFor } from "../engine/events.js";
import {
  type AnyGame,
  type Json,
  type JsonObject,
  type MatchState,
  type Move,
  type MoveJson,
  type Seat,
  type Viewer,
  applyMove,
  givenSeeds,
  legalMoves,
} from "../engine/game.js";
import { parseCard } from "../engine/card-text.js";
import { dealFromSeed } from "../engine/redeal.js";
import { type Result, err, ok } from "../engine/result.js";
import { commitment, isHandSeed } from "../engine/seeds.js";
import { dealEvent, forfeitEvents, moveEvents } from "../engine/table-events.js";
import { cardSymbol } from "../words/card-words.js";
import { handInPlay, moveJson, nextHand } from "./proof-in-play.js";
import { differenceWords, firstDifference, seatsWords, shortJson } from "./proof-words.js";

/** Moves tried per hand, masked choices included: a two-seat hand of any game needs a few hundred. */
export const MAX_TRIES = 200_000;

/** An event as the proof has it: numbered 1, 2, 3... (checked before the replay). */
export type ProofEvent = JsonObject & { readonly seq: number; readonly type: string };

export interface ProofMatch {
  readonly game: AnyGame;
  readonly players: number;
  readonly options: JsonObject;
  readonly viewer: Viewer;
  readonly events: readonly ProofEvent[];
}

/** What held: the hands re-played and the events they covered. */
export interface Replayed {
  /** Hands re-played from their revealed seeds. */
  readonly hands: number;
  readonly from: number;
  readonly to: number;
  /**
   * When the proof is of a match still being played: the hand in play (its seed still secret, its deal
   * and moves checked as far as they can be without it, from event `from`), or null between hands.
   */
  readonly goesOn?: { readonly inPlay: number | null; readonly from: number };
}

interface Revealed {
  readonly seed: string;
  readonly seq: number;
  readonly opening?: string;
}

/** Each hand's seed as its end revealed it (the first end per hand: any other fails the replay). */
function revealedSeeds(events: readonly ProofEvent[]): Map<number, Revealed> {
  const out = new Map<number, Revealed>();
  for (const e of events) {
    // A hand ends, or a seat forfeits the match in it: either reveals its seed.
    if ((e.type !== "handOver" && e.type !== "forfeit") || typeof e.hand !== "number" || out.has(e.hand))
      continue;
    if (typeof e.handSeed !== "string") continue;
    const opening = typeof e.openingSeed === "string" ? { opening: e.openingSeed } : {};
    out.set(e.hand, { seed: e.handSeed, seq: e.seq, ...opening });
  }
  return out;
}

/**
 * The event as the rules make it: without its number, nor a move's `by` (who made it: the server's
 * computer for a person away or out of time; the server's word, which the rules cannot check).
 */
const strip = (e: ProofEvent): JsonObject => {
  const { seq: _seq, ...rest } = e;
  if (e.type !== "move" || e.by !== "computer") return rest;
  const { by: _by, ...move } = rest;
  return move;
};

/**
 * Re-plays the proof's hands up to hand `only` (every hand when not given)
 * and says what held, or the one line of what did not.
 */
/** A hand's moves as re-played: each with the whole state before it (the review judges them). */
export type PlayedHand = (
  hand: number,
  moves: readonly { readonly state: MatchState; readonly seat: Seat; readonly move: Move }[],
  end: MatchState,
) => void;

export function replayProof(
  p: ProofMatch,
  only?: number,
  maxTries = MAX_TRIES,
  played?: PlayedHand,
): Result<Replayed, string> {
  const { game, events } = p;
  const seeds = revealedSeeds(events);
  const last = events[events.length - 1].seq;
  let state: MatchState | undefined;
  let opening: string | undefined;
  let pos = 0;
  for (let hand = 1; ; hand++) {
    const d = events[pos];
    if (!d) return err(`there is no hand ${only ?? hand} in this replay`);
    if (d.type !== "deal")
      return err(
        `hand ${hand}, event ${d.seq}: a ${d.type} event where the rules give the deal of hand ${hand}`,
      );
    const revealed = seeds.get(hand);
    if (!revealed) {
      if (only === hand) return err(`hand ${hand} is not over yet (its seed is revealed when it ends)`);
      // The hand being played: no end, no seed yet; the proof is of the match so far.
      if (only !== undefined) return err(`there is no hand ${only} in this replay`);
      const wrong = handInPlay(p, state, pos, hand, opening);
      if (wrong) return err(wrong);
      return ok({ hands: hand - 1, from: 1, to: last, goesOn: { inPlay: hand, from: d.seq } });
    }
    if (!isHandSeed(revealed.seed))
      return err(`hand ${hand}, event ${revealed.seq}: the revealed seed is not 64 hex digits`);
    if (commitment(revealed.seed) !== d.commitment)
      return err(
        `hand ${hand}, event ${d.seq}: the seed revealed at event ${revealed.seq} does not match the commitment sent with the deal`,
      );
    if (!state) {
      opening = revealed.opening;
      const started = firstHand(p, revealed.seed, d.dealer, opening);
      if (!started.ok) return err(`hand ${hand}, event ${d.seq}: ${started.error}`);
      state = started.value;
    } else {
      state.seed = givenSeeds(opening ?? "", revealed.seed);
      const next = nextHand(game, state);
      if (next) return err(`hand ${hand}, event ${d.seq}: ${next}`);
    }
    const dealt = firstDifference(eventFor(dealEvent(game, state), p.viewer), strip(d));
    if (dealt) return err(`hand ${hand}, event ${d.seq}: ${differenceWords("deal", dealt)}`);
    const from = d.seq;
    const handPlayed = playHand(p, state, pos + 1, hand, opening, maxTries);
    if (!handPlayed.ok) return handPlayed;
    if (played) played(hand, movesTo(handPlayed.value), handPlayed.value.state);
    state = handPlayed.value.state;
    pos = handPlayed.value.pos;
    if (events[pos]?.type === "forfeit") {
      const given = forfeitGiven(p, state, pos, hand, opening);
      if (given) return err(given);
      if (only !== undefined && only !== hand) return err(`there is no hand ${only} in this replay`);
      return ok(
        only === hand ? { hands: 1, from, to: events[pos + 1].seq } : { hands: hand, from: 1, to: last },
      );
    }
    if (only === hand) return ok({ hands: 1, from, to: events[pos - 1].seq });
    if (state.matchOver) {
      if (only !== undefined) return err(`there is no hand ${only} in this replay`);
      if (pos < events.length)
        return err(
          `hand ${hand}, event ${events[pos].seq}: a ${events[pos].type} event after the match's end`,
        );
      return ok({ hands: hand, from: 1, to: last });
    }
    // Between hands: the next one is not dealt yet.
    if (pos >= events.length && only !== undefined) return err(`there is no hand ${only} in this replay`);
    if (pos >= events.length)
      return ok({ hands: hand, from: 1, to: last, goesOn: { inPlay: null, from: last } });
  }
}

/**
 * A seat gave the match up at event index `pos` (mid-hand, or between hands): the forfeit and the
 * match's end must be what the table makes of it there, and the last events of the proof. What
 * differs, or null.
 */
function forfeitGiven(
  p: ProofMatch,
  state: MatchState,
  pos: number,
  hand: number,
  opening: string | undefined,
): string | null {
  const { events, viewer } = p;
  const f = events[pos];
  if (typeof f.seat !== "number" || typeof f.reason !== "string" || f.seat < 0 || f.seat >= p.players)
    return `hand ${hand}, event ${f.seq}: a forfeit names no seat of the table`;
  const made = forfeitEvents(state, { seat: f.seat, reason: f.reason }, opening);
  for (const [i, e] of made.entries()) {
    const got = events[pos + i];
    if (!got) return `hand ${hand}, event ${f.seq + i}: the proof ends before the match's end`;
    const d = firstDifference(eventFor(e, viewer), strip(got));
    if (d) return `hand ${hand}, event ${got.seq}: ${differenceWords(got.type, d)}`;
  }
  const after = events[pos + made.length];
  if (after) return `hand ${hand}, event ${after.seq}: a ${after.type} event after the match's end`;
  return null;
}

/**
 * Hand 1 as the table dealt it: from the opening's seed where the proof
 * has it (a game that cuts for the first deal cuts the same cards), else
 * with the dealer the deal event names.
 */
function firstHand(p: ProofMatch, seed: string, dealer: Json, opening?: string): Result<MatchState, string> {
  const { game } = p;
  if (opening === undefined || !isHandSeed(opening)) {
    if (typeof dealer !== "number") return err("the deal names no dealer");
    return dealFromSeed(game, { players: p.players, dealer, handSeed: seed, options: p.options });
  }
  try {
    return game.start({
      players: p.players,
      seed: givenSeeds(opening, seed),
      options: p.options,
      handSeed: seed,
    });
  } catch (e) {
    return err(`the seed does not deal: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The moves that led to `node` from its hand's deal, first first. */
function movesTo(node: Node): { state: MatchState; seat: Seat; move: Move }[] {
  const out: { state: MatchState; seat: Seat; move: Move }[] = [];
  for (let n: Node | undefined = node; n?.prev; n = n.prev.node)
    out.push({ state: n.prev.node.state, seat: n.prev.seat, move: n.prev.move });
  return out.reverse();
}

interface Node {
  readonly state: MatchState;
  /** The index of the next event to explain. */
  readonly pos: number;
  /** The node before, and the move that led here from it (its events from `prev.pos` on). */
  readonly prev?: { readonly node: Node; readonly seat: Seat; readonly move: Move };
}

interface Search {
  readonly p: ProofMatch;
  readonly hand: number;
  readonly opening: string | undefined;
  readonly dealt: MatchState;
  tries: number;
  readonly maxTries: number;
  /** The furthest point the search reached and why it could go no further. */
  deepest: { pos: number; seq: number; line: string } | null;
}

class TooManyTries extends Error {}

/** A point of the search with choices left: another seat's masked move. */
interface Frame {
  readonly node: Node;
  /** The moves left to try there. */
  readonly ways: readonly { readonly seat: Seat; readonly move: Move }[];
  next: number;
  /** Whether any of them fitted (else the line says why none did). */
  fitted: boolean;
}

/** One hand's moves, from the event after its deal to its end; the state and position after it. */
function playHand(
  p: ProofMatch,
  dealt: MatchState,
  pos: number,
  hand: number,
  opening: string | undefined,
  maxTries: number,
): Result<Node, string> {
  const search: Search = { p, hand, opening, dealt: p.game.clone(dealt), tries: 0, maxTries, deepest: null };
  const stack: Frame[] = [];
  const seen = new Set<string>();
  let node: Node = { state: dealt, pos };
  try {
    for (;;) {
      // A hand ends, or a seat gives the match up in it.
      if (node.state.handOver || p.events[node.pos]?.type === "forfeit") return ok(node);
      if (node.pos >= p.events.length) {
        const seq = p.events[p.events.length - 1].seq + 1;
        fellShort(
          search,
          node.pos,
          () => `hand ${hand}, event ${seq}: the proof ends here, before the hand does`,
        );
      } else {
        // The move the event names, when it fits, is the only way on: no choice to come back to.
        const named = namedMove(p.game, node.state, p.events[node.pos]);
        const fits = named && tryMove(search, node, named.seat, named.move);
        if (fits) {
          node = fits;
          continue;
        }
        stack.push({ node, ways: otherWays(p.game, node.state, named), next: 0, fitted: false });
      }
      // The next way on from the latest choice, or back to the one before.
      for (;;) {
        const top = stack[stack.length - 1];
        if (!top) return err(search.deepest?.line ?? `hand ${hand}: the moves do not replay`);
        let fits: Node | null = null;
        while (!fits && top.next < top.ways.length) {
          const way = top.ways[top.next++];
          fits = tryMove(search, top.node, way.seat, way.move);
          if (!fits) continue;
          top.fitted = true;
          // A position reached before at the same event (two discards in the other order) was a dead end.
          const key = `${fits.pos}:${JSON.stringify(fits.state)}`;
          if (seen.has(key)) fits = null;
          else seen.add(key);
        }
        if (fits) {
          node = fits;
          break;
        }
        stack.pop();
        // Nothing explains the event here: say why, unless the search already got further.
        if (!top.fitted) fellShort(search, top.node.pos, () => diagnose(search, top.node));
      }
    }
  } catch (e) {
    if (!(e instanceof TooManyTries)) throw e;
    const seq = p.events[Math.min(node.pos, p.events.length - 1)].seq;
    return err(
      `hand ${hand}, event ${seq}: gave up after trying ${maxTries} moves to explain the masked choices`,
    );
  }
}

/**
 * Notes why the search went no further at event index `pos`: kept when it
 * got furthest, or as far and names a later event (the path whose move was
 * held and legal, and whose events differ after it, says more than one
 * that took a wrong masked choice).
 */
function fellShort(search: Search, pos: number, line: () => string): void {
  const was = search.deepest;
  if (was && was.pos > pos) return;
  const text = line();
  const seq = Number(/^hand \d+, event (\d+):/.exec(text)?.[1] ?? 0);
  if (!was || pos > was.pos || seq > was.seq) search.deepest = { pos, seq, line: text };
}

/** Every legal move of every seat to act but the one the event names. */
function otherWays(
  game: AnyGame,
  s: MatchState,
  named: { seat: Seat; move: Move } | null,
): { seat: Seat; move: Move }[] {
  const out: { seat: Seat; move: Move }[] = [];
  for (const seat of game.toAct(s).slice())
    for (const move of legalMoves(game, s, seat))
      if (!(named && seat === named.seat && move === named.move)) out.push({ seat, move });
  return out;
}

/** The move the event names, if it is a legal move of a seat to act. */
function namedMove(game: AnyGame, s: MatchState, e: ProofEvent): { seat: Seat; move: Move } | null {
  if (e.type !== "move" || typeof e.seat !== "number" || !game.toAct(s).includes(e.seat)) return null;
  const json = moveJson(e.move);
  if (!json) return null;
  const move = game.moveFromJson(json);
  if (!move.ok || !legalMoves(game, s, e.seat).includes(move.value)) return null;
  return { seat: e.seat, move: move.value };
}

/** The node after the move when its events are the ones received next, else null. */
function tryMove(search: Search, node: Node, seat: Seat, move: Move): Node | null {
  if (++search.tries > search.maxTries) throw new TooManyTries();
  const { game, events, viewer } = search.p;
  const after = game.clone(node.state);
  applyMove(game, after, seat, move);
  const made = moveEvents(game, node.state, after, seat, move, search.opening);
  for (const [i, e] of made.entries()) {
    const got = events[node.pos + i];
    if (!got || firstDifference(eventFor(e, viewer), strip(got))) return null;
  }
  return { state: after, pos: node.pos + made.length, prev: { node, seat, move } };
}

/** Why no move explains the event at the node: the line a failing proof prints. */
function diagnose(search: Search, node: Node): string {
  const { p, hand } = search;
  const { game, events, viewer } = p;
  const s = node.state;
  const e = events[node.pos];
  const at = `hand ${hand}, event ${e.seq}`;
  const toAct = game.toAct(s).slice();
  if (e.type !== "move")
    return `${at}: a ${e.type} event where the rules give a move (${seatsWords(toAct)} to act)`;
  const seat = e.seat;
  if (typeof seat !== "number" || !toAct.includes(seat))
    return `${at}: seat ${shortJson(seat)} moved, but it was ${seatsWords(toAct)}'s turn`;
  const json = moveJson(e.move);
  const move = json && game.moveFromJson(json);
  if (!json || !move?.ok) return maskedWords(search, node, seat);
  const card = json.card;
  if (typeof card === "string") {
    const holds = game.view(s, seat).hand;
    if (Array.isArray(holds) && !holds.includes(card)) {
      const dealt = game.view(search.dealt, seat).hand;
      const gone = Array.isArray(dealt) && dealt.includes(card);
      return `${at}: seat ${seat} played ${cardSymbol(card)}, which ${gone ? "it no longer holds" : "the deal never gave it"}`;
    }
  }
  if (!legalMoves(game, s, seat).includes(move.value))
    return (
      earlierMove(search, node, seat, move.value) ??
      `${at}: seat ${seat} may not ${game.describeMove(move.value)} there: the rules forbid it`
    );
  const after = game.clone(s);
  applyMove(game, after, seat, move.value);
  const made = moveEvents(game, s, after, seat, move.value, search.opening);
  for (const [i, x] of made.entries()) {
    const got = events[node.pos + i];
    const mine = eventFor(x, viewer);
    if (!got)
      return `hand ${hand}, event ${events[events.length - 1].seq + 1}: missing; the rules give a ${String(mine.type)} event`;
    const d = firstDifference(mine, strip(got));
    if (d) return `hand ${hand}, event ${got.seq}: ${differenceWords(String(got.type), d)}`;
  }
  return `${at}: the move does not replay`;
}

/** Variants of a move tried, at most, when looking for the earlier move a forbidden one contradicts. */
const MAX_VARIANTS = 2_000;

/**
 * A forbidden move that an earlier move of the hand forbade: the earlier move made otherwise, in one
 * choice of its wire form (the suit called with an eight, not the card), with the moves between as they
 * were, lets `seat` make `move`. The line names that earlier move, its event and its seat (a changed
 * suit call shows only at the next play, which it makes illegal); null when no such move is found.
 */
function earlierMove(search: Search, node: Node, seat: Seat, move: Move): string | null {
  const { game, events } = search.p;
  const between: { seat: Seat; move: Move }[] = [];
  let tries = 0;
  for (let at: Node = node; at.prev; at = at.prev.node) {
    const { node: before, seat: mover, move: made } = at.prev;
    const wire = game.moveToJson(made);
    for (const other of legalMoves(game, before.state, mover)) {
      if (other === made || !oneChoiceApart(wire, game.moveToJson(other))) continue;
      if (++tries > MAX_VARIANTS) return null;
      const s = game.clone(before.state);
      applyMove(game, s, mover, other);
      if (!replays(game, s, between) || !legalMoves(game, s, seat).includes(move)) continue;
      const e = events[before.pos];
      const forbidden = events[node.pos].seq;
      return `hand ${search.hand}, event ${e.seq}: seat ${mover}'s move (${game.describeMove(made)}) does not fit what follows: after it seat ${seat} may not ${game.describeMove(move)} (event ${forbidden}), after "${game.describeMove(other)}" it may`;
    }
    between.unshift({ seat: mover, move: made });
  }
  return null;
}

/** Card text or a list of it: a field that names cards, not a choice made with them. */
const namesCards = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 && v.every(namesCards) : typeof v === "string" && parseCard(v).ok;

/**
 * Whether two moves' wire forms differ in exactly one field, and not in cards: the same move with
 * another choice made (a suit called), not another kind of move or another card played.
 */
function oneChoiceApart(a: MoveJson, b: MoveJson): boolean {
  if (a.type !== b.type) return false;
  const differ = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );
  return differ.length === 1 && !namesCards(a[differ[0]]) && !namesCards(b[differ[0]]);
}

/** Applies the moves in order to `s` while each is legal for a seat to act in a hand not over. */
function replays(game: AnyGame, s: MatchState, moves: readonly { seat: Seat; move: Move }[]): boolean {
  for (const { seat, move } of moves) {
    if (s.handOver || !game.toAct(s).includes(seat) || !legalMoves(game, s, seat).includes(move))
      return false;
    applyMove(game, s, seat, move);
  }
  return true;
}

/**
 * Why no choice explains a masked move: the event furthest on that some
 * choice of the seat reaches, and what differs there from every choice.
 */
function maskedWords(search: Search, node: Node, seat: Seat): string {
  const { game, events, viewer } = search.p;
  const e = events[node.pos];
  let best: { at: ProofEvent; path: string; got: Json | undefined; fitted: number } | null = null;
  for (const move of legalMoves(game, node.state, seat)) {
    const after = game.clone(node.state);
    applyMove(game, after, seat, move);
    const made = moveEvents(game, node.state, after, seat, move, search.opening);
    for (const [i, x] of made.entries()) {
      const got = events[node.pos + i];
      const d = got && firstDifference(eventFor(x, viewer), strip(got));
      if (got && !d) continue;
      if (got && d && i > 0 && (!best || i > best.fitted))
        best = { at: got, path: d.path, got: d.got, fitted: i };
      break;
    }
  }
  if (!best)
    return `hand ${search.hand}, event ${e.seq}: no legal move of seat ${seat} gives ${viewerWords(viewer)} this event (${shortJson(e.move)})`;
  const what = best.path ? `the ${best.at.type} event's ${best.path}` : `the ${best.at.type} event`;
  return `hand ${search.hand}, event ${best.at.seq}: ${what} is ${shortJson(best.got)}, which no legal choice of seat ${seat} at event ${e.seq} gives`;
}

const viewerWords = (v: Viewer): string => (v === "spectator" ? "a spectator" : `seat ${v}`);

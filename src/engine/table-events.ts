/**
 * The events a table makes besides the game's own (`Game.events`): the
 * deal, the hand's end with its seed, the match's end, a seat's forfeit. One source for the
 * table (`Table`) and for the verifier that re-makes every event of a proof
 * (src/protocol/proof-replay.ts), so that the two can never disagree.
 */
import { type GameEvent, publicEvent } from "./events.js";
import { type AnyGame, type JsonObject, type MatchState, type Move, type Seat, SPECTATOR } from "./game.js";
import { commitment } from "./seeds.js";

/** The deal: its commitment for all, and each seat's view of the dealt table. */
export function dealEvent(game: AnyGame, s: MatchState): GameEvent {
  const deal = { type: "deal", hand: s.hand, dealer: s.dealer, commitment: commitment(s.handSeed) };
  return {
    all: { ...deal, view: game.view(s, SPECTATOR) },
    seats: Array.from({ length: s.players }, (_, p) => ({ ...deal, view: game.view(s, p) })),
  };
}

/**
 * What a move just applied showed: the game's events, then the hand's end
 * (its seed revealed; with hand 1's, the opening's seed, which cut for the
 * first deal, when the match had one) and the match's end.
 */
export function moveEvents(
  game: AnyGame,
  before: MatchState,
  s: MatchState,
  seat: Seat,
  move: Move,
  opening?: string,
): GameEvent[] {
  const out = game.events(before, s, seat, move);
  if (s.handOver && s.result) {
    out.push(
      publicEvent({
        type: "handOver",
        hand: s.hand,
        result: s.result as unknown as JsonObject,
        handSeed: s.handSeed,
        ...(s.hand === 1 && opening !== undefined ? { openingSeed: opening } : {}),
      }),
    );
  }
  if (s.matchOver) {
    out.push(publicEvent({ type: "matchOver", winners: [...game.matchWinners(s)], scores: [...s.scores] }));
  }
  return out;
}

/**
 * Who made a move other than the seat's own player: the server's computer, playing for a person away
 * past their grace or out of their turn's time. Not part of the rules: a proof does not check it.
 */
export type MoveMaker = "computer";

/** The move's events, each `move` event of `seat` saying who made it when its player did not (`by`). */
export function madeBy(events: GameEvent[], seat: Seat, by: MoveMaker | undefined): GameEvent[] {
  if (!by) return events;
  const mark = (e: JsonObject): JsonObject => (e.type === "move" && e.seat === seat ? { ...e, by } : e);
  return events.map((e) => ({
    all: mark(e.all),
    ...(e.seats ? { seats: e.seats.map((x) => x && mark(x)) } : {}),
  }));
}

/** Every seat but `seat`: the winners when `seat` gives the match up. */
export const othersThan = (seat: Seat, players: number): Seat[] =>
  Array.from({ length: players }, (_, p) => p).filter((p) => p !== seat);

/**
 * A seat gave the match up: said to all with the seed of the hand it left (the match is over: nothing
 * is hidden any more, and a proof re-deals the hand up to here; with hand 1's, the opening's seed), then
 * the match's end with every other seat winning.
 */
export function forfeitEvents(
  s: MatchState,
  f: { readonly seat: Seat; readonly reason: string },
  opening?: string,
): GameEvent[] {
  return [
    publicEvent({
      type: "forfeit",
      seat: f.seat,
      reason: f.reason,
      hand: s.hand,
      handSeed: s.handSeed,
      ...(s.hand === 1 && opening !== undefined ? { openingSeed: opening } : {}),
    }),
    publicEvent({
      type: "matchOver",
      winners: othersThan(f.seat, s.players),
      scores: [...s.scores],
      forfeit: f.seat,
    }),
  ];
}

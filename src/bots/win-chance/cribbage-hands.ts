/**
 * Whole Cribbage hands between two players of one level, recorded as the
 * win-chance table needs them: the points in the order they were scored,
 * each by the pone or the dealer. Each hand is its own seeded match to a
 * target no hand reaches, so every hand is counted to the end and hand `i`
 * of a seed is the same whatever hands come before it.
 */
import { botMove, findBot } from "../index.js";
import { applyMove } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { findEntry } from "../../games/index.js";
import type { HandPoints } from "./cribbage-table.js";
import {
  CRIB,
  type CribbageState,
  HAND,
  HEELS,
  THREE_FOR_LAST,
  scoreKind,
  scorePoints,
  scoreSeat,
} from "../../games/cribbage/state.js";

/** Who scored: the pone (who does not deal) or the dealer. */
export const PONE = 0;
export const DEALER = 1;

/** One hand's points by part, from the pone's and the dealer's side. */
export interface HandRecord {
  /** His heels: 2 to the dealer when the starter is a Jack, else 0. */
  readonly heels: number;
  /** The pegging's points in the order scored, `[who, points]`, a player's points in a row merged. */
  readonly pegging: readonly (readonly [number, number])[];
  readonly poneHand: number;
  readonly dealerHand: number;
  readonly crib: number;
}

/** No hand comes near it: every hand is played and counted to its end. */
const UNREACHED = 10_000;

/** The six-card game, or the older five-card one (five each, keep three, one count to 31). */
export type Deal = "six" | "five";

/** Plays hand `index` of `seed` between two `level` players and reads its points from the hand's scoring. */
export function playHand(level: string, seed: string, index: number, deal: Deal = "six"): HandRecord {
  const entry = findEntry("cribbage");
  if (!entry.ok) throw new Error(entry.error);
  const bot = findBot(entry.value, level);
  if (!bot.ok) throw new Error(bot.error);
  const game = entry.value.game;
  const started = game.start({
    players: 2,
    seed: `${seed}:${index}`,
    options: { target: UNREACHED, muggins: false, skunk: false, cribFlush: "five", deal },
  });
  if (!started.ok) throw new Error(started.error);
  const state = started.value as CribbageState;
  const rng = Rng.fromSeed(`bots:${seed}:${index}`);
  while (!state.handOver) {
    const seat = game.toAct(state)[0];
    applyMove(game, state, seat, botMove(entry.value, bot.value, state, seat, rng));
  }
  return handRecord(state);
}

/** A finished hand's record, read from its scoring in order. */
export function handRecord(s: CribbageState): HandRecord {
  let heels = 0;
  let poneHand = 0;
  let dealerHand = 0;
  let crib = 0;
  const pegging: [number, number][] = [];
  for (const packed of s.scoring) {
    const kind = scoreKind(packed);
    const points = scorePoints(packed);
    const who = scoreSeat(packed) === s.dealer ? DEALER : PONE;
    // The five-card game's three for last comes once a match, before its first hand: the model adds it
    // where a match begins (win-chance/index.ts), not to every hand.
    if (kind === THREE_FOR_LAST) continue;
    if (kind === HEELS) heels += points;
    else if (kind === HAND) {
      if (who === DEALER) dealerHand += points;
      else poneHand += points;
    } else if (kind === CRIB) crib += points;
    else {
      const last = pegging[pegging.length - 1];
      if (last && last[0] === who) last[1] += points;
      else pegging.push([who, points]);
    }
  }
  return { heels, pegging, poneHand, dealerHand, crib };
}

/** Hands' records counted as the table reads them: each pegging sequence by its hands, each show's points by its hands. */
export function handPoints(records: readonly HandRecord[]): HandPoints {
  const sequences = new Map<string, number>();
  const poneHand: number[] = [];
  const dealerShow: number[] = [];
  const bump = (a: number[], k: number) => {
    while (a.length <= k) a.push(0);
    a[k]++;
  };
  for (const r of records) {
    const key = r.pegging.map(([who, p]) => (who === PONE ? p : -p)).join(",");
    sequences.set(key, (sequences.get(key) ?? 0) + 1);
    bump(poneHand, r.poneHand);
    bump(dealerShow, r.dealerHand + r.crib);
  }
  // Most common first, then by the sequence's text: the same hands give the same list.
  const pegging = [...sequences]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, c]) => [c, k.split(",").map(Number)] as [number, number[]]);
  return { hands: records.length, pegging, poneHand, dealerShow };
}

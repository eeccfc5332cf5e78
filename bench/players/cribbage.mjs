#!/usr/bin/env node
// An expert-style Cribbage player for the bench (docs/STRENGTH.md), written
// apart from Cardroom's search: exact expected-value discards, the crib's
// worth read from a table of how the other lays away (computed here, on
// first use, and cached), and pegging by points won less the other's best
// reply, over the cards it may hold given its goes.
//   cardroom sim --game cribbage --bots hard,cmd:"node bench/players/cribbage.mjs"
/* global process */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { card, generator, play } from "./protocol.mjs";

const value = (rank) => Math.min(rank, 10);

/** Points of four cards and the starter: fifteens, pairs, runs, flush, his nobs. */
export function show(hand, starter, crib) {
  const all = [...hand, starter];
  let points = 0;
  for (let mask = 1; mask < 32; mask++) {
    let sum = 0;
    for (let i = 0; i < 5; i++) if (mask & (1 << i)) sum += value(all[i].rank);
    if (sum === 15) points += 2;
  }
  points += ranksPoints(all.map((c) => c.rank));
  if (hand.every((c) => c.suit === hand[0].suit)) {
    if (starter.suit === hand[0].suit) points += 5;
    else if (!crib) points += 4;
  }
  if (hand.some((c) => c.rank === 11 && c.suit === starter.suit)) points += 1;
  return points;
}

/** Pairs and runs of some ranks (fifteens left to the caller). */
function ranksPoints(ranks) {
  const n = new Array(15).fill(0);
  for (const r of ranks) n[r]++;
  let points = 0;
  for (let r = 1; r <= 13; r++) points += n[r] * (n[r] - 1);
  for (let r = 1; r <= 13;) {
    if (!n[r]) {
      r++;
      continue;
    }
    let len = 0;
    let ways = 1;
    while (n[r + len]) ways *= n[r + len++];
    if (len >= 3) points += len * ways;
    r += len;
  }
  return points;
}

/** Five ranks' points without suits (for the crib tables): fifteens, pairs, runs. */
function rankShow(ranks) {
  let points = 0;
  for (let mask = 1; mask < 32; mask++) {
    let sum = 0;
    for (let i = 0; i < 5; i++) if (mask & (1 << i)) sum += value(ranks[i]);
    if (sum === 15) points += 2;
  }
  return points + ranksPoints(ranks);
}

const pairIndex = (a, b) => (a < b ? a * 14 + b : b * 14 + a);

/**
 * The crib tables: for two ranks laid away, the crib's mean worth when the
 * other lays away by its own hand's expected value, into its own crib (it
 * keeps good crib cards) or into ours (it throws what helps a crib least).
 */
function cribTables() {
  const file = join(tmpdir(), "cardroom-baseline-crib-v1.json");
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // rebuilt below
    }
  }
  const rng = generator(38);
  const deck = [];
  for (let r = 1; r <= 13; r++) for (let s = 0; s < 4; s++) deck.push({ rank: r, suit: s });
  const deal = (n, out = []) => {
    const d = deck.slice();
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rng() * (d.length - i));
      [d[i], d[j]] = [d[j], d[i]];
      out.push(d[i]);
    }
    return out;
  };
  // A crib's worth from two ranks alone (the other two and the starter at random): how a player weighs its throw.
  const naive = new Float64Array(14 * 14);
  for (let a = 1; a <= 13; a++)
    for (let b = a; b <= 13; b++) {
      let total = 0;
      let n = 0;
      while (n < 400) {
        const [x, y, z] = deal(3);
        const ranks = [a, b, x.rank, y.rank, z.rank];
        if (ranks.filter((r) => r === a).length > 4 || ranks.filter((r) => r === b).length > 4) continue;
        total += rankShow(ranks) + 0.25 * ranks.slice(0, 4).filter((r) => r === 11).length;
        n++;
      }
      naive[pairIndex(a, b)] = total / n;
    }
  // How often the other throws each pair of ranks, into its own crib (+1) and into ours (-1).
  const thrown = { own: new Float64Array(14 * 14), ours: new Float64Array(14 * 14) };
  const DEALS = 2000;
  for (let d = 0; d < DEALS; d++) {
    const six = deal(6);
    const ev = handValues(six);
    for (const [sign, into] of [
      [1, thrown.own],
      [-1, thrown.ours],
    ]) {
      let best = -Infinity;
      let pick = 0;
      for (let k = 0; k < 15; k++) {
        const [i, j] = PAIRS[k];
        const v = ev[k] + sign * naive[pairIndex(six[i].rank, six[j].rank)];
        if (v > best) [best, pick] = [v, k];
      }
      const [i, j] = PAIRS[pick];
      into[pairIndex(six[i].rank, six[j].rank)] += 1 / DEALS;
    }
  }
  // The crib's worth of our two with the other's two as it throws them and any starter left.
  const table = { own: [], ours: [] };
  for (const [name, other] of [
    ["own", thrown.ours], // our crib: the other throws into ours
    ["ours", thrown.own], // its crib: it throws into its own
  ]) {
    const t = new Array(14 * 14).fill(0);
    for (let a = 1; a <= 13; a++)
      for (let b = a; b <= 13; b++) {
        let total = 0;
        let weight = 0;
        for (let c = 1; c <= 13; c++)
          for (let e = c; e <= 13; e++) {
            const p = other[pairIndex(c, e)];
            if (!p) continue;
            const four = [a, b, c, e];
            for (let s = 1; s <= 13; s++) {
              const left = 4 - four.filter((r) => r === s).length;
              if (left <= 0) continue;
              const w = p * left;
              total += w * (rankShow([...four, s]) + 0.25 * four.filter((r) => r === 11).length);
              weight += w;
            }
          }
        t[pairIndex(a, b)] = weight ? total / weight : 0;
      }
    table[name] = t;
  }
  try {
    writeFileSync(file, JSON.stringify(table));
  } catch {
    // no cache: computed again next time
  }
  return table;
}

const PAIRS = [];
for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) PAIRS.push([i, j]);

/** Each way of laying two away (PAIRS' order): the kept four's mean points over every starter. */
function handValues(six) {
  const starters = [];
  for (let r = 1; r <= 13; r++)
    for (let s = 0; s < 4; s++)
      if (!six.some((c) => c.rank === r && c.suit === s)) starters.push({ rank: r, suit: s });
  return PAIRS.map(([i, j]) => {
    const kept = six.filter((_, k) => k !== i && k !== j);
    let total = 0;
    for (const s of starters) total += show(kept, s, false);
    return total / starters.length;
  });
}

let tables = null;

/** The two cards to lay away: the kept hand's expected points, plus or less the crib's. */
function layAway(six, mine) {
  tables ??= cribTables();
  const ev = handValues(six);
  let best = -Infinity;
  let pick = PAIRS[0];
  PAIRS.forEach(([i, j], k) => {
    const crib = (mine ? tables.own : tables.ours)[pairIndex(six[i].rank, six[j].rank)];
    const v = ev[k] + (mine ? crib : -crib);
    if (v > best) [best, pick] = [v, [i, j]];
  });
  return pick.map((i) => six[i].text);
}

/** Points for playing a card of `rank` on the count's cards `pile` (ranks) at `count`. */
function pegPoints(pile, count, rank) {
  const total = count + value(rank);
  let points = total === 15 || total === 31 ? 2 : 0;
  let same = 0;
  for (let i = pile.length - 1; i >= 0 && pile[i] === rank; i--) same++;
  points += [0, 2, 6, 12][same] ?? 0;
  const seq = [...pile, rank];
  for (let len = seq.length; len >= 3; len--) {
    const last = seq.slice(-len).sort((a, b) => a - b);
    if (last.every((r, i) => i === 0 || r === last[i - 1] + 1)) {
      points += len;
      break;
    }
  }
  return points;
}

/** The pegging play: points now, less the other's expected best answer from the cards it may hold. */
function peg(view, legal, memory) {
  const me = view.seat;
  const other = 1 - me;
  const played = view.played.map((p) => ({ seat: p.seat, ...card(p.card) }));
  const known = new Set([
    ...view.hand,
    ...(view.myCrib ?? []),
    view.starter,
    ...view.played.map((p) => p.card),
  ]);
  const key = `${view.handNumber}`;
  if (view.go.includes(other)) {
    // It said go at this count: every card it holds is worth more than what was left to 31.
    memory.goBound ??= {};
    memory.goBound[key] = Math.max(memory.goBound[key] ?? 0, 31 - view.count);
  }
  const bound = memory.goBound?.[key] ?? 0;
  const left = 4 - played.filter((p) => p.seat === other).length;
  const unseen = new Array(14).fill(0);
  let total = 0;
  for (let r = 1; r <= 13; r++)
    for (const s of "CDHS") {
      const text = "A23456789TJQK"[r - 1] + s;
      if (known.has(text) || value(r) <= bound) continue;
      unseen[r]++;
      total++;
    }
  const choose = (n, k) => {
    let x = 1;
    for (let i = 0; i < k; i++) x *= (n - i) / (k - i);
    return x;
  };
  const holds = (r) =>
    left <= 0 || total === 0 ? 0 : 1 - choose(total - unseen[r], left) / choose(total, left);
  const pile = view.pile.map((t) => card(t).rank);
  const mine = view.hand.filter((t) => !view.played.some((p) => p.card === t)).map(card);
  let best = -Infinity;
  let pick = legal[0];
  for (const m of legal) {
    if (m.type !== "play") continue;
    const c = card(m.card);
    const now = pegPoints(pile, view.count, c.rank);
    const count = view.count + value(c.rank);
    const after = [...pile, c.rank];
    // Its best answer: the ranks it may hold, best first, each taken if it holds one and none better.
    const ranks = [];
    for (let r = 1; r <= 13; r++)
      if (unseen[r] && count + value(r) <= 31) ranks.push([pegPoints(after, count, r), r]);
    ranks.sort((a, b) => b[0] - a[0]);
    let none = 1;
    let risk = 0;
    for (const [points, r] of ranks) {
      const p = holds(r);
      risk += none * p * points;
      none *= 1 - p;
    }
    // Low cards kept for the end of a count; higher cards shed first when all else is even.
    const rest = mine.filter((x) => x.text !== c.text);
    const keepLow = rest.some((x) => value(x.rank) <= 4) ? 0.1 : 0;
    const v = now - risk + keepLow + 0.01 * value(c.rank);
    if (v > best) [best, pick] = [v, m];
  }
  return pick;
}

function choose(view, legal, memory) {
  if (legal[0].type === "discard") {
    const key = view.handNumber;
    if (memory.layAwayHand !== key) {
      memory.layAwayHand = key;
      memory.layAway = layAway(view.hand.map(card), view.dealer === view.seat);
    }
    const m = legal.find((x) => memory.layAway.includes(x.card));
    return m ?? legal[0];
  }
  if (legal[0].type === "claim" || legal.every((m) => m.type === "claim")) {
    const c = view.claiming;
    const truth = c ? show(c.cards.map(card), card(view.starter), c.crib) : 0;
    return legal.find((m) => m.points === truth) ?? legal[0];
  }
  if (legal.some((m) => m.type === "play")) return peg(view, legal, memory);
  return legal[0];
}

if (process.argv[1]?.endsWith("cribbage.mjs"))
  play(
    "baseline-cribbage",
    ["cribbage"],
    choose,
    () => {},
    () => {
      tables ??= cribTables();
    },
  );

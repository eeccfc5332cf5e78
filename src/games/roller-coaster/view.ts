import { formatCards, rankText } from "../../engine/card-text.js";
import { type Json, type JsonObject, type Viewer, SPECTATOR, historyView } from "../../engine/game.js";
import { moveToJson } from "./moves.js";
import { DOWN, UP } from "./rules.js";
import { type CoasterState, canDraw, handOf } from "./state.js";

/** A cycle rank (0..12) as text ("A", "T", "K"), or null when unknown. */
const rankName = (r: number): string | null => (r >= 0 ? rankText(r + 1) : null);
const dirName = (d: number): string | null => (d === UP ? "up" : d === DOWN ? "down" : null);

/**
 * What a seat may know: its own hand, the whole face-up pile with the rank
 * each joker stood for, the run in progress, and only the sizes of the other
 * hands and the stock. The whole hand's history, reshuffles included, and
 * the pile the hand began on: a card seen face up and shuffled back into the
 * stock was seen by all.
 */
export function view(s: CoasterState, viewer: Viewer): JsonObject {
  const own = viewer === SPECTATOR ? null : handOf(s, viewer);
  const top = s.discard.length ? s.discard.length - 1 : -1;
  return {
    game: "roller-coaster",
    seat: viewer,
    hand: own ? formatCards(own) : null,
    handSizes: s.sizes.slice(),
    stock: s.stock.length,
    discard: formatCards(s.discard),
    discardRanks: s.pileRanks.map(rankName),
    startingPile: formatCards(s.startingPile),
    top: top >= 0 ? formatCards([s.discard[top]])[0] : null,
    topRank: top >= 0 ? rankName(s.pileRanks[top]) : null,
    run: runView(s),
    canDraw: canDraw(s),
    passes: s.passes,
    turn: s.turn,
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    packs: s.packs,
    handsToWin: s.options.handsToWin,
    reshuffles: s.reshuffles,
    history: historyView(s, (_seat, m) => moveToJson(m)),
    result: s.result as JsonObject | null,
  };
}

/** The run of the turn in progress: its cards, direction, and where the next real card must be. */
function runView(s: CoasterState): JsonObject {
  return {
    cards: formatCards(s.discard.slice(s.discard.length - s.played)),
    fromEmptyPile: s.fromEmpty,
    direction: dirName(s.dir),
    last: rankName(s.anchor),
    jokersSinceLast: s.trailing,
  };
}

/** Every card's place (stock top first, pile bottom first) and the turn, for debugging and replays. */
export function dump(s: CoasterState): JsonObject {
  return {
    hands: s.held.map((_, p) => formatCards(handOf(s, p))),
    stock: formatCards(s.stock.slice().reverse()),
    discard: formatCards(s.discard),
    discardRanks: s.pileRanks.map(rankName),
    turn: s.turn,
    played: s.played,
    anchor: rankName(s.anchor),
    direction: dirName(s.dir),
    trailing: s.trailing,
    fromEmpty: s.fromEmpty,
    dealer: s.dealer,
    hand: s.hand,
    packs: s.packs,
    scores: s.scores.slice(),
    passes: s.passes,
    reshuffles: s.reshuffles,
    rng: [...s.rng.state()],
  };
}

/** The pile's last few cards, a joker shown with what it stood for: "RJ(=T)". */
function pileText(discard: readonly string[], ranks: readonly Json[], last = 8): string {
  const from = Math.max(0, discard.length - last);
  const shown = discard
    .slice(from)
    .map((c, i) => (c === "RJ" || c === "BJ" ? `${c}(=${ranks[from + i] ?? "?"})` : c));
  return (from > 0 ? "… " : "") + shown.join(" ");
}

export function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const sizes = v.handSizes as number[];
  const scores = v.scores as number[];
  const run = v.run as JsonObject;
  const discard = v.discard as string[];
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer as number)} · first to ${v.handsToWin} hand${v.handsToWin === 1 ? "" : "s"} won`,
    `Hands won: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Pile: ${discard.length ? pileText(discard, v.discardRanks as Json[]) : "empty (open with a run of 2 or more)"}    Stock: ${v.stock} cards`,
  ];
  const played = run.cards as string[];
  if (played.length) {
    const dir = run.direction ? `going ${run.direction}` : "direction not set yet";
    lines.push(`Run this turn: ${played.join(" ")} (${dir})`);
  }
  lines.push(`To play: ${name(v.turn as number)}`);
  for (const [p, n] of sizes.entries()) if (p !== seat) lines.push(`${name(p)}: ${n} cards`);
  if (v.hand) lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
  return lines;
}

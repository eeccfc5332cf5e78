import { formatCard, formatCards } from "../../engine/card-text.js";
import { type GameEvent, privateTo, publicEvent } from "../../engine/events.js";
import type { Move, Seat } from "../../engine/game.js";
import { showAnswer } from "./count.js";
import { isClaim, isDiscard, moveToJson } from "./moves.js";
import { showCards, showFull } from "./play.js";
import { isCribStep, showOwner, showPoints } from "./rules.js";
import {
  cribFlushRule,
  CRIB,
  type CribbageState,
  FIFTEEN,
  GO_POINT,
  HAND,
  HEELS,
  LAST_CARD,
  MUGGINS,
  PAIRS,
  RUN,
  SHOWING,
  THIRTY_ONE,
  THREE_FOR_LAST,
  scoreKind,
  scorePoints,
  scoreSeat,
} from "./state.js";

const PAIR_WORDS: Readonly<Record<number, string>> = {
  2: "a pair for 2",
  6: "a pair royal for 6",
  12: "a double pair royal for 12",
};

/** A pegging score in the words a player says ("fifteen two", "a pair for 2", "31 for 2", "go"). */
export function peggingWhy(kind: number, points: number): string {
  switch (kind) {
    case HEELS:
      return "his heels";
    case FIFTEEN:
      return "fifteen two";
    case THIRTY_ONE:
      return "31 for 2";
    case PAIRS:
      return PAIR_WORDS[points];
    case RUN:
      return `a run of ${points}`;
    case GO_POINT:
      return "go";
    case LAST_CARD:
      return "last card";
    case THREE_FOR_LAST:
      return "three for last";
    default:
      return "";
  }
}

const isShowKind = (kind: number): boolean => kind === HAND || kind === CRIB || kind === MUGGINS;
const part = (s: CribbageState, step: number): "hand" | "crib" =>
  isCribStep(s.players, step) ? "crib" : "hand";

/** A hand (or the crib) put up to be counted: its cards, face up for all. */
function reveal(s: CribbageState, step: number): GameEvent {
  return publicEvent({
    type: "reveal",
    what: part(s, step),
    seat: showOwner(s.dealer, s.players, step),
    cards: formatCards(showCards(s, step)),
  });
}

/**
 * What a move showed, as each viewer may read it: the move (another seat's
 * discard masked as a bare `{"type":"discard"}`), the starter when it is
 * turned, every score in the order it was made with the words a player says,
 * and each hand and the crib as they are shown.
 */
export function events(before: CribbageState, after: CribbageState, seat: Seat, move: Move): GameEvent[] {
  const out: GameEvent[] = [];
  const n = after.players;
  const json = moveToJson(move);
  out.push(
    isDiscard(move)
      ? privateTo(
          seat,
          n,
          { type: "move", seat, move: { type: "discard" } },
          { type: "move", seat, move: json },
        )
      : publicEvent({ type: "move", seat, move: json }),
  );
  if (before.starter < 0 && after.starter >= 0) {
    const cutter = (after.dealer + 1) % n;
    out.push(publicEvent({ type: "reveal", what: "starter", seat: cutter, card: formatCard(after.starter) }));
  }
  const fresh = after.scoring.slice(before.scoring.length);
  const score = (packed: number, why: string, extra: Record<string, string> = {}): void => {
    out.push(
      publicEvent({ type: "score", seat: scoreSeat(packed), points: scorePoints(packed), why, ...extra }),
    );
  };
  for (const e of fresh) if (!isShowKind(scoreKind(e))) score(e, peggingWhy(scoreKind(e), scorePoints(e)));
  const shows = fresh.filter((e) => isShowKind(scoreKind(e)));
  if (isClaim(move)) {
    const step = before.showStep;
    const claimed = after.claims[step];
    const truth = showPoints(
      showCards(after, step),
      after.starter,
      cribFlushRule(after.options, isCribStep(n, step)),
      showFull(after, step),
    );
    const of = `for the ${part(after, step)}`;
    for (const e of shows) {
      if (scoreKind(e) !== MUGGINS) {
        const words =
          claimed > truth ? `claims ${claimed} ${of}, scores the true ${truth}` : `claims ${claimed} ${of}`;
        score(e, words, { for: part(after, step) });
      } else {
        const words =
          claimed < truth ? `muggins: ${truth - claimed} missed` : `muggins: ${claimed - truth} over-claimed`;
        score(e, words);
      }
    }
  } else {
    // The automatic show: each hand, then the crib, turned and counted aloud.
    let next = 0;
    for (let step = before.showStep; step < after.showStep; step++) {
      out.push(reveal(after, step));
      const cards = showCards(after, step);
      const crib = cribFlushRule(after.options, isCribStep(n, step));
      const full = showFull(after, step);
      if (showPoints(cards, after.starter, crib, full) > 0 && next < shows.length) {
        const spoken = showAnswer(cards, after.starter, crib, full).text.split("\n")[0];
        score(shows[next++], spoken, { for: part(after, step) });
      }
    }
  }
  // Muggins: the next hand (or the crib) put up for its owner's claim.
  if (after.phase === SHOWING && (before.phase !== SHOWING || after.showStep !== before.showStep))
    out.push(reveal(after, after.showStep));
  return out;
}

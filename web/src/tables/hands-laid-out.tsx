/**
 * The hands laid out on the felt at a hand's end, for a game whose table
 * does not lay them out its own way (Cribbage's show and Gin's melds do):
 * each seat's cards left, face up, and what they count as the game's rules
 * score the hand (an Eight's cards by their values, Royal Corners'
 * penalties), so that the panel beside the felt need only sum it up.
 */
import type { ReactElement } from "react";
import type { HandResult, Seat } from "../../../src/engine/game.js";
import { Card } from "../Card.js";
import { capital } from "./shared.js";

/** A seat's cards at the hand's end, where the result lists them ("AS 10D" or a list), else null. */
export function handCardsOf(result: HandResult, seat: Seat): string[] | null {
  const hands = (result.detail as { hands?: unknown } | undefined)?.hands;
  if (!Array.isArray(hands)) return null;
  const h: unknown = hands[seat];
  if (typeof h === "string") return h.split(/\s+/).filter(Boolean);
  if (Array.isArray(h) && h.every((c) => typeof c === "string")) return h as string[];
  return null;
}

/** What a seat's cards count, where the result says so per seat (an Eight's card values, penalties). */
function countOf(result: HandResult, seat: Seat): { count: number; unit: string } | null {
  const d = (result.detail ?? {}) as Record<string, unknown>;
  for (const [key, unit] of [
    ["handPoints", "points"],
    ["penalties", "penalty points"],
  ] as const) {
    const v = d[key];
    if (Array.isArray(v) && typeof v[seat] === "number") return { count: v[seat] as number, unit };
  }
  return null;
}

/** Whether the result lists every seat's cards, so that the felt lays them out. */
export const laysOutHands = (result: HandResult, players: number): boolean =>
  Array.from({ length: players }, (_, s) => handCardsOf(result, s)).every((h) => h !== null);

export function HandsLaidOut({
  result,
  players,
  name,
  fit = false,
}: {
  result: HandResult;
  players: number;
  name: (seat: Seat) => string;
  /** Zoomed alone to fit the felt (`data-fit`, fit.ts), the table above it left as it stands. */
  fit?: boolean;
}): ReactElement {
  return (
    <section
      aria-label="The hands laid out"
      className="hands-laid-out generic"
      data-testid="hands-laid-out"
      data-fit={fit || undefined}
    >
      {Array.from({ length: players }, (_, s) => {
        const cards = handCardsOf(result, s) ?? [];
        const counted = countOf(result, s);
        const whose = name(s) === "you" ? "Your cards" : `${capital(name(s))}'s cards`;
        return (
          <div key={s} className="laid-out" data-seat={s} data-points={result.points[s]}>
            <h4>
              {whose}
              {cards.length === 0 ? ": none (went out)" : ""}
              {counted && cards.length > 0 ? `: ${counted.count} ${counted.unit}` : ""}
              {result.winners.includes(s) ? " · won the hand" : ""}
            </h4>
            {cards.length > 0 && (
              <div className="card-row">
                {cards.map((c, i) => (
                  <Card key={`${c}${i}`} text={c} size="small" />
                ))}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}

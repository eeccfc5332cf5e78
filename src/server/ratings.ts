/**
 * Ratings between people, per game (Glicko-2 through the glicko2 package):
 * a finished match with two or more people in it is a rating period in
 * which each pair of them played once: a winner beat every non-winner,
 * and two winners (or two non-winners) drew. Computer seats are not rated.
 * A match is rated once: its ratings and its "rated" mark are one transaction
 * (a server that crashed before rating it rates it when it starts again).
 */
import glicko2 from "glicko2";
import type { Seat } from "../engine/game.js";
import type { RatingRow, SeatRow, Storage, TableRow } from "./storage.js";

export const START = { rating: 1500, rd: 350, vol: 0.06 } as const;

export async function rateFinishedMatch(
  storage: Storage,
  row: TableRow,
  seats: readonly SeatRow[],
  winners: readonly Seat[],
): Promise<void> {
  const people = seats.filter((s) => s.player_id !== null);
  if (people.length < 2 || new Set(people.map((s) => s.player_id)).size < people.length) {
    await storage.rate(row.id, []);
    return;
  }
  const ranking = new glicko2.Glicko2({ tau: 0.5, ...START });
  const before = await Promise.all(people.map((s) => storage.rating(s.player_id!, row.game)));
  const players = before.map((r) =>
    ranking.makePlayer(r?.rating ?? START.rating, r?.rd ?? START.rd, r?.vol ?? START.vol),
  );
  const won = people.map((s) => winners.includes(s.seat));
  const matches: [glicko2.GlickoPlayer, glicko2.GlickoPlayer, number][] = [];
  for (let i = 0; i < people.length; i++)
    for (let j = i + 1; j < people.length; j++)
      matches.push([players[i], players[j], won[i] === won[j] ? 0.5 : won[i] ? 1 : 0]);
  ranking.updateRatings(matches);
  const allWon = won.every(Boolean) || !won.some(Boolean);
  const after = people.map((s, i): RatingRow => {
    const r = before[i];
    return {
      player_id: s.player_id!,
      game: row.game,
      rating: players[i].getRating(),
      rd: players[i].getRd(),
      vol: players[i].getVol(),
      wins: (r?.wins ?? 0) + (!allWon && won[i] ? 1 : 0),
      losses: (r?.losses ?? 0) + (!allWon && !won[i] ? 1 : 0),
      draws: (r?.draws ?? 0) + (allWon ? 1 : 0),
    };
  });
  await storage.rate(row.id, after);
}

/**
 * Ratings per game (Glicko-2 through the glicko2 package), in two pools
 * that never mix: people, and bot accounts (programs playing through
 * `cardroom bot`). A finished match is a rating period in which each pair
 * of its rated seats played once: a winner beat every non-winner, and two
 * winners (or two non-winners) drew.
 * - People are rated by their matches against other people only: a bot at
 *   the table changes no person's rating.
 * - A bot is rated by its matches against everyone else rated at the table
 *   (people and bots), each opponent at their rating before the match; only
 *   the bots' ratings are stored from that period.
 * Computer seats are not rated. A match is rated once: its ratings and its
 * "rated" mark are one transaction (a server that crashed before rating it
 * rates it when it starts again).
 */
import glicko2 from "glicko2";
import type { Seat } from "../engine/game.js";
import type { RatingRow, SeatRow, Storage, TableRow } from "./storage.js";

export const START = { rating: 1500, rd: 350, vol: 0.06 } as const;

interface Rated {
  readonly seat: SeatRow;
  readonly before: RatingRow | undefined;
  readonly won: boolean;
  readonly bot: boolean;
}

/**
 * One rating period over `pairs` (indexes into `seats`); the new rows of the seats `keep` says,
 * with their wins, losses and draws counted.
 */
function period(
  game: string,
  seats: readonly Rated[],
  pairs: readonly [number, number][],
  keep: (r: Rated) => boolean,
): RatingRow[] {
  if (!pairs.length) return [];
  const ranking = new glicko2.Glicko2({ tau: 0.5, ...START });
  const players = seats.map((r) =>
    ranking.makePlayer(
      r.before?.rating ?? START.rating,
      r.before?.rd ?? START.rd,
      r.before?.vol ?? START.vol,
    ),
  );
  ranking.updateRatings(
    pairs.map(([i, j]) => [
      players[i],
      players[j],
      seats[i].won === seats[j].won ? 0.5 : seats[i].won ? 1 : 0,
    ]),
  );
  const inPairs = new Set(pairs.flat());
  const allWon = seats.every((r) => r.won) || !seats.some((r) => r.won);
  const out: RatingRow[] = [];
  seats.forEach((r, i) => {
    if (!inPairs.has(i) || !keep(r)) return;
    out.push({
      player_id: r.seat.player_id!,
      game,
      rating: players[i].getRating(),
      rd: players[i].getRd(),
      vol: players[i].getVol(),
      wins: (r.before?.wins ?? 0) + (!allWon && r.won ? 1 : 0),
      losses: (r.before?.losses ?? 0) + (!allWon && !r.won ? 1 : 0),
      draws: (r.before?.draws ?? 0) + (allWon ? 1 : 0),
    });
  });
  return out;
}

export async function rateFinishedMatch(
  storage: Storage,
  row: TableRow,
  seats: readonly SeatRow[],
  winners: readonly Seat[],
): Promise<void> {
  const held = seats.filter((s) => s.player_id !== null);
  if (held.length < 2 || new Set(held.map((s) => s.player_id)).size < held.length) {
    await storage.rate(row.id, []);
    return;
  }
  const bots = new Set(
    (await storage.playersById(held.map((s) => s.player_id!))).filter((p) => p.bot).map((p) => p.id),
  );
  const before = await Promise.all(held.map((s) => storage.rating(s.player_id!, row.game)));
  const rated: Rated[] = held.map((s, i) => ({
    seat: s,
    before: before[i],
    won: winners.includes(s.seat),
    bot: bots.has(s.player_id!),
  }));
  const people: [number, number][] = [];
  const withBots: [number, number][] = [];
  for (let i = 0; i < rated.length; i++)
    for (let j = i + 1; j < rated.length; j++)
      (rated[i].bot || rated[j].bot ? withBots : people).push([i, j]);
  // The people's wins, losses and draws count their matches among people only.
  const peopleRated = people.length ? rated.filter((r) => !r.bot) : [];
  const botsRated = withBots.length ? rated : [];
  const after = [
    ...period(
      row.game,
      peopleRated,
      people.map(([i, j]) => [peopleRated.indexOf(rated[i]), peopleRated.indexOf(rated[j])]),
      () => true,
    ),
    ...period(row.game, botsRated, withBots, (r) => r.bot),
  ];
  await storage.rate(row.id, after);
}

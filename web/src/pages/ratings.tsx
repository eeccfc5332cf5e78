/** A rating's columns, as the leaderboard and a player's record show them. */
import type { ReactElement } from "react";

export interface RatingFigures {
  readonly rating: number;
  readonly rd: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** The headers of the columns `RatingCells` fills. */
export function RatingHeaders(): ReactElement {
  return (
    <>
      <th scope="col">Rating</th>
      <th scope="col">Wins</th>
      <th scope="col">Losses</th>
      <th scope="col">Draws</th>
    </>
  );
}

/** The rating (± twice its deviation), wins, losses and draws. */
export function RatingCells({ figures: f }: { figures: RatingFigures }): ReactElement {
  return (
    <>
      <td>
        {f.rating} <span className="doc">± {2 * f.rd}</span>
      </td>
      <td>{f.wins}</td>
      <td>{f.losses}</td>
      <td>{f.draws}</td>
    </>
  );
}

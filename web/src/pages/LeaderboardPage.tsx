/** A game's leaderboard (GET /api/leaderboard/GAME): the best-rated people, Glicko-2. */
import { type ReactElement, useEffect, useState } from "react";
import { type GameSummary, api } from "../api.js";
import { Link } from "../Link.js";
import "../pages.css";
import { RatingCells, RatingHeaders } from "./ratings.js";

interface Row {
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** `/leaderboard`: the games, a game's leaderboard a click away. */
function EveryGame({ games }: { games: readonly GameSummary[] }): ReactElement {
  return (
    <>
      <h1>Leaderboards</h1>
      <GameLinks games={games} game={null} />
      <p>Pick a game above to see its best-rated players. A match between two or more people rates them.</p>
    </>
  );
}

function GameLinks({ games, game }: { games: readonly GameSummary[]; game: string | null }): ReactElement {
  return (
    <nav aria-label="Games" className="sub-nav">
      {games.map((g) => (
        <Link key={g.id} to={`/leaderboard/${g.id}`} current={g.id === game}>
          {g.name}
        </Link>
      ))}
    </nav>
  );
}

export default function LeaderboardPage({ game }: { game: string | null }): ReactElement {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  useEffect(() => {
    let live = true;
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => live && setGames(r.games))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (game === null) document.title = "Leaderboards · Cardroom";
  }, [game]);
  return (
    <main className="leaderboard-page" data-game={game ?? undefined}>
      {game === null ? <EveryGame games={games} /> : <GameLeaderboard game={game} games={games} />}
    </main>
  );
}

function GameLeaderboard({ game, games }: { game: string; games: readonly GameSummary[] }): ReactElement {
  const [rows, setRows] = useState<readonly Row[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    api<{ players: Row[] }>(`/api/leaderboard/${game}`)
      .then((r) => live && setRows(r.players))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [game]);

  const known = games.find((g) => g.id === game);
  useEffect(() => {
    document.title = `Leaderboard${known ? `: ${known.name}` : ""} · Cardroom`;
  }, [known]);

  return (
    <>
      <h1>Leaderboard{known ? `: ${known.name}` : ""}</h1>
      <GameLinks games={games} game={game} />
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : games.length > 0 && !known ? (
        <p role="alert">There is no game “{game}”: pick one of the games above.</p>
      ) : rows === null ? (
        <p aria-busy="true">Opening the leaderboard…</p>
      ) : rows.length === 0 ? (
        <p>Nobody is rated at this game yet: a match between two or more people rates them.</p>
      ) : (
        <table className="figures">
          <caption className="doc">
            Glicko-2 ratings (± twice the rating deviation); computers are not rated.
          </caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <RatingHeaders />
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={`${r.name}${i}`}>
                <td>{i + 1}</td>
                <th scope="row">{r.name}</th>
                <RatingCells figures={r} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {known && (
        <p>
          <Link to={`/rules/${game}`}>The rules of {known.name}</Link>
        </p>
      )}
    </>
  );
}

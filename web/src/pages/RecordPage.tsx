/**
 * A player's record (GET /api/players/ID): their rating and wins, losses
 * and draws at each game rated, and their latest finished matches, each
 * with its replay. "Your record" is the guest this browser keeps.
 */
import { type ReactElement, useEffect, useState } from "react";
import { type GameSummary, api, savedGuest } from "../api.js";
import { Link } from "../Link.js";
import "../pages.css";
import { RatingCells, RatingHeaders } from "./ratings.js";

interface Record {
  readonly id: string;
  readonly name: string;
  readonly games: readonly {
    game: string;
    rating: number;
    rd: number;
    wins: number;
    losses: number;
    draws: number;
  }[];
  readonly matches: readonly {
    table: string;
    code: string;
    game: string;
    players: number;
    seat: number;
    finishedAt: string;
  }[];
}

/** "2026-11-24 01:09" in UTC: the same for every reader. */
const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function RecordPage({ id }: { id: string }): ReactElement {
  const [record, setRecord] = useState<Record | null>(null);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState("");
  const mine = savedGuest()?.id === id;

  useEffect(() => {
    let live = true;
    api<Record>(`/api/players/${id}`)
      .then((r) => live && setRecord(r))
      .catch(
        (e: Error) =>
          live && setError(e.message === "no such player" ? "There is no such player." : e.message),
      );
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => live && setNames(new Map(r.games.map((g) => [g.id, g.name]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    if (record) document.title = `${mine ? "Your record" : `${record.name}'s record`} · Cardroom`;
  }, [record, mine]);

  const nameOf = (game: string): string => names.get(game) ?? game;
  if (error)
    return (
      <main className="record-page">
        <h1>{mine ? "Your record" : "A player's record"}</h1>
        <p role="alert" className="error">
          {error}
        </p>
      </main>
    );
  if (!record)
    return (
      <main className="record-page" aria-busy="true">
        <p>Opening the record…</p>
      </main>
    );
  return (
    <main className="record-page">
      <h1>{mine ? `Your record, ${record.name}` : `${record.name}'s record`}</h1>
      <section aria-labelledby="ratings">
        <h2 id="ratings">Ratings</h2>
        {record.games.length === 0 ? (
          <p>No rated match yet: a match between two or more people rates them (computers are not rated).</p>
        ) : (
          <table className="figures">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <RatingHeaders />
              </tr>
            </thead>
            <tbody>
              {record.games.map((g) => (
                <tr key={g.game}>
                  <th scope="row">
                    <Link to={`/leaderboard/${g.game}`}>{nameOf(g.game)}</Link>
                  </th>
                  <RatingCells figures={g} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="matches">
        <h2 id="matches">Finished matches</h2>
        {record.matches.length === 0 ? (
          <p>No finished match yet.</p>
        ) : (
          <ul className="matches">
            {record.matches.map((m) => (
              <li key={m.table}>
                <Link to={`/replay/${m.table}`}>
                  {nameOf(m.game)}, table {m.code}
                </Link>{" "}
                <span className="doc">
                  ({m.players} players, seat {m.seat}, ended {when(m.finishedAt)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

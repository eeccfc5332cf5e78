/**
 * A player's record (GET /api/players/ID): their rating and wins, losses
 * and draws at each game rated, how they fare against the computer at each
 * game and level, and their latest finished matches, each with its result
 * and its replay. "Your record" is the guest this browser keeps.
 */
import { type ReactElement, useEffect, useState } from "react";
import { matchOutcomeLine } from "../../../src/words/match-outcome.js";
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
  readonly versusComputer: readonly {
    game: string;
    level: string;
    played: number;
    wins: number;
    losses: number;
    draws: number;
  }[];
  readonly matches: readonly Match[];
}

interface Match {
  readonly table: string;
  readonly code: string;
  readonly game: string;
  readonly players: number;
  readonly seat: number;
  readonly finishedAt: string;
  readonly outcome: "won" | "lost" | "drew" | null;
  readonly scores: readonly number[] | null;
  /** The seat that gave the match up (it resigned, or its program failed); null if none did. */
  readonly forfeit: { readonly seat: number; readonly reason: string } | null;
  readonly seats: readonly {
    seat: number;
    kind: "person" | "computer";
    name: string | null;
    level: string | null;
  }[];
}

/** "Alice", "a computer (hard)", "Alice and 2 computers (hard)": the others at the table. */
function opponents(m: Match): string {
  const others = m.seats.filter((s) => s.seat !== m.seat);
  const people = others.filter((s) => s.kind === "person").map((s) => s.name ?? "an empty seat");
  const computers = others.filter((s) => s.kind === "computer");
  const levels = [...new Set(computers.map((s) => s.level ?? "medium"))].join(", ");
  const named = [
    ...people,
    ...(computers.length === 0
      ? []
      : [computers.length === 1 ? `a computer (${levels})` : `${computers.length} computers (${levels})`]),
  ];
  return named.length <= 1 ? (named[0] ?? "nobody") : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/** "Won 121 to 98" (your score first, then the others' in seat order), or "Won by forfeit". */
const result = (m: Match): string => matchOutcomeLine(m.outcome, m.scores, m.seat, m.forfeit);

const percent = (part: number, whole: number): string => `${Math.round((100 * part) / whole)}%`;

/** "2026-11-24 01:09" in UTC: the same for every reader. */
const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function RecordPage({ id }: { id: string }): ReactElement {
  const [record, setRecord] = useState<Record | null>(null);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState("");
  const mine = savedGuest()?.id === id;

  useEffect(() => {
    let live = true;
    // The record opens with its games' names ("Crazy Eights", not its id first and the name a
    // moment later); without them, by their ids.
    const games = api<{ games: GameSummary[] }>("/api/games")
      .then((r) => r.games)
      .catch(() => []);
    Promise.all([api<Record>(`/api/players/${id}`), games])
      .then(([r, g]) => {
        if (!live) return;
        setNames(new Map(g.map((x) => [x.id, x.name])));
        setRecord(r);
      })
      .catch(
        (e: Error) =>
          live && setError(e.message === "no such player" ? "There is no such player." : e.message),
      );
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
      <section aria-labelledby="computers">
        <h2 id="computers">Against the computer</h2>
        {record.versusComputer.length === 0 ? (
          <p>No finished match against the computer yet.</p>
        ) : (
          <table className="figures">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Computer</th>
                <th scope="col">Played</th>
                <th scope="col">Won</th>
                <th scope="col">Lost</th>
                <th scope="col">Shared</th>
                <th scope="col">Win rate</th>
              </tr>
            </thead>
            <tbody>
              {record.versusComputer.map((v) => (
                <tr key={`${v.game} ${v.level}`}>
                  <th scope="row">{nameOf(v.game)}</th>
                  <td>{v.level.replaceAll("+", " and ")}</td>
                  <td>{v.played}</td>
                  <td>{v.wins}</td>
                  <td>{v.losses}</td>
                  <td>{v.draws}</td>
                  <td>{percent(v.wins, v.played)}</td>
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
                <strong className={`outcome ${m.outcome ?? ""}`}>{result(m)}</strong> at{" "}
                <Link to={`/replay/${m.table}`}>{nameOf(m.game)}</Link> against {opponents(m)}{" "}
                <span className="doc">
                  (table {m.code}, ended {when(m.finishedAt)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/**
 * A game's rules page: docs/rules/GAME.md, rendered to HTML when the client
 * is built (web/markdown.ts). Each page is its own small file, loaded when
 * it is opened.
 */
import { type ReactElement, useEffect, useState } from "react";
import { type GameSummary, api } from "../api.js";
import { Link } from "../Link.js";
import "../pages.css";

const PAGES = import.meta.glob<string>("../../../docs/rules/*.md", { query: "?html", import: "default" });
const pageOf = (game: string) => PAGES[`../../../docs/rules/${game}.md`];

export default function RulesPage({ game }: { game: string }): ReactElement {
  const [html, setHtml] = useState<string | null>(null);
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const load = pageOf(game);

  useEffect(() => {
    let live = true;
    void load?.().then((h) => live && setHtml(h));
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => live && setGames(r.games))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load]);

  const name = games.find((g) => g.id === game)?.name;
  useEffect(() => {
    document.title = name ? `${name}: the rules · Cardroom` : "Rules · Cardroom";
  }, [name]);

  return (
    <main className="rules-page" data-game={game}>
      <nav aria-label="Games" className="sub-nav">
        {games.map((g) => (
          <Link key={g.id} to={`/rules/${g.id}`} current={g.id === game}>
            {g.name}
          </Link>
        ))}
      </nav>
      {!load ? (
        <>
          <h1>No such game</h1>
          <p role="alert">There are no rules for “{game}”: pick one of the games above.</p>
        </>
      ) : html === null ? (
        <p aria-busy="true">Opening the rules…</p>
      ) : (
        <>
          <article className="rules" dangerouslySetInnerHTML={{ __html: html }} />
          <p>
            <Link to="/">Play {name ?? "it"} from the lobby</Link> ·{" "}
            <Link to={`/leaderboard/${game}`}>the leaderboard</Link>
          </p>
        </>
      )}
    </main>
  );
}

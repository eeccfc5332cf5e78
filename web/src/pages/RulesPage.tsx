/**
 * A game's rules page: How to play first, for players who have never heard
 * of the game (src/games/GAME/how-to-play.ts, the page `rules` prints at the
 * terminal), with its example hands drawn as cards, then the exact rules, docs/rules/GAME.md rendered to HTML when
 * the client is built (web/markdown.ts). Each is its own small file, loaded
 * when the page is opened.
 */
import { type ReactElement, useEffect, useState } from "react";
import { type GameSummary, api } from "../api.js";
import type { HowToPlay } from "../../../src/words/how-to-play.js";
import { CardLine } from "../CardLine.js";
import { Link } from "../Link.js";
import { HandExamples } from "./HandExamples.js";
import "../pages.css";

const PAGES = import.meta.glob<string>("../../../docs/rules/*.md", { query: "?html", import: "default" });
const pageOf = (game: string) => PAGES[`../../../docs/rules/${game}.md`];
const HOW = import.meta.glob<Record<string, HowToPlay>>("../../../src/games/*/how-to-play.ts");
const howOf = (game: string) => HOW[`../../../src/games/${game}/how-to-play.ts`];

/** How to play, in the sections every game fills. */
function HowToPlaySection({ name, page }: { name: string; page: HowToPlay }): ReactElement {
  const points = (items: readonly string[]) => (
    <ul>
      {items.map((item, i) => (
        <li key={i}>
          <CardLine text={item} />
        </li>
      ))}
    </ul>
  );
  return (
    <section className="how-to-play" aria-labelledby="how-to-play">
      <h1 id="how-to-play">How to play {name}</h1>
      <p className="summary">{page.summary}</p>
      <h2>The object</h2>
      <p>{page.object}</p>
      <h2>The deal</h2>
      <p>{page.deal}</p>
      <h2>A turn</h2>
      {points(page.turn)}
      <h2>Scoring</h2>
      {points(page.scoring)}
      {page.examples?.length ? <HandExamples examples={page.examples} /> : null}
      {page.goodToKnow?.length ? (
        <>
          <h2>Good to know</h2>
          {points(page.goodToKnow)}
        </>
      ) : null}
      <p>
        <a href="#exact-rules">Exact rules</a>: every case the game settles, as Cardroom plays it.
      </p>
    </section>
  );
}

/** "2 players", "2 to 4 players". */
const playersWords = (g: GameSummary): string =>
  g.minPlayers === g.maxPlayers ? `${g.minPlayers} players` : `${g.minPlayers} to ${g.maxPlayers} players`;

/** `/rules`: every game, each with its one line from How to play, linked to its rules page. */
function EveryGame(): ReactElement {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [summaries, setSummaries] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState("");
  useEffect(() => {
    document.title = "Rules · Cardroom";
    let live = true;
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => {
        if (!live) return;
        setGames(r.games);
        for (const g of r.games)
          void howOf(g.id)?.().then((m) => {
            const summary = Object.values(m)[0]?.summary;
            if (live && summary) setSummaries((was) => ({ ...was, [g.id]: summary }));
          });
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, []);
  return (
    <main className="rules-page rules-index">
      <h1>Rules</h1>
      <p>Each game&apos;s page teaches it with example hands, then gives the exact rules.</p>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : !games.length ? (
        <p aria-busy="true">Opening the games…</p>
      ) : (
        <ul className="game-list">
          {games.map((g) => (
            <li key={g.id} data-game={g.id}>
              <Link to={`/rules/${g.id}`}>{g.name}</Link> ({playersWords(g)})
              {summaries[g.id] ? <p>{summaries[g.id]}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export default function RulesPage({ game }: { game: string | null }): ReactElement {
  return game === null ? <EveryGame /> : <GameRules game={game} />;
}

/**
 * A game's rules as read: How to play, then the exact rules; loaded when shown. The rules page
 * draws it under the games' links, a table over its felt (web/src/panels/RulesDialog.tsx).
 */
export function RulesText({ game, name }: { game: string; name: string }): ReactElement {
  const [html, setHtml] = useState<string | null>(null);
  const [how, setHow] = useState<HowToPlay | null>(null);
  const load = pageOf(game);
  useEffect(() => {
    let live = true;
    void load?.().then((h) => live && setHtml(h));
    setHow(null);
    void howOf(game)?.().then((m) => live && setHow(Object.values(m)[0] ?? null));
    return () => {
      live = false;
    };
  }, [load, game]);
  if (!load)
    return (
      <>
        <h1>No such game</h1>
        <p role="alert">There are no rules for “{game}”: pick one of the games above.</p>
      </>
    );
  if (html === null) return <p aria-busy="true">Opening the rules…</p>;
  return (
    <>
      {how && <HowToPlaySection name={name} page={how} />}
      <section id="exact-rules" aria-label="Exact rules" className="exact-rules">
        <article className="rules" dangerouslySetInnerHTML={{ __html: html }} />
      </section>
    </>
  );
}

function GameRules({ game }: { game: string }): ReactElement {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const known = Boolean(pageOf(game));

  useEffect(() => {
    let live = true;
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => live && setGames(r.games))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

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
      <RulesText key={game} game={game} name={name ?? game} />
      {known && (
        <p>
          <Link to="/">Play {name ?? "it"} from the lobby</Link> ·{" "}
          <Link to={`/leaderboard/${game}`}>the leaderboard</Link>
        </p>
      )}
    </main>
  );
}

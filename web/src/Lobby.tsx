/**
 * The home page: a tile per game (a picture and a line), the chosen game
 * with "Play the computer" (one click, with the settings this browser
 * remembers) and "Invite a friend" (the table made, then a waiting panel with
 * the link), its settings in words behind a disclosure, the open tables with
 * who is waiting, and a table by code or invite link.
 */
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from "react";
import {
  ApiError,
  type GameSummary,
  type SeatKey,
  type TableInfo,
  api,
  playerName,
  savedSeat,
  sit,
} from "./api.js";
import { Link } from "./Link.js";
import { GamePicture, gameLine } from "./lobby/GamePicture.js";
import { InvitePanel, everyoneSeated, invitingTable, rememberInviting } from "./lobby/InvitePanel.js";
import { OpenTables } from "./lobby/OpenTables.js";
import {
  type GameSettings,
  changedOptions,
  defaultGame,
  loadRemembered,
  remember,
  saveRemembered,
  seatsFor,
  settingsFor,
} from "./lobby/remembered.js";
import { SettingsForm } from "./lobby/SettingsForm.js";
import { optionsWords, whoPlays } from "./lobby/words.js";
import { navigate } from "./router.js";
import "./lobby.css";

const playersWords = (g: GameSummary): string =>
  g.minPlayers === g.maxPlayers ? `${g.minPlayers} players` : `${g.minPlayers} to ${g.maxPlayers} players`;

export function Lobby(): ReactElement {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [remembered, setRemembered] = useState(loadRemembered);
  const [gameId, setGameId] = useState("");
  const [name, setName] = useState(() => remembered.name ?? (playerName() || "Guest"));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  const [inviting, setInviting] = useState<{ info: TableInfo; seat: SeatKey } | null>(null);
  /** The friend's table refuses bot accounts (programs playing through `cardroom bot`). */
  const [noBots, setNoBots] = useState(false);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => {
        setGames(r.games);
        setGameId((id) => id || defaultGame(r.games, loadRemembered()));
      })
      .catch((e: Error) => setError(e.message));
    // A reload while inviting comes back to the waiting panel. Once the match has begun the panel is
    // done: coming back to the lobby from the table stays in the lobby.
    const table = invitingTable();
    const seat = table ? savedSeat(table) : null;
    if (table && seat)
      api<TableInfo>(`/api/tables/${table}`)
        .then((info) => {
          if (info.status !== "playing" || everyoneSeated(info)) rememberInviting(null);
          else setInviting({ info, seat });
        })
        .catch(() => rememberInviting(null));
  }, []);

  const game = games.find((g) => g.id === gameId);
  const settings = game ? settingsFor(game, remembered.games[game.id]) : null;

  const change = (s: GameSettings): void => {
    if (!game) return;
    const r = remember(remembered, game.id, s);
    setRemembered(r);
    saveRemembered(r);
  };

  const choose = (g: GameSummary): void => {
    setGameId(g.id);
    setProblems({});
    setError("");
    // On a narrow screen the chosen game's buttons sit above the tiles: bring them into view.
    const box = panel.current?.getBoundingClientRect();
    if (box && box.top < 0)
      panel.current?.scrollIntoView({
        block: "start",
        behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
      });
  };

  async function start(mode: "computer" | "friend"): Promise<void> {
    if (!game || !settings || busy) return;
    const problem = Object.values(problems)[0];
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError("");
    try {
      const info = await api<TableInfo>("/api/tables", {
        game: game.id,
        seats: seatsFor(settings, mode),
        options: settings.options,
        ...(mode === "friend" && noBots ? { bots: false } : {}),
      });
      const seat = await sit(info.id, 0, name.trim() || "Guest");
      const r = remember(remembered, game.id, settings, true);
      setRemembered(r);
      saveRemembered(r);
      if (mode === "computer") navigate(`/t/${info.code}`);
      else {
        rememberInviting(info.id);
        setInviting({ info: await api<TableInfo>(`/api/tables/${info.id}`), seat });
        setBusy(false);
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  }

  const changed = game && settings ? optionsWords(changedOptions(game, settings.options)) : "";
  return (
    <main className="lobby">
      <header className="lobby-head">
        <div>
          <h1>Cardroom</h1>
          <p>Seven card games to play against the computer or with friends.</p>
        </div>
        <label className="your-name">
          <span>Your name</span>
          <input
            value={name}
            maxLength={32}
            autoComplete="nickname"
            onChange={(e) => {
              setName(e.target.value);
              const r = { ...remembered, name: e.target.value };
              setRemembered(r);
              saveRemembered(r);
            }}
          />
        </label>
      </header>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="lobby-grid">
        {inviting ? (
          <InvitePanel
            key={inviting.info.id}
            first={inviting.info}
            seat={inviting.seat}
            onClose={() => setInviting(null)}
          />
        ) : (
          <section className="game-panel" aria-labelledby="chosen-game" ref={panel} data-game={game?.id}>
            {game && settings ? (
              <>
                <div className="game-panel-head">
                  <GamePicture game={game.id} />
                  <div>
                    <h2 id="chosen-game">{game.name}</h2>
                    <p className="line">{gameLine(game.id, playersWords(game))}</p>
                  </div>
                </div>
                <div className="play">
                  <button
                    type="button"
                    className="play-computer"
                    disabled={busy}
                    aria-describedby="play-computer-who"
                    onClick={() => void start("computer")}
                  >
                    Play the computer
                  </button>
                  <p id="play-computer-who" className="who">
                    {whoPlays(settings, "computer")}
                  </p>
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    aria-describedby="invite-who"
                    onClick={() => void start("friend")}
                  >
                    Invite a friend
                  </button>
                  <p id="invite-who" className="who">
                    {whoPlays(settings, "friend")}
                  </p>
                  <label className="no-bots">
                    <input type="checkbox" checked={noBots} onChange={(e) => setNoBots(e.target.checked)} />{" "}
                    No bots: keep the free seats for people
                  </label>
                </div>
                {changed && <p className="changed">{changed}</p>}
                <details className="settings">
                  <summary>Settings</summary>
                  <SettingsForm
                    key={game.id}
                    game={game}
                    settings={settings}
                    onChange={change}
                    onProblem={(field, p) =>
                      setProblems((all) => {
                        const next = { ...all };
                        if (p) next[field] = p;
                        else delete next[field];
                        return next;
                      })
                    }
                  />
                </details>
                <Link to={`/rules/${game.id}`} className="rules-link">
                  How to play {game.name}
                </Link>
              </>
            ) : (
              <h2 id="chosen-game">{error ? "No games to show" : "Opening the games…"}</h2>
            )}
          </section>
        )}
        <section aria-labelledby="games-heading" className="games">
          <h2 id="games-heading">Games</h2>
          <ul className="game-tiles">
            {games.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className="game-tile"
                  data-game={g.id}
                  aria-pressed={g.id === gameId}
                  onClick={() => choose(g)}
                >
                  <GamePicture game={g.id} />
                  <span className="tile-name">{g.name}</span>
                  <span className="tile-line">{gameLine(g.id, playersWords(g))}</span>
                  <span className="tile-players">{playersWords(g)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <OpenTables games={games} name={() => name.trim() || "Guest"} onError={setError} />
      <JoinByCode onError={setError} />
      <footer>
        <a href="/docs">The server's API</a> · the terminal room: <code>npx cardroom room</code>
      </footer>
    </main>
  );
}

function JoinByCode({ onError }: { onError: (line: string) => void }): ReactElement {
  const [code, setCode] = useState("");
  const join = (ev: FormEvent): void => {
    ev.preventDefault();
    const c = code.trim();
    const last = c.split("/").filter(Boolean).pop() ?? "";
    if (!/^([0-9a-f]{32}|[A-Za-z0-9]{6})$/.test(last)) {
      onError(`"${c}" is not a table code (6 letters and digits) or an invite link`);
      return;
    }
    navigate(`/t/${last.length === 6 ? last.toUpperCase() : last}`);
  };
  return (
    <section aria-labelledby="join" className="join-code">
      <h2 id="join">Join a table by its code</h2>
      <form onSubmit={join}>
        <label>
          Code or invite link <input value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <button type="submit">Go to the table</button>
      </form>
    </section>
  );
}

/**
 * The home page: create a table (game, players, each other seat open or a
 * computer, the game's options), join one by code, or pick an open one.
 */
import { type FormEvent, type ReactElement, useEffect, useState } from "react";
import { ApiError, type GameSummary, type TableInfo, api, playerName, sit } from "./api.js";
import { Link } from "./Link.js";
import { navigate } from "./router.js";

type SeatChoice = "open" | `computer:${string}`;
type OptionValue = number | boolean | string;

export function Lobby(): ReactElement {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [tables, setTables] = useState<readonly TableInfo[]>([]);
  const [error, setError] = useState("");
  const [name, setName] = useState(() => playerName() || "Guest");
  const [gameId, setGameId] = useState("");
  const [players, setPlayers] = useState(2);
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  const [options, setOptions] = useState<Record<string, OptionValue>>({});
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  const game = games.find((g) => g.id === gameId);

  useEffect(() => {
    api<{ games: GameSummary[] }>("/api/games")
      .then((r) => {
        setGames(r.games);
        if (r.games.length) choose(r.games[0], r.games[0].minPlayers);
      })
      .catch((e: Error) => setError(e.message));
    const refresh = (): void =>
      void api<{ tables: TableInfo[] }>("/api/lobby")
        .then((r) => setTables(r.tables))
        .catch(() => undefined);
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);

  function choose(g: GameSummary, n: number): void {
    setGameId(g.id);
    setPlayers(n);
    const level = g.levels.includes("medium") ? "medium" : g.levels[0];
    setSeats(Array.from({ length: n - 1 }, () => `computer:${level}` as SeatChoice));
    setOptions(Object.fromEntries(Object.entries(g.options).map(([k, spec]) => [k, spec.default])));
  }

  async function create(ev: FormEvent): Promise<void> {
    ev.preventDefault();
    if (!game) return;
    setBusy(true);
    setError("");
    try {
      const spec = [
        { kind: "open" as const },
        ...seats.map((s) =>
          s === "open" ? { kind: "open" as const } : { kind: "computer" as const, level: s.slice(9) },
        ),
      ];
      const info = await api<TableInfo>("/api/tables", { game: game.id, seats: spec, options });
      await sit(info.id, 0, name.trim() || "Guest");
      navigate(`/t/${info.code}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  }

  function join(ev: FormEvent): void {
    ev.preventDefault();
    const c = code.trim();
    const last = c.split("/").filter(Boolean).pop() ?? "";
    if (!/^([0-9a-f]{32}|[A-Za-z0-9]{6})$/.test(last)) {
      setError(`"${c}" is not a table code (6 letters and digits) or an invite link`);
      return;
    }
    navigate(`/t/${last.length === 6 ? last.toUpperCase() : last}`);
  }

  return (
    <main className="lobby">
      <h1>Cardroom</h1>
      <p>Seven card games from old rule texts, against the computer or other people.</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <section aria-labelledby="new-table">
        <h2 id="new-table">A new table</h2>
        <form onSubmit={(e) => void create(e)}>
          <label>
            Your name{" "}
            <input
              value={name}
              maxLength={32}
              onChange={(e) => setName(e.target.value)}
              autoComplete="nickname"
            />
          </label>
          <label>
            Game{" "}
            <select
              value={gameId}
              onChange={(e) => {
                const g = games.find((x) => x.id === e.target.value);
                if (g) choose(g, g.minPlayers);
              }}
            >
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          {game && (
            <Link to={`/rules/${game.id}`} className="rules-link">
              How to play {game.name}
            </Link>
          )}
          {game && (
            <label>
              Players{" "}
              <select value={players} onChange={(e) => choose(game, Number(e.target.value))}>
                {Array.from(
                  { length: game.maxPlayers - game.minPlayers + 1 },
                  (_, i) => game.minPlayers + i,
                ).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {game &&
            seats.map((s, i) => (
              <label key={i}>
                Seat {i + 1}{" "}
                <select
                  value={s}
                  onChange={(e) =>
                    setSeats(seats.map((x, j) => (j === i ? (e.target.value as SeatChoice) : x)))
                  }
                >
                  <option value="open">open: a person joins by the link</option>
                  {game.levels.map((l) => (
                    <option key={l} value={`computer:${l}`}>
                      computer, {l}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          {game && Object.keys(game.options).length > 0 && (
            <fieldset>
              <legend>Options</legend>
              {Object.entries(game.options).map(([k, spec]) => (
                <div key={k} className="option">
                  <label>
                    {k}{" "}
                    {spec.kind === "bool" ? (
                      <input
                        type="checkbox"
                        checked={options[k] === true}
                        onChange={(e) => setOptions({ ...options, [k]: e.target.checked })}
                      />
                    ) : spec.kind === "int" ? (
                      <input
                        type="number"
                        min={spec.min}
                        max={spec.max}
                        value={String(options[k] ?? spec.default)}
                        onChange={(e) => setOptions({ ...options, [k]: Number(e.target.value) })}
                      />
                    ) : (
                      <select
                        value={String(options[k] ?? spec.default)}
                        onChange={(e) => setOptions({ ...options, [k]: e.target.value })}
                      >
                        {spec.values.map((v) => (
                          <option key={v}>{v}</option>
                        ))}
                      </select>
                    )}
                  </label>
                  <span className="doc"> {spec.doc}</span>
                </div>
              ))}
            </fieldset>
          )}
          <button type="submit" disabled={!game || busy}>
            Create the table and sit down
          </button>
        </form>
      </section>
      <section aria-labelledby="join">
        <h2 id="join">Join a table</h2>
        <form onSubmit={join}>
          <label>
            Code or invite link <input value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
          <button type="submit">Go to the table</button>
        </form>
      </section>
      <section aria-labelledby="open-tables">
        <h2 id="open-tables">Open tables</h2>
        {tables.length === 0 ? (
          <p>No table is waiting for players right now.</p>
        ) : (
          <ul className="tables">
            {tables.map((t) => (
              <li key={t.id}>
                <a href={`/t/${t.code}`} onClick={(e) => (e.preventDefault(), navigate(`/t/${t.code}`))}>
                  {t.gameName}, {t.players} players, table {t.code}
                </a>{" "}
                ({t.seats.filter((s) => s.kind === "open" && s.name === null).length} free)
              </li>
            ))}
          </ul>
        )}
      </section>
      <footer>
        <a href="/docs">The server's API</a> · the terminal room: <code>npx cardroom room</code>
      </footer>
    </main>
  );
}

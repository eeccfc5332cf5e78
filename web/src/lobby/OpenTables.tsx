/**
 * Tables with a seat free (GET /api/lobby, every 5 seconds): the game, who
 * is waiting, the computers, the options changed from the game's defaults,
 * and a Join button that takes the first free seat and opens the table. A
 * table this browser already sits at is offered back instead.
 */
import { type ReactElement, useEffect, useState } from "react";
import { ApiError, type GameSummary, type TableInfo, api, savedSeat, sit } from "../api.js";
import { Link } from "../Link.js";
import { navigate } from "../router.js";
import { changedOptions } from "./remembered.js";
import { optionsWords, waitingWords } from "./words.js";

export function OpenTables({
  games,
  name,
  onError,
}: {
  games: readonly GameSummary[];
  name: () => string;
  onError: (line: string) => void;
}): ReactElement {
  const [tables, setTables] = useState<readonly TableInfo[] | null>(null);
  const [joining, setJoining] = useState("");

  useEffect(() => {
    const refresh = (): void =>
      void api<{ tables: TableInfo[] }>("/api/lobby")
        .then((r) => setTables(r.tables))
        .catch(() => undefined);
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);

  const join = async (t: TableInfo): Promise<void> => {
    const free = t.seats.find((s) => s.kind === "open" && s.name === null);
    if (!free) return;
    setJoining(t.id);
    try {
      await sit(t.id, free.seat, name());
      navigate(`/t/${t.code}`);
    } catch (e) {
      onError(e instanceof ApiError ? e.message : String(e));
      setJoining("");
    }
  };

  return (
    <section aria-labelledby="open-tables" className="open-tables">
      <h2 id="open-tables">Open tables</h2>
      {tables === null ? (
        <p>Looking for tables…</p>
      ) : tables.length === 0 ? (
        <p>No table is waiting for players right now. Invite a friend, and yours will be listed here.</p>
      ) : (
        <ul>
          {tables.map((t) => {
            const game = games.find((g) => g.id === t.game);
            const changed = game ? optionsWords(changedOptions(game, t.options)) : "";
            const mine = savedSeat(t.id) !== null;
            return (
              <li key={t.id} data-table={t.code}>
                <div className="open-table-words">
                  <strong>{t.gameName}</strong>, {t.players} players
                  <span className="who">{waitingWords(t.seats)}</span>
                  {changed && <span className="changed">{changed}</span>}
                </div>
                {mine ? (
                  <Link to={`/t/${t.code}`} className="button-link">
                    Back to your table
                  </Link>
                ) : (
                  <button
                    type="button"
                    disabled={joining !== ""}
                    aria-label={`Join ${t.gameName} (${waitingWords(t.seats)})`}
                    onClick={() => void join(t)}
                  >
                    Join
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The small navigation on every page: the lobby, the rules, the leaderboard and your record. */
import { type ReactElement, useSyncExternalStore } from "react";
import { onGuestChange, savedGuest } from "./api.js";
import { Link } from "./Link.js";
import type { Route } from "./router.js";
import "./nav.css";

/** This browser's guest id, kept as it changes: "Your record" appears as soon as there is a guest. */
const guestId = (): string | null => savedGuest()?.id ?? null;

export function Nav({ route }: { route: Route }): ReactElement {
  const me = useSyncExternalStore(onGuestChange, guestId);
  return (
    <nav aria-label="Cardroom" className="site-nav">
      <Link to="/" current={route.page === "lobby"}>
        Lobby
      </Link>
      <Link to="/rules" current={route.page === "rules"}>
        Rules
      </Link>
      <Link to="/leaderboard" current={route.page === "leaderboard"}>
        Leaderboard
      </Link>
      {me && (
        <Link to={`/players/${me}`} current={route.page === "player" && route.id === me}>
          Your record
        </Link>
      )}
    </nav>
  );
}

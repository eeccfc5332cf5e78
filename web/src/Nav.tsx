/** The small navigation on every page: the lobby, the rules, the leaderboard and your record. */
import type { ReactElement } from "react";
import { savedGuest } from "./api.js";
import { Link } from "./Link.js";
import type { Route } from "./router.js";
import "./nav.css";

export function Nav({ route }: { route: Route }): ReactElement {
  const me = savedGuest();
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
        <Link to={`/players/${me.id}`} current={route.page === "player" && route.id === me.id}>
          Your record
        </Link>
      )}
    </nav>
  );
}

/**
 * The client's routes: `/` (the lobby), `/t/ID` (a table, by id or code),
 * `/rules` (every game's) and `/rules/GAME`, `/replay/ID?step=N`, `/players/ID`
 * (a record), and `/leaderboard` (the games') and `/leaderboard/GAME`. The
 * server serves the client at each of these paths.
 */
import { useEffect, useState } from "react";

export type Route =
  | { readonly page: "lobby" }
  | { readonly page: "table"; readonly table: string }
  /** A game's rules, or (null) the list of the games' rules. */
  | { readonly page: "rules"; readonly game: string | null }
  | { readonly page: "replay"; readonly table: string; readonly step: number }
  | { readonly page: "player"; readonly id: string }
  /** A game's leaderboard, or (null) the games to choose one from. */
  | { readonly page: "leaderboard"; readonly game: string | null };

export function routeOf(path: string, search = ""): Route {
  let m = /^\/t\/([0-9a-f]{32}|[A-Za-z0-9]{6})\/?$/.exec(path);
  if (m) return { page: "table", table: m[1] };
  m = /^\/rules(?:\/([a-z0-9-]{1,40}))?\/?$/.exec(path);
  if (m) return { page: "rules", game: m[1] ?? null };
  m = /^\/replay\/([0-9a-f]{32})\/?$/.exec(path);
  if (m) {
    const step = Number(new URLSearchParams(search).get("step") ?? 0);
    return { page: "replay", table: m[1], step: Number.isInteger(step) && step > 0 ? step : 0 };
  }
  m = /^\/players\/([0-9a-f]{32})\/?$/.exec(path);
  if (m) return { page: "player", id: m[1] };
  m = /^\/leaderboard(?:\/([a-z0-9-]{1,40}))?\/?$/.exec(path);
  if (m) return { page: "leaderboard", game: m[1] ?? null };
  return { page: "lobby" };
}

export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.pathname, location.search));
  useEffect(() => {
    const on = (): void => setRoute(routeOf(location.pathname, location.search));
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  return route;
}

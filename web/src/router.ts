/** The client's two routes: `/` (the lobby) and `/t/ID` (a table, by id or code). */
import { useEffect, useState } from "react";

export type Route = { readonly page: "lobby" } | { readonly page: "table"; readonly table: string };

export function routeOf(path: string): Route {
  const m = /^\/t\/([0-9a-f]{32}|[A-Za-z0-9]{6})\/?$/.exec(path);
  return m ? { page: "table", table: m[1] } : { page: "lobby" };
}

export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.pathname));
  useEffect(() => {
    const on = (): void => setRoute(routeOf(location.pathname));
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  return route;
}

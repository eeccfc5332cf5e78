import { type ReactElement, Suspense, lazy } from "react";
import { Lobby } from "./Lobby.js";
import { useRoute } from "./router.js";

// The table carries the rules library: the lobby does not wait for it.
const TablePage = lazy(() => import("./TablePage.js"));

export function App(): ReactElement {
  const route = useRoute();
  if (route.page === "lobby") return <Lobby />;
  return (
    <Suspense fallback={<main aria-busy="true">Opening the table…</main>}>
      <TablePage key={route.table} table={route.table} />
    </Suspense>
  );
}

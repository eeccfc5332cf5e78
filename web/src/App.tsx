import { type ReactElement, Suspense, lazy } from "react";
import { Nav } from "./Nav.js";
import { useRoute } from "./router.js";

// Every page is loaded when it is opened (main.tsx asks for the first one's at once): the lobby does
// not wait for the rules library, the rules pages or the replay viewer, and a table link does not
// load the lobby.
const Lobby = lazy(() => import("./Lobby.js").then((m) => ({ default: m.Lobby })));
const TablePage = lazy(() => import("./TablePage.js"));
const RulesPage = lazy(() => import("./pages/RulesPage.js"));
const ReplayPage = lazy(() => import("./pages/ReplayPage.js"));
const RecordPage = lazy(() => import("./pages/RecordPage.js"));
const LeaderboardPage = lazy(() => import("./pages/LeaderboardPage.js"));

function Page(): ReactElement {
  const route = useRoute();
  let page: ReactElement;
  switch (route.page) {
    case "lobby":
      page = <Lobby />;
      break;
    case "table":
      page = <TablePage key={route.table} table={route.table} />;
      break;
    case "rules":
      page = <RulesPage key={route.game ?? ""} game={route.game} />;
      break;
    case "replay":
      page = <ReplayPage key={route.table} table={route.table} step={route.step} />;
      break;
    case "player":
      page = <RecordPage key={route.id} id={route.id} />;
      break;
    case "leaderboard":
      page = <LeaderboardPage key={route.game ?? ""} game={route.game} />;
      break;
  }
  return (
    <>
      <Nav route={route} />
      <Suspense fallback={<main aria-busy="true">Opening the page…</main>}>{page}</Suspense>
    </>
  );
}

export function App(): ReactElement {
  return <Page />;
}

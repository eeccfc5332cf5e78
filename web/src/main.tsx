import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import type { TableInfo } from "./api.js";
import { routeOf } from "./router.js";
import { prefetchTable } from "./tables/index.js";
import "./styles.css";

/** What the server wrote into the page it sent (src/server/web-files.ts `sendPageWith`), if anything. */
function pageData(): { table?: TableInfo } {
  try {
    return JSON.parse(document.getElementById("cardroom-page")?.textContent ?? "{}") as { table?: TableInfo };
  } catch {
    return {};
  }
}

// The first page's chunks asked for now, before React first renders: a table's information, its
// game's chunks and channel too.
const first = routeOf(location.pathname, location.search);
if (first.page === "table") {
  prefetchTable(first.table, pageData().table);
  void import("./TablePage.js");
} else if (first.page === "lobby") void import("./Lobby.js");

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

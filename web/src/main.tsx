import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { routeOf } from "./router.js";
import { prefetchTable } from "./tables/index.js";
import "./styles.css";

const first = routeOf(location.pathname, location.search);
if (first.page === "table") prefetchTable(first.table);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

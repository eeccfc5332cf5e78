/**
 * The report's page: one self-contained HTML file (the chart libraries and
 * the data inside it, nothing fetched, so it opens offline), the summary in
 * words first, then the charts (Vega-Lite specs drawn in the page by
 * vega-embed), then the command that reproduces it.
 */
import { chartScripts } from "./report-scripts.js";

export interface ReportChart {
  readonly title: string;
  /** One or two sentences on how to read the chart. */
  readonly note: string;
  /** A Vega-Lite spec with its data inline. */
  readonly spec: Record<string, unknown>;
}

export interface ReportTable {
  readonly caption: string;
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface ReportPage {
  readonly title: string;
  /** The plain-language findings, one paragraph each. */
  readonly summary: readonly string[];
  /** The key figures with their intervals, as text (readable without the charts). */
  readonly tables: readonly ReportTable[];
  readonly charts: readonly ReportChart[];
  /** The command line that plays the same run again. */
  readonly command: string;
  /** A line on what was played (games, hands, time, version). */
  readonly about: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Text safe inside a <script> element: no `</script` or `<!--` can close or confuse it. */
const scriptText = (s: string): string => s.replace(/<(\/script|!--)/gi, "<\\$1");

/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.45; color: #1d232a; }
  body { margin: 0; background: #fbfbf8; }
  main { max-width: 62rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
  .about { color: #555; margin: 0 0 1rem; }
  #summary p { font-size: 1.08rem; margin: .5rem 0; }
  table { border-collapse: collapse; margin: .75rem 0 1.25rem; font-variant-numeric: tabular-nums; }
  caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
  th, td { border-bottom: 1px solid #e3e3e3; padding: .2rem .8rem .2rem 0; text-align: left; }
  .chart { margin: 1.5rem 0; break-inside: avoid; }
  .chart p { color: #444; margin: .2rem 0 .5rem; }
  .vis { min-height: 3rem; overflow-x: auto; }
  .vis-error { color: #a00; }
  pre { background: #f0f0ea; padding: .75rem 1rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
`;

/** The page as one HTML string. */
export function reportHtml(page: ReportPage): string {
  const scripts = chartScripts();
  const tables = page.tables
    .map(
      (t) =>
        `<table><caption>${escapeHtml(t.caption)}</caption><thead><tr>${t.head
          .map((h) => `<th scope="col">${escapeHtml(h)}</th>`)
          .join("")}</tr></thead><tbody>${t.rows
          .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
          .join("")}</tbody></table>`,
    )
    .join("\n");
  const charts = page.charts
    .map(
      (c, i) =>
        `<section class="chart"><h3>${escapeHtml(c.title)}</h3><p>${escapeHtml(c.note)}</p>` +
        `<div class="vis" id="chart-${i}" role="img" aria-label="${escapeHtml(c.title)}"></div></section>`,
    )
    .join("\n");
  const libraries = scripts.map((s) => `${s.name} ${s.version}`).join(", ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="cardroom lab">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p class="about">${escapeHtml(page.about)}</p>
<section id="summary" aria-labelledby="summary-title">
<h2 id="summary-title">Summary</h2>
${page.summary.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${tables}
</section>
<section id="charts" aria-labelledby="charts-title">
<h2 id="charts-title">Charts</h2>
<noscript><p>The charts are drawn by the scripts inside this page: allow scripts to see them.</p></noscript>
${charts}
</section>
<section id="command" aria-labelledby="command-title">
<h2 id="command-title">Play it again</h2>
<p>The same command, with the same seed, plays the same matches and gives the same numbers:</p>
<pre><code>${escapeHtml(page.command)}</code></pre>
<p class="about">Charts by ${escapeHtml(libraries)}, carried inside this file.</p>
</section>
</main>
${scripts.map((s) => `<script>/* ${s.name} ${s.version} */\n${scriptText(s.source)}\n</script>`).join("\n")}
<script type="application/json" id="chart-specs">${scriptJson(page.charts.map((c) => c.spec))}</script>
<script>
(function () {
  var specs = JSON.parse(document.getElementById("chart-specs").textContent);
  var options = { renderer: "svg", actions: { export: true, source: false, compiled: false, editor: false } };
  specs.forEach(function (spec, i) {
    var el = document.getElementById("chart-" + i);
    vegaEmbed(el, spec, options).catch(function (e) {
      el.className += " vis-error";
      el.textContent = "This chart could not be drawn: " + e.message;
    });
  });
})();
</script>
</body>
</html>
`;
}

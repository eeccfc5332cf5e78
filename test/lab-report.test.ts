/// <reference lib="dom" />
// The functions passed to page.evaluate run in the page.
/**
 * `cardroom lab --report FILE.html`: the page opens in Chromium with the
 * network cut off (everything it needs is inside it), says its findings in
 * words first, draws every chart, and ends with the command that plays it again.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Browser, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LabRun, runLab } from "./lab-files.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];

let run: LabRun;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  run = runLab([
    "--game",
    "hyrule",
    "--vary",
    "mode=chance,strategy",
    "--games",
    "40",
    "--seed",
    "report-test",
    "--report",
    "{dir}/hyrule.html",
  ]);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  run?.remove();
});

describe("the lab's report", () => {
  it("is one file, left whole, with nothing beside it", () => {
    expect(readdirSync(run.dir)).toEqual(["hyrule.html"]);
    expect(statSync(run.file("hyrule.html")).size).toBeGreaterThan(100_000);
  });

  it("opens offline: summary first, every chart drawn, the command last", async () => {
    const { page, close } = await openOffline(run.file("hyrule.html"));

    // The summary comes before the charts, and says the first player's share in words with its interval.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("main > section")].map((s) => s.id),
    );
    expect(order).toEqual(["summary", "charts", "command"]);
    const summary = await page.locator("#summary").innerText();
    expect(summary).toMatch(/first player .*\d+\.\d% ± \d+\.\d%/i);
    expect(summary).toMatch(/Chance/);
    expect(summary).toMatch(/Strategy/);
    // It leads with its conclusion: the paired changes, largest first.
    const first = await page.locator("#summary p").first().innerText();
    expect(first).toMatch(/^In short, paired by deal: mode=strategy against mode=chance: /);
    // The forest plot of every paired difference comes first among the charts.
    const titles = await page.locator("#charts h3").allInnerTexts();
    expect(titles[0]).toBe("What each variant changes, paired by deal");

    const command = await page.locator("#command pre").innerText();
    expect(command).toMatch(/^cardroom lab /);
    for (const a of ["--game hyrule", "--vary mode=chance,strategy", "--games 40", "--seed report-test"])
      expect(command).toContain(a);
    await close();
  });
});

const LAB_DOCS = fileURLToPath(new URL("../docs/lab/", import.meta.url));
const LAB_MD = fileURLToPath(new URL("../docs/LAB.md", import.meta.url));

describe("the findings' reports in docs/lab", () => {
  const reports = readdirSync(LAB_DOCS).filter((f) => f.endsWith(".html"));

  it("are four or more, each linked from LAB.md", () => {
    expect(reports.length).toBeGreaterThanOrEqual(4);
    const lab = readFileSync(LAB_MD, "utf8");
    for (const r of reports) expect(lab, r).toContain(`(lab/${r})`);
  });

  // The quickest findings play again in CI: Hyrule's, Royal Corners' by player count, Crazy Eights' choice.
  it.each(["hyrule-first-player.html", "royal-corners-first-player.html", "crazy-eights-choice.html"])(
    "play again from their commands: %s gives its report to the byte",
    (name) => {
      const committed = readFileSync(`${LAB_DOCS}${name}`, "utf8");
      const command = /<pre><code>cardroom lab ([^<]*)<\/code><\/pre>/.exec(committed)?.[1];
      expect(command).toBeDefined();
      const args = command!.split(" ").map((a) => (a === `docs/lab/${name}` ? `{dir}/${name}` : a));
      const again = runLab(args);
      try {
        const made = readFileSync(again.file(name), "utf8").replace(again.file(name), `docs/lab/${name}`);
        expect(made === committed).toBe(true);
      } finally {
        again.remove();
      }
    },
    180_000,
  );

  it.each(reports)("%s opens offline with every chart drawn and its command in LAB.md", async (name) => {
    const { page, close } = await openOffline(`${LAB_DOCS}${name}`);
    const command = await page.locator("#command pre").innerText();
    // LAB.md gives the same command (its lines joined), so a reader can play the finding again.
    const lab = readFileSync(LAB_MD, "utf8").replace(/\\\n\s*/g, "");
    expect(lab).toContain(command.replace(/^cardroom /, "npx cardroom ").trim());
    await close();
  });
});

/**
 * A report opened with the network cut off (anything but the file itself refused), checked to draw
 * every chart with no error and to ask for nothing else.
 */
async function openOffline(file: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ offline: true, viewport: { width: 1000, height: 900 } });
  const asked: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    asked.push(url);
    return url.startsWith("file:") ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const url = pathToFileURL(file).href;
  await page.goto(url);
  const charts = await page.locator(".vis").count();
  expect(charts).toBeGreaterThanOrEqual(8);
  // Every chart's SVG holds drawn marks (vega's mark groups with shapes in them).
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll(".vis")].filter(
        (v) => v.querySelector("svg g[class*='mark-'] path, svg g[class*='mark-'] line") !== null,
      ).length === n,
    charts,
    { timeout: 20_000 },
  );
  expect(await page.locator(".vis-error").count()).toBe(0);
  expect(errors).toEqual([]);
  expect(asked.filter((u) => u !== url)).toEqual([]);
  return { page, close: () => context.close() };
}

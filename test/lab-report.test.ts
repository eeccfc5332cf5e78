/// <reference lib="dom" />
// The functions passed to page.evaluate run in the page.
/**
 * `cardroom lab --report FILE.html`: the page opens in Chromium with the
 * network cut off (everything it needs is inside it), says its findings in
 * words first, draws every chart, and ends with the command that plays it again.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
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
    const context = await browser.newContext({ offline: true, viewport: { width: 1000, height: 900 } });
    const asked: string[] = [];
    // Anything but the file itself is refused: a page that needed the network would draw nothing.
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
    const url = pathToFileURL(run.file("hyrule.html")).href;
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

    // The summary comes before the charts, and says the first player's share in words with its interval.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("main > section")].map((s) => s.id),
    );
    expect(order).toEqual(["summary", "charts", "command"]);
    const summary = await page.locator("#summary").innerText();
    expect(summary).toMatch(/first player .*\d+\.\d% ± \d+\.\d%/i);
    expect(summary).toMatch(/Chance/);
    expect(summary).toMatch(/Strategy/);

    const command = await page.locator("#command pre").innerText();
    expect(command).toMatch(/^cardroom lab /);
    for (const a of ["--game hyrule", "--vary mode=chance,strategy", "--games 40", "--seed report-test"])
      expect(command).toContain(a);
    await context.close();
  });
});

/**
 * The lobby in Chromium (issue 25, items 5 and 6): a tile per game, "Play the
 * computer" in one click with the settings this browser remembers (after a
 * reload too), "Invite a friend" with its link copied and a friend joining
 * through it, both then at the table; the open tables with who is waiting,
 * joined with one click; every option by its label and help; axe-core clean
 * at 1280x800 and 390x844. Bot accounts: "No bots" keeps them out of a
 * friend's table, and one that sits down is marked "bot" by its name.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { Channel, api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { ARTIFACTS, axeFindings, sideScroll, sitAt, useBrowser } from "./web-browser.js";

const harness = useBrowser();
const url = (): string => harness.server.url;
const tableOf = (code: string): Promise<TableInfo> => api<TableInfo>(url(), `/api/tables/${code}`);
const codeIn = (page: Page): string => /\/t\/([A-Z0-9]{6})$/.exec(page.url())?.[1] ?? "";
const panel = (page: Page) => page.locator(".game-panel");
const openSettings = async (page: Page): Promise<void> => {
  const details = page.locator(".game-panel details.settings");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
};

// A real browser beside a real server on a small shared machine: a test that fails once for timing is
// run once more; one that fails twice fails.
describe("the lobby in Chromium", { retry: 1 }, () => {
  it("plays the computer in one click, with the settings remembered after a reload", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await page.goto(url());
    // A newcomer starts at Crazy Eights, the best known game, not at the registry's first.
    await expect.poll(() => panel(page).locator("h2").textContent()).toBe("Crazy Eights");
    expect(await page.locator("#play-computer-who").textContent()).toBe(
      "You against 1 computer opponent (medium)",
    );
    await page.getByLabel("Your name").fill("Ada");
    await page.locator("button.game-tile[data-game=cribbage]").click();
    expect(await page.locator("button.game-tile[data-game=cribbage]").getAttribute("aria-pressed")).toBe(
      "true",
    );
    await openSettings(page);
    await page.getByLabel("Players", { exact: true }).selectOption("3");
    await page.getByLabel("Computer opponents").selectOption("easy");
    await page.getByLabel("Points to win", { exact: true }).fill("61");
    await page.getByLabel("Muggins", { exact: true }).check();
    expect(await page.locator("#play-computer-who").textContent()).toBe(
      "You against 2 computer opponents (easy)",
    );
    await page.screenshot({ path: join(ARTIFACTS, "lobby-settings.png") });

    // After a reload the game is still Crazy Eights (nothing played yet), Cribbage's settings kept.
    await page.reload();
    await expect.poll(() => panel(page).locator("h2").textContent()).toBe("Crazy Eights");
    await page.locator("button.game-tile[data-game=cribbage]").click();
    expect(await page.locator("#play-computer-who").textContent()).toBe(
      "You against 2 computer opponents (easy)",
    );
    expect(await panel(page).locator(".changed").textContent()).toBe("Points to win: 61, Muggins: on");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
    const first = await tableOf(codeIn(page));
    expect([first.game, first.players, first.options.target, first.options.muggins]).toEqual([
      "cribbage",
      3,
      61,
      true,
    ]);
    expect(first.seats.map((s) => [s.kind, s.level, s.name])).toEqual([
      ["open", null, "Ada"],
      ["computer", "easy", null],
      ["computer", "easy", null],
    ]);

    // Back in the lobby, reloaded: the game played last is chosen, and one click plays it again.
    await page.goto(url());
    await page.reload();
    await expect.poll(() => panel(page).locator("h2").textContent()).toBe("Cribbage");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.waitForURL((u) => u.pathname !== `/t/${first.code}` && /\/t\/[A-Z0-9]{6}$/.test(u.pathname));
    const again = await tableOf(codeIn(page));
    expect(again.id).not.toBe(first.id);
    expect([again.game, again.players, again.options.target, again.options.muggins]).toEqual([
      "cribbage",
      3,
      61,
      true,
    ]);
  });

  it("invites a friend: the link is copied, and the friend joining through it brings both to the table", async () => {
    const context = await harness.newContext({ width: 1280, height: 800 });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url() });
    const page = await harness.newPage({ context });
    await page.goto(url());
    await page.getByLabel("Your name").fill("Ada");
    await page.locator("button.game-tile[data-game=gin-rummy]").click();
    expect(await page.locator("#invite-who").textContent()).toBe("You and 1 friend");
    await page.getByRole("button", { name: "Invite a friend" }).click();
    await page.getByRole("heading", { name: "Invite a friend to Gin Rummy" }).waitFor();
    const link = await page.getByLabel("Invite link", { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${url()}/t/[A-Z0-9]{6}$`));
    const code = link.slice(-6);
    // The share sheet is offered exactly where the browser has one.
    const canShare = await page.evaluate(() => typeof navigator.share === "function");
    expect(await page.getByRole("button", { name: "Share…" }).count()).toBe(canShare ? 1 : 0);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Link copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await page.locator(".invite-seats").textContent()).toContain("Waiting for a friend…");
    await page.screenshot({ path: join(ARTIFACTS, "lobby-invite.png") });

    // A reload keeps the panel while the friend is still to come.
    await page.reload();
    await page.getByRole("heading", { name: "Invite a friend to Gin Rummy" }).waitFor();
    expect(await page.getByLabel("Invite link", { exact: true }).inputValue()).toBe(link);

    const friend = await harness.newPage({ width: 390, height: 844 });
    await sitAt(friend, url(), code, 1, "Ben");
    await page.waitForURL(`${url()}/t/${code}`);
    await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
    const info = await tableOf(code);
    expect(info.seats.map((s) => s.name)).toEqual(["Ada", "Ben"]);
    // Back to the lobby from the table: the lobby, with the game just played chosen, not the panel.
    await page.goto(url());
    await expect.poll(() => panel(page).locator("h2").textContent()).toBe("Gin Rummy");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("No bots keeps bot accounts out of a friend's table; a bot that sits down is marked by its name", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await page.goto(url());
    await page.getByLabel("Your name").fill("Ada");
    await page.locator("button.game-tile[data-game=crazy-eights]").click();
    await page.getByLabel(/No bots/).check();
    await page.getByRole("button", { name: "Invite a friend" }).click();
    const refusing = (await page.getByLabel("Invite link", { exact: true }).inputValue()).slice(-6);
    expect((await tableOf(refusing)).bots).toBe(false);

    // Another invitation (another browser), bots welcome as they are unless refused: a bot takes the seat.
    const other = await harness.newPage({ width: 1280, height: 800 });
    await other.goto(url());
    await other.locator("button.game-tile[data-game=crazy-eights]").click();
    expect(await other.getByLabel(/No bots/).isChecked()).toBe(false);
    await other.getByRole("button", { name: "Invite a friend" }).click();
    const code = (await other.getByLabel("Invite link", { exact: true }).inputValue()).slice(-6);
    const info = await tableOf(code);
    expect(info.bots).toBe(true);
    const owner = await api<{ token: string }>(url(), "/api/guests", { name: "Owner" });
    const bot = await api<{ token: string }>(url(), "/api/bots", { owner: owner.token, name: "Robo" });
    const chan = await Channel.open(url());
    try {
      chan.send({ type: "bot", token: bot.token });
      chan.send({ type: "take", table: info.id, seat: 1 });
      for (let m = await chan.next(); m?.type !== "seated"; m = await chan.next())
        if (m?.type === "error") throw new Error(m.message);
      await other.waitForURL(`${url()}/t/${code}`);
      const plate = other.locator(".seats li[data-seat='1']");
      await expect.poll(() => plate.locator(".seat-name").textContent()).toBe("Robo");
      expect(await plate.locator(".bot-mark").textContent()).toBe("bot");
      expect(await other.locator(".seats li[data-seat='0'] .bot-mark").count()).toBe(0);
    } finally {
      chan.close();
    }
  });

  it("copies by selecting the link where the browser has no clipboard for the page", async () => {
    const page = await harness.newPage();
    // As on a page served over plain http from another machine: no navigator.clipboard at all.
    await page.addInitScript(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
    await page.goto(url());
    await page.getByRole("button", { name: "Invite a friend" }).click();
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/the link is selected/);
    const selected = await page.evaluate(() => {
      const box = document.activeElement as HTMLInputElement;
      return box.value.slice(box.selectionStart ?? 0, box.selectionEnd ?? 0);
    });
    expect(selected).toBe(await page.getByLabel("Invite link", { exact: true }).inputValue());
  });

  it("lists open tables with who is waiting, and joins one in a click", async () => {
    const host = await harness.newPage();
    await host.goto(url());
    await host.getByLabel("Your name").fill("Cleo");
    await host.locator("button.game-tile[data-game=roy]").click();
    await openSettings(host);
    await host.getByLabel("Players", { exact: true }).selectOption("3");
    await host.getByLabel("Computer opponents").selectOption("easy");
    await host.getByLabel("Points to win", { exact: true }).fill("50");
    expect(await host.locator("#invite-who").textContent()).toBe(
      "You and 1 friend and 1 computer opponent (easy)",
    );
    await host.getByRole("button", { name: "Invite a friend" }).click();
    const code = (await host.getByLabel("Invite link", { exact: true }).inputValue()).slice(-6);

    const guest = await harness.newPage({ width: 390, height: 844 });
    await guest.goto(url());
    await guest.getByLabel("Your name").fill("Dev");
    const row = guest.locator(`.open-tables li[data-table="${code}"]`);
    await expect
      .poll(() => row.textContent(), { timeout: 10_000 })
      .toBe("ROY, 3 playersCleo is waiting · 1 seat free · 1 computer (easy)Points to win: 50Join");
    await guest.screenshot({ path: join(ARTIFACTS, "lobby-open-tables-390.png"), fullPage: true });
    await row.getByRole("button", { name: /^Join ROY/ }).click();
    await guest.waitForURL(`${url()}/t/${code}`);
    await host.waitForURL(`${url()}/t/${code}`);
    expect((await tableOf(code)).seats.map((s) => s.name)).toEqual(["Cleo", "Dev", null]);
  });

  it("shows every game's options by their labels and help, never their names", async () => {
    const page = await harness.newPage();
    await page.goto(url());
    await openSettings(page);
    for (const { game } of ENTRIES) {
      await page.locator(`button.game-tile[data-game="${game.id}"]`).click();
      await page.locator(`.game-panel[data-game="${game.id}"]`).waitFor();
      for (const [name, spec] of Object.entries(game.options)) {
        const field = page.getByLabel(spec.label, { exact: true });
        expect(await field.count(), `${game.id} ${name}`).toBe(1);
        const help = await field.getAttribute("aria-describedby");
        expect(await page.locator(`[id="${help}"]`).textContent()).toBe(spec.help);
        if (spec.kind === "enum")
          expect(await field.locator("option").allTextContents()).toEqual(
            spec.values.map((v) => spec.labels[v]),
          );
      }
      const text = (await panel(page).textContent()) ?? "";
      for (const name of Object.keys(game.options).filter((n) => /[a-z][A-Z]/.test(n)))
        expect(text, `${game.id} shows ${name}`).not.toContain(name);
      expect(text).not.toMatch(/\bseat \d/i);
    }
  });

  it("has no serious or critical accessibility finding at 1280x800 and 390x844, and no sideways scroll", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const page = await harness.newPage({ width, height });
      await page.goto(url());
      await panel(page).locator("h2").getByText("Crazy Eights").waitFor();
      expect([width, await axeFindings(page)]).toEqual([width, []]);
      // "Play the computer" is on screen as the page opens, at either size.
      const play = await page.getByRole("button", { name: "Play the computer" }).boundingBox();
      expect(play && play.y + play.height <= height).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, `lobby-${width}.png`) });
      await openSettings(page);
      await page.locator("button.game-tile[data-game=gin-rummy]").click();
      expect([width, await axeFindings(page)]).toEqual([width, []]);
      expect(await sideScroll(page)).toBe(0);
      await page.getByRole("button", { name: "Invite a friend" }).click();
      await page.getByLabel("Invite link", { exact: true }).waitFor();
      expect([width, await axeFindings(page)]).toEqual([width, []]);
      expect(await sideScroll(page)).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS, `lobby-invite-${width}.png`) });
    }
  });
});

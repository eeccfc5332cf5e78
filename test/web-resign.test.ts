/**
 * Resigning and leaving in Chromium (issue 36, item 4, and two of item 5): "Resign" asks first in a
 * modal dialog (Escape and "Keep playing" keep the match, the keyboard reaches both answers), then
 * gives the match up; both sides see the match's end panel saying the forfeit from their side, with
 * "Play again?" for both and "Back to the lobby"; the record and the replay say the forfeit. A friend
 * arriving by invite reads who invites them and "Take your seat", and the nav offers "Your record"
 * as soon as this browser has a guest, without a reload.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { ARTIFACTS, axeFindings, phaseOf, sitAt, useBrowser } from "./web-browser.js";

const harness = useBrowser();
const url = (): string => harness.server.url;

const newTable = (seats: object[]): Promise<TableInfo> =>
  api<TableInfo>(url(), "/api/tables", { game: "crazy-eights", seats });
const handShown = (page: Page): Promise<void> =>
  page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
const resignButton = (page: Page) => page.locator(".table-head").getByRole("button", { name: "Resign" });
const resignDialog = (page: Page) => page.getByRole("dialog", { name: "Resign this match?" });
const focused = (page: Page): Promise<string | null | undefined> =>
  page.evaluate(() => document.activeElement?.textContent);
const endPanel = (page: Page) => page.locator("[data-match-end=forfeit]");
const forfeitLine = (page: Page): Promise<string | null> =>
  endPanel(page).locator("[data-testid=forfeit-line]").textContent();

/** Resigns from the table's links, as a person does: "Resign", then the dialog's "Resign". */
async function resign(page: Page): Promise<void> {
  await resignButton(page).click();
  await resignDialog(page).getByRole("button", { name: "Resign" }).click();
  await expect.poll(() => phaseOf(page)).toBe("matchover");
}

/** "Play again?" said by every page, each then at the new table (another address), its hand drawn. */
async function playAgain(pages: readonly Page[]): Promise<void> {
  const before = pages.map((p) => new URL(p.url()).pathname);
  for (const p of pages) await endPanel(p).getByRole("button", { name: "Play again?" }).click();
  for (const [i, p] of pages.entries()) {
    await p.waitForURL((u) => u.pathname.startsWith("/t/") && u.pathname !== before[i]);
    await handShown(p);
    expect(await phaseOf(p)).not.toBe("matchover");
  }
}

describe("resigning and leaving in Chromium", { retry: 1 }, () => {
  it("a player resigns against the computer after a confirmation, sees the forfeit and plays again", async () => {
    const info = await newTable([{ kind: "open" }, { kind: "computer", level: "easy" }]);
    const page = await harness.newPage({ width: 1280, height: 800 });
    await page.goto(`${url()}/t/${info.code}`);
    // The one open seat is yours to take; no guest yet, so no record in the nav.
    await page.getByRole("button", { name: "Take your seat" }).waitFor();
    expect(await page.textContent("[data-testid=turn]")).toBe("A table of Crazy Eights has a seat for you.");
    expect(await page.getByRole("link", { name: "Your record" }).count()).toBe(0);
    await page.getByLabel("Your name").fill("Eve");
    await page.getByRole("button", { name: "Take your seat" }).click();
    await handShown(page);
    // Sitting down made this browser's guest: "Your record" is in the nav at once, no reload.
    await page
      .getByRole("navigation", { name: "Cardroom" })
      .getByRole("link", { name: "Your record" })
      .waitFor();

    // Asked first; Escape keeps the match, the safe answer has the focus.
    await resignButton(page).click();
    await resignDialog(page).waitFor();
    expect(await resignDialog(page).textContent()).toContain("The other side wins it.");
    expect(await focused(page)).toBe("Keep playing");
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "resign-dialog.png") });
    await page.keyboard.press("Escape");
    await resignDialog(page).waitFor({ state: "hidden" });
    // "Keep playing" keeps it too.
    await resignButton(page).click();
    await resignDialog(page).getByRole("button", { name: "Keep playing" }).click();
    await resignDialog(page).waitFor({ state: "hidden" });
    expect(await phaseOf(page)).not.toBe("matchover");
    expect(await endPanel(page).count()).toBe(0);

    // By the keyboard: Enter opens it, Tab goes to "Resign", Enter resigns.
    await resignButton(page).focus();
    await page.keyboard.press("Enter");
    await resignDialog(page).waitFor();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Resign");
    await page.keyboard.press("Enter");
    await expect.poll(() => phaseOf(page)).toBe("matchover");
    await expect.poll(() => forfeitLine(page)).toMatch(/^You resigned: \w+ won by forfeit\.$/);
    expect(await endPanel(page).getByRole("heading").textContent()).toMatch(/^Match over: \w+ wins\.$/);
    expect(await page.getByRole("log", { name: "What happened" }).textContent()).toContain(
      "You resign the match.",
    );
    // Nothing left to resign; the way on is "Play again?", or back to the lobby.
    expect(await resignButton(page).count()).toBe(0);
    await endPanel(page).getByRole("button", { name: "Back to the lobby" }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "resign-end-computer.png") });

    await playAgain([page]);
    // The record and the replay say the forfeit, never the scores where play stopped.
    await page.getByRole("link", { name: "Your record" }).click();
    const lost = page.locator("ul.matches li").filter({ hasText: "by forfeit" });
    await expect.poll(() => lost.first().textContent()).toMatch(/^Lost by forfeit at Crazy Eights/);
    await lost.first().getByRole("link", { name: "Crazy Eights" }).click();
    await page.getByRole("button", { name: "Last" }).click();
    await expect
      .poll(() => page.textContent("[data-testid=turn]"))
      .toMatch(/^You resigned: \w+ won by forfeit\.$/);
    // Its last step ends with the forfeit's own panel, as the table did.
    await expect.poll(() => forfeitLine(page)).toMatch(/^You resigned: \w+ won by forfeit\.$/);
  });

  it("a friend by invite takes their seat, resigns, and both see the forfeit, play again, and leave", async () => {
    const info = await newTable([{ kind: "open" }, { kind: "open" }]);
    const ann = await harness.newPage({ width: 1280, height: 800 });
    await sitAt(ann, url(), info.code, 0, "Ann");
    // The friend on a phone, by the invite link: who invites them, and one button to sit down.
    const bob = await harness.newPage({ width: 390, height: 844 });
    await bob.goto(`${url()}/t/${info.code}`);
    await expect.poll(() => bob.textContent("[data-testid=turn]")).toBe("Ann invites you to Crazy Eights.");
    await bob.getByRole("button", { name: "Take your seat" }).waitFor();
    expect(await bob.getByRole("button", { name: /^Sit at seat/ }).count()).toBe(0);
    expect(await axeFindings(bob)).toEqual([]);
    await bob.screenshot({ path: join(ARTIFACTS, "resign-invited.png") });
    await bob.getByLabel("Your name").fill("Bob");
    await bob.getByRole("button", { name: "Take your seat" }).click();
    await handShown(bob);
    await bob.screenshot({ path: join(ARTIFACTS, "resign-phone-playing.png") });

    await resign(bob);
    await expect.poll(() => phaseOf(ann)).toBe("matchover");
    await expect.poll(() => forfeitLine(ann)).toBe("Bob resigned: you won by forfeit.");
    expect(await endPanel(ann).getByRole("heading").textContent()).toBe("Match over: you win!");
    expect(await forfeitLine(bob)).toBe("You resigned: Ann won by forfeit.");
    expect(await endPanel(bob).getByRole("heading").textContent()).toBe("Match over: Ann wins.");
    expect(await ann.getByRole("log", { name: "What happened" }).textContent()).toContain(
      "Bob resigns the match.",
    );
    for (const p of [ann, bob]) expect(await axeFindings(p)).toEqual([]);
    await ann.screenshot({ path: join(ARTIFACTS, "resign-end-winner.png") });
    await bob.screenshot({ path: join(ARTIFACTS, "resign-end-phone.png") });

    // "Play again?" for both: the first to ask waits for the other, then both are at a new table.
    await endPanel(ann).getByRole("button", { name: "Play again?" }).click();
    await endPanel(ann).getByText("Waiting for the others to say yes…").waitFor();
    await playAgain([bob]);
    await ann.waitForURL((u) => u.pathname !== `/t/${info.code}`);
    await handShown(ann);

    // A finished table is left for the lobby.
    await resign(ann);
    await expect.poll(() => forfeitLine(bob)).toBe("Ann resigned: you won by forfeit.");
    // Ann would play again; Bob goes back to the lobby, and Ann is told so rather than left waiting.
    await endPanel(ann).getByRole("button", { name: "Play again?" }).click();
    await endPanel(ann).getByText("Waiting for the others to say yes…").waitFor();
    await endPanel(bob).getByRole("button", { name: "Back to the lobby" }).click();
    await bob.waitForURL((u) => u.pathname === "/");
    await bob.getByRole("button", { name: "Play the computer" }).waitFor();
    await expect
      .poll(() => endPanel(ann).locator("[data-testid=others-left]").textContent())
      .toBe("Bob went back to the lobby: no game again at this table.");
    expect(await endPanel(ann).getByText("Waiting for the others to say yes…").count()).toBe(0);
    expect(await endPanel(ann).getByRole("button", { name: "Play again?" }).count()).toBe(0);
  });
});

/**
 * `rules` at a terminal table: the game's How to play page (or, for a game
 * without one, its exact rules page), through the player's pager when the
 * output is a terminal, so a long page neither scrolls away nor floods it.
 */
import { spawnSync } from "node:child_process";
import type { AnyGame } from "../../engine/game.js";
import { findEntry } from "../../games/index.js";
import { howToPlayLines } from "../../words/how-to-play.js";
import { rulesPage } from "../package-files.js";

/** The page's lines: How to play, else the exact rules, else one line saying there is none. */
export function rulesLines(game: AnyGame): string[] {
  const entry = findEntry(game.id);
  const page = entry.ok ? entry.value.howToPlay : undefined;
  if (page) return howToPlayLines(game.name, game.id, page);
  const exact = rulesPage(game.id);
  return exact === null ? [`No rules page for ${game.name} here.`] : exact.trimEnd().split("\n");
}

/**
 * Shows the lines through $PAGER (or `less`) when `out` is a terminal, and
 * says them otherwise, or when no pager can be started. `less` is told to
 * leave at once a page that fits the screen (its usual `FRX`, unless LESS
 * is set already).
 */
export function showPage(
  lines: readonly string[],
  say: (line?: string) => void,
  out: { isTTY?: boolean } = process.stdout,
): void {
  if (out.isTTY) {
    const pager = process.env.PAGER?.trim() || "less";
    const shown = spawnSync(pager, {
      input: lines.join("\n") + "\n",
      stdio: ["pipe", "inherit", "inherit"],
      shell: true,
      env: { ...process.env, LESS: process.env.LESS ?? "FRX" },
    });
    // A shell that cannot find the pager says so with 127; then the page is said as it is.
    if (!shown.error && shown.status !== 127) return;
  }
  for (const line of lines) say(line);
}

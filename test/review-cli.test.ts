/** `cardroom review` as a user runs it: the built command on a saved match, a replay file and bad input. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Table } from "../src/engine/table.js";
import { findEntry } from "../src/games/index.js";
import { playMatch } from "../src/review/play-match.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

function cardroom(args: string[], input = "") {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8", timeout: 170_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function expectOneLineError(r: { code: number | null; out: string; err: string }, pattern: RegExp) {
  expect(r.code).toBe(2);
  expect(r.err.trim().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(pattern);
  expect(r.err).not.toMatch(/\bat .*:\d+:\d+/);
}

const cribbage = (() => {
  const e = findEntry("cribbage");
  if (!e.ok) throw new Error(e.error);
  return e.value;
})();

const dir = mkdtempSync(join(tmpdir(), "cardroom-review-"));
// A short match, medium against easy (easy slips: some decisions are worth flagging).
const log = playMatch(cribbage, { seed: "review-cli", levels: ["medium", "easy"], hands: 2 });
const saved = join(dir, "saved.json");
writeFileSync(saved, JSON.stringify({ kind: "cardroom saved match", vs: "easy", log }));

describe("cardroom review", { timeout: 180_000 }, () => {
  it("prints each hand, its winning chances, each judged decision and each seat's accuracy", () => {
    const r = cardroom(["review", saved, "--budget", "8"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Review of a match of Cribbage, seats 0, 1\./);
    expect(r.out).toContain(
      "over 8 deals it could be (the review's budget), 80 where a loss is read at 5 to 20.",
    );
    expect(r.out).toMatch(/Hand 1: seat \d deals; scores 0-0 to \d+-\d+/);
    expect(r.out).toMatch(/Win chance: seat 0 \d+\.\d% to \d+\.\d%; seat 1 /);
    expect(r.out).toContain("Every way of laying away");
    expect(r.out).toMatch(/seat 1, put \S+ in the crib: /);
    expect(r.out).toMatch(/Accuracy: seat 0 \d+\.\d \(\d+ decisions judged: .*\); seat 1 /);
  });

  it("--seat judges one seat, and --json prints one object with the budget it used", () => {
    const r = cardroom(["review", saved, "--seat", "1", "--json", "--budget", "8"]);
    expect(r.code).toBe(0);
    const review = JSON.parse(r.out);
    expect(review.budget).toEqual({ worlds: 8 });
    expect(review.seats).toEqual([1]);
    expect(review.accuracy).toHaveLength(1);
    const decisions = review.hands.flatMap((h: { decisions: { seat: number }[] }) => h.decisions);
    expect(decisions.length).toBeGreaterThan(4);
    expect(decisions.every((d: { seat: number }) => d.seat === 1)).toBe(true);
  });

  it("reads a replay file: the same review as the saved match's for the seat", () => {
    // The match replayed at a table, its seat 0's events as `join --proof` writes them.
    const t = Table.replay(cribbage.game, log);
    if (!t.ok) throw new Error(t.error.message);
    const replay = join(dir, "replay.json");
    writeFileSync(
      replay,
      JSON.stringify({
        game: "cribbage",
        players: 2,
        options: log.options,
        viewer: 0,
        events: t.value.eventsFor(0),
      }),
    );
    const a = JSON.parse(cardroom(["review", replay, "--seat", "0", "--json", "--budget", "4"]).out);
    expect(a.seats).toEqual([0]);
    const fromLog = JSON.parse(cardroom(["review", saved, "--seat", "0", "--json", "--budget", "4"]).out);
    // The same decisions, judged alike: a replay reveals the hand seeds the review's generators start from.
    expect(a).toEqual(fromLog);
  });

  it("after a match in `cardroom play`, r reviews the player's decisions, then play again is asked again", () => {
    // The first legal move at every prompt up to "Play again?", then r, then n.
    const moves = "1\n".repeat(3000);
    const all = cardroom(["play", "crazy-eights", "--seed", "5"], moves).out;
    const at = all.indexOf("Play again? (Y/N)");
    expect(at).toBeGreaterThan(0);
    expect(all.slice(0, at)).toContain("r reviews this match");
    const asked = (all.slice(0, at).match(/Your move|Your count|Press Enter|Which suit/g) ?? []).length;
    const r = cardroom(["play", "crazy-eights", "--seed", "5"], "1\n".repeat(asked) + "r\nn\n");
    expect(r.code).toBe(0);
    const review = r.out.slice(r.out.indexOf("Review of a match of Crazy Eights, seat 0."));
    expect(review).toMatch(/^Review of a match of Crazy Eights, seat 0\./);
    expect(review).toMatch(/Accuracy: seat 0 \d+\.\d \(\d+ decisions judged/);
    expect(review).not.toMatch(/seat 1, /);
    expect(r.out.match(/Play again\? \(Y\/N\)/g)).toHaveLength(2);
    expect(r.out.trim().endsWith("Thanks for playing.")).toBe(true);
  });

  it("bad input: one line and a non-zero exit", () => {
    expectOneLineError(cardroom(["review", join(dir, "nothing.json")]), /cannot read .*nothing\.json/);
    expectOneLineError(
      cardroom(["review", saved, "--seat", "5"]),
      /--seat: no seat 5: the match has seats 0 to 1/,
    );
    expectOneLineError(cardroom(["review", saved, "--seat", "two"]), /--seat: expected a whole number/);
    expectOneLineError(cardroom(["review", saved, "--budget", "0"]), /--budget: deals a decision, 1 to/);
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ hello: 1 }));
    expectOneLineError(cardroom(["review", other]), /other\.json is not a saved match/);
    expectOneLineError(
      cardroom(["review", "http://127.0.0.1:9/replay/x"]),
      /cannot fetch http:\/\/127\.0\.0\.1:9/,
    );
  });
});

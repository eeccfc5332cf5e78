/** The terminal table as a player meets it: scoring shown, moves by name, saving and resuming, the game lists. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AnyGame } from "../src/engine/game.js";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import { howToPlayLines } from "../src/words/how-to-play.js";
import { hasScript, runInPty } from "./pty.js";

const findGame = (id: string): AnyGame => ENTRIES.find((e) => e.game.id === id)!.game;

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

function cardroom(args: string[], input = "", cwd?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 256 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The lines just before the first hand's summary. */
function beforeFirstSummary(out: string): string[] {
  const lines = out.split("\n");
  const at = lines.findIndex((l) => l.startsWith("Hand 1 over"));
  return lines.slice(Math.max(0, at - 4), at);
}

const SCORE_LINE = /^ {2}(you|seat \d) (pegs?|scores?|takes?) .*\(now \d+\)$/;

describe("the last scoring of a hand", () => {
  it("shows the Cribbage show as it is counted, before the hand's summary", () => {
    const r = cardroom(["play", "cribbage", "--seed", "8"], "1\n".repeat(400));
    expect(beforeFirstSummary(r.out).filter((l) => SCORE_LINE.test(l)).length).toBeGreaterThan(0);
  });

  it("shows Hyrule's seventh trick", () => {
    const r = cardroom(["play", "hyrule", "--seed", "8"], "1\n".repeat(400));
    expect(beforeFirstSummary(r.out).filter((l) => SCORE_LINE.test(l)).length).toBeGreaterThan(0);
  });

  it("shows the muggins final claim and says whether it was too high", () => {
    // Claim 29 for every hand: always too high, but for a 29 hand.
    const answers = Array.from({ length: 400 }, (_, i) => (i % 2 ? "29" : "1")).join("\n") + "\n";
    const r = cardroom(["play", "cribbage", "--seed", "8", "--option", "muggins=true"], answers);
    expect(r.out).toMatch(/your claim of 29 was too high: the hand holds \d+\./);
    expect(r.out).toMatch(/seat 1: claim \d+ points/);
  });
});

describe("moves typed by name", () => {
  it("plays a card, draws, and asks an Eight's suit", () => {
    // Seed 1: the first hand holds 8D, the only Eight.
    const r = cardroom(["play", "crazy-eights", "--seed", "1"], "draw\nfoo\n8d\nh\nq\ny\n");
    expect(r.out).toMatch(/You: draw a card: [2-9TJQKA][CDHS]\n/);
    expect(r.out).toMatch(/"foo" is not a move you can make now/);
    expect(r.out).toMatch(/Which suit\? 1\. clubs {2}2\. diamonds {2}3\. hearts {2}4\. spades/);
    expect(r.out).toMatch(/You: play 8D and call hearts\n/);
    expect(r.err).toBe("");
  });

  it("lists what can be typed, shows the table again, and the rules", () => {
    const r = cardroom(["play", "gin-rummy", "--seed", "2"], "?\nr\nrules\nq\ny\n");
    expect(r.out).toMatch(/Type a number from 1 to \d+, or a move by name, e\.g\. /);
    expect(r.out).toMatch(/r shows the table again, rules shows how to play, q leaves the match/);
    // The player's page, short, not the implementation's: the exact rules are linked.
    expect(r.out).toMatch(/^How to play Gin Rummy\n/m);
    expect(r.out).toMatch(/^The object\n {2}Arrange your hand into melds/m);
    expect(r.out).toMatch(/^Exact rules: docs\/rules\/gin-rummy\.md/m);
    expect(r.out).not.toMatch(/HMAC|Fisher-Yates|wire form/);
    expect(r.out.match(/^Your hand: /gm)!.length).toBeGreaterThanOrEqual(2);
  });
});

describe("how to play at a terminal", () => {
  it.skipIf(!hasScript)("goes through the player's pager on a terminal, then back to the table", async () => {
    const answers = ["rules\n", "q\n", "y\n"];
    const r = await runInPty(["play", "crazy-eights", "--seed", "2"], (_, n) => answers[n] ?? null, {
      env: { PAGER: "sed 's/^/paged: /'" },
    });
    expect(r.hung).toBe(false);
    expect(r.out).toMatch(/^paged: How to play Crazy Eights$/m);
    expect(r.out).toMatch(/^paged: Exact rules: docs\/rules\/crazy-eights\.md/m);
    // Its example hand, as card symbols.
    expect(r.out).toMatch(/^paged: {5}Your hand: {4}9♣ 4♥ 8♠ K♦ 2♣\r?$/m);
    // The table goes on after the page: the next prompt, and the leaving.
    expect(r.out.split("paged: Exact rules")[1]).toMatch(/Your move/);
  });

  it("has a How to play page for every game, short, with the object, the deal, a turn and scoring", () => {
    for (const { game, howToPlay } of ENTRIES) {
      expect(howToPlay, game.id).toBeDefined();
      const lines = howToPlayLines(game.name, game.id, howToPlay!);
      for (const head of ["The object", "The deal", "A turn", "Scoring"])
        expect(lines, game.id).toContain(head);
      expect(lines.length, game.id).toBeLessThan(60);
      expect(lines.every((l) => l.length <= 76)).toBe(true);
    }
  });
});

describe("pacing", () => {
  it("makes forced draws one line each, without the whole table again", () => {
    // Seed 3: after two moves the player holds nothing that follows and draws seven times.
    const r = cardroom(["play", "crazy-eights", "--seed", "3"], "1\n1\nq\ny\n");
    expect(r.out).toMatch(/(You: draw a card \(your only move\): [2-9TJQKA][CDHS]\.\n){3}/);
  });
});

describe("leaving a match", () => {
  it("asks first, and plays on on n", () => {
    const r = cardroom(["play", "roy", "--seed", "1"], "q\nn\nq\ny\n");
    expect(r.out.match(/Leave the match\?/g)).toHaveLength(2);
    expect(r.out.trim().endsWith("Goodbye.")).toBe(true);
  });

  it("saves the match, and --resume plays on from the same position", () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-save-"));
    const moves = "1\n".repeat(6);
    const first = cardroom(["play", "crazy-eights", "--seed", "4"], moves + "q\ns\n\n", dir);
    const saved = /To play on: npx cardroom play --resume (\S+)/.exec(first.out);
    expect(saved, first.out.slice(-500)).not.toBeNull();
    const file = join(dir, saved![1]);
    expect(JSON.parse(readFileSync(file, "utf8")).log.entries.length).toBeGreaterThan(6);
    const lastBoard = (out: string) => out.slice(out.lastIndexOf("\nHand "), out.lastIndexOf("Your move"));
    const again = cardroom(["play", "--resume", file], "q\ny\n");
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/Resumed\./);
    expect(lastBoard(again.out)).toBe(lastBoard(first.out));
  });

  it("refuses a missing, broken or foreign file in one line", () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-bad-"));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const log = {
      game: "roy",
      players: 2,
      seed: 1,
      options: {},
      entries: [{ seat: 1, move: { type: "fly" } }],
    };
    for (const [file, pattern] of [
      [join(dir, "none.json"), /no such file/],
      [write("text.json", "hello"), /not a saved match \(not JSON\)/],
      [write("other.json", '{"a":1}'), /not a saved match/],
      [
        write("moves.json", JSON.stringify({ kind: "cardroom saved match", vs: "greedy", log })),
        /does not replay/,
      ],
    ] as const) {
      const r = cardroom(["play", "--resume", file]);
      expect(r.code).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(pattern);
    }
  });
});

describe("starting from a position", () => {
  it('plays from the position {"cmd":"state"} gave, bare or as the whole answer', () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-position-"));
    const t = Table.start(findGame("crazy-eights"), { players: 2, seed: 9 });
    if (!t.ok) throw new Error(t.error.message);
    const position = t.value.position();
    const bare = join(dir, "bare.json");
    const answer = join(dir, "answer.json");
    writeFileSync(bare, JSON.stringify(position));
    writeFileSync(answer, JSON.stringify({ id: null, ok: true, position }));
    const hand = `Your hand: ${(t.value.view(0).hand as string[]).join(" ")}`;
    for (const [args, file] of [
      [["play", "crazy-eights"], bare],
      [["play"], answer],
    ] as const) {
      const r = cardroom([...args, "--position", file, "--pace", "0"], "q\ny\n");
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(r.out).toContain(`From the position in ${file}.`);
      expect(r.out).toContain(hand);
    }
  });

  it("refuses a bad file or position in one line, exit code 2", () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-position-bad-"));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const t = Table.start(findGame("roy"), { players: 2, seed: 9 });
    if (!t.ok) throw new Error(t.error.message);
    const position = t.value.position();
    const broken = { ...position, state: { ...position.state, hands: [[], []] } };
    for (const [args, pattern] of [
      [["--position", join(dir, "none.json")], /no such file/],
      [["--position", write("text.json", "hello")], /not a position \(not JSON\)/],
      [["--position", write("other.json", '{"a":1}')], /not a position/],
      [["--position", write("broken.json", JSON.stringify(broken))], /bad position: /],
      [["gin-rummy", "--position", write("roy.json", JSON.stringify(position))], /of roy, not gin-rummy/],
      [["--position", join(dir, "roy.json"), "--seed", "3"], /--position: the position sets the match/],
    ] as const) {
      const r = cardroom(["play", ...args], "");
      expect(r.code).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(pattern);
    }
  });
});

describe("the games and their options", () => {
  it("lists every game with its players, options with their values, and move types", () => {
    const r = cardroom(["games"]);
    expect(r.code).toBe(0);
    for (const { game } of ENTRIES) expect(r.out).toContain(`${game.id}: ${game.name}`);
    expect(r.out).toContain("gin-rummy: Gin Rummy, 2 players");
    expect(r.out).toContain("Match bonuses: --option bonuses=telecards|standard (default telecards)");
    expect(r.out).toContain("telecards: None (as the Telecards rules play); standard: Standard bonuses.");
    // Options in words, never only by their names.
    expect(r.out).toContain("Most deadwood to knock: --option knockLimit=0..99 (default 10)");
    expect(r.out).toContain("moves: take, draw, pass, discard, knock, layoff, done");
  });

  it("lists a game's options under play GAME --help", () => {
    const r = cardroom(["play", "cribbage", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Muggins: --option muggins=true|false (default false)");
    expect(r.out).toContain(
      "Players count their own hands; points missed or over-counted go to the opponent.",
    );
    expect(r.out).toMatch(/Exit codes: 0 done; 2 bad input/);
  });

  it("names each game's move types as its moves' wire form does", () => {
    for (const { game, moveTypes } of ENTRIES) {
      for (const type of moveTypes ?? []) {
        const r = game.moveFromJson({ type });
        expect(r.ok ? "" : r.error, `${game.id} ${type}`).not.toMatch(/unknown move type/);
      }
      const unknown = game.moveFromJson({ type: "fly" });
      expect(unknown.ok ? "" : unknown.error).toContain(`(moves: ${moveTypes!.join(", ")})`);
    }
  });

  it("offers the options in the room, and plays with the one changed", () => {
    // Crazy Eights, 2 players, random, option 1 (target) set to 1, then play.
    const r = cardroom(["room"], "4\n2\n1\n1\n0\n1\n\n" + "1\n".repeat(300) + "n\nq\n");
    expect(r.out).toContain(
      "1. Points to win: 100  (The first player to reach this many points wins the match. target: 1..100000, default 100)",
    );
    expect(r.out).toContain("Change an option: Points to win (1..100000)?");
    expect(r.out).toMatch(/0 is out of range 1\.\.100000; try again\./);
    expect(r.out).toMatch(/playing to 1\b/);
    expect(r.out.trim().endsWith("Goodbye.")).toBe(true);
  });

  it("moves an untouched target to five-card cribbage's 61 in the room", () => {
    // Cribbage, 2 players, random, option 5 (the deal) set to five, then play a little and leave.
    const r = cardroom(["room"], "6\n2\n1\n5\nfive\n\n" + "1\n".repeat(6) + "q\n");
    expect(r.out).toContain("1. Points to win: 61  (");
    expect(r.out).toContain("default 61)");
    expect(r.out).toMatch(/playing to 61 · five-card/);
    expect(r.out).toContain("Your hand: ");
  });

  it("prints the version on every command", () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    for (const args of [
      ["--version"],
      ["play", "--version"],
      ["count", "--version"],
      ["games", "--version"],
    ]) {
      const r = cardroom(args);
      expect(r.code).toBe(0);
      expect(r.out.trim()).toBe(version);
    }
  });
});

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

/** Card texts for a command line. */
const cards = (text: string): string[] => text.split(" ");

function cardroom(args: string[], input = "") {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 256 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** One line, naming the problem, and no stack trace. */
function expectOneLineError(r: { code: number | null; out: string; err: string }, pattern: RegExp) {
  expect(r.code).not.toBe(0);
  expect(r.err.trim().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(pattern);
  expect(r.err).not.toMatch(/\bat .*:\d+:\d+/);
}

// Each test starts the command many times; on a loaded two-core machine a test took 61 to 87 s.
describe("cardroom command", { timeout: 180_000 }, () => {
  it("prints help for every command", () => {
    for (const args of [
      ["--help"],
      ["play", "--help"],
      ["sim", "--help"],
      ["count", "--help"],
      ["engine", "--help"],
    ]) {
      const r = cardroom(args);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/Usage: cardroom/);
    }
  });

  it("answers bad input with one line and a non-zero exit", () => {
    expectOneLineError(cardroom(["play", "snap"]), /unknown game "snap"/);
    expectOneLineError(cardroom(["play", "crazy-eights", "--players", "9"]), /2 to 5 players/);
    expectOneLineError(
      cardroom(["play", "crazy-eights", "--players", "two"]),
      /--players: expected a whole number/,
    );
    expectOneLineError(cardroom(["play", "crazy-eights", "--option", "target"]), /name=value/);
    expectOneLineError(cardroom(["play", "crazy-eights", "--option", "target=0"]), /out of range/);
    expectOneLineError(cardroom(["play", "crazy-eights", "--vs", "genius"]), /unknown computer player level/);
    expectOneLineError(cardroom(["sim", "--game", "crazy-eights", "--games", "x"]), /--games/);
    expectOneLineError(cardroom(["sim"]), /--game/);
    expectOneLineError(cardroom(["dance"]), /unknown command/);
    expectOneLineError(cardroom(["count", "crazy-eights", "AS"]), /no counting tool/);
  });

  it("reads numbers as digits only, and refuses an empty seed", () => {
    for (const bad of ["", " ", "0x2", "1e2", "2.5", "99999999999999999999"]) {
      expectOneLineError(cardroom(["play", "roy", "--players", bad]), /--players: expected a whole number/);
      expectOneLineError(
        cardroom(["sim", "--game", "roy", "--games", bad]),
        /--games: expected a whole number/,
      );
    }
    expectOneLineError(cardroom(["sim", "--game", "roy", "--games", "0"]), /at least 1/);
    expectOneLineError(cardroom(["play", "roy", "--players", "1"]), /2 to 4 players/);
    expectOneLineError(cardroom(["play", "roy", "--seed", ""]), /--seed: must not be empty/);
    expectOneLineError(cardroom(["play", "roy", "--option", "target=0x10"]), /expected a whole number/);
    expectOneLineError(cardroom(["play", "roy", "--option", "target=1e3"]), /expected a whole number/);
  });

  it("prints a long seed as typed, so that it replays the same shuffles", () => {
    const seed = "123456789012345678901234567890";
    const first = cardroom(["play", "roy", "--seed", seed], "q\n");
    expect(first.out).toContain(`Seed ${seed}.`);
    expect(cardroom(["play", "roy", "--seed", seed], "q\n").out).toBe(first.out);
  });

  it("answers a missing command in one line, and `help` like --help", () => {
    expectOneLineError(cardroom([]), /which command\? play, room, games, engine, sim or count/);
    const help = cardroom(["help", "play"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/Usage: cardroom play/);
  });

  it("names the flag or argument at fault, --flag: problem, in pace, deal and count errors", () => {
    expectOneLineError(
      cardroom(["play", "roy", "--pace", "-5"]),
      /^cardroom: --pace: expected milliseconds, 0 to 60000 \(a minute\), got "-5"\n$/,
    );
    // Past a timer's range Node would warn (TimeoutOverflowWarning) and not pause at all.
    for (const args of [
      ["play", "roy", "--pace", "99999999999999"],
      ["play", "roy", "--pace", "60001"],
      ["room", "--pace", "99999999999999"],
    ])
      expectOneLineError(
        cardroom(args),
        /^cardroom: --pace: expected milliseconds, 0 to 60000 \(a minute\), got "\d+"\n$/,
      );
    const seed = "ab".repeat(32);
    expectOneLineError(
      cardroom(["deal", "roy", "--hand-seed", "zz"]),
      /^cardroom: --hand-seed: expected 64 hex digits/,
    );
    expectOneLineError(cardroom(["deal", "roy"]), /^cardroom: --hand-seed: missing/);
    expectOneLineError(
      cardroom(["deal", "roy", "--hand-seed", seed, "--players", "7"]),
      /^cardroom: --players: /,
    );
    expectOneLineError(
      cardroom(["deal", "roy", "--hand-seed", seed, "--dealer", "3"]),
      /^cardroom: --dealer: the dealer is a seat from 0 to 1, not 3\n$/,
    );
    expectOneLineError(
      cardroom(["count", "cribbage", "5H", "5C"]),
      /^cardroom: cards: a hand to show has 4 cards/,
    );
    expectOneLineError(
      cardroom(["count", "cribbage", "5H", "5C", "5S", "JD", "--starter", "XX"]),
      /^cardroom: --starter: unknown card "XX"/,
    );
    expectOneLineError(
      cardroom(["count", "cribbage", "5H", "5C", "5S", "JD"]),
      /^cardroom: --starter: missing/,
    );
    expectOneLineError(
      cardroom(["count", "cribbage", "--played", "KH", "KD", "KS", "5H"]),
      /^cardroom: --played: /,
    );
    expectOneLineError(cardroom(["count", "cribbage"]), /^cardroom: cards: .*--starter, --played, or --all/);
  });

  it("refuses count flags and cards the count would not use, rather than ignore them", () => {
    const hand = ["5H", "5C", "5S", "JD"];
    expectOneLineError(cardroom(["count", "cribbage", ...hand, "--all"]), /the cards 5H 5C 5S JD: not used/);
    expectOneLineError(cardroom(["count", "cribbage", "--all", "--starter", "5D"]), /--starter: not used/);
    expectOneLineError(cardroom(["count", "cribbage", "--played", "5H", "--starter", "5D"]), /--starter/);
    expectOneLineError(
      cardroom(["count", "cribbage", ...hand, "--starter", "5D", "--knocker", "AS"]),
      /--knocker/,
    );
    expectOneLineError(
      cardroom(["count", "gin-rummy", "AS", "2S", "3S", "7D", "7H", "7C", "9C", "KD", "4H", "5H", "--crib"]),
      /--crib: not used by this gin-rummy count/,
    );
    expectOneLineError(
      cardroom(["count", "cribbage", "5H", "5H", "5S", "JD", "--starter", "5D"]),
      /named twice/,
    );
    expectOneLineError(cardroom(["count", "cribbage", "5H", "5C", "5S", "RJ", "--starter", "5D"]), /RJ/);
    expectOneLineError(cardroom(["count", "cribbage", ...hand, "--starter", "5S"]), /5S/);
    expectOneLineError(cardroom(["count", "cribbage", "--played", "KH", "KD", "KS", "5H"]), /past 31/);
    expectOneLineError(
      cardroom(["count", "gin-rummy", "--knocker", ...cards("AS 2S 3S 7D 7H 7C 4H 5H 6H 2C")]),
      /the defender's hand is missing/,
    );
  });

  it("plays a match of Crazy Eights to the end from scripted input, then asks to play again", () => {
    // Always the first choice, then "n" at "Play again?".
    const r = cardroom(["play", "crazy-eights", "--seed", "5"], "1\n".repeat(2999) + "n\n");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Your hand: /);
    expect(r.out).toMatch(/Hand 1 over/);
    expect(r.out).toMatch(/Points this hand: (you|seat 1) \d+ \((you|seat 1) 0\)\./);
    expect(r.out).toMatch(/Match score: you \d+, seat 1 \d+/);
    expect(r.out).toMatch(/Match over: (you win!|seat 1 wins\.)/);
    expect(r.out).toMatch(/Play again\? \(Y\/N\)/);
    expect(r.err).toBe("");
  });

  it("quits cleanly on q or at the end of input", () => {
    const q = cardroom(["play", "crazy-eights", "--seed", "1"], "q\n");
    expect(q.code).toBe(0);
    const eof = cardroom(["play", "crazy-eights", "--seed", "1"], "");
    expect(eof.code).toBe(0);
  });

  it("quits on q at every kind of prompt, and plays again only on y", () => {
    // Scripted answers: the first legal move until a prompt that is not a move, then the answer under test.
    const untilPrompt = (prompt: string, answer: string) => {
      const moves = "1\n".repeat(5000);
      const all = cardroom(["play", "hyrule", "--seed", "8"], moves).out;
      const at = all.indexOf(prompt);
      expect(at, prompt).toBeGreaterThan(0);
      const asked = (all.slice(0, at).match(/Your move|Press Enter/g) ?? []).length;
      return cardroom(["play", "hyrule", "--seed", "8"], "1\n".repeat(asked) + answer + "\n" + moves);
    };
    for (const answer of ["q", "Q", "quit"]) {
      const r = untilPrompt("Play again? (Y/N)", answer);
      expect(r.code).toBe(0);
      expect(r.out.match(/Hyrule: you are seat 0/g)).toHaveLength(1);
      expect(r.out.trim().endsWith("Goodbye.")).toBe(true);
    }
    const no = untilPrompt("Play again? (Y/N)", "n");
    expect(no.out.trim().endsWith("Thanks for playing.")).toBe(true);
    const yes = untilPrompt("Play again? (Y/N)", "y");
    expect(yes.out.match(/Hyrule: you are seat 0/g)!.length).toBeGreaterThan(1);
    const enter = cardroom(["play", "cribbage", "--seed", "8"], "1\n".repeat(5000));
    const before = (enter.out.slice(0, enter.out.indexOf("Press Enter")).match(/Your move/g) ?? []).length;
    const q = cardroom(
      ["play", "cribbage", "--seed", "8"],
      "1\n".repeat(before) + "q\ny\n" + "1\n".repeat(5000),
    );
    expect(q.out).not.toMatch(/Hand 2 ·/);
    expect(q.out.trim().endsWith("Goodbye.")).toBe(true);
  });

  it("opens the room: picks a game, players and opponents, and leaves on q", () => {
    const r = cardroom(["room"], "9\nx\n1\n\n2\nq\n");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Welcome to Cardroom/);
    expect(r.out).toContain(`Type a number from 1 to ${ENTRIES.length} or a name from the list`);
    expect(r.out).toMatch(/1\. random \(/);
    expect(r.out.trim().endsWith("Goodbye.")).toBe(true);
    expect(r.err).toBe("");
  });

  it("runs simulations and prints a JSON summary", () => {
    const r = cardroom([
      "sim",
      "--game",
      "crazy-eights",
      "--games",
      "20",
      "--players",
      "3",
      "--seed",
      "4",
      "--json",
    ]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out);
    expect(summary).toMatchObject({ game: "crazy-eights", games: 20, players: 3 });
    expect(summary.wins).toHaveLength(3);
    expect(summary.wins.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(20);
    expect(summary.seconds).toBeGreaterThan(0);
    const again = cardroom([
      "sim",
      "--game",
      "crazy-eights",
      "--games",
      "20",
      "--players",
      "3",
      "--seed",
      "4",
      "--json",
    ]);
    expect(JSON.parse(again.out).wins).toEqual(summary.wins);
  });

  it("speaks the engine protocol on stdin and stdout, one response per request, in order", () => {
    const requests = [
      { id: 1, cmd: "games" },
      { id: 2, cmd: "new", game: "crazy-eights", seed: 2 },
      "garbage",
      { id: 4, cmd: "status" },
    ];
    const r = cardroom(
      ["engine"],
      requests.map((q) => (typeof q === "string" ? q : JSON.stringify(q))).join("\n") + "\n",
    );
    expect(r.code).toBe(0);
    const lines = r.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual([1, 2, null, 4]);
    expect(lines.map((l) => l.ok)).toEqual([true, true, false, true]);
  });

  it("counts a cribbage show with its breakdown, as words and as JSON", () => {
    const words = cardroom(["count", "cribbage", "5H", "5C", "5S", "JD", "--starter", "5D"]);
    expect(words.code).toBe(0);
    expect(words.out).toMatch(/and nobs is twenty-nine/);
    const json = JSON.parse(
      cardroom(["count", "cribbage", "4h", "5c", "6s", "6d", "--starter", "5D", "--json"]).out,
    );
    expect(json.total).toBe(24);
    // A four-card flush counts in the hand, never in the crib.
    expect(
      JSON.parse(cardroom(["count", "cribbage", "2H", "4H", "6H", "8H", "--starter", "KS", "--json"]).out)
        .total,
    ).toBe(4);
    expect(
      JSON.parse(
        cardroom(["count", "cribbage", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json"]).out,
      ).total,
    ).toBe(0);
    expectOneLineError(cardroom(["count", "cribbage", "5H", "5C"]), /4 cards/);
    expectOneLineError(cardroom(["count", "cribbage", "5H", "5C", "5S", "JD", "--starter", "5H"]), /5H/);
  });

  it("scores every cribbage hand with --all", () => {
    const r = cardroom(["count", "cribbage", "--all", "--json"]);
    expect(r.code).toBe(0);
    const table = JSON.parse(r.out);
    expect(table.total).toBe(12_994_800);
    expect(table.histogram["0"]).toBe(1_009_008);
    expect(table.histogram["29"]).toBe(4);
    expect(table.histogram["19"]).toBe(0);
    expect(typeof table.seconds).toBe("number");
  });

  it("counts gin rummy deadwood and scores a knock", () => {
    const best = JSON.parse(
      cardroom(["count", "gin-rummy", "AS", "2S", "3S", "7D", "7H", "7C", "9C", "KD", "4H", "5H", "--json"])
        .out,
    );
    expect(best.deadwood).toBe(28);
    expect(best.melds).toEqual(expect.arrayContaining([["AS", "2S", "3S"]]));
    const knock = cardroom([
      "count",
      "gin-rummy",
      "--knocker",
      ...cards("AS 2S 3S 7D 7H 7C 4H 5H 6H 2C"),
      "--defender",
      ...cards("4S 8H 9H TH JC QC KC 2D 3D 4D"),
      "--json",
    ]);
    expect(knock.code).toBe(0);
    // The defender lays 4S off on AS 2S 3S and melds the rest: 0 against 2 is an undercut, 2 + 25.
    expect(JSON.parse(knock.out)).toMatchObject({ winner: "defender", points: 27, undercut: true });
    expectOneLineError(cardroom(["count", "gin-rummy", "AS", "2S"]), /10 or 11/);
  });

  it("ends quietly when the reader closes the pipe early", () => {
    for (const command of [
      `"${process.execPath}" "${BIN}" count cribbage --all | head -1`,
      `yes 1 | "${process.execPath}" "${BIN}" play roy --seed 1 | head -2`,
      `yes '{"cmd":"games"}' | head -5000 | "${process.execPath}" "${BIN}" engine | head -1`,
    ]) {
      const r = spawnSync("bash", ["-o", "pipefail", "-c", command], { encoding: "utf8", timeout: 60_000 });
      expect(r.stderr, command).toBe("");
    }
  });
});

/**
 * Every way out of the terminal ends the process, in a real terminal (issue 9,
 * bug 1): the end of a match, "no" to playing again, q, Ctrl-D and Ctrl-C.
 */
import { describe, expect, it } from "vitest";
import { type PtyRun, hasScript, runInPty } from "./pty.js";

/** The process ended by itself, with the code expected, and did not hang. */
function expectExited(r: PtyRun, code: number): void {
  expect(r.hung, `hung; the terminal showed:\n${r.out.slice(-600)}`).toBe(false);
  expect(r.code).toBe(code);
}

describe.skipIf(!hasScript)("leaving the terminal through a pseudo-terminal", () => {
  it("exits after a match when the player says no to another", async () => {
    const r = await runInPty(
      ["play", "crazy-eights", "--seed", "3", "--option", "target=1", "--pace", "0"],
      (out) => (/Play again\? \(Y\/N\)\n$/.test(out) ? "n\n" : "1\n"),
    );
    expectExited(r, 0);
    expect(r.out).toMatch(/Match over: /);
    expect(r.out).toMatch(/Thanks for playing\.\n$/);
  });

  it("takes a newcomer through the terminal room (npx cardroom room) to the end of a Cribbage match and back to the shell", async () => {
    const r = await runInPty(
      ["room", "--pace", "0"],
      (out) => {
        const last = out.trimEnd().split("\n").at(-1) ?? "";
        if (last.startsWith("Which game")) {
          if (/Thanks for playing/.test(out)) return "q\n";
          // Typed by name, as a newcomer reads it off the list.
          return "Cribbage\n";
        }
        if (last.startsWith("How many players")) return "2\n";
        if (last.startsWith("Computer opponents")) return "easy\n";
        if (last.startsWith("Change an option") || last.startsWith("Press Enter")) return "\n";
        if (last.startsWith("Play again")) return "n\n";
        return "1\n";
      },
      { limitMs: 120_000 },
    );
    expectExited(r, 0);
    expect(r.out).toMatch(/Cribbage: you are seat 0, against 1 computer player\. Seed [0-9a-f]{32}\./);
    expect(r.out).toMatch(/Match over: /);
    expect(r.out).toMatch(/Thanks for playing\.\nBack in the room/);
    expect(r.out).toMatch(/Goodbye\.\n$/);
  }, 130_000);

  it("exits on q in the room's menu", async () => {
    const r = await runInPty(["room"], () => "q\n");
    expectExited(r, 0);
    expect(r.out).toMatch(/Goodbye\.\n$/);
  });

  it("exits on q at the table", async () => {
    const r = await runInPty(["play", "roy", "--seed", "1", "--pace", "0"], (out) =>
      /Leave the match/.test(out.split("\n").at(-2) ?? "") ? "y\n" : "q\n",
    );
    expectExited(r, 0);
    expect(r.out).toMatch(/Goodbye\.\n$/);
  });

  it("exits on Ctrl-D at the table and in the room", async () => {
    for (const args of [["play", "roy", "--seed", "1", "--pace", "0"], ["room"]]) {
      const r = await runInPty(args, () => "\x04");
      expectExited(r, 0);
      expect(r.out).toMatch(/Goodbye\.\n$/);
    }
  });

  it("exits on Ctrl-C at the table and in the room", async () => {
    for (const args of [["play", "roy", "--seed", "1", "--pace", "0"], ["room"]]) {
      const r = await runInPty(args, () => "\x03");
      expectExited(r, 130);
    }
  });
});

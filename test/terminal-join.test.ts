/**
 * `cardroom join` and `cardroom table new` as a person meets them, in real
 * pseudo-terminals against a real `cardroom serve` (SQLite in a temp dir):
 * the server is frozen with a move in flight, killed with -9 and started
 * again on the same port and file; the terminals reconnect, keep their
 * seats, the move is made once, and play goes on. Every typed move is one
 * of the moves on the screen when it was typed (cribbage discards and
 * Hyrule's chance mode, both seats typing). Every way out ends the process.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { MoveJson } from "../src/engine/game.js";
import { ENTRIES } from "../src/games/index.js";
import type { TableInfo } from "../src/server/messages.js";
import { dressCards } from "../src/cli/terminal.js";
import { type PtyHandle, type PtyRun, hasScript, startInPty } from "./pty.js";
import { guestSeat } from "./guests.js";
import { Player, type ServerProcess, kill, serve } from "./server-procs.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
const LIMIT_MS = 240_000;
let dir: string;
let env: Record<string, string>;
let server: ServerProcess | undefined;
const runs: PtyHandle[] = [];
const people: Person[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on now, so that the server can be started again on it. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-join-"));
  env = { PORT: String(await freePort()), DATABASE_URL: join(dir, "cardroom.sqlite") };
  server = await serve(env, dir);
});

// A test that failed with the server down leaves the next one a server of its own.
beforeEach(async () => {
  if (server && (server.child.exitCode !== null || server.child.signalCode !== null))
    server = await serve(env, dir);
});

afterAll(async () => {
  for (const r of runs) {
    try {
      process.kill(-r.pid, "SIGKILL");
    } catch {
      // ended already
    }
  }
  await kill(server);
  rmSync(dir, { recursive: true, force: true });
});

async function openTable(game: string, options: Record<string, unknown> = {}): Promise<TableInfo> {
  return api<TableInfo>(server!.url, "/api/tables", {
    game,
    seats: [{ kind: "open" }, { kind: "open" }],
    options,
  });
}

const info = (table: TableInfo): Promise<TableInfo> => api<TableInfo>(server!.url, `/api/tables/${table.id}`);

const lastPrompt = (out: string): string =>
  out
    .split("\n")
    .filter((l) => /^(Your move|Press Enter|Play again|Leave the match|Your count)/.test(l))
    .at(-1) ?? "";

/**
 * A person at a terminal: answers the first move at each "Your move", Enter
 * between hands, no to another match, until told to stop typing; `quit`
 * leaves with q and y.
 */
class Person {
  typing = true;
  leaving = false;
  answered = 0;
  readonly run: PtyHandle;

  constructor(args: string[]) {
    this.run = startInPty(
      args,
      (out) => {
        const p = lastPrompt(out);
        if (this.leaving) return p.startsWith("Leave the match") ? "y\n" : null;
        if (!this.typing) return null;
        this.answered++;
        if (p.startsWith("Press Enter")) return "\n";
        if (p.startsWith("Play again")) return "n\n";
        return "1\n";
      },
      { env: { XDG_CONFIG_HOME: join(dir, "config") }, limitMs: LIMIT_MS },
    );
    runs.push(this.run);
    people.push(this);
  }

  get out(): string {
    return this.run.output();
  }

  async until(ok: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
      if (await ok()) return;
      for (const p of people) p.nudge();
    }
    throw new Error(
      `not in time: ${what}; the terminals showed:\n${runs.map((r) => r.output().slice(-1500)).join("\n-----\n")}`,
    );
  }

  private seen = { length: 0, polls: 0 };

  /**
   * A question left on the screen, unanswered and unchanged for a few polls
   * (asked while this person was not typing): answer it now.
   */
  nudge(): void {
    const out = this.out;
    if (out.length !== this.seen.length) this.seen = { length: out.length, polls: 0 };
    else if (
      ++this.seen.polls === 10 &&
      this.typing &&
      !this.leaving &&
      /\n(Your move|Press Enter)[^\n]*\n$/.test(out)
    ) {
      this.answered++;
      this.run.type(/\nPress Enter[^\n]*\n$/.test(out) ? "\n" : "1\n");
    }
  }

  /** Types again, answering the question left unanswered meanwhile, if one is shown. */
  resume(): void {
    this.typing = true;
    if (this.asked) {
      this.answered++;
      this.run.type("1\n");
    }
  }

  /** The last line shown asks for a move (the terminal waits on this seat). */
  get asked(): boolean {
    return /\nYour move \(1-\d+[^\n]*\n$/.test(this.out);
  }

  quit(): Promise<PtyRun> {
    this.leaving = true;
    this.run.type("q\n");
    return this.run.done;
  }
}

const join2 = (table: TableInfo, name: string, seat: number, ...more: string[]): Person =>
  new Person(["join", table.code, "--server", server!.url, "--name", name, "--seat", String(seat), ...more]);

/**
 * Every move typed ("You: ..." after a list) was on the list shown last
 * before it: none was read against a list no longer on the screen. The
 * terminal echoes what the person types when it is typed, which may fall
 * between two lines of a list being printed: such a line (a number, an
 * empty line, y or n) is the person's, not the program's, and splits no list.
 */
function expectTypedFromLatestList(out: string): void {
  let menu: string[] = [];
  let fresh = false;
  const lines = out.split("\n");
  for (const [i, line] of lines.entries()) {
    const item = /^ {2,3}\d+\. (.+)$/.exec(line);
    if (item) {
      if (!fresh) menu = [];
      fresh = true;
      menu.push(item[1]);
      continue;
    }
    if (/^\s*(\d+|[yn])?\s*$/.test(line)) continue;
    fresh = false;
    const typed = /^You: (.+)$/.exec(line);
    if (typed && !typed[1].endsWith("(your only move)."))
      expect(menu, `"${line}" after:\n${lines.slice(Math.max(0, i - 40), i).join("\n")}\n`).toContain(
        typed[1],
      );
  }
  expect(out).not.toMatch(/^server: /m);
}

function expectExited(r: PtyRun, code: number): void {
  expect(r.hung, `hung; the terminal showed:\n${r.out.slice(-1500)}`).toBe(false);
  expect(r.code, r.out.slice(-1500)).toBe(code);
}

describe.skipIf(!hasScript)("cardroom join through a server restart, in pseudo-terminals", () => {
  it(
    "keeps both seats through kill -9 and a restart, makes the move in flight once, plays on, and takes the seat back on a later join",
    async () => {
      const table = await openTable("cribbage");
      const ann = join2(table, "Ann", 0);
      const bob = join2(table, "Bob", 1);
      await ann.until(() => /Ann, you are seat 0/.test(ann.out), "Ann seated");
      await bob.until(() => ann.answered >= 3 && bob.answered >= 3, "the discards and some pegging");
      expect(ann.out).toMatch(/^(At the table: Bob \(seat 1\)\.|Bob sat down at seat 1\.)/m);
      expect(bob.out).toMatch(/^ {2}Ann: makes a secret choice$/m);

      // Both stop typing; whoever the table waits on types a move into a frozen server.
      ann.typing = bob.typing = false;
      // Asked, and nothing more shown for a while: an answer typed just before typing stopped has
      // been read (else the move typed below would meet no question).
      let quiet = { length: -1, polls: 0 };
      await ann.until(() => {
        // A hand that ended meanwhile: both deal the next.
        for (const p of [ann, bob]) if (/\nPress Enter[^\n]*\n$/.test(p.out)) p.run.type("\n");
        const length = ann.out.length + bob.out.length;
        quiet = length === quiet.length ? { length, polls: quiet.polls + 1 } : { length, polls: 0 };
        return quiet.polls >= 8 && (ann.asked || bob.asked);
      }, "someone asked for a move");
      const mover = ann.asked ? ann : bob;
      const seqBefore = (await info(table)).seq;
      server!.child.kill("SIGSTOP");
      const before = mover.out.length;
      const shown = new Map([ann, bob].map((p) => [p, p.out.length]));
      mover.run.type("1\n");
      try {
        await mover.until(() => /^You: /m.test(mover.out.slice(before)), "the move typed");
      } finally {
        // Killed whatever happened: a server left stopped would hold up every later test.
        await kill(server);
      }
      const made = /^You: (.+?)(?: \(your only move\)\.)?$/m.exec(mover.out.slice(before))![1];
      await mover.until(() => /reconnecting/.test(mover.out.slice(before)), "the lost connection said");
      server = await serve(env, dir);
      for (const p of [ann, bob])
        await p.until(() => /^Reconnected\.$/m.test(p.out.slice(shown.get(p))), "reconnected");

      // The move went in once, after the restart, from the seat's own terminal.
      const seatOf = mover === ann ? 0 : 1;
      const seatsDir = join(dir, "config", "cardroom", "seats");
      const host = readdirSync(seatsDir)[0];
      const kept = JSON.parse(
        readFileSync(join(seatsDir, host, `${table.id}-${mover === ann ? "Ann" : "Bob"}.json`), "utf8"),
      ) as { seat: number; secret: string };
      expect(kept.seat).toBe(seatOf);
      await mover.until(async () => (await info(table)).seq > seqBefore, "the move stored");
      const replay = await api<{ events: { type: string; seat?: number; move?: MoveJson }[] }>(
        server.url,
        `/api/tables/${table.id}/replay`,
        undefined,
        { "x-cardroom-seat": String(seatOf), "x-cardroom-secret": kept.secret },
      );
      const cribbage = ENTRIES.find((e) => e.game.id === "cribbage")!.game;
      const said = replay.events
        .slice(seqBefore)
        .filter((e) => e.type === "move" && e.seat === seatOf)
        .map((e) => {
          const m = cribbage.moveFromJson(e.move!);
          return m.ok ? dressCards(cribbage.describeMove(m.value), { symbols: true, colour: false }) : "?";
        });
      expect(said[0]).toBe(made);

      // Play goes on from both terminals.
      const answeredBefore = ann.answered + bob.answered;
      ann.typing = bob.typing = true;
      ann.run.type("r\n");
      await ann.until(() => ann.answered + bob.answered >= answeredBefore + 6, "play after the restart");
      const [ra, rb] = await Promise.all([ann.quit(), bob.quit()]);
      expectExited(ra, 0);
      expectExited(rb, 0);
      expect(ra.out).toContain(
        `Your seat is kept: npx cardroom join ${table.code} --server ${server!.url} --name Ann takes it back.`,
      );
      for (const r of [ra, rb]) expectTypedFromLatestList(r.out);
      expect(mover.out).toContain(made);

      // The seat's secret is readable by its owner only, and a later join takes the seat back.
      expect(statSync(join(seatsDir, host, `${table.id}-Ann.json`)).mode & 0o777).toBe(0o600);
      // Both come back (with no grace, the computer never plays for a seat gone: the table waits for both).
      const again = [
        new Person(["join", table.invite, "--name", "Ann"]),
        new Person(["join", table.invite, "--name", "Bob"]),
      ];
      for (const [seat, p] of again.entries())
        await p.until(
          () =>
            new RegExp(
              `${p === again[0] ? "Ann" : "Bob"}, you are seat ${seat} \\(taken back with your kept secret\\)`,
            ).test(p.out),
          "seat taken back",
        );
      await again[0].until(() => again[0].answered + again[1].answered >= 1, "a move after coming back");
      for (const r of await Promise.all(again.map((p) => p.quit()))) expectExited(r, 0);
    },
    LIMIT_MS + 30_000,
  );

  it(
    "reads every typed move against the moves on the screen: Hyrule's chance mode, both seats typing",
    async () => {
      const table = await openTable("hyrule", { mode: "chance" });
      const ann = join2(table, "Ann", 0);
      const bob = join2(table, "Bob", 1);
      // A match of Hyrule is one hand: both play it to the end and say no to another.
      await ann.until(() => [ann, bob].every((p) => /Thanks for playing\./.test(p.out)), "the match played");
      const [ra, rb] = await Promise.all([ann.run.done, bob.run.done]);
      for (const r of [ra, rb]) {
        expectExited(r, 0);
        expectTypedFromLatestList(r.out);
        expect(r.out).toMatch(/^You: play /m);
      }
      expect(ra.out).toMatch(/^ {2}Bob: /m);
    },
    LIMIT_MS,
  );

  it(
    "table new makes a table, prints its link and code, and joins it; bad input is one line and exit 2",
    async () => {
      const cy = new Person([
        "table",
        "new",
        "crazy-eights",
        "--vs",
        "random",
        "--option",
        "target=1",
        "--server",
        // Another spelling of the server than the one it announces (localhost), a trailing slash too.
        `http://127.0.0.1:${new URL(server!.url).port}/`,
        "--name",
        "Cy",
      ]);
      await cy.until(() => /Match over/.test(cy.out), "the match played to its end");
      const r = await cy.run.done;
      expectExited(r, 0);
      const made =
        /^Table (\w{6}) \(Crazy Eights, 2 players\): invite link (http:\S+\/t\/\1) , code \1$/m.exec(r.out);
      expect(made, r.out.slice(0, 600)).not.toBeNull();
      // The invite link is given with the server as the player named it.
      expect(made![2]).toBe(`http://127.0.0.1:${new URL(server!.url).port}/t/${made![1]}`);
      expect(r.out).toMatch(/table \w{6}: Cy, you are seat 0\./);
      expect(r.out).toMatch(/^At the table: the computer \(seat 1\)\./m);
      expect((await api<TableInfo>(server!.url, `/api/tables/${made![1]}`)).status).toBe("finished");
      for (const [args, line] of [
        [["table", "new", "nope"], /unknown game "nope"/],
        [["table", "new", "cribbage", "--option", "target=x"], /--option target/],
        [["table", "new", "cribbage", "--players", "9"], /--players/],
        [
          ["table", "new", "cribbage", "--server", "http://127.0.0.1:1"],
          /cannot reach http:\/\/127\.0\.0\.1:1/,
        ],
      ] as const) {
        const bad = spawnSync(process.execPath, [BIN, ...args], {
          encoding: "utf8",
          env: { ...process.env, XDG_CONFIG_HOME: join(dir, "config") },
        });
        expect(bad.status, bad.stderr).toBe(2);
        expect(bad.stderr.trim().split("\n")).toHaveLength(1);
        expect(bad.stderr).toMatch(line);
      }
    },
    LIMIT_MS,
  );

  it(
    "every way out ends the process: Ctrl-C, Ctrl-D, and a server gone for good",
    async () => {
      const table = await openTable("roy");
      for (const [keys, code] of [
        ["\x03", 130],
        ["\x04", 0],
      ] as const) {
        const p = join2(table, "Dee", 0);
        p.typing = false;
        await p.until(() => /you are seat 0/.test(p.out), "seated");
        p.run.type(keys);
        expectExited(await p.run.done, code);
      }
      const p = join2(table, "Dee", 0, "--reconnect", "2");
      p.typing = false;
      await p.until(() => /you are seat 0 \(taken back/.test(p.out), "seated again");
      await kill(server);
      const r = await p.run.done;
      expectExited(r, 1);
      expect(r.out).toMatch(/reconnecting \(for up to 2 s; q leaves\)/);
      expect(r.out).toContain(
        `The server did not come back in 2 s: giving up. npx cardroom join ${table.code} --server ${server!.url} --name Dee takes your seat back later.`,
      );
    },
    LIMIT_MS,
  );
});

/** The screen's last `n` lines (the cursor's line last). */
const tail = (out: string, n: number): string[] => out.split("\n").slice(-n);

/**
 * Every time a player waits (a "Waiting for" question), the board shown
 * last came after the last event said: what changed is on the board.
 */
function expectBoardAfterEvents(out: string): void {
  let event = -1;
  let board = -1;
  const lines = out.split("\n");
  for (const [i, line] of lines.entries()) {
    if (/^ {2}\S/.test(line) && !/^ {2,3}\d+\. /.test(line)) event = i;
    if (/^Hand \d+ · dealer /.test(line)) board = i;
    if (/^Waiting for /.test(line) && event >= 0)
      expect(
        board,
        `no board after:\n${lines.slice(Math.max(0, event - 5), i + 1).join("\n")}`,
      ).toBeGreaterThan(event);
  }
}

describe.skipIf(!hasScript)("what the table says while a player types, in pseudo-terminals", () => {
  it(
    "puts notices above the question with what was typed under it, keeps a seat whichever spelling of the server, and prints the exact command that takes it back",
    async () => {
      const table = await openTable("cribbage");
      const port = new URL(server!.url).port;
      // Ann through the invite link as the server announces it, Bob through another spelling of it.
      const ann = new Person(["join", table.invite, "--name", "Ann"]);
      ann.typing = false;
      await ann.until(() => /^Waiting for seat 1 to be taken/m.test(ann.out), "Ann waits for the other seat");
      expect(ann.out).not.toMatch(/^Your move/m);
      ann.run.type("xyz");
      await ann.until(() => tail(ann.out, 1)[0] === "xyz", "Ann's typing shown");
      const bobArgs = ["join", table.code, "--server", `http://127.0.0.1:${port}/`, "--name", "Bob"];
      let bob = new Person(bobArgs);
      bob.typing = false;
      await ann.until(() => /^Bob sat down at seat 1\.$/m.test(ann.out), "Bob seen sitting down");
      // The match begins: the question is asked anew, and what Ann typed is still under it.
      await ann.until(() => /^Your move \(1-6/.test(tail(ann.out, 2)[0]), "Ann asked for a move");
      expect(tail(ann.out, 1)[0]).toBe("xyz");
      ann.run.type("\x15"); // Ctrl-U: the typed line wiped

      // The server goes: both are told at once, above their questions, and again when it is back.
      await bob.until(() => /^Your move \(1-6/.test(tail(bob.out, 2)[0]), "Bob asked for a move");
      bob.run.type("2");
      await kill(server);
      for (const p of [ann, bob])
        await p.until(
          () => /^The connection to .* was lost: reconnecting/.test(tail(p.out, 3)[0]),
          "the loss said",
        );
      expect(tail(bob.out, 2)).toEqual(["Your move (1-6, ? for help, q to quit):", "2"]);
      server = await serve(env, dir);
      for (const p of [ann, bob])
        await p.until(
          () => tail(p.out, 3)[0] === "Reconnected.",
          "the connection back, said above the question",
        );
      expect(tail(bob.out, 2)).toEqual(["Your move (1-6, ? for help, q to quit):", "2"]);

      // Bob discards, then Ctrl-C: the command printed takes his seat back, with the server as he spelled it.
      bob.run.type("\n");
      await bob.until(() => /^You: put /m.test(bob.out), "Bob's discard");
      bob.run.type("\x03");
      const stopped = await bob.run.done;
      expectExited(stopped, 130);
      const command = `npx cardroom join ${table.code} --server http://127.0.0.1:${port} --name Bob`;
      expect(stopped.out).toContain(`Your seat is kept: ${command} takes it back.`);
      bob = new Person(command.split(" ").slice(2));
      bob.typing = false;
      await bob.until(
        () => /Bob, you are seat 1 \(taken back with your kept secret\)/.test(bob.out),
        "taken back",
      );
      // And through the server's own spelling too, after leaving with q.
      bob.leaving = true;
      bob.run.type("q\n");
      expectExited(await bob.run.done, 0);
      bob = new Person(["join", table.invite, "--name", "Bob"]);
      await bob.until(
        () => /Bob, you are seat 1 \(taken back with your kept secret\)/.test(bob.out),
        "taken back",
      );
      // His own discard is his in the history, not the computer's.
      await bob.until(() => /^ {2}You: put /m.test(bob.out), "Bob's discard in the history");
      expect(bob.out).not.toMatch(/the computer for you/i);
      // A player with no seat here is told who holds the seats and how to take one back.
      const cy = spawnSync(
        process.execPath,
        [BIN, "join", table.code, "--server", server!.url, "--name", "Cy"],
        {
          encoding: "utf8",
          env: { ...process.env, XDG_CONFIG_HOME: join(dir, "config") },
        },
      );
      expect(cy.status).toBe(2);
      expect(cy.stderr.trim()).toBe(
        `cardroom: table ${table.code} has no free seat (seat 0 Ann, seat 1 Bob); a seat of yours is taken back ` +
          `with the --name you sat down with: npx cardroom join ${table.code} --server ${server!.url} --name NAME`,
      );

      // Play on: every wait shows the board after what changed.
      ann.resume();
      await ann.until(() => ann.answered + bob.answered >= 10, "play on");
      const [ra, rb] = await Promise.all([ann.quit(), bob.quit()]);
      for (const r of [ra, rb]) {
        expectExited(r, 0);
        expectBoardAfterEvents(r.out);
        // Each board's two rail lines, one under the other, in one column.
        const lines = r.out.split("\n");
        for (const [i, l] of lines.entries())
          if (/^Hand \d+ · dealer /.test(l) && i + 2 < lines.length)
            expect(lines[i + 1].indexOf(" |"), lines.slice(i, i + 3).join("\n")).toBe(
              lines[i + 2].indexOf(" |"),
            );
      }
    },
    LIMIT_MS + 60_000,
  );
});

describe.skipIf(!hasScript)("a match given up, in a pseudo-terminal", () => {
  it(
    "says who resigned and that the match was won by forfeit, in the browser's words",
    async () => {
      const table = await openTable("crazy-eights");
      const ann = join2(table, "Ann", 0);
      ann.typing = false;
      await ann.until(() => /^Waiting for seat 1/m.test(ann.out), "Ann waits for the other seat");
      // Bob, at another face (a browser's Resign sends the same message), gives the match up.
      const bob = await guestSeat(server!.url, table.id, 1, "Bob");
      const me = await Player.watch(server!.url, table.id, 1, bob.secret);
      try {
        expect(await me.ask({ type: "forfeit", reason: "resigned" })).toMatchObject({ type: "ok" });
      } finally {
        me.close();
      }
      await ann.until(() => /^Bob resigned: you won by forfeit\.$/m.test(ann.out), "the forfeit said");
      expect(ann.out).toMatch(/^ {2}Bob resigns the match\.$/m);
      expect(ann.out).toMatch(/^Match over: you win!$/m);
      await ann.until(() => lastPrompt(ann.out).startsWith("Play again"), "Play again? asked");
      ann.run.type("n\n");
      expectExited(await ann.run.done, 0);
    },
    LIMIT_MS,
  );

  it(
    "q then r resigns the match from the terminal: the other side hears it won by forfeit",
    async () => {
      const table = await openTable("crazy-eights");
      const bob = await guestSeat(server!.url, table.id, 1, "Bob");
      const ann = join2(table, "Ann", 0);
      ann.typing = false;
      await ann.until(() => /^Waiting for Bob/m.test(ann.out), "Ann waits for Bob's move");
      ann.run.type("q\n");
      await ann.until(() => lastPrompt(ann.out).startsWith("Leave the match?"), "Leave the match? asked");
      expect(lastPrompt(ann.out)).toBe(
        "Leave the match? (y: leave, your seat kept; r: resign the match; n: keep playing)",
      );
      // Anything else is one line, and the question is asked again.
      ann.run.type("x\n");
      await ann.until(() => /^"x": type y, r or n\.$/m.test(ann.out), "the wrong answer said");
      ann.run.type("r\n");
      await ann.until(() => /^You resigned: Bob won by forfeit\.$/m.test(ann.out), "the forfeit said");
      expect(ann.out).toMatch(/^ {2}You resign the match\.$/m);
      const me = await Player.watch(server!.url, table.id, 1, bob.secret);
      try {
        expect(me.latest!.status).toMatchObject({ matchOver: true, winners: [1], forfeit: { seat: 0 } });
      } finally {
        me.close();
      }
      await ann.until(() => lastPrompt(ann.out).startsWith("Play again"), "Play again? asked");
      ann.run.type("n\n");
      expectExited(await ann.run.done, 0);
    },
    LIMIT_MS,
  );
});

/** The lines of `out` that `re` (with a group, multiline) matches: the group of each. */
const linesOf = (out: string, re: RegExp): string[] => [...out.matchAll(re)].map((m) => m[1]);

describe.skipIf(!hasScript)("a seat taken back after the computer played for it, in pseudo-terminals", () => {
  it(
    "names who made each of the seat's moves in its history: the person's own, and the computer's for them",
    async () => {
      // A server of its own, where the computer plays for a person gone for a second.
      const graced = await serve({ GRACE_SECONDS: "1", DATABASE_URL: join(dir, "graced.sqlite") }, dir);
      try {
        const table = await api<TableInfo>(graced.url, "/api/tables", {
          game: "cribbage",
          seats: [{ kind: "open" }, { kind: "open" }],
        });
        const args = (name: string, seat: number) => [
          "join",
          table.code,
          "--server",
          graced.url,
          "--name",
          name,
          "--seat",
          String(seat),
        ];
        let ann = new Person(args("Ann", 0));
        ann.typing = false;
        const bob = new Person(args("Bob", 1));
        // Ann lays her two cards away herself, one at a time.
        const typed = () => linesOf(ann.out, /^You: (.+?)(?: \(your only move\)\.)?$/gm);
        for (let k = 0; k < 2; k++) {
          await ann.until(() => ann.asked && typed().length === k, `Ann asked for her discard ${k + 1}`);
          ann.run.type("1\n");
        }
        // Both are in (Bob is told of them) before she goes with Ctrl-C.
        await bob.until(
          () => linesOf(bob.out, /^ {2}Ann: (makes a secret choice)$/gm).length === 2,
          "Ann's discards at the table",
        );
        const mine = typed();
        expect(mine).toEqual([expect.stringMatching(/^put .+ in the crib$/), expect.stringMatching(/^put /)]);
        ann.run.type("\x03");
        expectExited(await ann.run.done, 130);

        // Away: the computer plays for her (her pegging, the next hand's discards) while Bob plays on.
        const forAnn = () => {
          const away = bob.out.indexOf("away: the computer is playing for Ann");
          return away < 0 ? [] : linesOf(bob.out.slice(away), /^ {2}((?:The computer for )?Ann: .+)$/gm);
        };
        await bob.until(() => forAnn().length >= 4, "four moves made for Ann");
        bob.typing = false;

        // She takes her seat back: the history says which moves were hers and which the computer's.
        ann = new Person(args("Ann", 0));
        ann.typing = false;
        await ann.until(
          () => /Ann, you are seat 0 \(taken back with your kept secret\)/.test(ann.out),
          "Ann's seat taken back",
        );
        // The match so far is told first, then the table as it stands: drawn, or the hand's end waiting.
        await ann.until(
          () => /taken back[^]*\n(Hand \d+ · dealer |Press Enter)/.test(ann.out),
          "the history told",
        );
        expect(linesOf(ann.out, /^ {2}You: (.+)$/gm)).toEqual(mine);
        expect(ann.out).not.toMatch(/your seat:/);
        const computers = () => linesOf(ann.out, /^ {2}The computer for you: (.+)$/gm);
        // Every move Bob saw made for her, and nothing else (a move made as she came back comes live).
        await ann.until(() => computers().length === forAnn().length, "the computer's moves for Ann");
        expect(forAnn().every((l) => l.startsWith("The computer for Ann: "))).toBe(true);
        expect(computers().length).toBeGreaterThanOrEqual(4);
        const [ra, rb] = await Promise.all([ann.quit(), bob.quit()]);
        for (const r of [ra, rb]) expectExited(r, 0);
      } finally {
        await kill(graced);
      }
    },
    LIMIT_MS + 60_000,
  );
});

/**
 * Outside players (docs/PLAYER-PROTOCOL.md): the examples play a whole
 * match of every game against `hard`, and programs that answer late,
 * illegally, with garbage or not at all, or exit, forfeit with their reason
 * and leave no process behind.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import { MAX_LINE, isRunning, openOutsidePlayer } from "../src/players/host.js";
import { outsideCommand, splitLevels } from "../src/players/level.js";
import { type MatchTask, playOutsideMatch } from "../src/sim/arena-match.js";
import { PLAYERS_GENERATED_START, playerProtocolReference } from "../src/players/protocol-docs.js";
import { withReference } from "../src/protocol/schema-docs.js";
import { Leak, checkPlayerTranscript } from "./leak-hunt.js";

const logDir = mkdtempSync(join(tmpdir(), "cardroom-players-test-"));
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

const PYTHON = "python3 docs/examples/player.py";
const NODE = `"${process.execPath}" docs/examples/player.mjs`;
const faulty = (mode: string) => `"${process.execPath}" test/fixtures/faulty-player.mjs ${mode}`;

function task(game: string, levels: string[], seed: string, outside: MatchTask["outside"] = {}): MatchTask {
  return {
    game,
    players: levels.length,
    options: {},
    seed,
    levels,
    botSeed: `bots:${seed}`,
    budget: { iterations: 20, ms: Infinity },
    outside: { logDir, ...outside },
  };
}

/** The process ids a faulty player's log names (its own, and a child's). */
function pidsIn(log: string): number[] {
  return [...readFileSync(log, "utf8").matchAll(/(?:pid|grandchild) (\d+)/g)].map((m) => Number(m[1]));
}

/** Whether the process has ended within a few seconds (a killed process takes a moment to go). */
async function goneSoon(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !isRunning(pid);
}

describe("the example players play a whole match of every game against hard", () => {
  for (const [name, command] of [
    ["Python", PYTHON],
    ["JavaScript", NODE],
  ] as const) {
    for (const e of ENTRIES) {
      it(`${name}: ${e.game.id}`, async () => {
        const o = await playOutsideMatch(task(e.game.id, ["hard", `cmd:${command}`], `example:${e.game.id}`));
        expect(o.forfeit).toBeUndefined();
        expect(o.winners.length).toBeGreaterThan(0);
        expect(o.chosen[1]).toBeGreaterThan(0);
      }, 120_000);
    }
  }
});

describe("a program at fault forfeits the match, and is stopped", () => {
  const cases = [
    ["late", "late", /did not answer turn 3 within 300 ms/],
    ["illegal", "illegal", /played .*no-such-move.*, not a legal move of turn 3/],
    ["garbage", "not_json", /not JSON: "I think I will play the queen"/],
    ["not-json", "not_json", /not JSON/],
    ["silent", "start", /sent no hello within 2000 ms/],
    ["exit", "exit", /exited with code 3 before the match ended \(giving up\)/],
    ["out-of-turn", "out_of_turn", /wrote when nothing was asked/],
    ["declined", "declined", /does not play crazy-eights/],
    ["grandchild", "late", /did not answer/],
  ] as const;
  for (const [mode, kind, reason] of cases) {
    it(`${mode}: ${kind}`, async () => {
      const o = await playOutsideMatch(
        task("crazy-eights", ["random", `cmd:${faulty(mode)}`], `fault:${mode}`, {
          moveMs: 300,
          startMs: 2000,
        }),
      );
      expect(o.forfeit?.seat).toBe(1);
      expect(o.forfeit?.kind).toBe(kind);
      expect(o.forfeit?.reason).toMatch(reason);
      expect(o.winners).toEqual([0]);
      const pids = pidsIn(o.forfeit!.log);
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) expect(await goneSoon(pid)).toBe(true);
    }, 30_000);
  }

  it("a program that does not start forfeits with the shell's words in its log", async () => {
    const o = await playOutsideMatch(task("gin-rummy", ["cmd:./no-such-player", "medium"], "nothing"));
    expect(o.forfeit).toMatchObject({ seat: 0, kind: "start" });
    expect(o.forfeit?.reason).toMatch(/exited with code 127/);
    expect(readFileSync(o.forfeit!.log, "utf8")).toMatch(/not found/);
  });

  it("a program's exit ends its match even when a process it started elsewhere holds its output open", async () => {
    const o = await playOutsideMatch(
      task(
        "crazy-eights",
        ["random", `cmd:"${process.execPath}" test/fixtures/held-pipe-player.mjs`],
        "held",
      ),
    );
    expect(o.forfeit).toMatchObject({ seat: 1, kind: "exit" });
    expect(o.forfeit?.reason).toMatch(/exited with code 4/);
    // The holder left its group on purpose: this test stops it itself.
    const [holder] = [...readFileSync(o.forfeit!.log, "utf8").matchAll(/holder (\d+)/g)].map((m) =>
      Number(m[1]),
    );
    process.kill(holder, "SIGKILL");
  }, 30_000);

  it("the match's time runs out across moves", async () => {
    // 300 ms for the match, 250 a move: the answers' time adds up until one runs out.
    const slow = `"${process.execPath}" -e "${[
      "const rl=require('readline').createInterface({input:process.stdin});",
      "rl.on('line',l=>{const m=JSON.parse(l);",
      "if(m.type==='hello')console.log(JSON.stringify({type:'hello',protocol:1,name:'slow',games:['*']}));",
      "if(m.type==='turn')setTimeout(()=>console.log(JSON.stringify({type:'move',id:m.id,move:m.legal[0]})),100)})",
    ].join("")}"`;
    const o = await playOutsideMatch(
      task("crazy-eights", ["random", `cmd:${slow}`], "match-time", { moveMs: 250, matchMs: 300 }),
    );
    expect(o.forfeit).toMatchObject({ seat: 1, kind: "match_time" });
    expect(o.chosen[1]).toBeGreaterThanOrEqual(2);
  }, 30_000);
});

describe("the host on its own", () => {
  it("decide gives the chosen move's place among the legal moves, and close stops the program", async () => {
    const p = await openOutsidePlayer(NODE, { game: "gin-rummy", players: 2, seat: 1, options: {}, logDir });
    if (!p.ok) throw new Error(p.error.reason);
    expect(p.value.name).toBe("example-javascript");
    const legal = [{ type: "draw" }, { type: "take" }];
    const d = await p.value.decide({}, legal);
    expect(d.ok && legal[d.value.index]).toEqual(d.ok && d.value.move);
    await p.value.close();
    expect(isRunning(p.value.pid)).toBe(false);
  });
});

describe("the protocol's edges", () => {
  const scripted = (...args: string[]) =>
    `"${process.execPath}" test/fixtures/scripted-player.mjs ${args.map((a) => `'${a}'`).join(" ")}`;
  const legal = [
    { type: "discard", card: "TC" },
    { type: "discard", card: "AS" },
  ];
  const open = async (command: string) => {
    const p = await openOutsidePlayer(command, {
      game: "gin-rummy",
      players: 2,
      seat: 1,
      options: {},
      logDir,
    });
    if (!p.ok) throw new Error(p.error.reason);
    return p.value;
  };
  const answering = (move: unknown) =>
    scripted("answer", Buffer.from(JSON.stringify(move)).toString("base64"));

  it("a move line begun before any turn was sent is out_of_turn, not the answer to turn 1", async () => {
    const p = await open(scripted("early"));
    const d = await p.decide({}, [{ type: "draw" }, { type: "take" }], { moveMs: 5000, matchMs: 5000 });
    expect(d.ok).toBe(false);
    expect(!d.ok && d.error.kind).toBe("out_of_turn");
    expect(!d.ok && d.error.reason).toMatch(/^began a line before turn 1 was sent: /);
    await p.close();
  });

  it(`reads a line of ${MAX_LINE} bytes, and refuses one a byte longer as not_json`, async () => {
    const at = await open(scripted("pad", String(MAX_LINE)));
    const read = await at.decide({}, legal);
    expect(read.ok && read.value.index).toBe(0);
    await at.close();
    const over = await open(scripted("pad", String(MAX_LINE + 1)));
    const refused = await over.decide({}, legal);
    expect(!refused.ok && refused.error).toMatchObject({
      kind: "not_json",
      reason: `wrote a line longer than ${MAX_LINE} bytes`,
    });
    await over.close();
  });

  it("a copy of a listed move: any field order and card spelling; an extra field or a card as a number is illegal", async () => {
    const copies: [unknown, number][] = [
      [{ card: "TC", type: "discard" }, 0],
      [{ type: "discard", card: "10C" }, 0],
      [{ type: "discard", card: "tc" }, 0],
      [{ type: "discard", card: "A♠" }, 1],
    ];
    for (const [move, index] of copies) {
      const p = await open(answering(move));
      const d = await p.decide({}, legal);
      expect(d.ok && d.value.index, JSON.stringify(move)).toBe(index);
      // What the seat plays is the move as listed, whatever spelling came.
      expect(d.ok && d.value.move).toEqual(legal[index]);
      await p.close();
    }
    for (const move of [
      { type: "discard", card: "TC", why: "x" },
      { type: "discard", card: 9 },
    ]) {
      const p = await open(answering(move));
      const d = await p.decide({}, legal);
      expect(!d.ok && d.error.kind, JSON.stringify(move)).toBe("illegal");
      await p.close();
    }
  });

  it("after a forfeit the other program hears the forfeit and the match's end as events, as online", async () => {
    const file = join(logDir, "events-after-forfeit.txt");
    process.env.CARDROOM_TEST_EVENTS = file; // the event-log player writes every event number it hears
    let table: Table | undefined;
    try {
      const o = await playOutsideMatch(
        task(
          "crazy-eights",
          [`cmd:"${process.execPath}" test/players/event-log-player.mjs`, `cmd:${faulty("illegal")}`],
          "forfeit-events",
        ),
        { onTable: (t) => (table = t) },
      );
      expect(o.forfeit?.seat).toBe(1);
      const [gaveUp, over] = table!.eventsFor(0, table!.seq - 2);
      expect(gaveUp).toMatchObject({ type: "forfeit", seat: 1, reason: `its program ${o.forfeit!.reason}` });
      expect(over).toMatchObject({ type: "matchOver", winners: [0], forfeit: 1 });
      const heard = readFileSync(file, "utf8").trim().split("\n").map(Number);
      expect(heard).toEqual(Array.from({ length: table!.seq }, (_, i) => i + 1));
    } finally {
      delete process.env.CARDROOM_TEST_EVENTS;
    }
  }, 30_000);
});

describe("cmd: levels", () => {
  it("read quoted commands, and commas inside quotes", () => {
    expect(splitLevels('hard,cmd:"python3 my,bot.py",medium')).toEqual([
      "hard",
      'cmd:"python3 my,bot.py"',
      "medium",
    ]);
    expect(outsideCommand('cmd:"python3 mybot.py"')).toEqual({ ok: true, value: "python3 mybot.py" });
    expect(outsideCommand("cmd:")).toMatchObject({ ok: false });
  });
});

describe("an outside player is sent nothing its seat may not know", () => {
  for (const e of ENTRIES) {
    it(`${e.game.id}: every line checked against the log replayed (test/leak-hunt.ts)`, async () => {
      const players = Math.min(e.game.maxPlayers, Math.max(e.game.minPlayers, 3));
      const levels = ["medium", `cmd:${NODE}`, "random"].slice(0, players);
      const lines: string[] = [];
      let table: Table | undefined;
      const o = await playOutsideMatch(task(e.game.id, levels, `leak:${e.game.id}`), {
        tap: (direction, line) => direction === "to" && lines.push(line),
        onTable: (t) => (table = t),
      });
      expect(o.forfeit).toBeUndefined();
      const checked = checkPlayerTranscript(e.game, table!.log(), 1, lines);
      expect(checked).toBeGreaterThan(10);
      expect(lines.filter((l) => l.includes('"type":"turn"')).length).toBeGreaterThan(0);
      expect(lines.filter((l) => l.includes('"type":"handEnd"')).length).toBeGreaterThan(0);
      // The check finds a leak when there is one: the first turn's view with another seat's hand in it.
      const i = lines.findIndex((l) => l.includes('"type":"turn"'));
      const turn = JSON.parse(lines[i]) as { view: { hand: string[] } };
      const theirs = (table!.view(0).hand as string[] | null) ?? [];
      const tampered = [...lines];
      tampered[i] = JSON.stringify({ ...turn, view: { ...turn.view, hand: [...turn.view.hand, ...theirs] } });
      if (theirs.length) expect(() => checkPlayerTranscript(e.game, table!.log(), 1, tampered)).toThrow(Leak);
    }, 60_000);
  }
});

describe("docs/PLAYER-PROTOCOL.md", () => {
  it("lists every message's fields as the protocol's schemas define them (npm run docs:players)", () => {
    const page = readFileSync("docs/PLAYER-PROTOCOL.md", "utf8");
    expect(withReference(page, playerProtocolReference(), PLAYERS_GENERATED_START)).toBe(page);
  });
});

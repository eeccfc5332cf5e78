/**
 * Every game, through the faces users and bot authors use: a whole match over
 * the engine protocol (bots choosing from seat views, every answer checked,
 * the log replayed), and a whole match in the terminal from scripted input.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { EngineSession } from "../src/protocol/engine-session.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

function session() {
  const s = new EngineSession();
  return (request: Record<string, unknown>) => JSON.parse(s.handleLine(JSON.stringify(request)));
}

for (const { game } of ENTRIES) {
  describe(`${game.id} over the engine protocol`, () => {
    for (const players of new Set([game.minPlayers, game.maxPlayers])) {
      it(`plays a match of ${players} by bots to the end, and its log replays to the same position`, () => {
        const send = session();
        expect(send({ cmd: "new", game: game.id, players, seed: 21 }).ok).toBe(true);
        for (let step = 0; step < 100_000; step++) {
          const status = send({ cmd: "status" });
          if (status.matchOver) break;
          if (status.handOver) {
            expect(send({ cmd: "next" }).ok).toBe(true);
            continue;
          }
          for (const seat of status.toAct) {
            const legal = send({ cmd: "legal", seat }).moves;
            expect(legal.length).toBeGreaterThan(0);
            const { move } = send({ cmd: "bot", seat, level: "medium" });
            expect(legal).toContainEqual(move);
            const played = send({ cmd: "play", seat, move });
            expect(played.ok).toBe(true);
            if (played.status.handOver) break;
          }
        }
        const status = send({ cmd: "status" });
        expect(status.matchOver).toBe(true);
        expect(status.winners.length).toBeGreaterThan(0);
        const { log } = send({ cmd: "log" });
        const final = send({ cmd: "state" });
        const again = session();
        again({ cmd: "new", game: log.game, players: log.players, seed: log.seed, options: log.options });
        for (const e of log.entries) {
          expect(again(e.next ? { cmd: "next" } : { cmd: "play", seat: e.seat, move: e.move }).ok).toBe(true);
        }
        expect(again({ cmd: "state" })).toEqual(final);
      });
    }

    it("refuses a move from a seat that is not to act, and a malformed move, leaving the game unchanged", () => {
      const send = session();
      send({ cmd: "new", game: game.id, players: game.maxPlayers, seed: 5 });
      const before = send({ cmd: "state" });
      const toAct: number[] = send({ cmd: "status" }).toAct;
      const idle = Array.from({ length: game.maxPlayers }, (_, p) => p).find((p) => !toAct.includes(p));
      const move = send({ cmd: "legal", seat: toAct[0] }).moves[0];
      if (idle !== undefined)
        expect(send({ cmd: "play", seat: idle, move }).error.code).toBe("not_your_turn");
      expect(send({ cmd: "play", seat: toAct[0], move: { type: "fly" } }).error.code).toBe("illegal_move");
      expect(send({ cmd: "play", seat: toAct[0], move: { type: "play", card: "XX" } }).error.code).toBe(
        "illegal_move",
      );
      expect(send({ cmd: "play", seat: 99, move }).error.code).toBe("bad_request");
      expect(send({ cmd: "view", seat: -1 }).error.code).toBe("bad_request");
      expect(send({ cmd: "new", game: game.id, setup: { hands: [["AS", "AS"]] } }).error.code).toBe(
        "bad_setup",
      );
      expect(send({ cmd: "state" })).toEqual(before);
    });
  });

  describe(`${game.id} in the terminal`, () => {
    it("plays a match to the end from scripted input and asks to play again", () => {
      const r = spawnSync(process.execPath, [BIN, "play", game.id, "--seed", "8"], {
        input: "1\n".repeat(20_000),
        encoding: "utf8",
        timeout: 60_000,
        maxBuffer: 256 << 20,
      });
      expect(r.status).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(/Hand 1 over/);
      expect(r.stdout).toMatch(/Match over: /);
      expect(r.stdout).toMatch(/Play again\? \(Y\/N\)/);
    });
  });
}

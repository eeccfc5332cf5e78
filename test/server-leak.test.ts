/**
 * The leak hunt's short seeded run (test/leak-hunt.ts; the long run is
 * `npm run reliability:leaks`): one match of each of the seven games on a
 * real server, every byte its clients received checked against the oracle.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPECTATOR } from "../src/engine/game.js";
import { ENTRIES } from "../src/games/index.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { LEAK_LIMITS, checkCards, playAndCheck } from "./leak-hunt.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-leak-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 0,
    limits: LEAK_LIMITS,
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("no client ever receives what its viewer may not know", () => {
  for (const [i, e] of ENTRIES.entries()) {
    it(`${e.game.id}: join, reconnect, spectate, replay, hints, lobby, errors and chat`, async () => {
      const r = await playAndCheck(server, e.game.id, 1000 + i);
      expect(r.moves).toBeGreaterThan(5);
      expect(r.messages).toBeGreaterThan(20);
      expect(r.handsOver).toBeGreaterThanOrEqual(1);
      expect(r.saw).toEqual({ chat: true, error: true, partial: true });
      // The oracle itself catches a leak: the spectator's allowed cards do not cover seat 0's hand.
      const pos = r.oracle.at.get(1) ?? r.oracle.positionOf(1);
      expect(() =>
        checkCards(pos.views.get(0), pos.allowed.get(SPECTATOR)!, "seat 0's view sent to a spectator"),
      ).toThrow(/may not know/);
      expect(() => checkCards({ hand: [3, 17] }, null, "a state's hand")).toThrow(/integers in card fields/);
    });
  }
});

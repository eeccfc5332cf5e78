/** The levels through the engine protocol's `bot` request: every game, every level (`expert` too), and the old name. */
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { EngineSession } from "../src/protocol/engine-session.js";

function session() {
  const s = new EngineSession();
  return (request: Record<string, unknown>) => JSON.parse(s.handleLine(JSON.stringify(request)));
}

describe.each(ENTRIES.map((e) => [e.game.id]))("the bot request in %s", (game) => {
  it("answers a legal move at every level, greedy still meaning medium", () => {
    const send = session();
    expect(send({ cmd: "new", game, players: 2, seed: 5 }).ok).toBe(true);
    const seat = send({ cmd: "status" }).toAct[0];
    const legal = send({ cmd: "legal", seat }).moves;
    for (const level of ["random", "easy", "medium", "hard", "expert", "greedy"]) {
      const r = send({ cmd: "bot", seat, level, iterations: 200 });
      expect(r.ok, `${level}: ${JSON.stringify(r)}`).toBe(true);
      expect(legal).toContainEqual(r.move);
    }
    expect(send({ cmd: "bot", seat, level: "greedy" }).move).toEqual(
      send({ cmd: "bot", seat, level: "medium" }).move,
    );
    // The same position, seed and iteration budget: the same move.
    expect(send({ cmd: "bot", seat, level: "hard", iterations: 200 }).move).toEqual(
      send({ cmd: "bot", seat, level: "hard", iterations: 200 }).move,
    );
    expect(send({ cmd: "bot", seat, level: "hard", iterations: 0 }).error.code).toBe("bad_request");
    // expert on an iteration budget is seeded too: the lab's and the tests' reproducible runs.
    expect(send({ cmd: "bot", seat, level: "expert", iterations: 200 }).move).toEqual(
      send({ cmd: "bot", seat, level: "expert", iterations: 200 }).move,
    );
    expect(send({ cmd: "bot", seat, level: "grandmaster" }).error.message).toMatch(
      /easy, medium, hard, expert/,
    );
  });
});

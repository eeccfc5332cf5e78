/**
 * Every level plays the house rules (issue 26 item 3): through the engine
 * protocol, a hand of each game with its house rules on, each move chosen in
 * turn by `easy`, `medium` and `hard`, each choice listed as legal and accepted.
 */
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { EngineSession } from "../src/protocol/engine-session.js";
import { HOUSE_RULES } from "./house-rules.js";

function session() {
  const s = new EngineSession();
  return (request: Record<string, unknown>) => JSON.parse(s.handleLine(JSON.stringify(request)));
}

const LEVELS = ["easy", "medium", "hard"];

describe.each(ENTRIES.map((e) => [e.game.id]))("the house rules of %s", (game) => {
  it("are played by every level", () => {
    const send = session();
    expect(send({ cmd: "new", game, players: 2, seed: 9, options: HOUSE_RULES[game] }).ok).toBe(true);
    // A hand, or its first 90 moves (a long Roller Coaster or ROY hand): every level has moved by then.
    for (let i = 0; i < 90 && !send({ cmd: "status" }).handOver; i++) {
      const seat = send({ cmd: "status" }).toAct[0];
      const legal = send({ cmd: "legal", seat }).moves;
      const level = LEVELS[i % LEVELS.length];
      const r = send({ cmd: "bot", seat, level, iterations: 40 });
      expect(r.ok, `${level}: ${JSON.stringify(r)}`).toBe(true);
      expect(legal).toContainEqual(r.move);
      expect(send({ cmd: "play", seat, move: r.move }).ok).toBe(true);
    }
  });
});

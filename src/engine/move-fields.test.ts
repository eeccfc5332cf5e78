import { describe, expect, it } from "vitest";
import { ENTRIES } from "../games/index.js";
import { EngineSession } from "../protocol/engine-session.js";

/** One request through the engine protocol, its reply parsed. */
const ask = (s: EngineSession, req: object) => JSON.parse(s.handleLine(JSON.stringify(req)));

describe("a move with a field its type does not have is refused", () => {
  it('ROY: {"type":"end","card":"ZZ"} does not end the turn', () => {
    const s = new EngineSession();
    ask(s, { cmd: "new", game: "roy", players: 2, seed: "strict" });
    const seat = ask(s, { cmd: "status" }).toAct[0];
    ask(s, { cmd: "play", seat, move: ask(s, { cmd: "legal", seat }).moves[0] });
    const before = ask(s, { cmd: "state" });
    const r = ask(s, { cmd: "play", seat, move: { type: "end", card: "ZZ" } });
    expect(r).toEqual({
      id: null,
      ok: false,
      error: { code: "bad_request", message: 'the "end" move has no field "card" (it has only its type)' },
    });
    expect(ask(s, { cmd: "state" })).toEqual(before);
  });

  // Found by the long fuzz run (seed 2009413397): the field's name came back raw, \r and all.
  it("names a field with control characters in one line, escaped", () => {
    const s = new EngineSession();
    ask(s, { cmd: "new", game: "crazy-eights", players: 2, seed: "strict" });
    const seat = ask(s, { cmd: "status" }).toAct[0];
    const move = { ...ask(s, { cmd: "legal", seat }).moves[0], "x\r\u0013y": 1 };
    const r = ask(s, { cmd: "play", seat, move });
    expect(r.error.message).toContain('has no field "x\\r\\u0013y"');
    expect([...(r.error.message as string)].every((c) => c >= " ")).toBe(true);
  });

  // Every game, every move type met in a few random hands: the listed form is accepted, and the same
  // with one field more is refused by name, the match unchanged.
  for (const { game } of ENTRIES) {
    it(`${game.id}: each move type, with one field too many`, () => {
      const s = new EngineSession();
      ask(s, { cmd: "new", game: game.id, players: game.minPlayers, seed: `strict-${game.id}` });
      const types = new Set<string>();
      for (let step = 0; step < 400; step++) {
        const st = ask(s, { cmd: "status" });
        if (st.matchOver) break;
        if (st.handOver) {
          ask(s, { cmd: "next" });
          continue;
        }
        const seat = st.toAct[0];
        const moves = ask(s, { cmd: "legal", seat }).moves as { type: string }[];
        for (const move of moves) {
          if (types.has(move.type)) continue;
          types.add(move.type);
          const before = ask(s, { cmd: "state" });
          const extra = "card" in move ? ("meld" in move ? "pile" : "meld") : "card";
          const r = ask(s, { cmd: "play", seat, move: { ...move, [extra]: "ZZ" } });
          expect(r.ok, JSON.stringify(move)).toBe(false);
          expect(r.error.code).toBe("bad_request");
          expect(r.error.message).toContain(`the "${move.type}" move has no field "${extra}"`);
          expect(ask(s, { cmd: "state" })).toEqual(before);
        }
        const pick = moves[(step * 7919) % moves.length];
        expect(ask(s, { cmd: "play", seat, move: pick }).ok, JSON.stringify(pick)).toBe(true);
      }
      expect(types.size).toBeGreaterThan(0);
    });
  }
});

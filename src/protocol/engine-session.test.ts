import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineSession } from "./engine-session.js";

function session() {
  const s = new EngineSession();
  const send = (request: unknown) =>
    JSON.parse(s.handleLine(typeof request === "string" ? request : JSON.stringify(request)));
  return send;
}

const codeOf = (reply: { ok: boolean; error?: { code: string } }) => (reply.ok ? "ok" : reply.error?.code);

describe("engine protocol", () => {
  it("lists the games with their player counts and default options", () => {
    const games = session()({ cmd: "games", id: 1 });
    expect(games.id).toBe(1);
    expect(games.games).toContainEqual({
      id: "crazy-eights",
      name: "Crazy Eights",
      minPlayers: 2,
      maxPlayers: 5,
      options: { target: 100, draw: "any" },
    });
  });

  it("answers malformed lines with bad_request and echoes the id", () => {
    const send = session();
    expect(codeOf(send("{not json"))).toBe("bad_request");
    expect(codeOf(send("[1,2]"))).toBe("bad_request");
    expect(send({ id: "x", cmd: "dance" })).toMatchObject({
      id: "x",
      ok: false,
      error: { code: "bad_request" },
    });
    expect(codeOf(send({ id: 2 }))).toBe("bad_request");
  });

  it("refuses unknown games, options, player counts and set-ups", () => {
    const send = session();
    expect(codeOf(send({ cmd: "new", game: "poker" }))).toBe("unknown_game");
    expect(codeOf(send({ cmd: "new", game: "crazy-eights", options: { target: -1 } }))).toBe("bad_option");
    expect(codeOf(send({ cmd: "new", game: "crazy-eights", options: { colour: "red" } }))).toBe("bad_option");
    expect(codeOf(send({ cmd: "new", game: "crazy-eights", players: 9 }))).toBe("bad_option");
    expect(codeOf(send({ cmd: "new", game: "crazy-eights", setup: { hands: [["AS"], ["AS"]] } }))).toBe(
      "bad_setup",
    );
    expect(codeOf(send({ cmd: "new", game: "crazy-eights", setup: { stock: ["ZZ"] } }))).toBe("bad_setup");
    expect(codeOf(send({ cmd: "new", game: "crazy-eights", setup: { crib: ["AS"] } }))).toBe("bad_setup");
    expect(codeOf(send({ cmd: "status" }))).toBe("no_game");
  });

  it("needs a match before match commands", () => {
    const send = session();
    for (const cmd of ["status", "legal", "play", "view", "state", "next", "bot"]) {
      expect(codeOf(send({ cmd, seat: 0 }))).toBe("no_game");
    }
  });

  it("plays a set-up position: legal moves, wrong seats, illegal moves, views", () => {
    const send = session();
    const started = send({
      cmd: "new",
      game: "crazy-eights",
      players: 2,
      seed: 9,
      setup: {
        dealer: 0,
        hands: [
          ["2C", "3C", "4C", "5C", "6C", "7C", "9C"],
          ["9H", "KH", "2D", "3D", "4D", "5D", "6D"],
        ],
        discard: ["9S"],
      },
    });
    expect(started).toMatchObject({ ok: true, status: { toAct: [1], hand: 1, dealer: 0 } });
    const before = send({ cmd: "state" });
    const legal = send({ cmd: "legal", seat: 1 });
    expect(legal.moves).toEqual([{ type: "play", card: "9H" }, { type: "draw" }]);
    expect(send({ cmd: "legal", seat: 0 }).moves).toEqual([]);
    expect(codeOf(send({ cmd: "legal", seat: 5 }))).toBe("bad_request");
    expect(codeOf(send({ cmd: "play", seat: 0, move: { type: "draw" } }))).toBe("not_your_turn");
    expect(codeOf(send({ cmd: "play", seat: 1, move: { type: "play", card: "KH" } }))).toBe("illegal_move");
    expect(codeOf(send({ cmd: "play", seat: 1, move: { type: "play", card: "QQ" } }))).toBe("illegal_move");
    expect(codeOf(send({ cmd: "play", seat: 1, move: "draw" }))).toBe("bad_request");
    expect(send({ cmd: "state" })).toEqual(before);
    const played = send({ cmd: "play", seat: 1, move: { type: "play", card: "9H" } });
    expect(played).toMatchObject({
      ok: true,
      status: { toAct: [0] },
      events: [{ seq: 2, type: "move", seat: 1, move: { type: "play", card: "9H" } }],
    });
    const view = send({ cmd: "view", seat: 0 });
    expect(view.hand).toEqual(["2C", "3C", "4C", "5C", "6C", "7C", "9C"]);
    expect(view.handSizes).toEqual([7, 6]);
    expect(JSON.stringify(view)).not.toContain("KH");
    const spectator = send({ cmd: "view", seat: "spectator" });
    expect(spectator.hand).toBeNull();
    expect(JSON.stringify(spectator)).not.toMatch(/"2C"|"KH"/);
    expect(codeOf(send({ cmd: "next" }))).toBe("hand_not_over");
  });

  it("lets a computer player choose a legal move for the seat to act", () => {
    const send = session();
    send({ cmd: "new", game: "crazy-eights", seed: 3 });
    const toAct = send({ cmd: "status" }).toAct[0];
    const { move } = send({ cmd: "bot", seat: toAct, level: "greedy" });
    expect(send({ cmd: "legal", seat: toAct }).moves).toContainEqual(move);
    expect(codeOf(send({ cmd: "bot", seat: 1 - toAct }))).toBe("not_your_turn");
    expect(codeOf(send({ cmd: "bot", seat: toAct, level: "genius" }))).toBe("bad_request");
    expect(send({ cmd: "play", seat: toAct, move }).ok).toBe(true);
  });

  it("plays a whole match by bots, then replays its log to the same position", () => {
    const send = session();
    send({ cmd: "new", game: "crazy-eights", players: 3, seed: 11 });
    for (let i = 0; i < 5000; i++) {
      const status = send({ cmd: "status" });
      if (status.matchOver) break;
      if (status.handOver) {
        expect(send({ cmd: "next" }).ok).toBe(true);
        continue;
      }
      const seat = status.toAct[0];
      expect(send({ cmd: "play", seat, move: send({ cmd: "bot", seat }).move }).ok).toBe(true);
    }
    const status = send({ cmd: "status" });
    expect(status.matchOver).toBe(true);
    expect(Math.max(...status.scores)).toBeGreaterThanOrEqual(100);
    expect(codeOf(send({ cmd: "play", seat: 0, move: { type: "draw" } }))).toBe("match_over");
    const { log } = send({ cmd: "log" });
    const final = send({ cmd: "state" });
    const again = session();
    again({ cmd: "new", game: log.game, players: log.players, seed: log.seed, options: log.options });
    for (const e of log.entries)
      expect(again(e.next ? { cmd: "next" } : { cmd: "play", seat: e.seat, move: e.move }).ok).toBe(true);
    expect(again({ cmd: "state" })).toEqual(final);
  });
});

describe("engine protocol under arbitrary input", () => {
  const commands = [
    "games",
    "new",
    "status",
    "legal",
    "play",
    "view",
    "state",
    "next",
    "bot",
    "count",
    "log",
    "x",
  ];
  const anyValue = fc.oneof(
    fc.constant(undefined),
    fc.integer({ min: -2, max: 12 }),
    fc.string({ maxLength: 6 }),
    fc.constantFrom("spectator", "roy", "hyrule", "cribbage", "AS", "10H", "RJ", null, true),
    fc.array(fc.constantFrom("AS", "5H", "JD", "XX", 3), { maxLength: 6 }),
    fc.record({
      type: fc.constantFrom("play", "draw", "pass", "end", "take", "claim", "fly"),
      card: fc.constantFrom("AS", "8C", "RJ", "ZZ"),
    }),
  );
  const request = fc.record(
    {
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })),
      cmd: fc.constantFrom(...commands),
      game: anyValue,
      seat: anyValue,
      move: anyValue,
      level: fc.constantFrom("random", "greedy", "wizard"),
      players: anyValue,
      options: fc.oneof(fc.constant({}), fc.record({ target: anyValue })),
      setup: fc.oneof(
        fc.constant(undefined),
        fc.record({
          hands: fc.array(fc.array(fc.constantFrom("AS", "AS", "2C", "BJ"), { maxLength: 3 }), {
            maxLength: 3,
          }),
        }),
      ),
      hand: anyValue,
      starter: anyValue,
    },
    { requiredKeys: ["cmd"] },
  );

  it("answers every line with exactly one JSON response, and a refused request changes nothing", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(request, fc.string({ maxLength: 20 })), { maxLength: 30 }), (lines) => {
        const s = new EngineSession();
        s.handleLine(JSON.stringify({ cmd: "new", game: "roy", seed: 1 }));
        for (const line of lines) {
          const text = typeof line === "string" ? line : JSON.stringify(line);
          const before = s.handleLine('{"cmd":"state"}');
          const out = s.handleLine(text);
          expect(out).not.toContain("\n");
          const reply = JSON.parse(out);
          expect(typeof reply.ok).toBe("boolean");
          if (typeof line !== "string" && line.id !== undefined) expect(reply.id).toBe(line.id);
          if (!reply.ok) {
            expect(typeof reply.error.code).toBe("string");
            expect(reply.error.message).not.toContain("internal error");
            expect(s.handleLine('{"cmd":"state"}')).toBe(before);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("engine protocol edges", () => {
  it("echoes an id of every JSON type exactly", () => {
    const send = session();
    for (const id of [0, -1.5, 1e300, "x", "", true, false, null, [1, "a", null], { a: { b: [2] } }]) {
      expect(send({ id, cmd: "games" }).id).toEqual(id);
      expect(send({ id, cmd: "fly" })).toMatchObject({ id, ok: false, error: { code: "bad_request" } });
    }
  });

  it("keeps every response on one line for any reader, U+2028 in an id included", () => {
    const s = new EngineSession();
    const out = s.handleLine(JSON.stringify({ id: "a\u2028b\u2029c", cmd: "games" }));
    expect(out).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(JSON.parse(out).id).toBe("a\u2028b\u2029c");
  });

  it("refuses a request nested too deeply, keeping the match", () => {
    const s = new EngineSession();
    s.handleLine('{"cmd":"new","game":"roy","seed":1}');
    const before = s.handleLine('{"cmd":"state"}');
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    for (const line of [
      `{"id":${deep(100_000)},"cmd":"games"}`,
      `{"id":7,"cmd":"new","game":"roy","options":{"target":${deep(100_000)}}}`,
      `{"id":8,"cmd":"play","seat":1,"move":{"type":"play","card":${deep(5_000)}}}`,
    ]) {
      const reply = JSON.parse(s.handleLine(line));
      expect(reply.ok).toBe(false);
      expect(reply.error.code).toBe("bad_request");
      expect(reply.error.message).toMatch(/nested/);
    }
    expect(s.handleLine('{"cmd":"state"}')).toBe(before);
  });

  it("calls a missing or non-text game a bad request, and an unknown id unknown_game", () => {
    const send = session();
    for (const cmd of ["new", "count"]) {
      expect(codeOf(send({ cmd }))).toBe("bad_request");
      expect(codeOf(send({ cmd, game: { id: "roy" } }))).toBe("bad_request");
      expect(codeOf(send({ cmd, game: 5 }))).toBe("bad_request");
      expect(codeOf(send({ cmd, game: "snap" }))).toBe("unknown_game");
    }
  });

  it("refuses new with fields of the wrong type, keeping the match it has", () => {
    const send = session();
    send({ cmd: "new", game: "hyrule", players: 3, seed: 4 });
    const before = send({ cmd: "state" });
    const bad: [Record<string, unknown>, string][] = [
      [{ seed: { a: 1 } }, "bad_request"],
      [{ seed: [1] }, "bad_request"],
      [{ seed: true }, "bad_request"],
      [{ players: "3" }, "bad_request"],
      [{ players: 2.5 }, "bad_request"],
      [{ players: 1 }, "bad_option"],
      [{ players: 1e9 }, "bad_option"],
      [{ options: [1] }, "bad_option"],
      [{ options: "mode=strategy" }, "bad_option"],
      [{ options: { mode: "fast" } }, "bad_option"],
      [{ setup: [1] }, "bad_setup"],
      [{ setup: { dealer: "0" } }, "bad_setup"],
      [{ setup: { dealer: 7 } }, "bad_setup"],
      [{ setup: { hands: "AS" } }, "bad_setup"],
      [{ setup: JSON.parse('{"__proto__":["AS"]}') }, "bad_setup"],
    ];
    for (const [fields, code] of bad) {
      expect(
        codeOf(send({ cmd: "new", game: "hyrule", players: 3, ...fields })),
        JSON.stringify(fields),
      ).toBe(code);
    }
    expect(send({ cmd: "state" })).toEqual(before);
  });

  it("refuses count fields the count does not use, rather than ignore them", () => {
    const send = session();
    const hand = ["5H", "5C", "5S", "JD"];
    expect(send({ cmd: "count", game: "cribbage", hand, starter: "5D" }).total).toBe(29);
    expect(codeOf(send({ cmd: "count", game: "cribbage", all: true, hand }))).toBe("bad_request");
    expect(codeOf(send({ cmd: "count", game: "cribbage", played: ["5H"], starter: "5D" }))).toBe(
      "bad_request",
    );
    expect(codeOf(send({ cmd: "count", game: "gin-rummy", hand: [], starter: "5D" }))).toBe("bad_request");
    expect(codeOf(send({ cmd: "count", game: "cribbage", hand, starter: ["5D"] }))).toBe("bad_request");
    expect(codeOf(send({ cmd: "count", game: "cribbage", hand, starter: "5D", crib: "yes" }))).toBe(
      "bad_request",
    );
    expect(codeOf(send({ cmd: "count", game: "gin-rummy", knocker: [], defender: [] }))).toBe("bad_request");
    expect(codeOf(send({ cmd: "count", game: "roy", hand }))).toBe("bad_request");
  });
});

describe("set-ups that name too many cards", () => {
  it("are refused as bad_setup in every game, with one line", () => {
    const send = session();
    for (const game of [
      "roy",
      "royal-corners",
      "roller-coaster",
      "crazy-eights",
      "gin-rummy",
      "cribbage",
      "hyrule",
    ]) {
      const pack = ["C", "D", "H", "S"].flatMap((s) => "A23456789TJQK".split("").map((r) => r + s));
      const reply = send({ cmd: "new", game, players: 2, seed: 1, setup: { stock: pack.slice(0, 50) } });
      expect(reply.ok, game).toBe(false);
      expect(reply.error.code, game).toBe("bad_setup");
      expect(reply.error.message).not.toContain("\n");
    }
  });
});

describe("option errors with a set-up", () => {
  it("are bad_option, not bad_setup", () => {
    const send = session();
    const reply = send({
      cmd: "new",
      game: "hyrule",
      players: 3,
      options: { youngest: 4 },
      setup: { dealer: 1 },
    });
    expect(reply.error.code).toBe("bad_option");
  });
});

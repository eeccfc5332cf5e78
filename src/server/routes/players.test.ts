/** The players route group alone: guests, a player's record, leaderboards, and their pages. */
import { describe, expect, it } from "vitest";
import { useRouteApp } from "../../../test/route-app.js";
import type { MoveJson } from "../../engine/game.js";
import { ENTRIES } from "../../games/index.js";
import type { Authority } from "../authority.js";
import { playersRoutes } from "./players.js";

/**
 * The guest plays a whole Crazy Eights match to 1 point at seat 0 against `level` computers (its
 * first legal move each time, "next" at each hand's end); the table and its final status.
 */
async function playAgainstComputers(authority: Authority, token: string, level: string, computers: number) {
  const made = await authority.createTable({
    game: "crazy-eights",
    seats: [
      { kind: "open" },
      ...Array.from({ length: computers }, () => ({ kind: "computer" as const, level })),
    ],
    options: { target: 1 },
  });
  if (!made.ok) throw new Error(made.error.message);
  const sat = await authority.sit(made.value.id, 0, token);
  if (!sat.ok) throw new Error(sat.error.message);
  const cred = { seat: 0, secret: sat.value.secret };
  for (let step = 0; step < 5000; step++) {
    const u = await authority.update(made.value.id, cred);
    if (!u.ok) throw new Error(u.error.message);
    const status = u.value.status as {
      matchOver: boolean;
      handOver: boolean;
      hand: number;
      scores: number[];
      winners?: number[];
    };
    if (status.matchOver) return { table: made.value, status };
    if (status.handOver) await authority.next(made.value.id, cred, status.hand);
    else if (u.value.legal.length > 0)
      await authority.move(made.value.id, cred, u.value.legal[0] as MoveJson);
    else await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("the match did not end");
}

const r = useRouteApp(playersRoutes, (authority) => ({ authority, webDir: null }));

describe("the players routes", () => {
  it("make a guest whose record starts empty, the same at its page for an API client", async () => {
    const made = await r.app.inject({ method: "POST", url: "/api/guests", payload: { name: "  Ada " } });
    const guest = made.json();
    expect([guest.name, guest.token]).toEqual(["Ada", expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const record = (await r.app.inject({ url: `/api/players/${guest.id}` })).json();
    expect(record).toEqual({
      id: guest.id,
      name: "Ada",
      bot: false,
      games: [],
      versusComputer: [],
      matches: [],
    });
    expect((await r.app.inject({ url: `/players/${guest.id}` })).json()).toEqual(record);
  });

  it("refuse a name with control characters or lone surrogates, and an unknown player", async () => {
    for (const name of ["a\u0007b", "a\ud800b"]) {
      const bad = await r.app.inject({ method: "POST", url: "/api/guests", payload: { name } });
      expect([bad.statusCode, bad.json().error.code]).toEqual([400, "bad_request"]);
    }
    const none = await r.app.inject({ url: `/api/players/${"f".repeat(32)}` });
    expect([none.statusCode, none.json()]).toEqual([
      404,
      { error: { code: "not_found", message: "no such player" } },
    ]);
  });

  it("give a game's leaderboard (empty before any rated match)", async () => {
    expect((await r.app.inject({ url: "/api/leaderboard/cribbage" })).json()).toEqual({
      game: "cribbage",
      players: [],
    });
    expect((await r.app.inject({ url: "/leaderboard/cribbage" })).json()).toEqual({
      game: "cribbage",
      players: [],
    });
    // Every game's leaderboard, in the registry's order.
    for (const url of ["/leaderboard", "/leaderboard/"])
      expect((await r.app.inject({ url, headers: { accept: "application/json" } })).json()).toEqual({
        leaderboards: ENTRIES.map((e) => ({ game: e.game.id, players: [] })),
      });
  });

  it("list each finished match with its outcome, score and seats, and win rates against the computer by level", async () => {
    const bea = await r.authority.guest("Bea");
    const played: ({ level: string } & Awaited<ReturnType<typeof playAgainstComputers>>)[] = [];
    for (const [level, computers] of [
      ["random", 1],
      ["greedy", 2],
      ["random", 1],
      ["greedy", 1],
    ] as const)
      played.push({ level, ...(await playAgainstComputers(r.authority, bea.token, level, computers)) });
    const record = (await r.app.inject({ url: `/api/players/${bea.id}` })).json();
    const outcome = (winners: readonly number[] = []) =>
      !winners.includes(0) ? "lost" : winners.length === 1 ? "won" : "drew";
    // The latest first, each with the engine's final scores and what they make of seat 0.
    expect(record.matches).toEqual(
      played.reverse().map((p) => ({
        table: p.table.id,
        code: p.table.code,
        game: "crazy-eights",
        players: p.table.players,
        seat: 0,
        finishedAt: expect.any(String),
        outcome: outcome(p.status.winners),
        scores: p.status.scores,
        forfeit: null,
        seats: [
          { seat: 0, kind: "person", name: "Bea", level: null },
          ...Array.from({ length: p.table.players - 1 }, (_, i) => ({
            seat: i + 1,
            kind: "computer",
            name: null,
            level: p.level,
          })),
        ],
      })),
    );
    // Against the computer by level: the two random matches together; one and two greedy opponents alike.
    const tally = (level: string) => {
      const os = played.filter((p) => p.level === level).map((p) => outcome(p.status.winners));
      const n = (o: string) => os.filter((x) => x === o).length;
      return {
        game: "crazy-eights",
        level,
        played: os.length,
        wins: n("won"),
        losses: n("lost"),
        draws: n("drew"),
      };
    };
    expect(record.versusComputer).toEqual([tally("greedy"), tally("random")]);
  }, 60_000);
});

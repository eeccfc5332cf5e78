/** The players route group alone: guests, a player's record, leaderboards, and their pages. */
import { describe, expect, it } from "vitest";
import { useRouteApp } from "../../../test/route-app.js";
import { playersRoutes } from "./players.js";

const r = useRouteApp(playersRoutes, (authority) => ({ authority, webDir: null }));

describe("the players routes", () => {
  it("make a guest whose record starts empty, the same at its page for an API client", async () => {
    const made = await r.app.inject({ method: "POST", url: "/api/guests", payload: { name: "  Ada " } });
    const guest = made.json();
    expect([guest.name, guest.token]).toEqual(["Ada", expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const record = (await r.app.inject({ url: `/api/players/${guest.id}` })).json();
    expect(record).toEqual({ id: guest.id, name: "Ada", games: [], matches: [] });
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
  });
});

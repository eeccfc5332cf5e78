/** The tables route group alone: games, lobby, making and finding a table, seats, hints. */
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../../games/index.js";
import { useRouteApp } from "../../../test/route-app.js";
import { tablesRoutes } from "./tables.js";

const r = useRouteApp(tablesRoutes, (authority) => ({ authority, webDir: null }));

describe("the tables routes", () => {
  it("list every game of the registry with its levels, and its rules as JSON", async () => {
    const games = (await r.app.inject({ url: "/api/games" })).json().games;
    expect(games.map((g: { id: string }) => g.id)).toEqual(ENTRIES.map((e) => e.game.id));
    const rules = await r.app.inject({ url: "/rules/cribbage", headers: { accept: "application/json" } });
    expect(rules.json()).toEqual(games.find((g: { id: string }) => g.id === "cribbage"));
    // Every game's rules: the games, as /api/games lists them.
    for (const url of ["/rules", "/rules/"])
      expect((await r.app.inject({ url, headers: { accept: "application/json" } })).json()).toEqual({
        games,
      });
    // Each option in words, as the engine declares it: the lobby shows these, never the option's name.
    const gin = games.find((g: { id: string }) => g.id === "gin-rummy");
    expect(gin.options.knockLimit).toMatchObject({
      kind: "int",
      default: 10,
      label: "Most deadwood to knock",
      help: expect.stringMatching(/^A player may knock/),
    });
    expect(gin.options.bonuses.labels).toEqual({
      telecards: "None (as the Telecards rules play)",
      standard: "Standard bonuses",
    });
    const hyrule = games.find((g: { id: string }) => g.id === "hyrule");
    expect(hyrule.options.youngest.seat).toBe(true);
    const none = await r.app.inject({ url: "/rules/chess" });
    expect([none.statusCode, none.json()]).toEqual([
      404,
      { error: { code: "not_found", message: 'no game "chess" (see /api/games)' } },
    ]);
  });

  it("make a table, find it by code and invite link, and refuse a seat without a real token", async () => {
    const made = await r.app.inject({
      method: "POST",
      url: "/api/tables",
      payload: { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "computer" }] },
    });
    expect(made.statusCode).toBe(200);
    const info = made.json();
    expect((await r.app.inject({ url: `/api/tables/${info.code}` })).json().id).toBe(info.id);
    expect((await r.app.inject({ url: `/t/${info.code}` })).json().join).toBe(
      `npx cardroom join ${info.invite}`,
    );
    expect(
      (await r.app.inject({ url: "/api/lobby" })).json().tables.map((t: { id: string }) => t.id),
    ).toContain(info.id);
    const sit = await r.app.inject({
      method: "POST",
      url: `/api/tables/${info.id}/seats/0`,
      payload: { token: "0".repeat(64) },
    });
    expect(sit.statusCode).toBeGreaterThanOrEqual(400);
    expect(Object.keys(sit.json())).toEqual(["error"]);
    const extra = await r.app.inject({
      method: "POST",
      url: `/api/tables/${info.id}/seats/0`,
      payload: { token: "0".repeat(64), seat: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe("bad_request");
  });

  it("hold only their own group: a player's record is another plugin's", async () => {
    const other = await r.app.inject({ url: `/api/players/${"a".repeat(32)}` });
    expect([other.statusCode, other.json().error.code]).toEqual([404, "not_found"]);
  });
});

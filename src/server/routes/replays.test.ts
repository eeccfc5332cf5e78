/** The replays and proofs route group alone: a viewer's replay, the steps of a finished match. */
import { describe, expect, it } from "vitest";
import { useRouteApp } from "../../../test/route-app.js";
import { replaysRoutes } from "./replays.js";

const r = useRouteApp(replaysRoutes, (authority) => ({ authority, webDir: null }));

async function table(): Promise<string> {
  const made = await r.authority.createTable({ game: "roy", seats: [{ kind: "open" }, { kind: "open" }] });
  if (!made.ok) throw new Error(made.error.message);
  return made.value.id;
}

describe("the replays routes", () => {
  it("give a spectator's replay, the input of cardroom verify, at the API and the page", async () => {
    const id = await table();
    const replay = (await r.app.inject({ url: `/api/tables/${id}/replay` })).json();
    expect(replay).toMatchObject({
      cardroomReplay: 1,
      table: id,
      game: "roy",
      players: 2,
      viewer: "spectator",
    });
    expect(replay.events[0]).toMatchObject({ type: "deal", hand: 1 });
    expect((await r.app.inject({ url: `/replay/${id}` })).json()).toEqual(replay);
  });

  it("refuse a wrong seat secret, and steps of a match not over", async () => {
    const id = await table();
    const forged = await r.app.inject({
      url: `/api/tables/${id}/replay`,
      headers: { "x-cardroom-seat": "0", "x-cardroom-secret": "0".repeat(64) },
    });
    expect([forged.statusCode, forged.json().error.code]).toEqual([403, "forbidden"]);
    const steps = await r.app.inject({ url: `/api/tables/${id}/steps` });
    expect([steps.statusCode, steps.json().error.code]).toEqual([409, "not_over"]);
    const bad = await r.app.inject({ url: `/api/tables/${id}/steps?from=-1` });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, "bad_request"]);
  });
});

import { describe, expect, it } from "vitest";
import { room } from "../../test/authority-room.js";

describe("players", () => {
  it("answers a guest's token once and stores only its hash; the token identifies the guest", async () => {
    const { authority, storage } = await room();
    const g = await authority.players.guest("Ada");
    expect(g.token).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await storage.playersById([g.id]);
    expect(row).toMatchObject({ id: g.id, name: "Ada", bot: 0 });
    expect(row.token_hash).not.toBe(g.token);
    expect((await authority.players.identify(g.token))?.id).toBe(g.id);
    expect(await authority.players.identify("0".repeat(64))).toBeUndefined();
    expect(await authority.players.identifyBot(g.token)).toBeUndefined(); // a person is no bot
  });

  it("makes a bot account for a person, within what its owner allows, and refuses the rest with a reason", async () => {
    const { authority } = await room();
    const owner = await authority.players.guest("Ada");
    const made = await authority.players.createBot(owner.token, "Robo", { games: ["cribbage", "cribbage"] });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value).toMatchObject({
      name: "Robo",
      owner: owner.id,
      allow: { openSeats: true, games: ["cribbage"] },
    });
    expect((await authority.players.identifyBot(made.value.token))?.id).toBe(made.value.id);
    expect(await authority.players.createBot("f".repeat(64), "X")).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: expect.stringContaining("make a guest first") },
    });
    expect(await authority.players.createBot(made.value.token, "Y")).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: "a bot account cannot make bot accounts" },
    });
    expect(await authority.players.createBot(owner.token, "Z", { games: ["chess"] })).toMatchObject({
      ok: false,
      error: { code: "unknown_game", message: expect.stringContaining("allow.games") },
    });
  });
});

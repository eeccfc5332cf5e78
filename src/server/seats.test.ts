import { describe, expect, it } from "vitest";
import { room, seated, table, until } from "../../test/authority-room.js";

describe("seats", () => {
  it("seats a guest in an open seat and refuses a computer's, a taken one, one kept for a bot and no seat", async () => {
    const { authority, storage } = await room();
    const owner = await authority.guest("Owner");
    const bot = await authority.players.createBot(owner.token, "Robo");
    if (!bot.ok) throw new Error(bot.error.message);
    const id = await table(authority, {
      game: "roller-coaster",
      seats: [{ kind: "open" }, { kind: "computer" }, { kind: "bot", id: bot.value.id }],
    });
    const ada = await seated(authority, id, 0, "Ada");
    expect((await storage.seats(id))[0]).toMatchObject({ player_id: ada.id });
    const ben = await authority.guest("Ben");
    const refusal = (code: string, message: string) => ({ ok: false, error: { code, message } });
    expect(await authority.seats.sit(id, 0, ben.token)).toEqual(refusal("seat_taken", "seat 0 is taken"));
    expect(await authority.seats.sit(id, 1, ben.token)).toEqual(
      refusal("seat_taken", "seat 1 is a computer player's"),
    );
    expect(await authority.seats.sit(id, 2, ben.token)).toEqual(
      refusal("seat_taken", "seat 2 is kept for a bot account invited to it"),
    );
    expect(await authority.seats.sit(id, 3, ben.token)).toEqual(
      refusal("bad_request", "seat must be a number from 0 to 2"),
    );
    expect(await authority.seats.sit(id, 0, "0".repeat(64))).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await authority.seats.holderOf(id, 0)).toBe(ada.id);
    expect(await authority.seats.holderOf(id, 2)).toBeNull();
    expect(await authority.seats.holderOf(id, 5)).toBeUndefined();
  });

  it("gives a bot that takes its own seat back a new secret: the old one opens nothing", async () => {
    const { authority } = await room();
    const owner = await authority.guest("Owner");
    const bot = await authority.players.createBot(owner.token, "Robo");
    if (!bot.ok) throw new Error(bot.error.message);
    const row = (await authority.players.identifyBot(bot.value.token))!;
    const id = await table(authority, {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "bot", id: row.id }],
    });
    const first = await authority.seats.takeSeat(id, 1, row);
    if (!first.ok) throw new Error(first.error.message);
    const second = await authority.seats.takeSeat(id, 1, row);
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.secret).not.toBe(first.value.secret);
    expect((await authority.update(id, { seat: 1, secret: second.value.secret })).ok).toBe(true);
    expect(await authority.update(id, { seat: 1, secret: first.value.secret })).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
  });

  it("frees a seat its holder leaves, in memory and in the storage, and tells the bots", async () => {
    const { authority, storage } = await room();
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const opened: string[] = [];
    authority.offers.onSeatsOpened((t) => opened.push(t));
    const ada = await seated(authority, id, 1, "Ada");
    expect(await authority.seats.leave(id, { seat: 1, secret: "0".repeat(64) })).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await authority.seats.leave(id, ada.cred)).toEqual({ ok: true, value: null });
    expect(opened).toEqual([id]);
    expect((await storage.seats(id))[1]).toMatchObject({ player_id: null, secret_hash: null });
    expect((await authority.info(id))?.seats[1].name).toBeNull();
    await seated(authority, id, 1, "Ben"); // the seat is open again
  });

  it("plays for a person gone past the grace period, stores when they went, and gives the seat back", async () => {
    const { authority, storage } = await room({ graceMs: 300 });
    const id = await table(authority, {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
    });
    const ada = await seated(authority, id, 0, "Ada");
    authority.seats.gone(id, 0);
    await until(
      async () => (await storage.seats(id))[0].gone_since !== null,
      "the seat's going to be stored",
    );
    await until(async () => (await authority.info(id))?.seats[0].away === true, "the seat to turn away");
    // Away: the computer plays for Ada until she is back.
    await until(
      async () => (await storage.entries(id)).some((e) => e.entry.includes('"seat":0')),
      "a move for seat 0",
    );
    authority.seats.back(id, 0);
    expect((await authority.info(id))?.seats[0].away).toBe(false);
    await until(async () => (await storage.seats(id))[0].gone_since === null, "the return to be stored");
    expect((await authority.update(id, ada.cred)).ok).toBe(true);
  });
});

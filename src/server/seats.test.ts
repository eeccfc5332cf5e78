import { describe, expect, it } from "vitest";
import type { JsonObject } from "../engine/game.js";
import { pgDatabase, room, seated, table, until } from "../../test/authority-room.js";

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
      // A match the computers cannot finish while the test looks: at its end nobody is away any more.
      options: { target: 100_000 },
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

  for (const db of ["SQLite", "PostgreSQL"] as const)
    it(`says which of an away person's moves the computer made, kept in the storage and read again after a restart (${db})`, async () => {
      const url = db === "PostgreSQL" ? await pgDatabase() : undefined;
      if (url === null) return console.log("skipped on PostgreSQL: nothing answers on 127.0.0.1:5432");
      const { authority, storage, file } = await room({ graceMs: 300 }, url);
      const id = await table(authority, {
        game: "crazy-eights",
        seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
        // A match the computers cannot finish while the test looks: at its end nobody is away any more.
        options: { target: 100_000 },
      });
      const ada = await seated(authority, id, 0, "Ada");
      const legal = async () => {
        const u = await authority.update(id, ada.cred);
        if (!u.ok) throw new Error(u.error.message);
        return u.value.legal;
      };
      await until(async () => (await legal()).length > 0, "Ada to act");
      expect((await authority.move(id, ada.cred, (await legal())[0] as { type: string })).ok).toBe(true);
      authority.seats.gone(id, 0);
      const entries = async () => (await storage.entries(id)).map((e) => JSON.parse(e.entry) as JsonObject);
      await until(async () => (await entries()).some((e) => e.by === "computer"), "a move made for Ada");
      authority.seats.back(id, 0);
      // A move the computer was choosing for her as she came back is in once the table's work is done;
      // then, the table waiting on Ada again (or on a deal: on a busy machine the computer may have
      // played her hand out), nothing more is played.
      await authority.tables.withTable(id, () => Promise.resolve());
      const waiting = async () => {
        const u = await authority.update(id, ada.cred);
        if (!u.ok) throw new Error(u.error.message);
        return u.value.legal.length > 0 || u.value.status.handOver === true;
      };
      await until(waiting, "Ada to act again, or the next deal");

      const log = await entries();
      const ownMoves = log.filter((e) => e.seat === 0 && "move" in e);
      expect(ownMoves[0].by).toBeUndefined(); // Ada's own
      expect(ownMoves.slice(1).every((e) => e.by === "computer")).toBe(true);
      // A computer seat's moves are its own: not said to be made for anyone.
      expect(log.filter((e) => e.seat === 1).every((e) => e.by === undefined)).toBe(true);
      const events = async (a: typeof authority) => {
        const u = await a.update(id, ada.cred);
        if (!u.ok) throw new Error(u.error.message);
        return u.value.events;
      };
      const said = await events(authority);
      const own = said.filter((e) => e.type === "move" && e.seat === 0);
      expect(own.map((e) => e.by ?? "Ada")).toEqual(ownMoves.map((e) => e.by ?? "Ada"));
      expect(said.filter((e) => e.by !== undefined).every((e) => e.type === "move" && e.seat === 0)).toBe(
        true,
      );
      // Another process (a restarted server) reads the marks from the storage.
      const later = await room({ graceMs: 300 }, file);
      expect(await events(later.authority)).toEqual(said);
    });
});

import { describe, expect, it } from "vitest";
import { room, seated, table } from "../../test/authority-room.js";
import type { Authority } from "./authority.js";
import type { PlayerRow } from "./storage.js";

async function bot(
  authority: Authority,
  allow: { openSeats?: boolean; games?: string[] },
): Promise<PlayerRow> {
  const owner = await authority.guest("Owner");
  const made = await authority.players.createBot(owner.token, "Robo", allow);
  if (!made.ok) throw new Error(made.error.message);
  return (await authority.players.identifyBot(made.value.token))!;
}

describe("bot offers", () => {
  it("offers a bot the seat kept for it, then as its own once taken, and open seats its owner allows", async () => {
    const { authority } = await room();
    const robo = await bot(authority, { games: ["cribbage"] });
    const invited = await table(authority, {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "bot", id: robo.id }],
    });
    const open = await table(authority, { game: "cribbage", seats: [{ kind: "open" }, { kind: "open" }] });
    await table(authority, { game: "crazy-eights", seats: [{ kind: "open" }, { kind: "open" }] }); // not allowed
    await table(authority, { game: "cribbage", seats: [{ kind: "open" }, { kind: "open" }], bots: false });
    const offers = (await authority.offers.offersFor(robo)).map((o) => [o.table.id, o.seat, o.why]);
    expect(offers).toEqual([
      [invited, 1, "invited"],
      [open, 0, "open"],
    ]);
    expect((await authority.seats.takeSeat(invited, 1, robo)).ok).toBe(true);
    expect((await authority.offers.offersFor(robo, invited)).map((o) => [o.seat, o.why])).toEqual([
      [1, "held"],
    ]);
  });

  it("says why a bot may not take a seat, and offers nothing where it may not", async () => {
    const { authority } = await room();
    const invitedOnly = await bot(authority, { openSeats: false });
    const other = await bot(authority, {});
    const id = await table(authority, {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "bot", id: other.id }],
    });
    expect(await authority.offers.offersFor(invitedOnly, id)).toEqual([]);
    expect(await authority.seats.takeSeat(id, 0, invitedOnly)).toEqual({
      ok: false,
      error: { code: "forbidden", message: "this bot's owner lets it take only seats it is invited to" },
    });
    expect(await authority.seats.takeSeat(id, 1, invitedOnly)).toEqual({
      ok: false,
      error: { code: "forbidden", message: "seat 1 is kept for another bot account" },
    });
    const closed = await table(authority, {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "open" }],
      bots: false,
    });
    expect(await authority.seats.takeSeat(closed, 0, other)).toMatchObject({
      error: { message: "this table's creator refused bots" },
    });
    const two = await table(authority, {
      game: "roller-coaster",
      seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }],
    });
    expect((await authority.seats.takeSeat(two, 0, other)).ok).toBe(true);
    expect(await authority.seats.takeSeat(two, 1, other)).toMatchObject({
      error: { message: "a bot account holds one seat at a table" },
    });
  });

  it("tells the transports when a seat may have come free: a new table, a seat left", async () => {
    const { authority } = await room();
    const opened: string[] = [];
    const stop = authority.offers.onSeatsOpened((t) => opened.push(t));
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    expect(opened).toEqual([id]);
    const ada = await seated(authority, id, 0, "Ada");
    expect(opened).toEqual([id]);
    await authority.seats.leave(id, ada.cred);
    expect(opened).toEqual([id, id]);
    stop();
    await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    expect(opened).toEqual([id, id]);
  });
});

import { describe, expect, it } from "vitest";
import { room, seated, table } from "../../test/authority-room.js";

describe("lobby", () => {
  it("finds a table by id and by its code in any case, with its seats' holders and its invite link", async () => {
    const { authority } = await room({ publicUrl: "http://cardroom.test" });
    const id = await table(authority, {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
      options: { target: 61 },
    });
    await seated(authority, id, 0, "Ada");
    const info = await authority.lobby.info(id);
    expect(info).toMatchObject({
      id,
      game: "cribbage",
      players: 2,
      options: { target: 61 },
      status: "playing",
      invite: `http://cardroom.test/t/${info!.code}`,
      seats: [
        { seat: 0, kind: "open", name: "Ada", bot: false, away: false },
        { seat: 1, kind: "computer", level: "easy", name: null },
      ],
    });
    expect(info!.code).toMatch(/^[A-Z2-9]{6}$/);
    expect((await authority.lobby.info(info!.code.toLowerCase()))?.id).toBe(id);
    expect(await authority.lobby.info("ZZZZZZ")).toBeUndefined();
    authority.setPublicUrl("http://elsewhere.test:81");
    expect((await authority.lobby.info(id))?.invite).toBe(`http://elsewhere.test:81/t/${info!.code}`);
  });

  it("lists the tables with a seat nobody holds or is kept for, newest first", async () => {
    const { authority } = await room();
    const open = [{ kind: "open" as const }, { kind: "open" as const }];
    const older = await table(authority, { game: "gin-rummy", seats: open });
    const full = await table(authority, { game: "gin-rummy", seats: open });
    await seated(authority, full, 0, "Ann");
    await seated(authority, full, 1, "Ben");
    const halfFull = await table(authority, { game: "crazy-eights", seats: open });
    await seated(authority, halfFull, 1, "Cy");
    const bots = await table(authority, {
      game: "roy",
      seats: [{ kind: "computer" }, { kind: "computer" }],
    });
    const listed = (await authority.lobby.list()).map((t) => t.id);
    expect(listed).toEqual([halfFull, older]);
    expect(listed).not.toContain(full);
    expect(listed).not.toContain(bots);
    expect((await authority.lobby.list(1)).map((t) => t.id)).toEqual([halfFull]);
  });
});

import { describe, expect, it } from "vitest";
import { playOut, room, seated, table, until } from "../../test/authority-room.js";

describe("finishing", () => {
  it("runs the finish hooks once with the winners, and keeps the match's result as its record", async () => {
    const { authority, storage } = await room();
    const ends: { id: string; winners: readonly number[]; rated: number }[] = [];
    authority.finishing.onFinish(
      async (row, _seats, winners) => void ends.push({ id: row.id, winners, rated: row.rated }),
    );
    const id = await table(authority, {
      game: "crazy-eights",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { target: 1 },
    });
    await until(async () => (await storage.table(id))?.status === "finished", "the match's end");
    await until(() => ends.length > 0, "the finish hook");
    const row = (await storage.table(id))!;
    const result = await authority.finishing.resultOf(row);
    expect(result).toEqual(JSON.parse(row.result!));
    expect(ends).toEqual([{ id, winners: result!.winners, rated: 0 }]);
    expect(result!.winners.length).toBeGreaterThan(0);
  }, 120_000);

  it("a failing finish hook leaves the match finished and stored, and the last move acknowledged", async () => {
    const { authority, storage } = await room();
    authority.finishing.onFinish(async () => {
      throw new Error("ratings are down");
    });
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const ada = await seated(authority, id, 0, "Ada");
    await seated(authority, id, 1, "Ben");
    expect((await authority.forfeit(id, ada.cred, "resigned")).ok).toBe(true);
    const row = await storage.table(id);
    expect(row).toMatchObject({ status: "finished", rated: 0 });
    expect(await authority.finishing.resultOf(row!)).toMatchObject({ winners: [1], forfeit: { seat: 0 } });
  });

  it("plays again once every person asked: the same game and options, each person in their seat with their secret", async () => {
    const { authority } = await room();
    const id = await table(authority, {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }, { kind: "open" }],
      options: { target: 1 },
    });
    const ada = await seated(authority, id, 0, "Ada");
    const cy = await seated(authority, id, 2, "Cy");
    expect(await authority.finishing.again(id, ada.cred)).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: "the match is not over yet" },
    });
    await playOut(authority, id, [ada.cred, { seat: 1, secret: "" }, cy.cred]);
    expect(await authority.finishing.again(id, "spectator")).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await authority.finishing.again(id, ada.cred)).toEqual({ ok: true, value: null });
    expect((await authority.info(id))?.seats.map((s) => s.again)).toEqual([true, false, false]);
    const made = await authority.finishing.again(id, cy.cred);
    if (!made.ok || !made.value) throw new Error("no new table");
    const next = made.value;
    expect(await authority.finishing.again(id, ada.cred)).toEqual({ ok: true, value: next });
    const info = await authority.info(next);
    expect(info).toMatchObject({ game: "crazy-eights", options: { target: 1 } });
    expect(info?.seats.map((s) => [s.kind, s.name])).toEqual([
      ["open", "Ada"],
      ["computer", null],
      ["open", "Cy"],
    ]);
    expect((await authority.update(next, ada.cred)).ok).toBe(true);
    expect((await authority.update(next, cy.cred)).ok).toBe(true);
    expect((await authority.info(id))?.againId).toBe(next);
  }, 120_000);
});

import { describe, expect, it } from "vitest";
import { room, until } from "../../test/authority-room.js";

describe("table making", () => {
  it("stores a table with its seats, options and a fresh invite code, and a table of computers plays on", async () => {
    const { authority, storage } = await room();
    const made = await authority.createTable({
      game: "crazy-eights",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { target: 1 },
      turnSeconds: 30,
    });
    if (!made.ok) throw new Error(made.error.message);
    const row = await storage.table(made.value.id);
    expect(row).toMatchObject({
      game: "crazy-eights",
      players: 2,
      turn_seconds: 30,
      bots: 1,
      code: made.value.code,
    });
    expect(JSON.parse(row!.options)).toMatchObject({ target: 1 });
    expect((await storage.seats(made.value.id)).map((s) => [s.kind, s.level])).toEqual([
      ["computer", "random"],
      ["computer", "random"],
    ]);
    const codes = new Set([made.value.code]);
    for (let i = 0; i < 20; i++) {
      const again = await authority.createTable({ game: "roy", seats: [{ kind: "open" }, { kind: "open" }] });
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      codes.add(again.value.code);
    }
    expect(codes.size).toBe(21);
    await until(async () => (await storage.entries(made.value.id)).length > 0, "the computers to play");
  });

  it("refuses a table it cannot make with one line saying why, and stores nothing", async () => {
    const { authority, storage } = await room();
    const two = [{ kind: "open" as const }, { kind: "open" as const }];
    const cases: [Parameters<typeof authority.createTable>[0], string, string][] = [
      [{ game: "chess", seats: two }, "unknown_game", "chess"],
      [
        { game: "gin-rummy", seats: [...two, { kind: "open" }] },
        "bad_option",
        "Gin Rummy is for 2 to 2 players, not 3",
      ],
      [
        { game: "gin-rummy", seats: [{ kind: "computer", level: "genius" }, { kind: "open" }] },
        "bad_option",
        "genius",
      ],
      [
        { game: "gin-rummy", seats: [{ kind: "bot", id: "nobody" }, { kind: "open" }] },
        "bad_option",
        "no bot account nobody",
      ],
      [
        {
          game: "cribbage",
          seats: [
            { kind: "bot", id: "b" },
            { kind: "bot", id: "b" },
          ],
        },
        "bad_option",
        "a bot account is invited to one seat of a table, not several",
      ],
      [{ game: "cribbage", seats: two, options: { target: "many" } }, "bad_option", "target"],
    ];
    for (const [req, code, words] of cases) {
      const r = await authority.createTable(req);
      expect(r).toMatchObject({ ok: false, error: { code, message: expect.stringContaining(words) } });
      if (!r.ok) expect(r.error.message).not.toContain("\n");
    }
    expect(await storage.playingTables(10)).toEqual([]);
  });
});

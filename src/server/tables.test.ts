import { describe, expect, it } from "vitest";
import { room, seated, table, until } from "../../test/authority-room.js";
import type { TableNews } from "./tables.js";

describe("tables", () => {
  it("refuses a move whose log number another process stored first, and reads the table as stored", async () => {
    const a = await room();
    const b = await room({}, a.file);
    const id = await table(a.authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const p0 = await seated(a.authority, id, 0, "Ann");
    const p1 = await seated(a.authority, id, 1, "Ben");
    const creds = [p0.cred, p1.cred];
    const start = await b.authority.update(id, "spectator"); // b holds the table as it was
    if (!start.ok) throw new Error(start.error.message);
    const toAct = (start.value.status as { toAct: number[] }).toAct[0];
    const mine = await a.authority.update(id, creds[toAct]);
    if (!mine.ok) throw new Error(mine.error.message);
    const move = mine.value.legal[0] as { type: string };
    expect((await a.authority.move(id, creds[toAct], move)).ok).toBe(true);
    // b never heard of a's move: its entry number is taken, so b's is refused and nothing is doubled.
    expect(await b.authority.move(id, creds[toAct], move)).toMatchObject({
      ok: false,
      error: { code: "stale" },
    });
    expect((await a.storage.entries(id)).length).toBe(1);
    expect(await b.authority.update(id, "spectator")).toEqual(await a.authority.update(id, "spectator"));
  });

  it("runs a table's operations one after another, in the order asked", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "cribbage", seats: [{ kind: "open" }, { kind: "open" }] });
    const order: string[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => (open = r));
    const first = authority.tables.withTable(id, async () => {
      order.push("first begins");
      await gate;
      order.push("first ends");
    });
    const second = authority.tables.withTable(id, async () => void order.push("second"));
    await until(() => order.length > 0, "the first operation to begin");
    open();
    await Promise.all([first, second]);
    expect(order).toEqual(["first begins", "first ends", "second"]);
    expect(await authority.tables.withTable("no-such-table", async () => "ran")).toBeUndefined();
  });

  it("lets a finished table nobody watches go, keeps a watched one, and reads it again when asked", async () => {
    const { authority, storage } = await room();
    const computers = [
      { kind: "computer" as const, level: "random" },
      { kind: "computer" as const, level: "random" },
    ];
    const watched = await table(authority, {
      game: "crazy-eights",
      seats: computers,
      options: { target: 1 },
    });
    const idle = await table(authority, { game: "crazy-eights", seats: computers, options: { target: 1 } });
    authority.tables.watch(watched);
    for (const id of [watched, idle])
      await until(async () => (await storage.table(id))?.status === "finished", "the match's end");
    // The idle one goes; the watched one stays until its watcher leaves.
    await until(() => authority.tables.tablesHeld().finished === 1, "the idle table to be let go");
    expect(authority.tables.held(watched)).toBeDefined();
    expect(authority.tables.held(idle)).toBeUndefined();
    authority.tables.unwatch(watched);
    await until(() => authority.tables.tablesHeld().finished === 0, "the unwatched table to be let go");
    expect(await authority.isFinished(idle)).toBe(true);
    expect(authority.tables.tablesHeld()).toEqual({ playing: 0, finished: 1 });
  }, 120_000);

  it("follows another process's announced moves without reading the storage, and an unfollowable one by reading it", async () => {
    const a = await room({ shared: true });
    const b = await room({ shared: true }, a.file);
    const news: [string, TableNews | null][] = [];
    a.authority.onChange((id, n) => news.push([id, n]));
    const id = await table(a.authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const creds = [
      (await seated(a.authority, id, 0, "Ann")).cred,
      (await seated(a.authority, id, 1, "Ben")).cred,
    ];
    await b.authority.update(id, "spectator"); // b holds it
    const start = await a.authority.update(id, "spectator");
    if (!start.ok) throw new Error(start.error.message);
    const toAct = (start.value.status as { toAct: number[] }).toAct[0];
    const mine = await a.authority.update(id, creds[toAct]);
    if (!mine.ok) throw new Error(mine.error.message);
    news.length = 0;
    expect((await a.authority.move(id, creds[toAct], mine.value.legal[0] as { type: string })).ok).toBe(true);
    const told = news.find(([t, n]) => t === id && n !== null)?.[1];
    expect(told).toMatchObject({ stored: 1, entries: [expect.any(String)] });
    await b.authority.tables.refreshFromPeer(id, told!);
    expect(b.authority.tables.held(id)?.stored).toBe(1);
    expect(await b.authority.update(id, creds[toAct])).toEqual(await a.authority.update(id, creds[toAct]));
    // An announcement that does not follow on from what b holds: b reads the table as stored.
    await b.authority.tables.refreshFromPeer(id, { stored: 3, entries: ["{}"], meta: false });
    expect(b.authority.tables.held(id)?.stored).toBe(1);
  });
});

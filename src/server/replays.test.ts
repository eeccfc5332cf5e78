import { describe, expect, it } from "vitest";
import { room, seated, table, until } from "../../test/authority-room.js";
import { STEPS_PAGE } from "./replay-steps.js";

describe("replays", () => {
  it("gives a finished match's steps a page at a time, by id or code, to a spectator and to a seat", async () => {
    const { authority, storage } = await room();
    const id = await table(authority, {
      game: "roller-coaster",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { handsToWin: 1 },
    });
    expect(await authority.replays.steps(id)).toMatchObject({ ok: false, error: { code: "not_over" } });
    await until(async () => (await storage.table(id))?.status === "finished", "the match's end", 120_000);
    expect(await authority.replays.isFinished(id)).toBe(true);
    const first = await authority.replays.steps(id);
    if (!first.ok) throw new Error(first.error.message);
    const { total } = first.value;
    expect(first.value).toMatchObject({ viewer: "spectator", from: 0, info: { id, status: "finished" } });
    expect(first.value.steps.length).toBe(Math.min(total, STEPS_PAGE));
    const code = first.value.info.code;
    const last = await authority.replays.steps(code.toLowerCase(), total - 1);
    if (!last.ok) throw new Error(last.error.message);
    expect(last.value.steps.length).toBe(1);
    expect(await authority.replays.steps(id, total)).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: `from: the match's steps are 0 to ${total - 1}, not ${total}` },
    });
    expect(await authority.replays.steps("no-such-table")).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
    expect(await authority.replays.isFinished("no-such-table")).toBeUndefined();
  }, 180_000);

  it("refuses a wrong seat secret, and gives the seat's own view to its secret", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const ada = await seated(authority, id, 0, "Ada");
    await seated(authority, id, 1, "Ben");
    await authority.forfeit(id, ada.cred, "resigned");
    expect(await authority.replays.steps(id, 0, { seat: 0, secret: "0".repeat(64) })).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    const mine = await authority.replays.steps(id, 0, ada.cred);
    if (!mine.ok) throw new Error(mine.error.message);
    expect(mine.value.viewer).toBe(0);
    const theirs = await authority.replays.steps(id, 0);
    if (!theirs.ok) throw new Error(theirs.error.message);
    expect(mine.value.total).toBe(theirs.value.total);
    expect(mine.value.steps).not.toEqual(theirs.value.steps); // Ada sees her hand, a spectator does not
  });
});

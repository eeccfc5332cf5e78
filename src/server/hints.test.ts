import { describe, expect, it } from "vitest";
import { room, seated, table } from "../../test/authority-room.js";

describe("hints", () => {
  it("gives the seat to act one of its legal moves with a reason, and changes nothing at the table", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const creds = [
      (await seated(authority, id, 0, "Ada")).cred,
      (await seated(authority, id, 1, "Ben")).cred,
    ];
    const before = await authority.update(id, "spectator");
    if (!before.ok) throw new Error(before.error.message);
    const toAct = (before.value.status as { toAct: number[] }).toAct[0];
    const mine = await authority.update(id, creds[toAct]);
    if (!mine.ok) throw new Error(mine.error.message);
    const h = await authority.hints.hint(id, creds[toAct], 50);
    if (!h.ok) throw new Error(h.error.message);
    expect(mine.value.legal).toContainEqual(h.value.move);
    expect(h.value.text.length).toBeGreaterThan(0);
    expect(h.value.seq).toBe(before.value.seq);
    expect(await authority.update(id, "spectator")).toEqual(before);
    expect(await authority.hints.hint(id, creds[1 - toAct], 50)).toMatchObject({
      ok: false,
      error: { code: "not_your_turn" },
    });
    expect(await authority.hints.hint(id, "spectator", 50)).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await authority.hints.hint("no-such-table", creds[0], 50)).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
  });

  it("works out one hint at a time per seat, and none once the match is over", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "cribbage", seats: [{ kind: "open" }, { kind: "open" }] });
    const creds = [
      (await seated(authority, id, 0, "Ada")).cred,
      (await seated(authority, id, 1, "Ben")).cred,
    ];
    // Cribbage opens with both seats laying away at once.
    const first = authority.hints.hint(id, creds[0], 300);
    expect(await authority.hints.hint(id, creds[0], 300)).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: "a hint for this seat is already on its way" },
    });
    expect((await first).ok).toBe(true);
    expect((await authority.hints.hint(id, creds[1], 50)).ok).toBe(true);
    await authority.forfeit(id, creds[0], "resigned");
    expect(await authority.hints.hint(id, creds[1], 50)).toMatchObject({
      ok: false,
      error: { code: "match_over" },
    });
  });
});

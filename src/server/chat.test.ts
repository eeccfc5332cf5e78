import { describe, expect, it } from "vitest";
import { room, seated, table, until } from "../../test/authority-room.js";

describe("chat", () => {
  it("stores a line under the seat's person's name or as a spectator's, and refuses a wrong secret", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const ada = await seated(authority, id, 0, "Ada");
    const said = await authority.chat.say(id, ada.cred, "hello");
    expect(said).toMatchObject({ ok: true, value: { name: "Ada", at: expect.any(String) } });
    expect(await authority.chat.say(id, "spectator", "hi all")).toMatchObject({
      ok: true,
      value: { name: "spectator" },
    });
    expect(await authority.chat.say(id, { seat: 1, secret: "0".repeat(64) }, "me?")).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await authority.chat.say("no-such-table", "spectator", "?")).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
    const lines = await authority.chat.recent(id);
    expect(lines.map((l) => [l.name, l.text])).toEqual([
      ["Ada", "hello"],
      ["spectator", "hi all"],
    ]);
  });

  it("gives a newcomer the last 50 lines, oldest first", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    // Lines are ordered by their time to the millisecond (lines said within one are in no set order).
    for (let i = 0; i < 55; i++) {
      const said = await authority.chat.say(id, "spectator", `line ${i}`);
      if (!said.ok) throw new Error(said.error.message);
      await until(() => new Date().toISOString() > said.value.at, "the clock to move on");
    }
    const lines = await authority.chat.recent(id);
    expect(lines.length).toBe(50);
    expect(lines[0].text).toBe("line 5");
    expect(lines.at(-1)?.text).toBe("line 54");
  });
});

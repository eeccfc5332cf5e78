import { describe, expect, it } from "vitest";
import { room, seated, table } from "../../test/authority-room.js";
import { viewerAt } from "./credentials.js";

describe("credentials", () => {
  it("a seat's secret opens that seat only; anyone else is a spectator or refused", async () => {
    const { authority } = await room();
    const id = await table(authority, { game: "gin-rummy", seats: [{ kind: "open" }, { kind: "open" }] });
    const ada = await seated(authority, id, 0, "Ada");
    const t = await authority.tables.get(id);
    expect(viewerAt(t!, ada.cred)).toEqual({ ok: true, value: 0 });
    expect(viewerAt(t!, "spectator")).toEqual({ ok: true, value: "spectator" });
    const refused = { ok: false, error: { code: "forbidden" } };
    expect(viewerAt(t!, { seat: 1, secret: ada.cred.secret })).toMatchObject(refused); // nobody's seat
    expect(viewerAt(t!, { seat: 0, secret: ada.cred.secret.replace(/.$/, "x") })).toMatchObject(refused);
    expect(viewerAt(t!, { seat: 0, secret: "" })).toMatchObject(refused);
    expect(viewerAt(t!, { seat: 7, secret: ada.cred.secret })).toMatchObject(refused);
  });
});

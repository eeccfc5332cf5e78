import { describe, expect, it } from "vitest";
import { tableRequest } from "./table-new.js";

describe("cardroom table new: bot accounts", () => {
  const id = "ab".repeat(16);
  it("--no-bots refuses bot accounts; by default the request says nothing (the server lets them in)", () => {
    expect(tableRequest("crazy-eights", { option: [], name: "x", bots: false }).bots).toBe(false);
    expect(tableRequest("crazy-eights", { option: [], name: "x", bots: true })).not.toHaveProperty("bots");
  });

  it("--bot ID invites a bot account to the next seat; a bad id or too many is one line", () => {
    const req = tableRequest("crazy-eights", { option: [], name: "x", players: "3", vs: "easy", bot: [id] });
    expect(req.seats).toEqual([{ kind: "open" }, { kind: "bot", id }, { kind: "computer", level: "easy" }]);
    expect(() => tableRequest("crazy-eights", { option: [], name: "x", bot: ["robo"] })).toThrow(
      '--bot: "robo" is not a bot account\'s id (32 hex digits: GET /api/bots lists them)',
    );
    expect(() => tableRequest("crazy-eights", { option: [], name: "x", bot: [id, id] })).toThrow(
      "--bot: 2 bots invited to 1 other seats",
    );
  });
});

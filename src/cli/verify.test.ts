import { describe, expect, it } from "vitest";
import { GAMES } from "../games/index.js";
import { Authority } from "../server/authority.js";
import { openStorage } from "../server/storage.js";
import { verifyReplay } from "./verify.js";

async function finishedReplay(game: string, players: number, asSeat: boolean) {
  const storage = await openStorage(":memory:");
  const authority = new Authority(storage, { graceMs: 1 });
  const seats = Array.from({ length: players }, (_, i) =>
    i === 0 && asSeat ? { kind: "open" as const } : { kind: "computer" as const, level: "random" },
  );
  const made = await authority.createTable({ game, seats });
  if (!made.ok) throw new Error(made.error.message);
  let cred: { seat: number; secret: string } | "spectator" = "spectator";
  if (asSeat) {
    const g = await authority.guest("V");
    const sat = await authority.sit(made.value.id, 0, g.token);
    if (!sat.ok) throw new Error(sat.error.message);
    cred = { seat: 0, secret: sat.value.secret };
    authority.gone(made.value.id, 0);
  }
  // The computers play on after the table's creation was answered: a match of computers to its
  // end, a seat played for its away person for a few seconds at most.
  for (let i = 0; i < (asSeat ? 400 : 3000) && !(await authority.isFinished(made.value.id)); i++)
    await new Promise((r) => setTimeout(r, 10));
  const u = await authority.update(made.value.id, cred, 0);
  await storage.close();
  if (!u.ok) throw new Error(u.error.message);
  return {
    game,
    players,
    options: u.value.info.options,
    viewer: cred === "spectator" ? "spectator" : 0,
    events: u.value.events,
  };
}

describe("cardroom verify", () => {
  for (const g of GAMES) {
    it(`re-deals every hand of a ${g.id} match from its seeds (a spectator's and a seat's replay)`, async () => {
      for (const asSeat of [false, true]) {
        const replay = await finishedReplay(g.id, g.minPlayers, asSeat);
        const v = verifyReplay(replay);
        expect(v.line).toMatch(/^OK: /);
        expect(v.ok).toBe(true);
      }
    });
  }

  it("says FAIL when a seed or a dealt card was changed", async () => {
    const replay = await finishedReplay("gin-rummy", 2, true);
    const events = replay.events.map((e) => JSON.parse(JSON.stringify(e)) as Record<string, unknown>);
    const over = events.find((e) => e.type === "handOver")!;
    const wrongSeed = events.map((e) => (e === over ? { ...e, handSeed: "0".repeat(64) } : e));
    expect(verifyReplay({ ...replay, events: wrongSeed })).toMatchObject({
      ok: false,
      line: expect.stringMatching(/commitment/),
    });
    const deal = events.find((e) => e.type === "deal")! as { view: { hand: string[] } };
    const hand = deal.view.hand;
    const swapped = hand[0] === "2C" ? "3C" : "2C";
    hand[0] = hand.includes(swapped) ? hand[1] : swapped;
    expect(verifyReplay({ ...replay, events }).ok).toBe(false);
  });

  it("checks one hand alone when asked, and says so when that hand is not over", async () => {
    const replay = await finishedReplay("crazy-eights", 2, true);
    expect(verifyReplay(replay, 1)).toMatchObject({
      ok: true,
      line: expect.stringMatching(/^OK: hand 1 of /),
    });
    const hands = replay.events.filter((e) => e.type === "deal").length;
    expect(verifyReplay(replay, hands + 1)).toEqual({
      ok: false,
      line: `there is no hand ${hands + 1} in this replay`,
    });
    // The last hand as a seat saw it before its end: dealt, its seed still secret.
    const lastDeal = replay.events.findLastIndex((e) => e.type === "deal");
    const playing = { ...replay, events: replay.events.slice(0, lastDeal + 1) };
    expect(verifyReplay(playing, hands)).toEqual({
      ok: false,
      line: `hand ${hands} is not over yet (its seed is revealed when it ends)`,
    });
  });
});

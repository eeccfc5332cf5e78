import { describe, expect, it } from "vitest";
import { GAMES } from "../../games/index.js";
import { Authority } from "../../server/authority.js";
import { openStorage } from "../../server/storage.js";
import { verifyReplay } from "./verify.js";

async function finishedReplay(game: string, players: number, asSeat: boolean) {
  const storage = await openStorage(":memory:");
  const authority = new Authority(storage, { graceMs: 1 });
  const seats = Array.from({ length: players }, (_, i) =>
    i === 0 && asSeat ? { kind: "open" as const } : { kind: "computer" as const, level: "random" },
  );
  // Random players take hundreds of hands to reach 100 at Gin Rummy: a shorter match.
  const options: Record<string, number> = game === "gin-rummy" ? { target: 20 } : {};
  const made = await authority.createTable({ game, seats, options });
  if (!made.ok) throw new Error(made.error.message);
  let cred: { seat: number; secret: string } | "spectator" = "spectator";
  if (asSeat) {
    const g = await authority.guest("V");
    const sat = await authority.sit(made.value.id, 0, g.token);
    if (!sat.ok) throw new Error(sat.error.message);
    cred = { seat: 0, secret: sat.value.secret };
    authority.gone(made.value.id, 0);
  }
  // The computers play on after the table's creation was answered, and for the seat gone; the seat
  // deals each next hand, as a person at the table would.
  for (let i = 0; i < 3000 && !(await authority.isFinished(made.value.id)); i++) {
    if (cred !== "spectator") {
      const u = await authority.update(made.value.id, cred, 0);
      const status = u.ok ? (u.value.status as { handOver: boolean; hand: number }) : null;
      if (status?.handOver) await authority.next(made.value.id, cred, status.hand);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
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
    it(`holds for a ${g.id} match the server played, as a spectator's and a seat's replay`, async () => {
      for (const asSeat of [false, true]) {
        const replay = await finishedReplay(g.id, g.minPlayers, asSeat);
        expect(replay.events.at(-1)).toMatchObject({ type: "matchOver" });
        const v = verifyReplay(replay);
        expect(v.line).toMatch(
          /^OK: (the 1 hand|all \d+ hands) of .* every event (a spectator|seat 0) received is what the rules give on that deal$/,
        );
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
      line: expect.stringMatching(
        /^hand 1, event 1: the seed revealed at event \d+ does not match the commitment sent with the deal$/,
      ),
    });
    const deal = events.find((e) => e.type === "deal")! as { view: { hand: string[] } };
    const hand = deal.view.hand;
    const swapped = hand[0] === "2C" ? "3C" : "2C";
    hand[0] = hand.includes(swapped) ? hand[1] : swapped;
    expect(verifyReplay({ ...replay, events })).toMatchObject({
      ok: false,
      line: expect.stringMatching(
        /^hand 1, event 1: the deal event's view\.hand\[\d\] is "..?." where the rules give "..?."$/,
      ),
    });
  });

  it("checks one hand alone when asked, and says so when that hand is not over", async () => {
    const replay = await finishedReplay("crazy-eights", 2, true);
    expect(verifyReplay(replay, 1)).toMatchObject({
      ok: true,
      line: expect.stringMatching(/^OK: hand 1 of Crazy Eights \(events 1 to \d+\): the seed matches/),
    });
    const hands = replay.events.filter((e) => e.type === "deal").length;
    expect(verifyReplay(replay, hands + 1)).toEqual({
      ok: false,
      kind: "fails",
      line: `there is no hand ${hands + 1} in this replay`,
    });
    // The last hand as a seat saw it before its end: dealt, its seed still secret.
    const lastDeal = replay.events.findLastIndex((e) => e.type === "deal");
    const playing = { ...replay, events: replay.events.slice(0, lastDeal + 1) };
    expect(verifyReplay(playing, hands)).toEqual({
      ok: false,
      kind: "fails",
      line: `hand ${hands} is not over yet (its seed is revealed when it ends)`,
    });
  });
});

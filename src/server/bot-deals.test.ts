import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Authority, type Credential } from "./authority.js";
import { type Storage, openStorage } from "./storage.js";

const dirs: string[] = [];
const stores: Storage[] = [];
const authorities: Authority[] = [];

afterEach(async () => {
  for (const a of authorities.splice(0)) a.close();
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fresh(botDealMs: number): Promise<Authority> {
  const dir = mkdtempSync(join(tmpdir(), "cardroom-bot-deals-"));
  dirs.push(dir);
  const storage = await openStorage(join(dir, "db.sqlite"));
  stores.push(storage);
  const authority = new Authority(storage, { botDealMs });
  authorities.push(authority);
  return authority;
}

interface Status {
  handOver: boolean;
  matchOver: boolean;
  hand: number;
}

async function statusOf(a: Authority, table: string, cred: Credential): Promise<Status> {
  const u = await a.update(table, cred);
  if (!u.ok) throw new Error(u.error.message);
  return u.value.status as unknown as Status;
}

/** Plays the seat's first legal move each time until its hand is over (never dealing). */
async function playHand(a: Authority, table: string, cred: Credential): Promise<void> {
  for (;;) {
    const u = await a.update(table, cred);
    if (!u.ok) throw new Error(u.error.message);
    if ((u.value.status as unknown as Status).handOver) return;
    if (u.value.legal.length) {
      const r = await a.move(table, cred, u.value.legal[0] as { type: string });
      if (!r.ok) throw new Error(r.error.message);
    } else await new Promise((r) => setImmediate(r));
  }
}

async function until(cond: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the server deals at a table with no person", () => {
  it("deals the next hand itself when no bot does, and leaves a person's deal to the person", async () => {
    const a = await fresh(50);
    const owner = await a.guest("Owner");
    const made = await a.players.createBot(owner.token, "Quiet");
    if (!made.ok) throw new Error(made.error.message);
    const bot = (await a.players.identifyBot(made.value.token))!;

    // A person's table first: its hand ends before the bot's, and nobody but the person deals it.
    // Matches to 1,000: one hand can end a match to 100 (two Eights left in a hand are 100 points),
    // and a match over has no next hand to deal.
    const people = await a.createTable({
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
      options: { target: 1000 },
    });
    if (!people.ok) throw new Error(people.error.message);
    const pat = await a.guest("Pat");
    const patSeat = await a.sit(people.value.id, 0, pat.token);
    if (!patSeat.ok) throw new Error(patSeat.error.message);
    const patCred = { seat: 0, secret: patSeat.value.secret };
    await playHand(a, people.value.id, patCred);

    const bots = await a.createTable({
      game: "crazy-eights",
      seats: [
        { kind: "bot", id: bot.id },
        { kind: "computer", level: "random" },
      ],
      options: { target: 1000 },
    });
    if (!bots.ok) throw new Error(bots.error.message);
    const taken = await a.seats.takeSeat(bots.value.id, 0, bot);
    if (!taken.ok) throw new Error(taken.error.message);
    const botCred = { seat: 0, secret: taken.value.secret };
    await playHand(a, bots.value.id, botCred);
    const first = await statusOf(a, bots.value.id, botCred);
    expect(first.matchOver).toBe(false);

    // The bot never says "next": the server deals its next hand.
    await until(
      async () => (await statusOf(a, bots.value.id, botCred)).hand === first.hand + 1,
      "the server to deal the bot's next hand",
    );
    // The person's table, whose hand ended first, still waits for its person.
    const theirs = await statusOf(a, people.value.id, patCred);
    expect(theirs).toMatchObject({ handOver: true, matchOver: false, hand: 1 });
    expect((await a.next(people.value.id, patCred, 1)).ok).toBe(true);
  }, 30_000);
});

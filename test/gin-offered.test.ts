/**
 * A two-person Gin table never stalls (a stall was seen once under load: its
 * last updates offered neither seat a move for 5 minutes). Random matches
 * through the server's authority on SQLite, both people acting at once as
 * clients do (their move, stray moves out of turn, a second "next" for the
 * same hand, reads in between): at every update some seat is offered a
 * move, or the hand is over and "next" deals the next one, or the match is
 * over; and a seat is offered moves exactly when the status names it.
 * GIN_OFFERED_MATCHES sets how many matches (the long run in RELIABILITY.md).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MoveJson } from "../src/engine/game.js";
import { Authority } from "../src/server/authority.js";
import type { Update } from "../src/server/messages.js";
import { type Storage, openStorage } from "../src/server/storage.js";
import { chooser } from "./web-browser.js";

const MATCHES = Number(process.env.GIN_OFFERED_MATCHES ?? 3);
let dir: string;
let storage: Storage;
let authority: Authority;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-gin-offered-"));
  storage = await openStorage(join(dir, "db.sqlite"));
  authority = new Authority(storage, { graceMs: 0 });
});

afterAll(async () => {
  authority.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

async function seated(target: number) {
  const made = await authority.createTable({
    game: "gin-rummy",
    seats: [{ kind: "open" }, { kind: "open" }],
    options: { target },
  });
  if (!made.ok) throw new Error(made.error.message);
  const creds = [];
  for (const seat of [0, 1]) {
    const g = await authority.guest(`P${seat}`);
    const sat = await authority.sit(made.value.id, seat, g.token);
    if (!sat.ok) throw new Error(sat.error.message);
    creds.push({ seat, secret: sat.value.secret });
  }
  return { id: made.value.id, creds };
}

describe("a two-person Gin table", () => {
  it(
    `always offers a seat a move, or the next hand, until the match is over (${MATCHES} random matches)`,
    async () => {
      let updates = 0;
      let moves = 0;
      let hands = 0;
      for (let m = 0; m < MATCHES; m++) {
        const next = chooser(0x61e + m);
        const { id, creds } = await seated(m % 3 === 0 ? 50 : 10);
        const read = async (): Promise<Update[]> => {
          const us = [];
          for (const c of creds) {
            const u = await authority.update(id, c);
            if (!u.ok) throw new Error(u.error.message);
            us.push(u.value);
          }
          return us;
        };
        for (let step = 0; step < 20_000; step++) {
          const us = await read();
          updates += 2;
          expect(us[0].seq, "both seats read the same table").toBe(us[1].seq);
          const status = us[0].status as {
            toAct: number[];
            handOver: boolean;
            matchOver: boolean;
            hand: number;
          };
          for (const [seat, u] of us.entries())
            expect(u.legal.length > 0, `match ${m} step ${step} seat ${seat}`).toBe(
              status.toAct.includes(seat),
            );
          if (status.matchOver) break;
          if (status.handOver) {
            // Both may press "next": one deals, the other is told the hand was dealt already.
            const r = await Promise.all(creds.map((c) => authority.next(id, c, status.hand)));
            expect(
              r.filter((x) => x.ok),
              `match ${m}: "next" dealt hand ${status.hand + 1}`,
            ).toHaveLength(1);
            hands++;
            continue;
          }
          const offered = us.flatMap((u, seat) => u.legal.map((mv) => ({ seat, mv })));
          expect(offered.length, `match ${m} step ${step}: someone is offered a move`).toBeGreaterThan(0);
          // A knock when one is offered, so that hands end well before the stock runs out.
          const knocks = offered.filter((o) => o.mv.type === "knock");
          const pick =
            knocks.length && next() % 3 ? knocks[next() % knocks.length] : offered[next() % offered.length];
          // The other seat fires a stray move at the same time (a stale click): refused, nothing changed.
          const other = creds[1 - pick.seat];
          const stray = us[pick.seat].legal[next() % us[pick.seat].legal.length];
          const [mine, theirs] = await Promise.all([
            authority.move(id, creds[pick.seat], pick.mv as MoveJson),
            next() % 4 === 0 ? authority.move(id, other, stray as MoveJson) : Promise.resolve(null),
          ]);
          expect(mine.ok, `match ${m} step ${step}: ${JSON.stringify(pick)}`).toBe(true);
          if (theirs?.ok) moves++;
          moves++;
        }
        expect(await authority.isFinished(id), `match ${m} finished`).toBe(true);
      }
      console.log(
        `gin offered: ${MATCHES} matches, ${hands} hands, ${moves} moves, ${updates} updates checked`,
      );
    },
    Math.max(600_000, MATCHES * 60_000),
  );
});

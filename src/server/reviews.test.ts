import { describe, expect, it } from "vitest";
import { pgDatabase, playOut, room, seated, table, until } from "../../test/authority-room.js";
import { findEntry } from "../games/index.js";
import { reviewMatch } from "../review/review.js";
import type { Authority, Credential } from "./authority.js";
import type { ReviewReply } from "./messages.js";

/** The seat's review once it is made (asked every 10 ms, as a client would poll). */
async function readyReview(authority: Authority, id: string, seat: number, cred: Credential) {
  let last: ReviewReply | undefined;
  await until(
    async () => {
      const r = await authority.reviews.review(id, seat, cred);
      if (!r.ok) throw new Error(r.error.message);
      last = r.value;
      return last.state === "ready";
    },
    "the review",
    240_000,
  );
  if (last?.state !== "ready") throw new Error("no review");
  return last;
}

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

/** A match between two people, played out, reviewed, and its review read as each seat may. */
async function reviewedOnce(url?: string): Promise<void> {
  const { authority, storage, file } = await room({}, url);
  const id = await table(authority, {
    game: "crazy-eights",
    seats: [{ kind: "open" }, { kind: "open" }],
    options: { target: 1 },
  });
  const ada = await seated(authority, id, 0, "Ada");
  const ben = await seated(authority, id, 1, "Ben");
  // Before the end: nobody's review, not even one's own.
  expect(code(await authority.reviews.review(id, 0, ada.cred))).toBe("not_over");
  expect(code(await authority.reviews.review(id, 0, ben.cred))).toBe("forbidden");
  await playOut(authority, id, [ada.cred, ben.cred]);

  const mine = await readyReview(authority, id, 0, ada.cred);
  // Only seat 0's own decisions, chances and accuracy, and the budget it names.
  expect(mine.review.seats).toEqual([0]);
  expect(mine.review.accuracy.map((a) => a.seat)).toEqual([0]);
  const decisions = mine.review.hands.flatMap((h) => h.decisions);
  expect(decisions.length).toBeGreaterThan(0);
  expect(decisions.every((d) => d.seat === 0)).toBe(true);
  expect(mine.review.hands.every((h) => h.chances.every((c) => c.seat === 0))).toBe(true);
  expect(mine.budget).toBe(48);
  expect(mine.review.budget).toEqual({ worlds: 48 });
  // The same review the terminal's would be: judged on a worker, seeded the same.
  const t = await authority.tables.settled(id);
  const entry = findEntry("crazy-eights");
  if (!entry.ok) throw new Error(entry.error);
  const here = reviewMatch(entry.value, t!.table.log(), [0]);
  expect(here.ok && JSON.parse(JSON.stringify(here.value))).toEqual(mine.review);

  // Stored, one row a seat, and only once.
  const row = await storage.review(id, 1);
  expect(row?.budget).toBe(48);
  expect(JSON.parse(row!.review).seats).toEqual([1]);
  expect(await storage.addReview(row!)).toBe(false);

  // Another seat's review, a spectator, a seat past the table, a table that is not: refused.
  expect(code(await authority.reviews.review(id, 0, ben.cred))).toBe("forbidden");
  expect(code(await authority.reviews.review(id, 0, "spectator"))).toBe("forbidden");
  expect(code(await authority.reviews.review(id, 2, ada.cred))).toBe("bad_request");
  expect(code(await authority.reviews.review("0".repeat(32), 0, ada.cred))).toBe("not_found");

  // Another process over the same storage serves it at once, made by the first.
  const later = await room({}, file);
  const again = await later.authority.reviews.review(id, 1, ben.cred);
  expect(again.ok && again.value.state).toBe("ready");
  expect(again.ok && again.value.state === "ready" && again.value.review).toEqual(JSON.parse(row!.review));
}

describe("reviews on the server", () => {
  for (const db of ["SQLite", "PostgreSQL"] as const)
    it(`are made once as a match ends, stored, served afterwards, and each seat reads only its own (${db})`, async () => {
      const url = db === "PostgreSQL" ? await pgDatabase() : undefined;
      if (url === null) return console.log("skipped on PostgreSQL: nothing answers on 127.0.0.1:5432");
      await reviewedOnce(url);
    }, 300_000);
});

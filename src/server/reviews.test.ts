import { describe, expect, it } from "vitest";
import { pgDatabase, playOut, room, seated, table, until } from "../../test/authority-room.js";
import { findEntry } from "../games/index.js";
import { reviewMatch } from "../review/review.js";
import { reviewLines } from "../words/review-lines.js";
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
  // Crazy Eights has a win-chance model: the review is in win chance, as its first lines say.
  expect(mine.review.noModel).toBeNull();
  expect(reviewLines(mine.review, "Crazy Eights")[1]).toContain("the chance to win the match");
  expect(decisions.every((d) => !("loss" in d) || d.unit === "win chance")).toBe(true);
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

/** Plays the seats' first legal moves until hand 1 is over (the match goes on). */
async function playFirstHand(authority: Authority, id: string, creds: { seat: number; secret: string }[]) {
  for (let i = 0; i < 5000; i++) {
    const u = await authority.update(id, "spectator");
    if (!u.ok) throw new Error(u.error.message);
    const status = u.value.status as { handOver: boolean; toAct: number[] };
    if (status.handOver) return;
    const cred = creds[status.toAct[0]];
    const mine = await authority.update(id, cred);
    if (!mine.ok) throw new Error(mine.error.message);
    await authority.move(id, cred, mine.value.legal[0] as { type: string });
  }
  throw new Error("the hand did not end");
}

describe("the coach note", () => {
  it("judges only the asking seat's own decisions of a hand once it is over, during the match", async () => {
    const { authority } = await room();
    const id = await table(authority, {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
      options: { target: 500 },
    });
    const ada = await seated(authority, id, 0, "Ada");
    const ben = await seated(authority, id, 1, "Ben");
    expect(code(await authority.reviews.coach(id, 0, 1, ada.cred))).toBe("hand_not_over");
    await playFirstHand(authority, id, [ada.cred, ben.cred]);
    expect(code(await authority.reviews.coach(id, 0, 2, ada.cred))).toBe("hand_not_over");
    expect(code(await authority.reviews.coach(id, 0, 1, ben.cred))).toBe("forbidden");
    expect(code(await authority.reviews.coach(id, 0, 1, "spectator"))).toBe("forbidden");
    expect(code(await authority.reviews.review(id, 0, ada.cred))).toBe("not_over");

    const r = await authority.reviews.coach(id, 0, 1, ada.cred);
    if (!r.ok) throw new Error(r.error.message);
    // The same judgements as the review of the match so far, seat 0's of hand 1: the costliest named.
    const t = await authority.tables.settled(id);
    const entry = findEntry("crazy-eights");
    if (!entry.ok) throw new Error(entry.error);
    const here = reviewMatch(entry.value, t!.table.log(), [0]);
    if (!here.ok) throw new Error(here.error);
    const judged = here.value.hands[0].decisions.filter((d) => "loss" in d);
    expect(r.value.judged).toBe(judged.length);
    expect(judged.length).toBeGreaterThan(0);
    const most = Math.max(...judged.map((d) => d.loss));
    if (most === 0) expect(r.value.note).toBeNull();
    else {
      expect(r.value.note?.seat).toBe(0);
      expect(r.value.note?.loss).toBe(most);
      expect(JSON.parse(JSON.stringify(r.value.note))).toEqual(judged.find((d) => d.loss === most));
    }
  }, 300_000);
});

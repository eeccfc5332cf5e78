/**
 * The crash run, short and seeded (the long one is `npm run
 * reliability:crash`, docs/RELIABILITY.md): people-like clients and
 * computers play while the server (a real child process) is killed with
 * SIGKILL three times (4 tables: two of people, one of a person and a
 * computer, one of computers only); every acknowledged move is in the stored log exactly
 * once, every table still moves, every client reconnected.
 */
import { describe, expect, it } from "vitest";
import { crashRun } from "../bench/crash-run.js";

describe("the crash run, short", () => {
  it("loses and doubles nothing acknowledged through three kills; every table and client goes on", async () => {
    const f = await crashRun({ kills: 3, tables: 4, seed: "npm-test", between: [300, 1000], cluster: false });
    expect(f.problems).toEqual([]);
    expect([f.lost, f.doubled, f.broken, f.stalled, f.notReconnected]).toEqual([0, 0, 0, 0, 0]);
    expect(f.acked).toBeGreaterThan(0);
    expect(f.reconnects).toBeGreaterThanOrEqual(f.people);
  }, 600_000); // about a minute on an idle machine; a busy one starts each server slowly
});

import { defineConfig } from "vitest/config";
import SlowFirst from "./test/slow-first.js";
import RetriedErrors from "./test/retried-reporter.js";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Three files at once on two cores: most wait on a browser, a server or a child process (the
    // default here was one worker, and two left a third of the CPU idle).
    maxWorkers: 3,
    // A hang guard, not a timing: the suite on two cores runs at a load of 15, where a test that
    // starts many processes took 61 to 87 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // `expect.poll` waits for a condition; its default second is a timing on a loaded machine (a replay
    // page took longer than that to draw its first step in CI). A hang guard instead.
    expect: { poll: { timeout: 15_000 } },
    // The slowest files first (a fresh clone has no durations from an earlier run to go by).
    sequence: { sequencer: SlowFirst },
    // A test that passed on its retry: what it failed with first, so that a flaky test's cause is kept.
    reporters: ["default", new RetriedErrors()],
  },
});

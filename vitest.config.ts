import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Three files at once on two cores: most wait on a browser, a server or a child process (the
    // default here was one worker, and two left a third of the CPU idle).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

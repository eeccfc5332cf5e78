/**
 * The order the suite's files start in: the slowest first, so that three workers on two cores do
 * not end with one of them alone on a long file. Vitest orders by the durations it saw last time,
 * which a fresh clone (CI) has not got: there it falls back to the largest file first. The list is
 * the files that took longest in a whole run (longest first); a file not listed runs after them,
 * in Vitest's own order. A wrong or stale entry costs only time, never a result.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOWEST = [
  "test/web-layout.test.ts",
  "test/web.test.ts",
  "test/cli.test.ts",
  "test/bot-cli.test.ts",
  "test/web-moves.test.ts",
  "test/web-words.test.ts",
  "test/web-matches.test.ts",
  "test/web-pages.test.ts",
  "test/terminal-join.test.ts",
  "src/games/gin-rummy/properties.test.ts",
  "test/players-cli.test.ts",
  "test/lab-queue.test.ts",
  "test/web-tables.test.ts",
  "test/web-motion.test.ts",
  "test/bot-tables.test.ts",
  "test/web-hand-end.test.ts",
  "src/games/roy/properties.test.ts",
  "test/web-lobby.test.ts",
  "src/games/crazy-eights/properties.test.ts",
  "test/players.test.ts",
  "src/games/roller-coaster/properties.test.ts",
  "test/lab-players.test.ts",
  "test/web-delivery.test.ts",
  "test/web-feel.test.ts",
];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const i = SLOWEST.findIndex((s) => f.moduleId.endsWith(`/${s}`));
      return i < 0 ? SLOWEST.length : i;
    };
    const rest = await super.sort(files);
    return rest
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

/**
 * What a test that passed on its retry failed with the first time: the default reporter marks it
 * "(retry x1)" and says no more, so a flaky test's cause would be lost with the run. Printed after
 * the run, a few lines each.
 */
import { relative } from "node:path";
import type { Reporter, TestCase } from "vitest/node";

export default class RetriedErrors implements Reporter {
  private readonly lines: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    if (result.state !== "passed" || !result.errors?.length) return;
    this.lines.push(`${relative(process.cwd(), test.module.moduleId)} > ${test.fullName}`);
    for (const e of result.errors) {
      // The message, and what was found where it differs from what was expected (a list of problems).
      const found = e.actual ? `\nfound: ${e.actual}` : "";
      const message = `${e.message}${found}`.split("\n").slice(0, 12).join("\n    ");
      const at = e.stacks?.find((s) => !s.file.includes("node_modules"));
      this.lines.push(
        `  failed first: ${message}${at ? `\n    at ${relative(process.cwd(), at.file)}:${at.line}` : ""}`,
      );
    }
  }

  onTestRunEnd(): void {
    if (this.lines.length === 0) return;
    console.log(`\nPassed on a retry, after failing with:\n${this.lines.join("\n")}\n`);
  }
}

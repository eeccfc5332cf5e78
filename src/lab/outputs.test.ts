import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { needsRows, outputProblem } from "./outputs.js";

const dir = mkdtempSync(join(tmpdir(), "cardroom-outputs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the lab's output flags", () => {
  it("name the flag and the problem before a run", () => {
    expect(outputProblem({ csv: join(dir, "a.csv"), report: join(dir, "a.html") })).toBeNull();
    expect(outputProblem({ parquet: join(dir, "no", "a.parquet") })).toMatch(/^--parquet: no folder /);
    expect(outputProblem({ csv: "" })).toBe("--csv: expected a file name");
    expect(outputProblem({ csv: join(dir, "a"), report: join(dir, "a") })).toMatch(
      /^--report: .* is already --csv's file$/,
    );
  });

  it("keep the rows only for the files that hold them", () => {
    expect(needsRows({ report: "r.html" })).toBe(false);
    expect(needsRows({ csv: "r.csv" })).toBe(true);
    expect(needsRows({ parquet: "r.parquet" })).toBe(true);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { unwritable, writeWhole } from "./output-file.js";

const dirs: string[] = [];
const fresh = (): string => {
  const d = mkdtempSync(join(tmpdir(), "cardroom-out-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the lab's output files", () => {
  it("are written whole under their name, with no part left beside them", () => {
    const d = fresh();
    writeWhole(join(d, "a.csv"), "x\n1\n");
    writeWhole(join(d, "a.csv"), "x\n2\n");
    expect(readdirSync(d)).toEqual(["a.csv"]);
    expect(readFileSync(join(d, "a.csv"), "utf8")).toBe("x\n2\n");
  });

  it("say why a path cannot be written before anything is played", () => {
    const d = fresh();
    mkdirSync(join(d, "sub"));
    expect(unwritable(join(d, "r.html"))).toBeNull();
    expect(unwritable(join(d, "none", "r.html"))).toMatch(/^no folder .*none$/);
    expect(unwritable(join(d, "sub"))).toMatch(/sub is a folder$/);
    writeWhole(join(d, "f"), "");
    expect(unwritable(join(d, "f", "r.html"))).toMatch(/f is not a folder$/);
  });

  it("fail with one line naming the file, leaving nothing", () => {
    const d = fresh();
    mkdirSync(join(d, "taken"));
    expect(() => writeWhole(join(d, "taken"), "x")).toThrow(/^cannot write .*taken: E[A-Z]+$/);
    expect(readdirSync(d)).toEqual(["taken"]);
  });
});

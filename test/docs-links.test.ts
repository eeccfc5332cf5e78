/**
 * The README and the docs point only at files in the repository: every
 * relative Markdown link resolves, and a page named in passing (`NAME.md`)
 * exists too, beside the page or at the repository's root.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
  );
}

/** Relative link targets (no scheme, no pure #anchor), without their anchors. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"))
    .map((t) => decodeURI(t.split("#")[0]));
}

/** Pages named in passing: `CONTRACT.md`, docs/PROTOCOL.md. */
const namedPages = (text: string): string[] => [...text.matchAll(/[\w./-]*\b[\w-]+\.md\b/g)].map((m) => m[0]);

const pages = [join(ROOT, "README.md"), ...markdownUnder(join(ROOT, "docs"))];

describe("links in the README and the docs", () => {
  it("finds the links it checks", () => {
    expect(relativeLinks('[a](docs/A.md#x) [b](https://x.org/B.md) [c](#top) [d](d.md "title")')).toEqual([
      "docs/A.md",
      "d.md",
    ]);
  });

  for (const page of pages) {
    const name = relative(ROOT, page);
    it(`${name} links only to files in the repository`, () => {
      const text = readFileSync(page, "utf8");
      const broken = relativeLinks(text).filter((t) => !existsSync(join(dirname(page), t)));
      expect(broken, name).toEqual([]);
      const unknown = namedPages(text.replace(/\]\([^)]*\)/g, "]")).filter(
        (t) => !existsSync(join(dirname(page), t)) && !existsSync(join(ROOT, t)),
      );
      expect(unknown, name).toEqual([]);
    });
  }
});

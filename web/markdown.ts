/**
 * `import html from "./page.md?html"`: the page rendered to HTML at build
 * time (marked, GitHub's flavour: tables, code), so the browser gets
 * the HTML as a string and no Markdown parser. Only the project's own pages
 * are rendered this way (docs/rules), so the HTML is trusted.
 */
import { readFile } from "node:fs/promises";
import { marked } from "marked";
import type { Plugin } from "vite";

const SUFFIX = ".md?html";

export function markdownPages(): Plugin {
  return {
    name: "cardroom-markdown-pages",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -"?html".length);
      this.addWatchFile(file);
      const html = await marked.parse(await readFile(file, "utf8"), { gfm: true });
      return `export default ${JSON.stringify(html)};`;
    },
  };
}

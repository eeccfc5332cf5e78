/**
 * `import html from "./page.md?html"`: the page rendered to HTML at build
 * time (marked, GitHub's flavour: tables, code), so the browser gets
 * the HTML as a string and no Markdown parser. Only the project's own pages
 * are rendered this way (docs/rules), so the HTML is trusted. A card named
 * in the text ("you hold 5H 9C") is drawn as the log draws it, a small card
 * named in words for a screen reader (web/src/Card.tsx's chip); code (a move
 * or an event as a program sends it) stays code, unless it is cards alone.
 */
import { readFile } from "node:fs/promises";
import { Marked } from "marked";
import type { Plugin } from "vite";
import { CARD_CODE, cardFace } from "../src/words/card-words.js";

const SUFFIX = ".md?html";

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A card as a chip: the markup of CardChip in web/src/Card.tsx. */
function chip(text: string): string {
  const face = cardFace(text);
  if (!face) return text;
  const colour = face.red ? "red" : "black";
  return `<span class="chip ${colour} suit-${face.suit}" role="img" aria-label="${face.name}" data-card="${text}">${face.rank}${face.symbol}</span>`;
}

/** Only cards, one or more: "AS", "3H 4H 5H". */
const CARDS_ALONE = new RegExp(`^\\s*(?:${CARD_CODE.source})(?:[\\s,]+(?:${CARD_CODE.source}))*\\s*$`);

const pages = new Marked({
  gfm: true,
  renderer: {
    // Plain text, escaped as marked escapes it (a card's code has nothing to escape); text with
    // inline parts is left to marked, which renders each part.
    text(token) {
      if ("tokens" in token && token.tokens) return false;
      const html = "escaped" in token && token.escaped ? token.text : escapeHtml(token.text);
      return html.replace(CARD_CODE, chip);
    },
    codespan({ text }) {
      return CARDS_ALONE.test(text) ? text.trim().replace(CARD_CODE, chip) : false;
    },
  },
});

export function markdownPages(): Plugin {
  return {
    name: "cardroom-markdown-pages",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -"?html".length);
      this.addWatchFile(file);
      const html = await pages.parse(await readFile(file, "utf8"));
      return `export default ${JSON.stringify(html)};`;
    },
  };
}

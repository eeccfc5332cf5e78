/** Writes the games' view and move reference into docs/PROTOCOL.md from their schemas. */
import { readFileSync, writeFileSync } from "node:fs";
import { GAMES } from "../src/games/index.js";
import { protocolReference, withReference } from "../src/protocol/schema-docs.js";

const page = "docs/PROTOCOL.md";
writeFileSync(page, withReference(readFileSync(page, "utf8"), protocolReference(GAMES)));
console.log(`${page}: the view and move reference is written from the games' schemas`);

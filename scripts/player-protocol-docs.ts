/** Writes the player protocol's message reference into docs/PLAYER-PROTOCOL.md from its schemas. */
import { readFileSync, writeFileSync } from "node:fs";
import { PLAYERS_GENERATED_START, playerProtocolReference } from "../src/players/protocol-docs.js";
import { withReference } from "../src/protocol/schema-docs.js";

const page = "docs/PLAYER-PROTOCOL.md";
writeFileSync(
  page,
  withReference(readFileSync(page, "utf8"), playerProtocolReference(), PLAYERS_GENERATED_START),
);
console.log(`${page}: the message reference is written from the protocol's schemas`);

/**
 * The message reference of docs/PLAYER-PROTOCOL.md, written from the
 * protocol's zod schemas (`npm run docs:players`); a test checks the page
 * says what the schemas say.
 */
import { GENERATED_START, fieldRows, toJson } from "../protocol/schema-docs.js";
import { MESSAGES } from "./protocol.js";

/** For each message, who sends it and its fields. */
export function playerProtocolReference(): string {
  const out: string[] = [];
  for (const m of MESSAGES) {
    const from = m.from === "cardroom" ? "Cardroom to the program" : "the program to Cardroom";
    out.push(`### \`${m.name}\` (${from})`, "", "| field | type | meaning |", "| --- | --- | --- |");
    out.push(...fieldRows(toJson(m.schema)), "");
  }
  return out.join("\n").replace(/\n+$/, "\n");
}

/** The start of the page's generated part. */
export const PLAYERS_GENERATED_START = GENERATED_START.replace("docs:protocol", "docs:players");

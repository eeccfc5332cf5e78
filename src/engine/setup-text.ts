import { CARD_SPACE } from "./cards.js";
import { parseCard } from "./card-text.js";
import type { Setup } from "./game.js";
import { type Result, err, ok } from "./result.js";

/**
 * Reads a set-up from its wire form: cards (as text, or as their integer
 * codes) alone, in lists, or in lists of lists; `dealer` as a seat number.
 * The game checks the rest.
 */
export function parseSetup(json: unknown): Result<Setup, string> {
  if (json === undefined || json === null) return ok({});
  if (typeof json !== "object" || Array.isArray(json)) return err("setup must be an object");
  const parts: [string, unknown][] = [];
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (key === "dealer") {
      if (typeof value !== "number" || !Number.isInteger(value))
        return err("setup.dealer must be a seat number");
      parts.push([key, value]);
      continue;
    }
    const r = parseCardsDeep(value, `setup.${key}`);
    if (!r.ok) return r;
    parts.push([key, r.value]);
  }
  // fromEntries keeps every part an own field, "__proto__" too, so the game can refuse it by name.
  return ok(Object.fromEntries(parts) as Setup);
}

function parseCardsDeep(value: unknown, where: string, depth = 0): Result<unknown, string> {
  if (typeof value === "string") {
    const c = parseCard(value);
    return c.ok ? c : err(`${where}: ${c.error}`);
  }
  // A card's integer code (0..53) is read as that card: programs that hold cards as codes may send them.
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < CARD_SPACE)
    return ok(value);
  // A list's entries may be null: "deal this seat from the pack".
  if (value === null && depth === 1) return ok(null);
  if (Array.isArray(value) && depth < 2) {
    const out: unknown[] = [];
    for (const [i, v] of value.entries()) {
      const r = parseCardsDeep(v, `${where}[${i}]`, depth + 1);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  }
  return err(`${where} must be cards as text, e.g. ["AS", "TD"]`);
}

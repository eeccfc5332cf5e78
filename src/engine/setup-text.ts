import { parseCard } from "./card-text.js";
import type { Setup } from "./game.js";
import { type Result, err, ok } from "./result.js";

/**
 * Reads a set-up from its wire form: card text anywhere (a card, a list of
 * cards, a list of lists), `dealer` as a seat number. The game checks the rest.
 */
export function parseSetup(json: unknown): Result<Setup, string> {
  if (json === undefined || json === null) return ok({});
  if (typeof json !== "object" || Array.isArray(json)) return err("setup must be an object");
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (key === "dealer") {
      if (typeof value !== "number" || !Number.isInteger(value))
        return err("setup.dealer must be a seat number");
      out.dealer = value;
      continue;
    }
    const r = parseCardsDeep(value, `setup.${key}`);
    if (!r.ok) return r;
    out[key] = r.value;
  }
  return ok(out as Setup);
}

function parseCardsDeep(value: unknown, where: string): Result<unknown, string> {
  if (typeof value === "string") {
    const c = parseCard(value);
    return c.ok ? c : err(`${where}: ${c.error}`);
  }
  if (value === null || typeof value === "number") return ok(value);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [i, v] of value.entries()) {
      const r = parseCardsDeep(v, `${where}[${i}]`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  }
  return err(`${where} must be cards as text, e.g. ["AS", "TD"]`);
}

/**
 * `checkReplay` over every game in the registry: what `cardroom verify`, the
 * tests and the bench run. A browser table passes only its own game instead
 * (web/src/panels/ProofPanel.tsx), so that its page loads no other game.
 */
import { ok } from "../engine/result.js";
import { findEntry } from "../games/index.js";
import { type Verdict, checkReplay } from "./replay-proof.js";

export function verifyReplay(raw: unknown, only?: number, maxTries?: number): Verdict {
  return checkReplay(
    raw,
    (id) => {
      const e = findEntry(id);
      return e.ok ? ok(e.value.game) : e;
    },
    only,
    maxTries,
  );
}

import type { Json, JsonObject } from "../../engine/game.js";
import { dealFromSeed } from "../../engine/redeal.js";
import { commitment, isHandSeed } from "../../engine/seeds.js";
import { type GameEntry } from "../../games/index.js";
import { UsageError, flagError, optionFlags, playersFlag, wholeNumber } from "../args.js";

export interface DealFlags {
  handSeed?: string;
  players?: string;
  dealer?: string;
  option: string[];
  json?: boolean;
}

/** What a deal leaves where: the position's card places, without the match's running parts. */
const NOT_DEALT = new Set(["rng", "scores", "hand", "handNumber", "result"]);

/**
 * `cardroom deal GAME --hand-seed HEX --players N --dealer K`: the deal a
 * hand seed gives (docs/FAIRNESS.md), so anyone can check a hand they played.
 */
export function dealCommand(entry: GameEntry, o: DealFlags): void {
  const { game } = entry;
  if (o.handSeed === undefined) throw flagError("--hand-seed", "missing: the hand's seed, 64 hex digits");
  const handSeed = o.handSeed.trim().toLowerCase();
  if (!isHandSeed(handSeed))
    throw flagError("--hand-seed", `expected 64 hex digits (0-9, a-f), got "${o.handSeed}"`);
  const players = playersFlag(game, o.players);
  const dealer = wholeNumber("--dealer", o.dealer, 0);
  if (dealer < 0 || dealer >= players)
    throw flagError("--dealer", `the dealer is a seat from 0 to ${players - 1}, not ${dealer}`);
  const dealt = dealFromSeed(game, { players, dealer, handSeed, options: optionFlags(game, o.option) });
  if (!dealt.ok) throw new UsageError(dealt.error);
  const places = Object.fromEntries(
    Object.entries(game.dump(dealt.value)).filter(([k]) => !NOT_DEALT.has(k)),
  ) as JsonObject;
  if (o.json) {
    const out = { game: game.id, players, dealer, handSeed, commitment: commitment(handSeed), deal: places };
    process.stdout.write(JSON.stringify(out) + "\n");
    return;
  }
  const lines = [
    `${game.name}, ${players} players, dealer seat ${dealer}`,
    `hand seed ${handSeed}`,
    `commitment ${commitment(handSeed)} (SHA-256 of the seed's bytes)`,
    ...Object.entries(places).map(([k, v]) => `${k}: ${words(v)}`),
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

/** A place in words: cards space-separated, one group per seat with " | " between. */
function words(v: Json): string {
  if (Array.isArray(v)) {
    if (v.some((x) => Array.isArray(x))) return v.map((x, i) => `seat ${i}: ${words(x)}`).join(" | ");
    return v.length ? v.map((x) => words(x)).join(" ") : "none";
  }
  return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
}

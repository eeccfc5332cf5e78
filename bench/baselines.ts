/**
 * The bench's baselines (bench/players/): rule-based players written apart
 * from the search and its heuristics, each an outside program speaking the
 * player protocol. Yardsticks for `npm run bench:strength`, not levels.
 */
import { resolve } from "node:path";

export interface Baseline {
  /** A short name for tables. */
  readonly name: string;
  readonly game: string;
  /** The level that plays it (`cmd:...`), run from the repository's root. */
  readonly level: string;
  readonly about: string;
}

const node = (file: string): string => `cmd:"${process.execPath}" "${resolve("bench/players", file)}"`;

export const BASELINES: readonly Baseline[] = [
  {
    name: "cribbage-expert",
    game: "cribbage",
    level: node("cribbage.mjs"),
    about:
      "expected-value discards with crib tables of how the other lays away; pegging against its best reply",
  },
  {
    name: "gin-simple",
    game: "gin-rummy",
    level: node("gin-simple.mjs"),
    about: "the EAAI 2021 challenge's simple player",
  },
  {
    name: "gin-knock",
    game: "gin-rummy",
    level: node("gin.mjs"),
    about: "knock-and-meld: live partial melds, the other's collecting read, knocks early or low",
  },
  {
    name: "eights-expert",
    game: "crazy-eights",
    level: node("crazy-eights.mjs"),
    about: "card counting, suit control, the other's missing suits, Eights only when nothing else plays",
  },
];

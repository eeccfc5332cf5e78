// Written by scripts/win-chance-fit.ts: do not edit. The standing model's coefficients
// (standing-model.ts), fitted to lab matches
// (`cardroom lab --game G --players N --bots LEVEL --seed SEED --threads 1 --csv FILE`) at the line given.
import type { StandingModel } from "./standing-model.js";

export interface FittedStanding {
  readonly game: string;
  readonly level: string;
  readonly seed: string;
  /** The target or limit the matches were played to: the only one the model is for. */
  readonly line: number;
  readonly matches: number;
  readonly deals: number;
  readonly model: StandingModel;
}

export const FITTED_STANDINGS: readonly FittedStanding[] = [
  {
    game: "roy",
    level: "medium",
    seed: "win-chance-roy-fit",
    line: 100,
    matches: 1500,
    deals: 52684,
    model: {
      players: 3,
      ending: "highest",
      lead: 3.294,
      base: 1.2645,
      ease: 0.05,
      place: [0, 0.0188296, 0.0162908],
    },
  },
  {
    game: "roy",
    level: "medium",
    seed: "win-chance-roy-fit",
    line: 100,
    matches: 1500,
    deals: 41329,
    model: {
      players: 4,
      ending: "highest",
      lead: 2.8898,
      base: 1.18009,
      ease: 0.1,
      place: [0, 0.0176657, 0.025432, 0.0172027],
    },
  },
  {
    game: "royal-corners",
    level: "medium",
    seed: "win-chance-royal-corners-fit",
    line: 50,
    matches: 1500,
    deals: 7112,
    model: {
      players: 3,
      ending: "lowest",
      lead: 7.27694,
      base: -3.16325,
      ease: 0.5,
      place: [0, -0.0400311, -0.0767728],
    },
  },
  {
    game: "royal-corners",
    level: "medium",
    seed: "win-chance-royal-corners-fit",
    line: 50,
    matches: 1500,
    deals: 8229,
    model: {
      players: 4,
      ending: "lowest",
      lead: 2.03909,
      base: 2.79719,
      ease: 0.05,
      place: [0, -0.0231242, -0.0386659, -0.0762079],
    },
  },
];

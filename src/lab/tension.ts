/**
 * The lab's measures of tension by evaluation (docs/LAB.md, "Tension by
 * evaluation"), after Ludii's state-evaluation metrics and Browne's: read
 * from what a search level's search already weighed at each of its
 * decisions (the root's moves and their mean rewards for the mover), never
 * from a search of their own.
 */
import type { SearchResult } from "../bots/ismcts.js";

/** One match's figures; each null where no decision of the match gave it a sample. */
export interface MatchTension {
  /** Decisions whose search valued a move. */
  readonly searched: number;
  /** Mean over decisions with two valued moves or more: the variance of their values (Ludii's clarity). */
  readonly clarity: number | null;
  /** Mean over the same: the share of the valued moves within a quarter of the best's lead over their mean. */
  readonly narrowness: number | null;
  /** Mean over decisions: how near the value of the move played lies to an even share (1: even, 0: settled). */
  readonly uncertainty: number | null;
  /** Mean change of a seat's value from one of its decisions to its next in the same hand. */
  readonly stability: number | null;
  /** How far below an even share the sole winner's value fell at worst, as a share of the even share. */
  readonly drama: number | null;
}

/** How near `v` lies to the even value `even`: 1 at it, 0 at a sure win (1) or a sure loss (0). */
export const closeness = (v: number, even: number): number =>
  1 - Math.abs(v - even) / (v >= even ? 1 - even : even);

/** Ludii's narrowness threshold: the moves' mean plus three quarters of the best's lead over it. */
const NARROW = 0.75;

/** What one match's searched decisions add up to, seat by seat. */
export class TensionRecord {
  private searched = 0;
  private weighed = 0;
  private variance = 0;
  private narrow = 0;
  private close = 0;
  private change = 0;
  private changes = 0;
  /** Each seat's value at its last decision, and that decision's hand (-1: none yet). */
  private readonly last: number[];
  private readonly lastHand: number[];
  /** Each seat's deepest fall below even, as a share of it (-1: the seat never searched). */
  private readonly below: number[];

  constructor(players: number) {
    this.last = new Array<number>(players).fill(0);
    this.lastHand = new Array<number>(players).fill(-1);
    this.below = new Array<number>(players).fill(-1);
  }

  /** `seat`'s search in hand `hand` (counted from 0) weighed `r`; a decision settled without values adds nothing. */
  decision(seat: number, hand: number, r: SearchResult): void {
    let k = 0;
    let sum = 0;
    let max = -Infinity;
    let played = NaN;
    for (const m of r.moves) {
      if (m.visits === 0) continue;
      k++;
      sum += m.value;
      max = Math.max(max, m.value);
      if (m.move === r.move) played = m.value;
    }
    if (k === 0) return;
    const v = Number.isNaN(played) ? max : played;
    this.searched++;
    if (k > 1) {
      const mean = sum / k;
      const line = mean + NARROW * (max - mean);
      let sq = 0;
      let near = 0;
      for (const m of r.moves) {
        if (m.visits === 0) continue;
        sq += (m.value - mean) ** 2;
        if (m.value >= line) near++;
      }
      this.weighed++;
      this.variance += sq / k;
      this.narrow += near / k;
    }
    const even = r.even;
    this.close += closeness(v, even);
    if (this.lastHand[seat] === hand) {
      this.change += Math.abs(v - this.last[seat]);
      this.changes++;
    }
    this.last[seat] = v;
    this.lastHand[seat] = hand;
    this.below[seat] = Math.max(this.below[seat], Math.max(0, even - v) / even);
  }

  /** The match's figures, its winners given (drama needs one winner who searched). */
  summary(winners: readonly number[]): MatchTension {
    const per = (total: number, n: number): number | null => (n ? total / n : null);
    const w = winners.length === 1 ? winners[0] : -1;
    return {
      searched: this.searched,
      clarity: per(this.variance, this.weighed),
      narrowness: per(this.narrow, this.weighed),
      uncertainty: per(this.close, this.searched),
      stability: per(this.change, this.changes),
      drama: w >= 0 && this.below[w] >= 0 ? this.below[w] : null,
    };
  }
}

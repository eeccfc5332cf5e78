/**
 * The command line that plays a lab run again, as its report prints it: the
 * flags as given, with what the run chose for itself written out (the seed,
 * the players), so the same line gives the same numbers on any machine.
 */
import type { LabPlan } from "../../lab/plan.js";

/** The lab's flags that decide what is played and what is written (the machine's own, such as --threads, left out). */
export interface RepeatFlags {
  readonly option: readonly string[];
  readonly vary?: readonly string[];
  readonly bots?: string;
  readonly games?: string;
  readonly until?: string;
  readonly sprt?: string;
  readonly alpha?: string;
  readonly beta?: string;
  readonly eloModel?: string;
  readonly overshoot?: boolean;
  readonly margin?: string;
  readonly skill?: boolean;
  readonly batch?: string;
  readonly iterations?: string;
  readonly ms?: string;
  readonly hmacSeeds?: boolean;
  readonly measures?: boolean;
  readonly ruleEvery?: string;
  readonly csv?: string;
  readonly parquet?: string;
  readonly report?: string;
  readonly roundRobin?: boolean;
}

/** A word as a POSIX shell reads it back: quoted only when it must be. */
export const shellWord = (w: string): string =>
  /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;

/** `cardroom lab --game G --players N ... --seed S`, every word quoted as a shell needs. */
export function repeatCommand(flags: RepeatFlags, plan: LabPlan): string {
  const words = ["cardroom", "lab", "--game", plan.game, "--players", String(plan.players)];
  const add = (flag: string, value: string | undefined) => {
    if (value !== undefined) words.push(flag, value);
  };
  for (const o of flags.option) add("--option", o);
  for (const v of flags.vary ?? []) add("--vary", v);
  if (flags.roundRobin) words.push("--round-robin");
  add("--bots", flags.bots);
  add("--games", flags.games);
  add("--until", flags.until);
  add("--sprt", flags.sprt);
  add("--alpha", flags.alpha);
  add("--beta", flags.beta);
  add("--elo-model", flags.eloModel);
  if (flags.overshoot === false) words.push("--no-overshoot");
  add("--margin", flags.margin);
  if (flags.skill) words.push("--skill");
  add("--seed", plan.seed);
  add("--batch", flags.batch);
  add("--iterations", flags.iterations);
  add("--ms", flags.ms);
  if (flags.hmacSeeds) words.push("--hmac-seeds");
  if (flags.measures === false) words.push("--no-measures");
  add("--rule-every", flags.ruleEvery);
  add("--csv", flags.csv);
  add("--parquet", flags.parquet);
  add("--report", flags.report);
  return words.map(shellWord).join(" ");
}

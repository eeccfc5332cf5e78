/**
 * `cardroom lab`: a game and its variants measured (docs/LAB.md). The flags
 * become a plan (`labPlan`: plain data, the same on every machine), the plan
 * runs in batches on every core (`runLab`), and the result prints as text or
 * one JSON object. Ctrl-C stops the run and still reports what was played.
 */
import { SingleBar } from "cli-progress";
import { CEILING } from "../../sim/arena-match.js";
import { LAB_PLAN_VERSION, type LabPlan, type LabVariant } from "../../lab/plan.js";
import {
  type BatchExecutor,
  type LabRun,
  type Progress,
  type StoppingRule,
  runLab,
  threadExecutor,
} from "../../lab/run.js";
import type { CellMeasures } from "../../lab/measures.js";
import { needsRows, outputProblem, writeOutputs } from "../../lab/outputs.js";
import { rulesNeedEvents } from "../../lab/rule-counters.js";
import {
  type Difference,
  type Distribution,
  type EloModel,
  type Estimate,
  type Rate,
  P_FLOOR,
} from "../../lab/stats.js";
import { labQueueFlags } from "./queue-flags.js";
import {
  UsageError,
  entryOrFail,
  flagError,
  levelOrFail,
  optionFlags,
  outsideTimes,
  playersFlag,
  seedOf,
  wholeNumber,
} from "../args.js";
import { isOutsideLevel, splitLevels } from "../../players/level.js";
import { repeatCommand } from "./lab-command.js";
import { type Ladder, ladderLineups, ladderOf, ladderText, pairLineups } from "../../lab/ladder.js";
import { packageVersion } from "../package-files.js";

export interface LabFlags {
  game: string;
  players?: string;
  option: string[];
  vary?: string[];
  bots?: string;
  games?: string;
  until?: string;
  sprt?: string;
  alpha?: string;
  beta?: string;
  eloModel?: string;
  overshoot?: boolean;
  margin?: string;
  skill?: boolean;
  seed?: string;
  threads?: string;
  batch?: string;
  iterations?: string;
  ms?: string;
  hmacSeeds?: boolean;
  measures?: boolean;
  ruleEvery?: string;
  json?: boolean;
  csv?: string;
  parquet?: string;
  report?: string;
  queue?: string;
  lease?: string;
  cmdMoveMs?: string;
  cmdMatchMs?: string;
  roundRobin?: boolean;
}

/** A run's plan and how it stops, from the flags; bad input is a UsageError naming its flag. */
export interface LabSetup {
  readonly plan: LabPlan;
  readonly stop: StoppingRule | undefined;
  /** For a run a stopping rule ends: the most batches it may play. */
  readonly maxBatches: number | undefined;
  /** `--round-robin`: the players of the ladder, in the order given; null for a plain run. */
  readonly ladder: readonly string[] | null;
}

/** Matches each pair of a ladder plays unless --games says. */
const LADDER_GAMES = 100;

/** A ladder's flags checked: its players (two or more, each once) and what it cannot be combined with. */
function ladderPlayers(flags: LabFlags, given: readonly string[]): string[] {
  for (const [flag, set] of [
    ["--vary", (flags.vary ?? []).length > 0],
    ["--skill", flags.skill === true],
    ["--until", flags.until !== undefined],
    ["--sprt", flags.sprt !== undefined],
  ] as const)
    if (set) throw flagError("--round-robin", `rates players on a fixed number of games: drop ${flag}`);
  if (given.length < 2) throw flagError("--bots", "--round-robin needs two or more players, comma-separated");
  const twice = given.find((l, i) => given.indexOf(l) !== i);
  if (twice !== undefined) throw flagError("--bots", `names ${twice} twice`);
  return [...given];
}

/** Matches a batch aims at per level: the quick ones by the hundred; search levels play one deal a batch. */
const BATCH_MATCHES: Readonly<Record<string, number>> = { random: 256, easy: 64, medium: 16 };
/**
 * A run of fixed size is cut into at least this many batches, so every core has work however few
 * deals it plays. Never the machine's core count: batches must be the same everywhere (a stopping
 * rule reads whole prefixes of batches).
 */
const MIN_BATCHES = 32;
/** Deals a run a stopping rule ends may play at most, unless --games says. */
const OPEN_RUN_DEALS = 10_000_000;
/** The most variants one run plays (every deal is played in each). */
const MAX_VARIANTS = 64;
/** Runs up to this many deals count the special rules on every deal by default. */
const RULES_ON_EVERY_DEAL = 1000;

/** `±1%`, `+-1%`, `1%`, `0.5 %`: the half-width as a fraction. */
function untilFlag(text: string): number {
  const m = /^\s*(?:±|\+-|\+\/-)?\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(text);
  const p = m ? Number(m[1]) : NaN;
  if (!(p > 0 && p < 50)) throw flagError("--until", `expected a half-width such as ±1%, got "${text}"`);
  return p / 100;
}

/** `1%`, `0.5`, `±1 %`: the equivalence margin in points of a share, as a fraction. */
function marginFlag(text: string): number {
  const m = /^\s*(?:±|\+-|\+\/-)?\s*(\d*\.?\d+)\s*%?\s*$/.exec(text);
  const p = m ? Number(m[1]) : NaN;
  if (!(p > 0 && p < 50))
    throw flagError("--margin", `expected points of a share between 0 and 50, such as 1%, got "${text}"`);
  return p / 100;
}

/** An SPRT error rate: a number strictly between 0 and 0.5. */
function errorRate(flag: string, text: string): number {
  const x = /^\s*\d*\.?\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!(x > 0 && x < 0.5))
    throw flagError(flag, `expected an error rate between 0 and 0.5 (e.g. 0.05), got "${text}"`);
  return x;
}

function sprtFlag(text: string): readonly [number, number] {
  const parts = text.split(",").map((s) => s.trim());
  const nums = parts.map((s) => (/^[+-]?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN));
  if (
    nums.length !== 2 ||
    nums.some((x) => !Number.isFinite(x)) ||
    !(nums[0] < nums[1]) ||
    Math.abs(nums[1]) > 1000
  )
    throw flagError("--sprt", `expected elo0,elo1 with elo0 < elo1 (Elo, e.g. 0,10), got "${text}"`);
  return [nums[0], nums[1]];
}

/** One `--vary name=v1,v2,...` split: the name and two or more distinct values, else one line naming the flag. */
export function factorText(text: string): { name: string; values: string[] } {
  const eq = text.indexOf("=");
  if (eq <= 0) throw flagError("--vary", `expected name=value1,value2, got "${text}"`);
  const name = text.slice(0, eq).trim();
  const values = text
    .slice(eq + 1)
    .split(",")
    .map((v) => v.trim());
  if (values.length < 2 || values.some((v) => v === ""))
    throw flagError(`--vary ${name}`, "needs two or more values, comma-separated");
  if (new Set(values).size !== values.length) throw flagError(`--vary ${name}`, "names a value twice");
  return { name, values };
}

/** One `--vary name=v1,v2,...`: the option's name and its values, checked as far as they can be alone. */
function factorOf(text: string, flags: LabFlags, game: ReturnType<typeof entryOrFail>["game"]) {
  const { name, values } = factorText(text);
  const known = Object.keys(game.options);
  if (!Object.hasOwn(game.options, name))
    throw flagError(
      `--vary ${name}`,
      `${game.name} has no such option` + (known.length ? ` (options: ${known.join(", ")})` : ""),
    );
  if (flags.option.some((p) => p.slice(0, p.indexOf("=")).trim() === name))
    throw flagError(`--vary ${name}`, "is also set by --option (vary it or set it, not both)");
  return { name, values };
}

/**
 * The variants of one or more `--vary name=v1,v2,...`: every combination of their values (the full
 * factorial, the first `--vary` varying slowest), each checked as the game's option parser checks it.
 * The first combination, every factor at its first value, is the base the others are compared with.
 */
function variantsOf(
  flags: LabFlags,
  game: ReturnType<typeof entryOrFail>["game"],
): { vary: string | null; variants: LabVariant[] } {
  const base = optionFlags(game, flags.option);
  const given = flags.vary ?? [];
  if (given.length === 0) return { vary: null, variants: [{ label: "base", options: base }] };
  const factors = given.map((text) => factorOf(text, flags, game));
  const names = factors.map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw flagError(`--vary ${twice}`, "is given twice (one --vary per option)");
  let combos: string[][] = [[]];
  for (const f of factors) combos = combos.flatMap((c) => f.values.map((v) => [...c, `${f.name}=${v}`]));
  if (combos.length > MAX_VARIANTS)
    throw flagError("--vary", `makes ${combos.length} variants; at most ${MAX_VARIANTS} run at once`);
  const variants = combos.map((pairs) => {
    try {
      return { label: pairs.join(" "), options: optionFlags(game, [...flags.option, ...pairs]) };
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(e.message.replace(/^--option /, "--vary "));
      throw e;
    }
  });
  return { vary: names.join(","), variants };
}

export function labSetup(flags: LabFlags): LabSetup {
  const entry = entryOrFail(flags.game);
  const unwritable = outputProblem(flags);
  if (unwritable) throw new UsageError(unwritable);
  const { game } = entry;
  const players = playersFlag(game, flags.players);
  const { vary, variants } = variantsOf(flags, game);
  for (const v of variants) {
    const check = game.start({ players, seed: 0, options: v.options });
    if (!check.ok) throw new UsageError(vary ? `--vary ${v.label}: ${check.error}` : check.error);
  }
  const given = splitLevels(flags.bots ?? "medium");
  for (const level of given) if (level !== CEILING) levelOrFail(entry, "--bots", level);
  if (flags.queue !== undefined && given.some(isOutsideLevel))
    throw flagError("--queue", "a cmd: level's program runs on this machine: play it without --queue");
  const outside = outsideTimes(flags);
  const ladder = flags.roundRobin ? ladderPlayers(flags, given) : null;
  const seat = (list: readonly string[]) =>
    Array.from({ length: players }, (_, p) => list[Math.min(p, list.length - 1)]);
  const lineups = ladder ? ladderLineups(ladder, players) : [{ name: given.join(","), levels: seat(given) }];
  if (flags.skill) {
    // Jaffe's restricted play: the strongest level against restricted ones, and the seeing-everything ceiling.
    for (const l of [
      ["hard", "random"],
      ["hard", "medium"],
      [CEILING, "hard"],
    ]) {
      const name = l.join(",");
      if (!lineups.some((x) => x.name === name)) lineups.push({ name, levels: seat(l) });
    }
  }
  for (const [flag, given] of [
    ["--alpha", flags.alpha],
    ["--beta", flags.beta],
    ["--elo-model", flags.eloModel],
    ["--no-overshoot", flags.overshoot === false ? "" : undefined],
  ] as const)
    if (given !== undefined && flags.sprt === undefined) throw flagError(flag, "goes with --sprt");
  if (flags.eloModel !== undefined && flags.eloModel !== "logistic" && flags.eloModel !== "normalized")
    throw flagError("--elo-model", `expected logistic or normalized, got "${flags.eloModel}"`);
  const stop: StoppingRule | undefined =
    flags.until !== undefined || flags.sprt !== undefined
      ? {
          ...(flags.until !== undefined ? { until: untilFlag(flags.until) } : {}),
          ...(flags.sprt !== undefined ? { sprt: sprtFlag(flags.sprt) } : {}),
          ...(flags.alpha !== undefined ? { alpha: errorRate("--alpha", flags.alpha) } : {}),
          ...(flags.beta !== undefined ? { beta: errorRate("--beta", flags.beta) } : {}),
          ...(flags.eloModel !== undefined ? { model: flags.eloModel as EloModel } : {}),
          ...(flags.overshoot === false ? { overshoot: false } : {}),
        }
      : undefined;
  const margin = flags.margin === undefined ? undefined : marginFlag(flags.margin);
  if (margin !== undefined && variants.length < 2)
    throw flagError("--margin", "tests a variant against the base: give --vary too");
  const games = flags.games === undefined ? undefined : wholeNumber("--games", flags.games, 0);
  if (games !== undefined && games < 1) throw flagError("--games", `must be at least 1, got ${games}`);
  const rotations = (levels: readonly string[]) => (new Set(levels).size > 1 ? players : 1);
  const perDeal = variants.length * lineups.reduce((sum, l) => sum + rotations(l.levels), 0);
  // --games counts one variant's matches with line-up 0 (a ladder: each pair's): whole deals, each played once per rotation.
  const deals = ladder
    ? Math.ceil((games ?? LADDER_GAMES) / pairLineups(ladder[0], ladder[1], players).length / players)
    : Math.ceil((games ?? 1000) / rotations(lineups[0].levels));
  // The slowest level sets a batch's matches; a fixed run is spread over at least MIN_BATCHES.
  const matchesPerBatch = Math.min(...lineups.flatMap((l) => l.levels.map((x) => BATCH_MATCHES[x] ?? 1)));
  const batchDeals =
    flags.batch !== undefined
      ? wholeNumber("--batch", flags.batch, 1)
      : Math.max(
          1,
          Math.min(Math.round(matchesPerBatch / perDeal), stop ? Infinity : Math.ceil(deals / MIN_BATCHES)),
        );
  if (batchDeals < 1) throw flagError("--batch", `must be at least 1 deal, got ${batchDeals}`);
  const budget: { iterations?: number; ms: number | null } = { ms: null };
  if (flags.iterations !== undefined) budget.iterations = wholeNumber("--iterations", flags.iterations, 5000);
  if (flags.ms !== undefined) budget.ms = wholeNumber("--ms", flags.ms, 1000);
  if (budget.iterations !== undefined && budget.iterations < 1)
    throw flagError("--iterations", "must be at least 1");
  if (budget.ms !== null && budget.ms < 1) throw flagError("--ms", "must be at least 1");
  if (budget.iterations === undefined && budget.ms === null) budget.iterations = 5000;
  // Counters that read every move's events cost 4 to 6 times a random move: a large run counts one deal in 20 with them.
  const ruleEvery = wholeNumber(
    "--rule-every",
    flags.ruleEvery,
    !rulesNeedEvents(game.id) || (!stop && deals <= RULES_ON_EVERY_DEAL) ? 1 : 20,
  );
  if (ruleEvery < 0) throw flagError("--rule-every", "must be 0 (never) or more");
  const plan: LabPlan = {
    version: LAB_PLAN_VERSION,
    game: game.id,
    players,
    options: variants[0].options,
    vary,
    variants,
    lineups,
    seed: String(seedOf(flags.seed)),
    fastSeeds: !flags.hmacSeeds,
    batchDeals,
    // --games caps a run a stopping rule ends: its deals are then fixed, the last batch cut short.
    deals: stop && games === undefined ? null : deals,
    budget,
    measures: flags.measures !== false,
    ruleEvery,
    rows: needsRows(flags),
    ...(margin !== undefined ? { margin } : {}),
    ...(Object.keys(outside).length ? { outside } : {}),
  };
  const maxBatches = stop && games === undefined ? Math.ceil(OPEN_RUN_DEALS / batchDeals) : undefined;
  return { plan, stop, maxBatches, ladder };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const rateText = (r: Rate): string => `${pct(r.rate)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}]`;
const estText = (e: Estimate): string => `${num(e.mean)} [${num(e.ci95[0])}, ${num(e.ci95[1])}]`;
const distText = (d: Distribution): string =>
  `${estText(d)}  (5%/50%/95%: ${d.quantiles[0]}/${d.quantiles[2]}/${d.quantiles[4]})`;

/** What the progress bar shows beside the count: the running tested figure. */
function progressNote(plan: LabPlan, p: Progress): string {
  const t = p.tested[0];
  const what =
    new Set(plan.lineups[0].levels).size > 1 ? `${plan.lineups[0].levels[0]} scores` : "first dealer wins";
  const base = t && t.n ? `${what} ${pct(t.mean)} ±${pct((t.ci95[1] - t.ci95[0]) / 2)}` : "";
  const s = p.sprt
    ?.map((x) => `LLR ${x.llr.toFixed(2)} [${x.bounds[0].toFixed(2)}, ${x.bounds[1].toFixed(2)}]`)
    .join(" ");
  return s ? `${base}  ${s}` : base;
}

function cellLines(plan: LabPlan, c: CellMeasures): string[] {
  const out = [
    `    ${c.matches.toLocaleString("en")} matches, ${c.hands.toLocaleString("en")} hands` +
      (c.matches - c.finished ? `, ${c.matches - c.finished} stopped at the hand limit` : ""),
    `    match wins by seat: ${c.seatWins.map((r, p) => `${p}: ${rateText(r)}`).join("  ")}`,
    `    first dealer wins the match ${rateText(c.firstDealer)} (fair: ${pct(1 / plan.players)})`,
    `    hand won by its dealer ${rateText(c.handDealer)}, by its first player ${rateText(c.handFirstPlayer)}, drawn ${rateText(c.handDraws)}`,
  ];
  if (new Set(plan.lineups.find((l) => l.name === c.lineup)?.levels).size > 1)
    for (const l of c.levels)
      out.push(`    ${l.level.padEnd(8)} matches ${rateText(l.matches)}  hands ${rateText(l.hands)}`);
  if (c.matchLength && c.handLength) {
    out.push(
      `    hands a match ${distText(c.matchLength.hands)}; moves a match ${estText(c.matchLength.moves)}, turns ${estText(c.matchLength.turns)}`,
      `    moves a hand ${distText(c.handLength.moves)}; turns a hand ${estText(c.handLength.turns)}`,
    );
  }
  if (c.handPoints) out.push(`    hand winner's points ${distText(c.handPoints)}`);
  if (c.margin) out.push(`    winning margin ${distText(c.margin)}`);
  if (c.leadChanges && c.drama && c.decisiveness && c.comebacks)
    out.push(
      `    lead changes ${estText(c.leadChanges)}; drama ${estText(c.drama)}; comebacks ${rateText(c.comebacks)}; decisiveness ${estText(c.decisiveness)}`,
    );
  const rules = Object.entries(c.rules);
  if (rules.length)
    out.push(`    a hand: ${rules.map(([k, e]) => `${k.replace(/_/g, " ")} ${estText(e)}`).join("; ")}`);
  if (c.choice)
    out.push(
      `    choice: ${estText(c.choice.options)} legal moves a decision, branching factor ${num(c.choice.branching)}, ` +
        `forced ${rateText(c.choice.forced)} (${c.choice.decisions.toLocaleString("en")} decisions counted)`,
    );
  const t = c.tension;
  if (t) {
    // Three decimals: clarity is a variance of values in [0, 1], often a few thousandths.
    const est = (e: Estimate | null) =>
      e ? `${e.mean.toFixed(3)} [${e.ci95[0].toFixed(3)}, ${e.ci95[1].toFixed(3)}]` : "none";
    out.push(
      `    tension by evaluation (${t.decisions.toLocaleString("en")} searched decisions): clarity ${est(t.clarity)}, ` +
        `narrowness ${est(t.narrowness)}, uncertainty ${est(t.uncertainty)}, stability ${est(t.stability)}, drama ${est(t.drama)}`,
    );
  }
  out.push(`    balance ${c.balance.toFixed(3)}; drawish ${rateText(c.drawishness)}`);
  return out;
}

export function labText(plan: LabPlan, run: LabRun, gameName: string): string {
  const r = run.result;
  const m = r.measures;
  const lines = [
    `${gameName}, ${plan.players} players, seed ${plan.seed}: ${r.matches.toLocaleString("en")} matches (${r.deals.toLocaleString("en")} deals, paired), ` +
      `${r.hands.toLocaleString("en")} hands, ${r.moves.toLocaleString("en")} moves in ${run.seconds.toFixed(2)} s` +
      (run.ended === "stopped"
        ? " (stopped: the batches finished so far)"
        : run.ended === "settled"
          ? " (settled)"
          : run.ended === "cap"
            ? " (not settled within the cap of deals)"
            : ""),
    `  95% intervals in brackets${plan.fastSeeds ? "; hand seeds from the fast keyed generator (not a proof)" : ""}`,
  ];
  if (r.matches === 0) return `${lines[0]}\n  No match was finished: nothing to measure.\n`;
  m.variants.forEach((v) => {
    v.lineups.forEach((c) => {
      lines.push(`  ${v.label === "base" ? "" : v.label + ", "}${c.lineup}:`, ...cellLines(plan, c));
    });
  });
  for (const s of m.skill)
    lines.push(
      `  skill (${s.lineup}): ${s.level} wins matches ${rateText(s.matches)}, hands ${rateText(s.hands)} (fair share ${pct(s.fairShare)})`,
    );
  for (const c of m.comparisons) {
    lines.push(`  ${c.label} against ${c.base} (paired by deal):`);
    for (const [k, d] of Object.entries(c.differences)) {
      if (k === "level_score" && new Set(plan.lineups[0].levels).size < 2) continue;
      lines.push(differenceLine(k, d));
    }
    if (c.equivalence) {
      lines.push(
        `    equivalence within ±${(100 * (plan.margin ?? 0)).toFixed(1)} points (TOST, 90% intervals):`,
      );
      for (const [k, e] of Object.entries(c.equivalence))
        lines.push(
          `      ${k.replace(/_/g, " ").padEnd(22)} [${num(e.ci90[0])}, ${num(e.ci90[1])}]  p ${e.p <= P_FLOOR ? "< 1e-300" : e.p < 0.0001 ? "< 0.0001" : `= ${e.p.toFixed(4)}`}: ${e.equivalent ? "within" : "not shown within"}`,
        );
    }
  }
  if (r.forfeits.length) {
    lines.push(`  forfeits: ${r.forfeits.length}`);
    // The first few say why; the rest are counted.
    for (const f of r.forfeits.slice(0, 3))
      lines.push(`    ${f.level} at seat ${f.seat}: ${f.reason} (its stderr: ${f.log})`);
  }
  run.sprt?.forEach((s, v) =>
    lines.push(
      `  SPRT ${plan.variants[v].label} (elo0 ${s.elo0}, elo1 ${s.elo1} in ${s.model} Elo against a fair share of ${pct(s.fair)}, alpha ${s.alpha}, beta ${s.beta}): LLR ${s.llr.toFixed(2)} in [${s.bounds[0].toFixed(2)}, ${s.bounds[1].toFixed(2)}]` +
        (s.overshootData
          ? `, moved in by the expected overshoot to [${(s.bounds[0] + s.overshoot[0]).toFixed(2)}, ${(s.bounds[1] - s.overshoot[1]).toFixed(2)}]`
          : "") +
        `: ${s.state === "H1" ? "elo1 accepted" : s.state === "H0" ? "elo0 accepted" : "not settled"}; Elo ${num(s.elo)} [${num(s.eloCi95[0])}, ${num(s.eloCi95[1])}], normalized Elo ${num(s.nelo)} [${num(s.neloCi95[0])}, ${num(s.neloCi95[1])}]`,
    ),
  );
  return lines.join("\n") + "\n";
}

/** A paired difference as the text prints it: `    hands   -4.01 [-4.20, -3.82]  p < 0.0001`. */
export const differenceLine = (k: string, d: Difference): string =>
  `    ${k.replace(/_/g, " ").padEnd(24)} ${d.mean >= 0 ? "+" : ""}${num(d.mean)} [${num(d.ci95[0])}, ${num(d.ci95[1])}]  p ${d.p <= P_FLOOR ? "< 1e-300" : d.p < 0.0001 ? "< 0.0001" : `= ${d.p.toFixed(4)}`}`;

/** The one JSON object `--json` prints: the plan, how the run ended, the measures (rows go to --csv/--parquet). */
export function labJson(plan: LabPlan, run: LabRun): Record<string, unknown> {
  const { handRows: _h, matchRows: _m, perDeal: _d, ...result } = run.result;
  return {
    ...result,
    games: result.matches,
    ended: run.ended,
    seconds: run.seconds,
    sprt: run.sprt,
    sprtTrace: run.stopping?.trace ?? null,
    plan,
  };
}

/**
 * Runs a set-up with a progress bar on a terminal and Ctrl-C stopping it; `executor` defaults to this
 * machine's threads. The executor is closed when the run ends, however it ends.
 */
export async function runLabSetup(
  setup: LabSetup,
  flags: Pick<LabFlags, "json" | "threads">,
  executor?: BatchExecutor,
  /** A caller's own stop (a Ctrl-C it heard), besides this run's. */
  outer?: AbortSignal,
): Promise<LabRun> {
  const { plan } = setup;
  const threads =
    flags.threads === undefined ? undefined : Math.max(1, wholeNumber("--threads", flags.threads, 1));
  const bar =
    process.stderr.isTTY && !flags.json
      ? new SingleBar({ format: "{bar} {value}/{total} deals  {eta_formatted} left  {note}", etaBuffer: 20 })
      : null;
  const fixedDeals = plan.deals;
  let started = false;
  const stopper = new AbortController();
  const onInt = () => stopper.abort();
  process.once("SIGINT", onInt);
  if (outer?.aborted) stopper.abort();
  outer?.addEventListener("abort", onInt);
  // A parent process that runs the lab over an IPC channel hears when Ctrl-C will stop it cleanly.
  process.send?.({ lab: "running" });
  const batches = executor ?? threadExecutor(threads);
  try {
    return await runLab(plan, {
      executor: batches,
      stop: setup.stop,
      maxBatches: setup.maxBatches,
      signal: stopper.signal,
      onProgress: (p) => {
        if (!bar) return;
        const t = p.tested[0];
        // For --until: the deals the interval's width says are needed (the width shrinks as 1/sqrt(n)).
        const until = setup.stop?.until;
        const half = t ? (t.ci95[1] - t.ci95[0]) / 2 : 0;
        const needed = until && t && t.n > 1 ? Math.ceil(p.deals * (half / until) ** 2) : p.deals * 2;
        const total = fixedDeals ?? Math.max(p.deals, needed);
        if (!started) {
          bar.start(total, 0, { note: "" });
          started = true;
        }
        bar.setTotal(total);
        bar.update(p.deals, { note: progressNote(plan, p) });
      },
    });
  } finally {
    process.removeListener("SIGINT", onInt);
    outer?.removeEventListener("abort", onInt);
    bar?.stop();
    await batches.close();
  }
}

/** A ladder's run as text: what was played, the rating list, the pairs, the forfeits. */
export function ladderRunText(plan: LabPlan, run: LabRun, ladder: Ladder, gameName: string): string {
  const r = run.result;
  const lines = [
    `${gameName}, ${plan.players} players a table, seed ${plan.seed}: a round robin of ${ladder.players.length} players, ` +
      `${r.matches.toLocaleString("en")} matches (${r.deals.toLocaleString("en")} deals, mirrored), ${r.moves.toLocaleString("en")} moves in ${run.seconds.toFixed(2)} s` +
      (run.ended === "stopped" ? " (stopped: the batches finished so far)" : ""),
    ladderText(ladder).trimEnd(),
  ];
  if (r.forfeits.length) {
    lines.push(`  forfeits: ${r.forfeits.length}`);
    for (const f of r.forfeits.slice(0, 3))
      lines.push(`    ${f.level} at seat ${f.seat}: ${f.reason} (its stderr: ${f.log})`);
  }
  return lines.join("\n") + "\n";
}

/** A ladder's `--json`: the rating list and the pairs as one object. */
export function ladderJson(plan: LabPlan, run: LabRun, ladder: Ladder): Record<string, unknown> {
  const r = run.result;
  return {
    game: plan.game,
    players: plan.players,
    seed: plan.seed,
    deals: r.deals,
    matches: r.matches,
    moves: r.moves,
    ratings: ladder.rows,
    pairs: ladder.pairs,
    method: ladder.method,
    forfeits: r.forfeits,
    ended: run.ended,
    seconds: run.seconds,
  };
}

export async function runLabCommand(flags: LabFlags): Promise<void> {
  // --vary players: a plan per count on the same seeds (lab-players.ts, which reads this file's parts).
  const byPlayers = await import("./lab-players.js");
  const counts = byPlayers.playerCounts(flags);
  if (counts) return byPlayers.runLabByPlayers(flags, counts);
  const setup = labSetup(flags);
  const run = await runLabSetup(setup, flags, await labQueueFlags(setup.plan, flags));
  const name = entryOrFail(setup.plan.game).game.name;
  const ladder = setup.ladder && ladderOf(setup.plan, setup.ladder, run.result);
  process.stdout.write(
    ladder
      ? flags.json
        ? JSON.stringify(ladderJson(setup.plan, run, ladder)) + "\n"
        : ladderRunText(setup.plan, run, ladder, name)
      : flags.json
        ? JSON.stringify(labJson(setup.plan, run)) + "\n"
        : labText(setup.plan, run, name),
  );
  // The files hold what was played, an interrupted run's too.
  writeOutputs(
    setup.plan,
    run.result,
    flags,
    repeatCommand(flags, setup.plan),
    packageVersion(),
    run.ended,
    ladder,
    run.stopping && { record: run.stopping, sprt: run.sprt },
  );
  // An interrupted run reported what it played; its exit says it was interrupted.
  if (run.ended === "stopped") process.exitCode = 130;
}

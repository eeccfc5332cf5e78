/**
 * `--report FILE.html`: a lab run as a page a designer reads. The findings
 * in words first, then the figures, then the charts, then the command that
 * plays it again. Every number comes from the run's measures (measures.ts,
 * stats.ts); this file only chooses what to say and draw.
 */
import { type OptionValue, optionValueWords } from "../engine/options.js";
import { findEntry } from "../games/index.js";
import {
  type CellMeasures,
  type Comparison,
  type LabMeasures,
  PAIRED_METRICS,
  SHARE_METRICS,
  type PairedMetric,
  mixedLineup,
} from "./measures.js";
import { writeWhole } from "./output-file.js";
import type { Ladder, LadderRow } from "./ladder.js";
import type { LabPlan, LabResult } from "./plan.js";
import {
  type CountRecord,
  type IntervalRecord,
  distributionChart,
  intervalChart,
  llrChart,
} from "./report-charts.js";
import type { StopRecord } from "./run.js";
import { type CountComparison, type CountRun, countMetrics } from "./players-vary.js";
import { type ReportChart, type ReportPage, type ReportTable, reportHtml } from "./report-page.js";
import {
  type Figure,
  type VariantFigure,
  amount,
  amountPlusMinus,
  edgeSentence,
  hasEdge,
  keyWords,
  percent,
  plusMinus,
  sentence,
  signed,
} from "./report-words.js";
import {
  type Difference,
  type Distribution,
  type Equivalence,
  type Estimate,
  type Rate,
  type Sprt,
  pText,
} from "./stats.js";

const ofRate = (r: Rate): Figure => ({ value: r.rate, lo: r.ci95[0], hi: r.ci95[1] });
const ofEstimate = (e: Estimate): Figure => ({ value: e.mean, lo: e.ci95[0], hi: e.ci95[1] });

/** The game's name, and each variant's words ("under "Strategy: one by one, face up"", "with Points to win 61"). */
function namesOf(plan: LabPlan): { game: string; variants: string[] } {
  const entry = findEntry(plan.game);
  const game = entry.ok ? entry.value.game : null;
  const spec = plan.vary && game ? game.options[plan.vary] : undefined;
  const variants = plan.variants.map((v) => {
    if (!plan.vary || !spec) return plan.variants.length > 1 ? `with ${v.label}` : "";
    const words = optionValueWords(spec, v.options[plan.vary] as OptionValue);
    return spec.kind === "enum" ? `under “${words}”` : `with ${spec.label.toLowerCase()} ${words}`;
  });
  return { game: game?.name ?? plan.game, variants };
}

/** A variant's name in a chart's legend or a table's row: its label as typed (`mode=strategy`). */
const variantKey = (plan: LabPlan, v: number): string =>
  plan.variants.length > 1 ? plan.variants[v].label : plan.game;

/** Line-up 0 of every variant: the run's own players. */
const ownCells = (m: LabMeasures): CellMeasures[] => m.variants.map((v) => v.lineups[0]);

/** Wins a fair game gives each seat of a hand, once draws are set aside. */
const fairHandShare = (c: CellMeasures, players: number): number => (1 - c.handDraws.rate) / players;

function lineupWords(plan: LabPlan): string {
  const levels = plan.lineups[0].levels;
  return new Set(levels).size === 1
    ? `${levels[0]} at every seat`
    : `${levels.join(", ")} round the table (rotated)`;
}

/** A paired count figure's base value (what a relative change is of), from the base variant's own measures. */
function baseValue(c: CellMeasures, k: PairedMetric): number | null {
  const values: Partial<Record<PairedMetric, number | undefined>> = {
    hands: c.matchLength?.hands.mean,
    moves: c.matchLength?.moves.mean,
    lead_changes: c.leadChanges?.mean,
    drama: c.drama?.mean,
    decisiveness: c.decisiveness?.mean,
    margin: c.margin?.mean,
  };
  const v = values[k];
  return v === undefined || v === 0 ? null : v;
}

/** A paired figure's name in the report's words (the first level's score named by its level). */
const pairedName = (plan: LabPlan, k: PairedMetric): string =>
  PAIRED_WORDS[k][0] ?? `${plan.lineups[0].levels[0]}'s score`;

/** How many standard errors a difference lies from 0: what orders the headline's findings. */
const standardErrors = (d: Difference): number => Math.abs(d.mean) / (d.sd / Math.sqrt(d.n));

/**
 * The report's first sentence, its conclusion: for each variant, the paired changes the run can tell
 * from chance, the largest (by how many standard errors) first, shares in points and counts with their
 * relative change ("hands a match −22%"); or that none is.
 */
function headlineOf(plan: LabPlan, m: LabMeasures): string | null {
  if (m.comparisons.length === 0) return null;
  const base = ownCells(m)[0];
  const parts = m.comparisons.map((cmp) => {
    const found = PAIRED_METRICS.map((k) => ({ k, d: cmp.differences[k] }))
      .filter(({ k, d }) => d.n > 1 && d.p < 0.05 && shownMetrics(plan).includes(k))
      .sort((a, b) => standardErrors(b.d) - standardErrors(a.d))
      .slice(0, 3)
      .map(({ k, d }) => {
        const b = SHARE_METRICS.includes(k) ? null : baseValue(base, k);
        const relative = b === null ? "" : ` (${signed(d.mean / b, (x) => `${Math.round(100 * x)}%`)})`;
        return `${pairedName(plan, k)} ${signed(d.mean, PAIRED_WORDS[k][1])}${relative}`;
      });
    return found.length
      ? `${cmp.label} against ${cmp.base}: ${found.join(", ")}`
      : `${cmp.label} against ${cmp.base}: no change this run can tell from chance`;
  });
  return sentence(`In short, paired by deal: ${parts.join("; ")}`);
}

/**
 * The paired figures the words and tables state: all but the first level's score when every seat
 * has the same level (then it is only whether a match finished, said as drawishness).
 */
const shownMetrics = (plan: LabPlan): readonly PairedMetric[] =>
  PAIRED_METRICS.filter((k) => k !== "level_score" || mixedLineup(plan));

/**
 * With `--margin`, the equivalence verdicts (TOST) of one comparison's paired shares: those within
 * ±margin, each with its 90% interval and p, and those the run cannot show within it.
 */
function equivalenceSentence(plan: LabPlan, cmp: Comparison): string | null {
  if (!cmp.equivalence) return null;
  const within: string[] = [];
  const not: string[] = [];
  for (const [k, e] of Object.entries(cmp.equivalence) as [PairedMetric, Equivalence][]) {
    const fmt = PAIRED_WORDS[k][1];
    const figure = `${pairedName(plan, k)} (90% ${signed(e.ci90[0], fmt)} to ${signed(e.ci90[1], fmt)}, ${pText(e.p)})`;
    (e.equivalent ? within : not).push(figure);
  }
  const margin = `±${points(plan.margin ?? 0)}`;
  const parts = [
    within.length ? `changes by less than ${margin}: ${within.join(", ")}` : null,
    not.length ? `not shown to change by less than ${margin}: ${not.join(", ")}` : null,
  ].filter((x): x is string => x !== null);
  return sentence(`equivalence (TOST), ${cmp.label} against ${cmp.base}: ${parts.join("; ")}`);
}

function summaryOf(plan: LabPlan, result: LabResult, names: ReturnType<typeof namesOf>): string[] {
  const m = result.measures;
  const cells = ownCells(m);
  const n = plan.players;
  const out: string[] = [];
  const headline = headlineOf(plan, m);
  if (headline) out.push(headline);
  const each = <T>(f: (c: CellMeasures) => T) =>
    cells.map((c, v) => ({ phrase: names.variants[v], figure: f(c) }));
  out.push(
    edgeSentence(
      "the first player",
      `${names.game} hands`,
      fairHandShare(cells[0], n),
      each((c) => ofRate(c.handFirstPlayer)) as VariantFigure[],
    ),
    edgeSentence(
      "the seat that deals first",
      `${names.game} matches`,
      1 / n,
      each((c) => ofRate(c.firstDealer)) as VariantFigure[],
    ),
  );
  cells.forEach((c, v) => {
    const where = names.variants[v] ? ` ${names.variants[v]}` : "";
    const parts: string[] = [];
    if (c.matchLength && c.matchLength.hands.n > 0)
      parts.push(
        `a match lasts ${amountPlusMinus(ofEstimate(c.matchLength.hands))} hands` +
          quartiles(c.matchLength.hands) +
          ` and ${amountPlusMinus(ofEstimate(c.matchLength.moves))} moves`,
      );
    if (c.handLength && c.handLength.moves.n > 0)
      parts.push(`a hand ${amountPlusMinus(ofEstimate(c.handLength.moves))} moves`);
    if (c.leadChanges && c.leadChanges.n > 0)
      parts.push(`the lead changes ${amountPlusMinus(ofEstimate(c.leadChanges))} times a match`);
    if (c.comebacks && c.comebacks.played > 0)
      parts.push(
        `the winner was behind at some point in ${plusMinus(ofRate(c.comebacks))} of the matches won outright`,
      );
    if (c.choice)
      parts.push(
        `a player chooses among ${amountPlusMinus(ofEstimate(c.choice.options))} legal moves a decision ` +
          `(a branching factor of ${amount(c.choice.branching)}), and ${plusMinus(ofRate(c.choice.forced))} of decisions are forced`,
      );
    if (c.finished)
      parts.push(
        `the balance between seats is ${c.balance.toFixed(2)} (1 is even), and ${plusMinus(ofRate(c.drawishness))} of matches are drawn or unfinished`,
      );
    if (parts.length) out.push(sentence(`${where.trim() ? `${where.trim()}, ` : ""}${parts.join("; ")}`));
  });
  for (const cmp of m.comparisons) {
    const found: string[] = [];
    const d = cmp.differences;
    const pick = (key: keyof typeof d, what: string, fmt: (x: number) => string) => {
      const e = d[key];
      if (e && e.n > 1 && e.p < 0.05)
        found.push(
          `${what} ${signed(e.mean, fmt)} (95% ${signed(e.ci95[0], fmt)} to ${signed(e.ci95[1], fmt)}, ${pText(e.p)})`,
        );
    };
    for (const key of shownMetrics(plan)) {
      pick(key, pairedName(plan, key), PAIRED_WORDS[key][1]);
    }
    out.push(
      found.length
        ? sentence(`paired by deal, ${cmp.label} against ${cmp.base}: ${found.join("; ")}`)
        : sentence(
            `paired by deal, ${cmp.label} against ${cmp.base}: no difference this run can tell from chance (every p ≥ 0.05)`,
          ),
    );
    const tost = equivalenceSentence(plan, cmp);
    if (tost) out.push(tost);
  }
  for (const s of m.skill) {
    const matches = ofRate(s.matches);
    const verdict = hasEdge(matches, s.fairShare)
      ? matches.value > s.fairShare
        ? "skill tells"
        : "the other levels do better"
      : "no measurable difference at this size";
    out.push(
      sentence(
        `skill, ${s.level} against ${s.lineup.split(",").slice(1).join(", ")} round every seat: ` +
          `${plusMinus(matches)} of matches and ${plusMinus(ofRate(s.hands))} of hands won ` +
          `(a fair share is ${percent(s.fairShare)}): ${verdict}`,
      ),
    );
  }
  cells.forEach((c, v) => {
    const rules = Object.entries(c.rules).filter(([, e]) => e.n > 0);
    if (rules.length)
      out.push(
        sentence(
          `special rules, times a hand${names.variants[v] ? ` ${names.variants[v]}` : ""}: ` +
            rules.map(([k, e]) => `${keyWords(k)} ${amountPlusMinus(ofEstimate(e))}`).join(", "),
        ),
      );
  });
  return out;
}

/** " (half of them between 3 and 5)", when the middle half spans more than one value. */
const quartiles = (d: Distribution): string =>
  d.quantiles[1] === d.quantiles[3]
    ? ""
    : ` (half of them between ${amount(d.quantiles[1])} and ${amount(d.quantiles[3])})`;

const points = (x: number): string => `${(100 * x).toFixed(1)} points`;

/** What each paired figure is called in the summary (null: the first level's score, named by it), and its unit. */
const PAIRED_WORDS: Record<PairedMetric, readonly [string | null, (x: number) => string]> = {
  first_dealer_wins: ["the first dealer's share of match wins", points],
  level_score: [null, points],
  hands: ["hands a match", amount],
  moves: ["moves a match", amount],
  lead_changes: ["lead changes a match", amount],
  drama: ["drama", amount],
  decisiveness: ["decisiveness", amount],
  margin: ["the winning margin", amount],
  hand_dealer_share: ["the dealer's share of hands", points],
  hand_first_player_share: ["the first player's share of hands", points],
  first_hand_dealer: ["the first hand won by its dealer", points],
  first_hand_first_player: ["the first hand won by its first player", points],
};
const pValue = (p: number): string => (p < 0.001 ? "< 0.001" : p.toFixed(3));

function tablesOf(plan: LabPlan, result: LabResult): ReportTable[] {
  const cells = ownCells(result.measures);
  const fig = (r: Rate) => `${plusMinus(ofRate(r))} of ${Math.round(r.played).toLocaleString("en")}`;
  const seats: ReportTable = {
    caption: "Wins by seat (95% intervals)",
    head: ["Variant", "Seat", "Matches won", "Hands won"],
    rows: cells.flatMap((c, v) =>
      c.seatWins.map((r, p) => [variantKey(plan, v), `seat ${p}`, fig(r), fig(c.handSeatWins[p])]),
    ),
  };
  const tables = [seats];
  if (cells.some((c) => c.tension)) {
    const est = (e: Estimate | null | undefined) => (e ? amountPlusMinus(ofEstimate(e)) : "none");
    tables.push({
      caption: "Tension by evaluation, from the search levels' estimates (a match's mean, 95% intervals)",
      head: ["Variant", "Searched decisions", "Clarity", "Narrowness", "Uncertainty", "Stability", "Drama"],
      rows: cells.map((c, v) => {
        const t = c.tension;
        return [
          variantKey(plan, v),
          (t?.decisions ?? 0).toLocaleString("en"),
          est(t?.clarity),
          est(t?.narrowness),
          est(t?.uncertainty),
          est(t?.stability),
          est(t?.drama),
        ];
      }),
    });
  }
  const comparisons = result.measures.comparisons;
  if (comparisons.length)
    tables.push({
      caption: "Each variant against the first, paired by deal (difference, 95% interval, p)",
      head: ["Variant", "Measure", "Difference", "95% interval", "p"],
      rows: comparisons.flatMap((c) =>
        Object.entries(c.differences).map(([k, d]) => [
          c.label,
          keyWords(k),
          amount(d.mean),
          `${amount(d.ci95[0])} to ${amount(d.ci95[1])}`,
          pValue(d.p),
        ]),
      ),
    });
  const margin = plan.margin;
  if (margin !== undefined && comparisons.length)
    tables.push({
      caption: `Equivalence of the paired shares within ±${points(margin)} (TOST: 90% interval, the larger one-sided p)`,
      head: ["Variant", "Measure", "Difference", "90% interval", "p", "Within the margin"],
      rows: comparisons.flatMap((c) =>
        Object.entries(c.equivalence ?? {}).map(([k, e]) => [
          c.label,
          keyWords(k),
          amount(c.differences[k as PairedMetric].mean),
          `${amount(e.ci90[0])} to ${amount(e.ci90[1])}`,
          pValue(e.p),
          e.equivalent ? "yes" : "not shown",
        ]),
      ),
    });
  return tables;
}

function histogramRecords(
  plan: LabPlan,
  pick: (c: CellMeasures) => Distribution | null,
  cells: CellMeasures[],
): CountRecord[] {
  return cells.flatMap((c, v) => {
    const d = pick(c);
    if (!d) return [];
    return Object.entries(d.histogram).map(([value, count]) => ({
      group: variantKey(plan, v),
      value: Number(value),
      count,
    }));
  });
}

function chartsOf(plan: LabPlan, result: LabResult): ReportChart[] {
  const m = result.measures;
  const cells = ownCells(m);
  const n = plan.players;
  const group = (v: number) => variantKey(plan, v);
  const rateRecord = (v: number, key: string, r: Rate): IntervalRecord => ({
    group: group(v),
    key,
    value: r.rate,
    lo: r.ci95[0],
    hi: r.ci95[1],
    n: r.played,
  });
  const estimateRecord = (v: number, key: string, e: Estimate): IntervalRecord => ({
    group: group(v),
    key,
    value: e.mean,
    lo: e.ci95[0],
    hi: e.ci95[1],
    n: e.n,
  });
  const charts: ReportChart[] = [
    intervalChart(
      "Who has the edge: first player and first dealer",
      "Each point is a share of wins with its 95% interval; the dashed line is a fair share (one in as many players). An interval that crosses it shows no measurable edge.",
      cells.flatMap((c, v) => [
        rateRecord(v, "first player (hands)", c.handFirstPlayer),
        rateRecord(v, "dealer (hands)", c.handDealer),
        rateRecord(v, "first dealer (matches)", c.firstDealer),
      ]),
      { axis: "Share of wins", reference: 1 / n },
    ),
    intervalChart(
      "Hands won by seat",
      "Seat 0 deals the first hand; the deal then passes round the table.",
      cells.flatMap((c, v) => c.handSeatWins.map((r, p) => rateRecord(v, `seat ${p}`, r))),
      { axis: "Share of hands won", reference: 1 / n },
    ),
    intervalChart(
      "Matches won by seat",
      "Matches won outright or shared (a shared win counts as a fraction).",
      cells.flatMap((c, v) => c.seatWins.map((r, p) => rateRecord(v, `seat ${p}`, r))),
      { axis: "Share of matches won", reference: 1 / n },
    ),
  ];
  const distributions: [string, string, (c: CellMeasures) => Distribution | null, string][] = [
    [
      "How many hands a match lasts",
      "The share of matches that lasted each number of hands.",
      (c) => c.matchLength?.hands ?? null,
      "Hands in the match",
    ],
    [
      "How many moves a hand lasts",
      "The share of hands that took each number of moves (every seat's moves).",
      (c) => c.handLength?.moves ?? null,
      "Moves in the hand",
    ],
    [
      "Points the winner of a hand scores",
      "The share of won hands by the points their winner scored.",
      (c) => c.handPoints,
      "Points scored",
    ],
    ["Final scores", "Every seat's score when the match ended.", (c) => c.finalScores, "Final score"],
    [
      "Winning margin",
      "How far the winner finished ahead of the next seat, in matches won outright.",
      (c) => c.margin,
      "Margin",
    ],
  ];
  for (const [title, note, pick, axis] of distributions) {
    const records = histogramRecords(plan, pick, cells);
    if (records.length) charts.push(distributionChart(title, note, records, axis));
  }
  const drama = cells.flatMap((c, v) => [
    ...(c.leadChanges ? [estimateRecord(v, "lead changes a match", c.leadChanges)] : []),
  ]);
  if (drama.length)
    charts.push(
      intervalChart(
        "Lead changes",
        "How often the sole lead passed from one seat to another in a match (mean, 95% interval).",
        drama,
        { axis: "Lead changes a match", percent: false },
      ),
    );
  const tension = cells.flatMap((c, v) => [
    ...(c.drama ? [estimateRecord(v, "drama", c.drama)] : []),
    ...(c.decisiveness ? [estimateRecord(v, "decisiveness", c.decisiveness)] : []),
    ...(c.comebacks && c.comebacks.played ? [rateRecord(v, "comebacks", c.comebacks)] : []),
  ]);
  if (tension.length)
    charts.push(
      intervalChart(
        "Drama and decisiveness",
        "Drama: how far behind the eventual winner fell, as a share of the scores' range (0: always ahead). Decisiveness: the share of the match still to play when the winner took the lead for good. Comebacks: matches whose winner trailed at some point. Definitions in docs/LAB.md.",
        tension,
        { axis: "From 0 to 1", percent: false },
      ),
    );
  const rules = cells.flatMap((c, v) =>
    Object.entries(c.rules)
      .filter(([, e]) => e.n > 0)
      .map(([k, e]) => estimateRecord(v, keyWords(k), e)),
  );
  if (rules.length)
    charts.push(
      intervalChart(
        "How often the special rules fire",
        "Times each rule fired per hand, over the hands the rules were counted in (mean, 95% interval).",
        rules,
        { axis: "Times a hand", percent: false },
      ),
    );
  // The forest plot: every paired difference in shares, each variant against the base, with its interval.
  const forest = m.comparisons.flatMap((cmp) =>
    SHARE_METRICS.filter((k) => k !== "level_score" || mixedLineup(plan)).map((k) => ({
      group: cmp.label,
      key: pairedName(plan, k),
      value: cmp.differences[k].mean,
      lo: cmp.differences[k].ci95[0],
      hi: cmp.differences[k].ci95[1],
      n: cmp.differences[k].n,
    })),
  );
  if (forest.length)
    charts.unshift(
      intervalChart(
        "What each variant changes, paired by deal",
        `Each point is a variant's difference from ${plan.variants[0].label} on the same deals, in points of a share, with its 95% interval; the dashed line is no difference. An interval clear of it is a change the run can tell from chance.`,
        forest,
        { axis: "Difference in share", reference: 0 },
      ),
    );
  if (m.skill.length)
    charts.push(
      intervalChart(
        "How much skill counts",
        "The first level of each line-up against the others, round every seat: matches and hands won. The dashed line is a fair share; the further right, the more the better player's skill tells.",
        m.skill.flatMap((s) => [
          { ...rateRecord(0, `${s.lineup}: matches`, s.matches), group: s.level },
          { ...rateRecord(0, `${s.lineup}: hands`, s.hands), group: s.level },
        ]),
        { axis: "Share won", reference: 1 / n },
      ),
    );
  return charts;
}

/** How a run ended (run.ts): its deals played, a stopping rule settled, the cap reached, or stopped by Ctrl-C. */
export type RunEnd = "done" | "settled" | "cap" | "stopped";

const END_WORDS: Record<RunEnd, string> = {
  done: "",
  settled: " The run stopped when its stopping rule was settled.",
  cap: " The run reached its cap of deals before its stopping rule was settled.",
  stopped: " The run was stopped (Ctrl-C): the figures cover the batches it finished.",
};

/** The page's parts: what `--report` writes, as data. */
/** A run's stopping rule as the report tells it: the rule, its trace, and the SPRT's last reading. */
export interface ReportStop {
  readonly record: StopRecord;
  readonly sprt: readonly Sprt[] | null;
}

/** An Elo figure in words: a share of 0 or 1 has no finite Elo. */
const eloWords = (elo: number): string =>
  Number.isFinite(elo) ? elo.toFixed(1) : elo > 0 ? "+∞ (every match won)" : "−∞ (every match lost)";

/** The method and the stopping rule in words: what a reader needs to weigh the figures. */
function methodOf(plan: LabPlan, result: LabResult, stop: ReportStop | null): string {
  const tested = mixedLineup(plan)
    ? `${plan.lineups[0].levels[0]}'s match score`
    : "the first dealer's match wins";
  const base =
    `Method: ${result.deals.toLocaleString("en")} deals, each played in every variant and line-up (paired by deal); ` +
    `rates with Wilson's 95% interval, means and paired differences with the normal one` +
    (plan.margin === undefined
      ? ""
      : `; equivalence by Schuirmann's two one-sided tests (TOST) of each paired share against a margin of ±${points(plan.margin)} (within it when the 90% interval is)`);
  if (!stop) return sentence(`${base}; a fixed number of deals, no stopping rule`);
  const rules: string[] = [];
  if (stop.record.rule.until !== undefined)
    rules.push(
      `until every interval of ${tested} (paired, for variants) is ±${percent(stop.record.rule.until)} or narrower`,
    );
  if (stop.record.rule.sprt && stop.sprt) {
    const [elo0, elo1] = stop.record.rule.sprt;
    const s0 = stop.sprt[0];
    const readings = stop.sprt.map(
      (x, v) =>
        `${plan.variants[v].label}: LLR ${x.llr.toFixed(2)}, ${x.state === "H1" ? "elo1 accepted" : x.state === "H0" ? "elo0 accepted" : "not settled"}, Elo ${eloWords(x.elo)}, normalized Elo ${eloWords(x.nelo)}` +
        (x.overshootData
          ? `, expected overshoot ${x.overshoot[0].toFixed(3)} and ${x.overshoot[1].toFixed(3)}`
          : ""),
    );
    rules.push(
      `Fishtest's generalized SPRT of ${tested}, elo0 ${elo0} against elo1 ${elo1} in ${s0.model} Elo (against a fair share of ${percent(s0.fair)}), ` +
        `alpha ${s0.alpha}, beta ${s0.beta}, bounds ${s0.bounds[0].toFixed(2)} and ${s0.bounds[1].toFixed(2)}` +
        (s0.overshootData
          ? ", each moved in by its expected overshoot (Fishtest's dynamic overshoot correction)"
          : "") +
        ` (${readings.join("; ")})`,
    );
  }
  return sentence(`${base}; stopping rule: ${rules.join(", and ")}`);
}

export function reportPage(
  plan: LabPlan,
  result: LabResult,
  command: string,
  version: string,
  ended: RunEnd = "done",
  ladder: Ladder | null = null,
  stop: ReportStop | null = null,
): ReportPage {
  const names = namesOf(plan);
  const nothing = result.matches === 0;
  const variants =
    plan.variants.length > 1
      ? `, ${plan.variants.length} variants of ${plan.vary?.split(",").join(" and ")}`
      : "";
  return {
    title: `${names.game}: the lab's report`,
    about:
      `${plan.players} players, ${lineupWords(plan)}${variants}: ` +
      `${result.matches.toLocaleString("en")} matches (${result.deals.toLocaleString("en")} deals), ` +
      `${result.hands.toLocaleString("en")} hands, ${result.moves.toLocaleString("en")} moves; ` +
      `seed ${plan.seed}; cardroom ${version}.${END_WORDS[ended]}`,
    summary: nothing
      ? [
          "No match was played to its end, so there is nothing to measure yet: play it again with the command below.",
        ]
      : [
          ...(ladder ? [ladderSummary(ladder)] : []),
          ...summaryOf(plan, result, names),
          ...(ladder ? [] : [methodOf(plan, result, stop)]),
        ],
    tables: nothing ? [] : [...(ladder ? ladderTables(ladder) : []), ...tablesOf(plan, result)],
    charts: nothing ? [] : [...chartsOf(plan, result), ...stopCharts(plan, stop)],
    command,
  };
}

/** The SPRT's trace, when the run had one. */
function stopCharts(plan: LabPlan, stop: ReportStop | null): ReportChart[] {
  if (!stop?.sprt || stop.record.trace.length === 0) return [];
  const records = stop.record.trace.flatMap((p) =>
    p.llr.map((llr, v) => ({ group: plan.variants[v].label, deals: p.deals, llr })),
  );
  return [
    llrChart(
      "The SPRT as the deals came in",
      "Each variant's log-likelihood ratio of elo1 against elo0 after each whole prefix of batches; the run stops when every line has crossed a dashed bound (above: elo1 accepted; below: elo0).",
      records,
      stop.sprt[0].bounds,
    ),
  ];
}

/** `--report FILE.html`: the page, written whole or not at all. */
export function writeReport(
  plan: LabPlan,
  result: LabResult,
  file: string,
  command: string,
  version: string,
  ended: RunEnd = "done",
  ladder: Ladder | null = null,
  stop: ReportStop | null = null,
): void {
  writeWhole(file, reportHtml(reportPage(plan, result, command, version, ended, ladder, stop)));
}

/** A round robin's rating list in words: who leads, by how much, and how sure. */
function ladderSummary(ladder: Ladder): string {
  const [top, next] = ladder.rows;
  const rating = (r: LadderRow) => `${r.rating.toFixed(0)} ± ${r.interval.toFixed(0)}`;
  return (
    `The round robin ranks ${ladder.rows.map((r) => r.player).join(", ")}: ${top.player} leads at ${rating(top)} Elo` +
    (next ? `, ${(top.rating - next.rating).toFixed(0)} above ${next.player} (${rating(next)})` : "") +
    `, each pair playing every deal from both sides (${ladder.method}).`
  );
}

/** A round robin's rating list and each pair's result, as the terminal prints them. */
function ladderTables(ladder: Ladder): ReportTable[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const points = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  return [
    {
      caption: "The ladder (Elo, 95% intervals)",
      head: ["Rank", "Player", "Rating", "±95%", "Games", "Score"],
      rows: ladder.rows.map((r) => [
        String(r.rank),
        r.player,
        r.rating.toFixed(0),
        `±${r.interval.toFixed(0)}`,
        String(r.games),
        pct(r.score),
      ]),
    },
    {
      caption: "Each pair's matches (points: a match won 1, shared ½)",
      head: ["Pair", "Points", "Games", "First's share"],
      rows: ladder.pairs.map((p) => [
        `${p.a} against ${p.b}`,
        `${points(p.scoreA)} - ${points(p.scoreB)}`,
        String(p.games),
        pct(p.games ? p.scoreA / p.games : 0),
      ]),
    },
  ];
}

/**
 * `--vary players=2,3,4`: the base count's page led by the counts compared on the same seeds (shares
 * as their edge over each count's fair 1/n), with a table of each count's own shares and a forest
 * plot of the paired differences.
 */
export function countsPage(
  runs: readonly CountRun[],
  comparisons: readonly CountComparison[],
  command: string,
  version: string,
  ended: RunEnd = "done",
): ReportPage {
  const base = runs[0];
  const page = reportPage(base.plan, base.result, command, version, ended);
  const named = (c: CountComparison) => (c.variant === "base" ? c.label : `${c.label}, ${c.variant}`);
  const findings = comparisons.flatMap((c) => {
    const cell = base.result.measures.variants.find((v) => v.label === c.variant)?.lineups[0];
    const said = countMetrics(base.plan)
      .filter((k) => c.differences[k].p < 0.05)
      .map((k) => {
        const d = c.differences[k];
        const of = cell ? baseValue(cell, k) : null;
        const relative = of === null ? "" : ` (${signed(d.mean / of, percent)})`;
        const unit = PAIRED_WORDS[k][1];
        return `${pairedName(base.plan, k)} ${signed(d.mean, unit)}${relative}, 95% ${signed(d.ci95[0], unit)} to ${signed(d.ci95[1], unit)}, p ${pValue(d.p)}`;
      });
    return said.length ? [`${named(c)}: ${said.join("; ")}`] : [];
  });
  const headline = sentence(
    `In short, by player count on the same seeds (${runs.map((r) => r.players).join(", ")} players; shares as their edge over a fair 1/n), ` +
      (findings.length
        ? `each against ${comparisons[0]?.base ?? "the first"}: ${findings.join(". ")}`
        : "no difference this run can tell from chance (every p >= 0.05)"),
  );
  const shares: ReportTable = {
    caption: "Each player count's shares against its fair 1/n (95% intervals)",
    head: [
      "Players",
      "Variant",
      "Fair share",
      "First dealer's matches",
      "Dealer's hands",
      "First player's hands",
    ],
    rows: runs.flatMap((r) =>
      r.result.measures.variants.map((v) => {
        const c = v.lineups[0];
        return [
          String(r.players),
          v.label,
          percent(1 / r.players),
          plusMinus(ofRate(c.firstDealer)),
          plusMinus(ofRate(c.handDealer)),
          plusMinus(ofRate(c.handFirstPlayer)),
        ];
      }),
    ),
  };
  const differences: ReportTable = {
    caption: `Each player count against ${comparisons[0]?.base ?? "the first"}, paired by deal (shares: their edge over 1/n; difference, 95% interval, p)`,
    head: ["Players", "Measure", "Difference", "95% interval", "p", "Deals"],
    rows: comparisons.flatMap((c) =>
      countMetrics(base.plan).map((k) => {
        const d = c.differences[k];
        return [
          named(c),
          keyWords(k),
          amount(d.mean),
          `${amount(d.ci95[0])} to ${amount(d.ci95[1])}`,
          pValue(d.p),
          String(c.deals),
        ];
      }),
    ),
  };
  const forest = comparisons.flatMap((c) =>
    SHARE_METRICS.filter((k) => k !== "level_score" || mixedLineup(base.plan)).map((k) => ({
      group: named(c),
      key: pairedName(base.plan, k),
      value: c.differences[k].mean,
      lo: c.differences[k].ci95[0],
      hi: c.differences[k].ci95[1],
      n: c.differences[k].n,
    })),
  );
  return {
    ...page,
    title: `${page.title.replace(/: the lab's report$/, "")} by player count: the lab's report`,
    about: `${runs.map((r) => r.players).join(", ")} players on the same seeds (below: ${base.players} players in full). ${page.about}`,
    summary: [headline, ...page.summary],
    tables: [shares, differences, ...page.tables],
    charts: [
      intervalChart(
        "What each player count changes, paired by deal",
        `Each point is a count's edge over its fair share (1/n) less ${comparisons[0]?.base ?? "the first count"}'s, on the same seeds, with its 95% interval; the dashed line is no difference.`,
        forest,
        { axis: "Difference in edge over 1/n", reference: 0 },
      ),
      ...page.charts,
    ],
  };
}

/**
 * The report's charts as Vega-Lite specs over small, already-summed records
 * (rates with their intervals, counts per value): a chart is data plus a
 * spec, and a run of a million matches makes a page as small as one of forty.
 */
import type { ReportChart } from "./report-page.js";

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
const WIDTH = 560;

/** A rate with its 95% interval, for one group (a variant) and one key (a seat, a level, ...). */
export interface IntervalRecord {
  readonly group: string;
  readonly key: string;
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  /** How many it was measured over (hands, matches), shown in the tooltip. */
  readonly n: number;
}

/** How often one value came up in one group: a histogram's bar. */
export interface CountRecord {
  readonly group: string;
  readonly value: number;
  readonly count: number;
}

const colorFor = (groups: number) =>
  groups > 1 ? { field: "group", type: "nominal", title: "Variant" } : { value: "#3a6ea5" };

/**
 * Points with their 95% intervals (one row per key, one colour per group),
 * with a dashed line at `reference` (a fair share) when given.
 */
export function intervalChart(
  title: string,
  note: string,
  measured: readonly IntervalRecord[],
  opts: { readonly axis: string; readonly percent?: boolean; readonly reference?: number },
): ReportChart {
  // A figure over nothing (no match won outright, say) has no interval to draw.
  const records = measured.filter((r) => r.n > 0 && Number.isFinite(r.lo) && Number.isFinite(r.hi));
  const groups = new Set(records.map((r) => r.group)).size;
  const format = opts.percent === false ? ".3~f" : ".1%";
  // Zoomed to the intervals and the reference, not stretched from 0: a 1-3 point edge round a fair
  // share of 25% fills the chart instead of a sliver of it.
  const x = {
    field: "value",
    type: "quantitative",
    title: opts.axis,
    axis: { format, labelOverlap: "greedy", tickCount: 6 },
    scale: { zero: false, nice: true },
  };
  const y = { field: "key", type: "nominal", title: null, sort: null };
  const yOffset = groups > 1 ? { yOffset: { field: "group", type: "nominal", sort: null } } : {};
  const tooltip = [
    { field: "group", title: "Variant" },
    { field: "key", title: "Of" },
    { field: "value", title: opts.axis, format },
    { field: "lo", title: "95% from", format },
    { field: "hi", title: "95% to", format },
    { field: "n", title: "Measured over", format: "," },
  ];
  const layers: Record<string, unknown>[] = [
    {
      mark: { type: "rule", strokeWidth: 2 },
      encoding: {
        y,
        ...yOffset,
        x: { ...x, field: "lo" },
        x2: { field: "hi" },
        color: colorFor(groups),
        tooltip,
      },
    },
    {
      mark: { type: "point", filled: true, size: 70 },
      encoding: { y, ...yOffset, x, color: colorFor(groups), tooltip },
    },
  ];
  if (opts.reference !== undefined)
    layers.push({
      data: { values: [{ reference: opts.reference }] },
      mark: { type: "rule", strokeDash: [4, 4], color: "#888" },
      encoding: { x: { field: "reference", type: "quantitative" } },
    });
  return {
    title,
    note,
    spec: {
      $schema: SCHEMA,
      width: WIDTH,
      height: { step: groups > 1 ? 14 * groups : 26 },
      data: { values: records },
      layer: layers,
    },
  };
}

/** Distinct values a distribution shows one by one; past this they are put in bins of equal width. */
const MAX_VALUES = 40;

/** A round bin width (1, 2, 5, 10, 20, 50, ...) that makes at most about MAX_VALUES bins of `span`. */
export function binWidth(span: number): number {
  const raw = span / MAX_VALUES;
  if (raw <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((w) => w >= raw)!;
}

/** The counts put in bins of `width` (each bin named by its lowest value). */
export function binned(records: readonly CountRecord[], width: number): CountRecord[] {
  if (width === 1) return [...records];
  const sums = new Map<string, CountRecord>();
  for (const r of records) {
    const value = Math.floor(r.value / width) * width;
    const key = `${r.group}\u0000${value}`;
    const had = sums.get(key);
    sums.set(key, { group: r.group, value, count: (had?.count ?? 0) + r.count });
  }
  return [...sums.values()].sort((a, b) => a.value - b.value);
}

/**
 * A distribution: the share of each value within its group, as bars for one
 * group and as lines for several (so variants of different sizes compare);
 * values spread wide are put in bins of a round width first.
 */
export function distributionChart(
  title: string,
  note: string,
  records: readonly CountRecord[],
  axis: string,
): ReportChart {
  const values0 = records.map((r) => r.value);
  const width = values0.length ? binWidth(Math.max(...values0) - Math.min(...values0)) : 1;
  const bins = binned(records, width);
  const totals = new Map<string, number>();
  for (const r of bins) totals.set(r.group, (totals.get(r.group) ?? 0) + r.count);
  const values = bins.map((r) => ({ ...r, to: r.value + width - 1, share: r.count / totals.get(r.group)! }));
  const groups = totals.size;
  const axisTitle = width > 1 ? `${axis} (in bins of ${width})` : axis;
  const tooltip = [
    { field: "group", title: "Variant" },
    { field: "value", title: width > 1 ? `${axis} from` : axis },
    ...(width > 1 ? [{ field: "to", title: "to" }] : []),
    { field: "count", title: "How many", format: "," },
    { field: "share", title: "Share", format: ".1%" },
  ];
  const x = { field: "value", type: "quantitative", title: axisTitle, axis: { tickMinStep: width } };
  const y = { field: "share", type: "quantitative", title: "Share", axis: { format: "%" } };
  return {
    title,
    note,
    spec: {
      $schema: SCHEMA,
      width: WIDTH,
      height: 220,
      data: { values },
      mark: groups > 1 ? { type: "line", point: true, interpolate: "step-after" } : { type: "bar" },
      encoding: { x, y, color: colorFor(groups), tooltip },
    },
  };
}

/** One variant's log-likelihood ratio after some deals: a point of the SPRT's trace. */
export interface LlrRecord {
  readonly group: string;
  readonly deals: number;
  readonly llr: number;
}

/** The SPRT's trace: each variant's LLR as the deals came in, between its two bounds (dashed). */
export function llrChart(
  title: string,
  note: string,
  records: readonly LlrRecord[],
  bounds: readonly [number, number],
): ReportChart {
  const groups = new Set(records.map((r) => r.group)).size;
  return {
    title,
    note,
    spec: {
      $schema: SCHEMA,
      width: WIDTH,
      height: 220,
      layer: [
        {
          data: { values: records },
          mark: { type: "line", point: records.length <= 60 },
          encoding: {
            x: {
              field: "deals",
              type: "quantitative",
              title: "Deals played",
              axis: { format: ",", labelOverlap: "greedy" },
            },
            y: { field: "llr", type: "quantitative", title: "Log-likelihood ratio", scale: { zero: false } },
            color: colorFor(groups),
            tooltip: [
              { field: "group", title: "Variant" },
              { field: "deals", title: "Deals", format: "," },
              { field: "llr", title: "LLR", format: ".2f" },
            ],
          },
        },
        {
          data: {
            values: [
              { bound: bounds[0], says: "accept elo0" },
              { bound: bounds[1], says: "accept elo1" },
            ],
          },
          mark: { type: "rule", strokeDash: [4, 4], color: "#888" },
          encoding: {
            y: { field: "bound", type: "quantitative" },
            tooltip: [{ field: "says", title: "Bound" }],
          },
        },
      ],
    },
  };
}

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
  records: readonly IntervalRecord[],
  opts: { readonly axis: string; readonly percent?: boolean; readonly reference?: number },
): ReportChart {
  const groups = new Set(records.map((r) => r.group)).size;
  const format = opts.percent === false ? ".3~f" : ".1%";
  const x = { field: "value", type: "quantitative", title: opts.axis, axis: { format } };
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

/**
 * A distribution: the share of each value within its group, as bars for one
 * group and as lines for several (so variants of different sizes compare).
 */
export function distributionChart(
  title: string,
  note: string,
  records: readonly CountRecord[],
  axis: string,
): ReportChart {
  const totals = new Map<string, number>();
  for (const r of records) totals.set(r.group, (totals.get(r.group) ?? 0) + r.count);
  const values = records.map((r) => ({ ...r, share: r.count / totals.get(r.group)! }));
  const groups = totals.size;
  const tooltip = [
    { field: "group", title: "Variant" },
    { field: "value", title: axis },
    { field: "count", title: "How many", format: "," },
    { field: "share", title: "Share", format: ".1%" },
  ];
  const x = { field: "value", type: "quantitative", title: axis, axis: { tickMinStep: 1 } };
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

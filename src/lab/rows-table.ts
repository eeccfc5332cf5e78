/**
 * The lab's rows as one table for the files (`--csv`, `--parquet`): the
 * match rows, then the hand rows, in one table whose first column, `kind`,
 * says which (`match` or `hand`); a column only one kind has is empty in the
 * other's rows. Each column gets one type, so the CSV header and the Parquet
 * schema say the same thing (docs/LAB.md lists the columns).
 */
import type { LabResult } from "./plan.js";
import { type LabTable, tableLength } from "./rows.js";

export type ColumnType = "string" | "int" | "double";
export type Cell = string | number | null;

export interface Column {
  readonly name: string;
  readonly type: ColumnType;
  /** One value per row; null where the row has none. */
  readonly cells: readonly Cell[];
}

export interface Table {
  readonly rows: number;
  readonly columns: readonly Column[];
}

/** The narrowest type that holds every value of a column (strings when there are none). */
export function columnType(values: Iterable<Cell>): ColumnType {
  let seen: ColumnType | null = null;
  for (const v of values) {
    if (v === null) continue;
    const t: ColumnType =
      typeof v === "string" ? "string" : Number.isInteger(v) && Math.abs(v) <= 0x7fffffff ? "int" : "double";
    if (seen === null || seen === t) seen = t;
    else if (t !== "string" && seen !== "string") seen = "double";
    else return "string";
  }
  return seen ?? "string";
}

/** A non-finite number (none is expected) as no value, so every reader reads the file. */
const finite = (c: Cell): Cell => (typeof c === "number" && !Number.isFinite(c) ? null : c);

/** Tables of each kind, one after another, under a `kind` column. */
export function kindTable(parts: readonly { readonly kind: string; readonly table: LabTable }[]): Table {
  const names: string[] = [];
  for (const { table } of parts) for (const k of Object.keys(table)) if (!names.includes(k)) names.push(k);
  const lengths = parts.map((p) => tableLength(p.table));
  const rows = lengths.reduce((a, b) => a + b, 0);
  const kind: Cell[] = [];
  parts.forEach((p, i) => {
    for (let r = 0; r < lengths[i]; r++) kind.push(p.kind);
  });
  const columns: Column[] = [{ name: "kind", type: "string", cells: kind }];
  for (const name of names) {
    if (name === "kind") throw new Error('a lab row column may not be called "kind"');
    const cells: Cell[] = [];
    parts.forEach((p, i) => {
      const col = p.table[name];
      for (let r = 0; r < lengths[i]; r++) cells.push(col ? finite(col[r]) : null);
    });
    const type = columnType(cells);
    columns.push({
      name,
      type,
      cells: type === "string" ? cells.map((c) => (c === null ? c : String(c))) : cells,
    });
  }
  return { rows, columns };
}

/** The run's rows for the files: its matches, then its hands. */
export function labTable(result: LabResult): Table {
  if (!result.matchRows || !result.handRows)
    throw new Error("the run kept no rows (the plan's rows setting was off)");
  return kindTable([
    { kind: "match", table: result.matchRows },
    { kind: "hand", table: result.handRows },
  ]);
}

/**
 * Rows as columns: one array per column, all of one length, so a million
 * rows cost a few arrays of numbers instead of a million objects, and the
 * CSV and Parquet writers read them column by column. Columns: docs/LAB.md.
 */
export type Cell = number | string | null;
export type LabTable = { readonly [column: string]: Cell[] };

/** The number of rows (every column has it). */
export function tableLength(t: LabTable): number {
  for (const k in t) return t[k].length;
  return 0;
}

/**
 * Tables one after another. A column missing from a table (a rule counter
 * that game never fired in that batch) is null in its rows.
 */
export function concatTables(tables: readonly LabTable[]): LabTable {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const t of tables)
    for (const k of Object.keys(t))
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
  const out: Record<string, Cell[]> = {};
  for (const k of columns) out[k] = [];
  for (const t of tables) {
    const n = tableLength(t);
    for (const k of columns) {
      const col = t[k];
      const into = out[k];
      if (col) for (let i = 0; i < n; i++) into.push(col[i]);
      else for (let i = 0; i < n; i++) into.push(null);
    }
  }
  return out;
}

/** Row i as an object (for tests and small outputs). */
export function rowAt(t: LabTable, i: number): Record<string, Cell> {
  const row: Record<string, Cell> = {};
  for (const k in t) row[k] = t[k][i];
  return row;
}

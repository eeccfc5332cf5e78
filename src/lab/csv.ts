import { stringify } from "csv-stringify/sync";
import type { LabResult } from "./plan.js";
import { writeWhole } from "./output-file.js";
import { type Table, labTable } from "./rows-table.js";

/** The table as CSV text (RFC 4180: a header line, commas, quotes where needed, empty for no value). */
export function csvText(table: Table): string {
  const records: (string | number)[][] = [];
  for (let r = 0; r < table.rows; r++) records.push(table.columns.map((c) => c.cells[r] ?? ""));
  return stringify(records, {
    header: true,
    columns: table.columns.map((c) => c.name),
    record_delimiter: "unix",
  });
}

/** `--csv FILE`: one row per match and per hand (docs/LAB.md lists the columns). */
export function writeCsv(result: LabResult, file: string): void {
  writeWhole(file, csvText(labTable(result)));
}

import { closeSync, openSync, writeSync } from "node:fs";
import { stringify } from "csv-stringify/sync";
import type { LabResult } from "./plan.js";
import { writeThrough } from "./output-file.js";
import { type Table, labTable } from "./rows-table.js";

/** Rows stringified at a time: a run of millions of hands is written in pieces, never one string. */
const CHUNK = 10_000;

/** The table as CSV (RFC 4180: a header line, commas, quotes where needed, empty for no value), piece by piece. */
export function* csvChunks(table: Table): Generator<string> {
  const names = table.columns.map((c) => c.name);
  yield stringify([names], { record_delimiter: "unix" });
  for (let start = 0; start < table.rows; start += CHUNK) {
    const records: (string | number)[][] = [];
    for (let r = start; r < Math.min(table.rows, start + CHUNK); r++)
      records.push(table.columns.map((c) => c.cells[r] ?? ""));
    yield stringify(records, { record_delimiter: "unix" });
  }
}

export const csvText = (table: Table): string => [...csvChunks(table)].join("");

/** `--csv FILE`: one row per match and per hand (docs/LAB.md lists the columns). */
export function writeCsv(result: LabResult, file: string): void {
  const table = labTable(result);
  writeThrough(file, (temp) => {
    const fd = openSync(temp, "w");
    try {
      for (const chunk of csvChunks(table)) writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
  });
}

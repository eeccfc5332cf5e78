import { type BasicType, type ColumnSource, parquetWriteBuffer, parquetWriteFile } from "hyparquet-writer";
import type { LabPlan, LabResult } from "./plan.js";
import { writeThrough } from "./output-file.js";
import { type ColumnType, type Table, labTable } from "./rows-table.js";

const PARQUET_TYPE: Record<ColumnType, BasicType> = { string: "STRING", int: "INT32", double: "DOUBLE" };

const columnsOf = (table: Table): ColumnSource[] =>
  table.columns.map((c) => ({ name: c.name, type: PARQUET_TYPE[c.type], data: [...c.cells] }));

const keyValues = (metadata: Readonly<Record<string, string>>) =>
  Object.entries(metadata).map(([key, value]) => ({ key, value }));

/** The table as a Parquet file's bytes: one column per table column, nulls where a row has no value. */
export function parquetBytes(table: Table, metadata: Readonly<Record<string, string>> = {}): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: columnsOf(table),
    kvMetadata: keyValues(metadata),
    createdBy: "cardroom lab",
  });
  return new Uint8Array(buffer);
}

/** The file's own note of the run: the plan as JSON, so the variants' and line-ups' numbers can be named. */
export const PLAN_KEY = "cardroom.lab.plan";

/** `--parquet FILE`: the same rows and columns as `--csv` (docs/LAB.md), the plan in the file's metadata. */
export function writeParquet(result: LabResult, file: string, plan?: LabPlan): void {
  const table = labTable(result);
  writeThrough(file, (temp) =>
    parquetWriteFile({
      filename: temp,
      columnData: columnsOf(table),
      kvMetadata: keyValues(plan ? { [PLAN_KEY]: JSON.stringify(plan) } : {}),
      createdBy: "cardroom lab",
    }),
  );
}

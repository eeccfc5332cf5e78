import { type BasicType, parquetWriteBuffer } from "hyparquet-writer";
import type { LabResult } from "./plan.js";
import { writeWhole } from "./output-file.js";
import { type ColumnType, type Table, labTable } from "./rows-table.js";

const PARQUET_TYPE: Record<ColumnType, BasicType> = { string: "STRING", int: "INT32", double: "DOUBLE" };

/** The table as a Parquet file's bytes: one column per table column, nulls where a row has no value. */
export function parquetBytes(table: Table, metadata: Readonly<Record<string, string>> = {}): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: table.columns.map((c) => ({ name: c.name, type: PARQUET_TYPE[c.type], data: [...c.cells] })),
    kvMetadata: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    createdBy: "cardroom lab",
  });
  return new Uint8Array(buffer);
}

/** `--parquet FILE`: the same rows and columns as `--csv` (docs/LAB.md). */
export function writeParquet(result: LabResult, file: string): void {
  writeWhole(file, parquetBytes(labTable(result)));
}

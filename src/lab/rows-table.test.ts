import { parquetReadObjects } from "hyparquet";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvText } from "./csv.js";
import { parquetBytes } from "./parquet.js";
import { columnType, kindTable } from "./rows-table.js";

const matches = { deal: [0, 1], winners: ["0", "0,1"], drama: [0.25, 0] };
const hands = { deal: [0, 0, 1], hand: [1, 2, 1], points_0: [3, null, 7] };

describe("the lab's rows as one table", () => {
  it("puts matches, then hands, under a kind column, empty where a kind lacks a column", () => {
    const t = kindTable([
      { kind: "match", table: matches },
      { kind: "hand", table: hands },
    ]);
    expect(t.rows).toBe(5);
    expect(t.columns.map((c) => [c.name, c.type])).toEqual([
      ["kind", "string"],
      ["deal", "int"],
      ["winners", "string"],
      ["drama", "double"],
      ["hand", "int"],
      ["points_0", "int"],
    ]);
    const hand = t.columns.find((c) => c.name === "hand")!;
    expect(hand.cells).toEqual([null, null, 1, 2, 1]);
  });

  it("types a column by all its values", () => {
    expect(columnType([1, 2, null])).toBe("int");
    expect(columnType([1, 2.5])).toBe("double");
    expect(columnType([1, "x"])).toBe("string");
    expect(columnType([2 ** 40])).toBe("double");
    expect(columnType([null])).toBe("string");
  });

  it("reads back the same from CSV and from Parquet", async () => {
    const t = kindTable([
      { kind: "match", table: matches },
      { kind: "hand", table: hands },
    ]);
    const csv = parse(csvText(t), { columns: true }) as Record<string, string>[];
    expect(csv).toHaveLength(5);
    expect(csv[1]).toMatchObject({ kind: "match", deal: "1", winners: "0,1", drama: "0", hand: "" });
    const bytes = parquetBytes(t);
    const rows = await parquetReadObjects({
      file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    });
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      kind: "match",
      deal: 0,
      winners: "0",
      drama: 0.25,
      hand: null,
      points_0: null,
    });
    expect(rows[3]).toEqual({ kind: "hand", deal: 0, winners: null, drama: null, hand: 2, points_0: null });
  });

  it("writes a file of no rows that still names its columns", async () => {
    const t = kindTable([{ kind: "hand", table: { deal: [], hand: [] } }]);
    expect(csvText(t).trim()).toBe("kind,deal,hand");
    const bytes = parquetBytes(t);
    const rows = await parquetReadObjects({
      file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    });
    expect(rows).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { parseOptions } from "./options.js";

const specs = {
  target: { kind: "int", default: 100, min: 1, max: 500, label: "", help: "" },
  muggins: { kind: "bool", default: false, label: "", help: "" },
  mode: { kind: "enum", default: "chance", values: ["chance", "strategy"], labels: {}, label: "", help: "" },
} as const;

describe("options", () => {
  it("fills in defaults", () => {
    expect(parseOptions(specs, undefined)).toEqual({
      ok: true,
      value: { target: 100, muggins: false, mode: "chance" },
    });
  });

  it("reads JSON values and command-line text alike", () => {
    expect(parseOptions(specs, { target: 61, muggins: true, mode: "strategy" })).toEqual(
      parseOptions(specs, { target: "61", muggins: "true", mode: "strategy" }),
    );
  });

  it("reads a number as the text of an enum value", () => {
    const packs = {
      packs: { kind: "enum", default: "auto", values: ["auto", "1", "2"], labels: {}, label: "", help: "" },
    } as const;
    expect(parseOptions(packs, { packs: 2 })).toEqual({ ok: true, value: { packs: "2" } });
  });

  it("names what is wrong in one line", () => {
    expect(parseOptions(specs, { trget: 5 })).toEqual({
      ok: false,
      error: 'unknown option "trget" (options: target, muggins, mode)',
    });
    expect(parseOptions(specs, { target: 0 })).toEqual({
      ok: false,
      error: 'option "target": 0 is out of range 1..500',
    });
    expect(parseOptions(specs, { target: "ten" }).ok).toBe(false);
    expect(parseOptions(specs, { muggins: "maybe" }).ok).toBe(false);
    expect(parseOptions(specs, { mode: "fast" }).ok).toBe(false);
    expect(parseOptions(specs, { mode: 2 }).ok).toBe(false);
    expect(parseOptions(specs, [1]).ok).toBe(false);
    expect(parseOptions(specs, { constructor: 1 }).ok).toBe(false);
  });

  it("reads command-line text as a person types it, and nothing that only looks like a number", () => {
    expect(parseOptions(specs, { target: " 61 ", muggins: "True", mode: "Strategy" })).toEqual({
      ok: true,
      value: { target: 61, muggins: true, mode: "strategy" },
    });
    for (const target of ["", " ", "0x40", "1e2", "6 1", "61.0"]) {
      expect(parseOptions(specs, { target }).ok, target).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { followDefaults, optionDefault, parseOptions } from "./options.js";

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

  it("takes a default another option's value brings, unless the value is given", () => {
    const linked = {
      mode: specs.mode,
      target: { ...specs.target, defaultWith: { option: "mode", value: "strategy", default: 61 } },
    } as const;
    expect(parseOptions(linked, {})).toEqual({ ok: true, value: { mode: "chance", target: 100 } });
    expect(parseOptions(linked, { mode: "strategy" })).toEqual({
      ok: true,
      value: { mode: "strategy", target: 61 },
    });
    expect(parseOptions(linked, { mode: "strategy", target: 100 })).toEqual({
      ok: true,
      value: { mode: "strategy", target: 100 },
    });
    // Text from the command line counts as given.
    expect(parseOptions(linked, { target: "61" })).toEqual({
      ok: true,
      value: { mode: "chance", target: 61 },
    });
    expect(optionDefault(linked.target, { mode: "strategy" })).toBe(61);
    expect(optionDefault(specs.target, { mode: "strategy" })).toBe(100);
    // A face that keeps every value: an untouched default follows, a chosen value stands.
    const at = { mode: "chance", target: 100 };
    expect(followDefaults(linked, at, { ...at, mode: "strategy" })).toEqual({ mode: "strategy", target: 61 });
    expect(followDefaults(linked, { ...at, target: 90 }, { mode: "strategy", target: 90 })).toEqual({
      mode: "strategy",
      target: 90,
    });
  });
});

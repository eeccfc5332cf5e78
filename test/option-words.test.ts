/**
 * Every game's options say what they are in words (item 5 of issue 25): a
 * label and a one-line help that the terminal and the lobby show, never the
 * option's name alone; each value of a choice has its own words.
 */
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";

const options = ENTRIES.flatMap(({ game }) =>
  Object.entries(game.options).map(([name, spec]) => [`${game.id} ${name}`, name, spec] as const),
);

describe("option words", () => {
  it.each(options)("%s has a label and a help in words", (_, name, spec) => {
    expect(spec.label).toMatch(/^[A-Z][a-z]/);
    expect(spec.label.length).toBeLessThanOrEqual(30);
    // Words, not an identifier: no camelCase.
    expect(spec.label).not.toMatch(/[a-z][A-Z]/);
    expect(spec.help).toMatch(/^[A-Z0-9].*\.$/);
    expect(spec.help).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*\b/);
    expect(spec.help).not.toContain("\n");
    expect(spec.help.length).toBeLessThanOrEqual(160);
  });

  it.each(options.filter(([, , s]) => s.kind === "enum"))("%s names each of its values", (_, __, spec) => {
    if (spec.kind !== "enum") return;
    expect(Object.keys(spec.labels).sort()).toEqual([...spec.values].sort());
    for (const v of spec.values) expect(spec.labels[v]).toMatch(/^[A-Z]/);
  });
});

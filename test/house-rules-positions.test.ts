/**
 * The house rules (issue 26 item 3) are options added to games whose
 * positions are already stored (saved matches, the server's tables): a
 * position written before an option existed must restore, playing the
 * seed's rule, and a position with a house rule on must restore with it.
 */
import { describe, expect, it } from "vitest";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import { HOUSE_RULES as HOUSE } from "./house-rules.js";

/** State fields the house rules added beside the options. */
const NEW_FIELDS: Record<string, string[]> = { "gin-rummy": ["upcard"] };

describe("house rules in stored positions", () => {
  it.each(ENTRIES.map((e) => [e.game.id, e.game] as const))("%s", (id, game) => {
    const house = HOUSE[id];
    expect(house).toBeDefined();
    for (const [name, value] of Object.entries(house)) {
      const spec = game.options[name];
      expect(spec, `${id} has option ${name}`).toBeDefined();
      if (name !== "mode") expect(spec.default).not.toEqual(value);
    }
    const started = Table.start(game, { players: 2, seed: 1, options: house });
    if (!started.ok) throw new Error(started.error.message);
    const position = JSON.parse(JSON.stringify(started.value.position())) as {
      state: { options: Record<string, unknown> } & Record<string, unknown>;
    };
    // With the house rules on: restored as they are.
    const same = Table.fromPosition(game, position);
    if (!same.ok) throw new Error(same.error.message);
    expect(same.value.log().options).toMatchObject(house);
    // Written before the options existed: restored with the seed's rules.
    const added = Object.keys(house).filter((name) => name !== "mode");
    for (const name of added) delete position.state.options[name];
    for (const field of NEW_FIELDS[id] ?? []) delete position.state[field];
    const old = Table.fromPosition(game, position);
    if (!old.ok) throw new Error(old.error.message);
    for (const name of added)
      expect((old.value.log().options as Record<string, unknown>)[name]).toEqual(game.options[name].default);
  });
});

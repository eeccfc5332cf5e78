/**
 * The fields each move type's wire form has, read from a game's `moveSchema`
 * (a discriminated union of objects on `type`): the one place where a move
 * with a field its type does not have is refused, whichever way it came in
 * (the engine protocol, the server, a terminal joined to a server).
 */
import { z } from "zod";
import type { MoveJson } from "./game.js";

const fieldsBySchema = new WeakMap<object, ReadonlyMap<string, readonly string[]>>();

function fieldsOf(schema: z.ZodType<unknown>): ReadonlyMap<string, readonly string[]> {
  const known = fieldsBySchema.get(schema);
  if (known) return known;
  const fields = new Map<string, readonly string[]>();
  if (schema instanceof z.ZodDiscriminatedUnion) {
    for (const option of schema.options) {
      if (!(option instanceof z.ZodObject)) continue;
      const type = option.shape.type;
      if (!(type instanceof z.ZodLiteral)) continue;
      for (const value of type.values) fields.set(String(value), Object.keys(option.shape));
    }
  }
  fieldsBySchema.set(schema, fields);
  return fields;
}

/**
 * The one line naming a field `json` has that its type's wire form does not
 * (`{"type":"end","card":"ZZ"}` in ROY), or null; an unknown type is left to
 * the game's `moveFromJson`, which names the types there are.
 */
export function unexpectedMoveField(schema: z.ZodType<unknown>, json: MoveJson): string | null {
  const fields = fieldsOf(schema).get(json.type);
  if (!fields) return null;
  const extra = Object.keys(json).find((k) => !fields.includes(k));
  if (extra === undefined) return null;
  const has = fields.filter((f) => f !== "type");
  // The name as JSON writes it: a control character in it never breaks the one line.
  return `the "${json.type}" move has no field ${JSON.stringify(extra.slice(0, 40))} (${
    has.length ? `its fields: type, ${has.join(", ")}` : "it has only its type"
  })`;
}

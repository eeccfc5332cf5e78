/**
 * What the fuzzers (test/fuzz-engine.ts, test/fuzz-server.ts) put in a
 * field: wrong types, oversized and malformed text, deep nesting, and
 * references to the run's real things (a table's id, another seat's secret,
 * a move from a finished hand). References are plain strings such as "$T"
 * so a failing input prints readably; `resolve` fills them in at run time.
 */
import fc from "fast-check";

/** A reference to something the run holds; `resolve` replaces it. */
export type Ref = `$${string}`;

/** Text that breaks naive parsers: quotes, escapes, NULs, lone surrogates, line separators. */
const nastyText = fc.constantFrom(
  "",
  " ",
  '"',
  "\\",
  "\u0000",
  "\ud800",
  "\udfff",
  "\u2028",
  "\u202e",
  "\ufeff",
  "\r\n",
  "<script>alert(1)</script>",
  "'; drop table log_entry; --",
  "../../etc/passwd",
  "%00",
  "%2e%2e%2f",
  "__proto__",
  "constructor",
  "toString",
  "NaN",
  "Infinity",
  "-0",
  "1e999",
  "AS",
  "10H",
  "ZZ",
  "RJ",
  "spectator",
  "0".repeat(64),
  "f".repeat(32),
);

/** A long string: the size a field allows, just over it, or far over. */
const longText = fc
  .tuple(fc.constantFrom(33, 41, 65, 301, 4097, 20_000), fc.constantFrom("x", "é", "😀", "\u0000", "a "))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

const nested = fc
  .tuple(fc.integer({ min: 1, max: 200 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      JSON.parse(
        (arrays ? "[" : '{"a":').repeat(depth) + "1" + (arrays ? "]" : "}").repeat(depth),
      ) as unknown,
  );

const weirdNumber = fc.constantFrom(
  -1,
  0,
  1,
  2,
  7,
  8,
  99,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 53,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
);

/** Any code points, lone surrogates included (fc.string's "binary" unit builds a costly map of them all). */
const anyCodePoints = fc
  .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 12 })
  .map((points) => String.fromCodePoint(...points));

const made = new Map<string, fc.Arbitrary<unknown>>();

/** Any value at all, weighted toward the ones that find bugs (made once per set of references). */
export function hostileValue(refs: readonly Ref[] = []): fc.Arbitrary<unknown> {
  const key = refs.join(",");
  let arb = made.get(key);
  if (!arb) made.set(key, (arb = anyValue(refs)));
  return arb;
}

function anyValue(refs: readonly Ref[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
    { arbitrary: weirdNumber, weight: 2 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: nastyText, weight: 3 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
    { arbitrary: anyCodePoints, weight: 1 },
    { arbitrary: longText, weight: 1 },
    { arbitrary: nested, weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    { arbitrary: refs.length ? fc.constantFrom(...refs) : fc.constant(null), weight: refs.length ? 6 : 0 },
  );
}

/** A JSON text of `value` cut, spliced or padded with junk: mostly not JSON any more. */
export function mutated(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const junk = fc.constantFrom(
    '"',
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "null",
    "1e999",
    "\\",
    "\u0000",
    "\\ud800",
    "",
  );
  const edit = fc.tuple(fc.nat(), fc.nat({ max: 4 }), junk);
  return fc.tuple(text, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([s, edits]) => {
    let out = s;
    for (const [at, cut, put] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + put + out.slice(i + cut);
    }
    return out;
  });
}

/** Bytes that are not UTF-8 text, or text that is not JSON. */
export const rawBytes = fc.uint8Array({ maxLength: 200 });

/**
 * Any value as text. fast-check's JSON objects have no prototype, so String() throws on them
 * (seed 20261128 of the long run found it in the fuzzer itself, not in the server).
 */
export const asText = (v: unknown): string =>
  typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);

/** Replaces every reference in `value` (a string exactly "$NAME", or inside a string) by what `lookup` gives. */
export function resolve(value: unknown, lookup: (ref: Ref) => unknown): unknown {
  if (typeof value === "string") {
    if (/^\$[A-Za-z0-9_]+$/.test(value)) return lookup(value as Ref);
    return value.replace(/\$[A-Z][A-Z0-9_]*/g, (r) => {
      const v = lookup(r as Ref);
      return typeof v === "string" || typeof v === "number" ? String(v) : r;
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, lookup));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resolve(v, lookup);
    return out;
  }
  return value;
}

/** An object like `shape` with one or two fields replaced or added with hostile values. */
export function bentRecord(
  shape: Record<string, unknown>,
  fields: readonly string[],
  refs: readonly Ref[],
): fc.Arbitrary<Record<string, unknown>> {
  const value = hostileValue(refs);
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...fields), weight: 5 },
    { arbitrary: fc.constantFrom("extra", "__proto__", "constructor", "", "type "), weight: 1 },
  );
  const change = fc.oneof(
    { arbitrary: fc.tuple(key, value).map(([k, v]) => ({ k, v, drop: false })), weight: 5 },
    { arbitrary: key.map((k) => ({ k, v: undefined, drop: true })), weight: 1 },
  );
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const out: Record<string, unknown> = { ...shape };
    for (const { k, v, drop } of changes) {
      if (drop) delete out[k];
      else Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

import { type Result, err, ok } from "./result.js";

/**
 * What an option says to a player, in words: a short `label` ("Points to
 * win") and a one-line `help` that explains it without the option's name.
 * The terminal's `--option` help, the room and the web lobby all show these;
 * the option's name stays for `--option name=value` and the wire.
 */
interface OptionWords {
  readonly label: string;
  readonly help: string;
}

/** A game's options as plain data: each names its kind, its default and what it means. */
export type OptionSpec =
  | (OptionWords & {
      readonly kind: "int";
      readonly default: number;
      readonly min: number;
      readonly max: number;
      /** The value names a seat (0 to players - 1): faces offer the seats, never the number. */
      readonly seat?: boolean;
      /**
       * Another option's value that brings its own default: `{ option: "deal",
       * value: "five", default: 61 }` (five-card cribbage is a game to 61).
       * A value the player gives stands; see `optionDefault`.
       */
      readonly defaultWith?: {
        readonly option: string;
        readonly value: OptionValue;
        readonly default: number;
      };
    })
  | (OptionWords & { readonly kind: "bool"; readonly default: boolean })
  | (OptionWords & {
      readonly kind: "enum";
      readonly default: string;
      readonly values: readonly string[];
      /** Each value in words, for a choice shown to a player ("Two packs"). */
      readonly labels: Readonly<Record<string, string>>;
    });

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<S> = S extends { kind: "int" }
  ? number
  : S extends { kind: "bool" }
    ? boolean
    : S extends { kind: "enum"; values: readonly (infer V)[] }
      ? V
      : never;

/** The option values a spec describes, typed: `{ target: number, drawWhenAble: boolean }`. */
export type OptionsOf<S extends OptionSpecs> = { -readonly [K in keyof S]: ValueOf<S[K]> };

export type OptionValue = number | boolean | string;

/** A value of an option in words: "on", "off", an enum value's label, a number as it is. */
export function optionValueWords(spec: OptionSpec, value: OptionValue): string {
  if (spec.kind === "bool") return value ? "on" : "off";
  if (spec.kind === "enum") return spec.labels[String(value)] ?? String(value);
  return String(value);
}

export function defaultOptions<S extends OptionSpecs>(specs: S): OptionsOf<S> {
  const out: Record<string, OptionValue> = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = spec.default;
  return out as OptionsOf<S>;
}

/** An option's default beside the other options' values: its `defaultWith` when that applies, else its own. */
export function optionDefault(spec: OptionSpec, values: Readonly<Record<string, unknown>>): OptionValue {
  const w = spec.kind === "int" ? spec.defaultWith : undefined;
  return w && values[w.option] === w.value ? w.default : spec.default;
}

/**
 * The values after one option changed from `before` to `after`: an option
 * left at its default follows the change of default that change brings
 * (picking five-card cribbage moves an untouched 121 to 61); a value the
 * player set stands. For the faces that keep every option's value.
 */
export function followDefaults(
  specs: OptionSpecs,
  before: Readonly<Record<string, OptionValue>>,
  after: Readonly<Record<string, OptionValue>>,
): Record<string, OptionValue> {
  const out = { ...after };
  for (const [name, spec] of Object.entries(specs))
    if (before[name] === after[name] && before[name] === optionDefault(spec, before))
      out[name] = optionDefault(spec, after);
  return out;
}

/**
 * Checks raw option values (from JSON, or `k=v` text on the command line)
 * against the specs and fills in defaults. Unknown names and bad values are
 * errors, one line each.
 */
export function parseOptions<S extends OptionSpecs>(specs: S, raw: unknown): Result<OptionsOf<S>, string> {
  if (raw === undefined || raw === null) return ok(defaultOptions(specs));
  if (typeof raw !== "object" || Array.isArray(raw)) return err("options must be an object of name: value");
  const out = defaultOptions(specs) as Record<string, OptionValue>;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) {
      const known = Object.keys(specs);
      return err(
        `unknown option "${name}"` +
          (known.length ? ` (options: ${known.join(", ")})` : " (this game has none)"),
      );
    }
    const v = coerce(spec, value);
    if (!v.ok) return err(`option "${name}": ${v.error}`);
    out[name] = v.value;
  }
  // An option not given takes the default the others' values bring.
  for (const [name, spec] of Object.entries(specs))
    if (!Object.hasOwn(raw, name)) out[name] = optionDefault(spec, out);
  return ok(out as OptionsOf<S>);
}

function coerce(spec: OptionSpec, value: unknown): Result<OptionValue, string> {
  switch (spec.kind) {
    case "int": {
      // Text must be plain digits: Number() would also read "0x10", "1e3" and " " as numbers.
      const n = typeof value === "string" ? (/^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : NaN) : value;
      if (typeof n !== "number" || !Number.isInteger(n))
        return err(`expected a whole number, got ${JSON.stringify(value)}`);
      if (n < spec.min || n > spec.max) return err(`${n} is out of range ${spec.min}..${spec.max}`);
      return ok(n);
    }
    case "bool": {
      if (typeof value === "boolean") return ok(value);
      const word = typeof value === "string" ? value.trim().toLowerCase() : value;
      if (word === "true" || word === "on" || word === "yes") return ok(true);
      if (word === "false" || word === "off" || word === "no") return ok(false);
      return err(`expected true or false, got ${JSON.stringify(value)}`);
    }
    case "enum": {
      // A number is read as its text, so `"packs": 2` means the value "2".
      const text =
        typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : value;
      if (typeof text === "string" && spec.values.includes(text)) return ok(text);
      const folded = spec.values.find(
        (v) => typeof text === "string" && v.toLowerCase() === text.toLowerCase(),
      );
      if (folded !== undefined) return ok(folded);
      return err(`expected one of ${spec.values.join(", ")}, got ${JSON.stringify(value)}`);
    }
  }
}

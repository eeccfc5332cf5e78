/**
 * What the lobby remembers between visits (localStorage): the name typed,
 * the game played last and, per game, the players, the computers' level, how many friends an
 * invitation is for, and the options. Read back against the game as the
 * server lists it now, so a setting that no longer fits is dropped, never
 * sent.
 */
import { type OptionSpec, type OptionValue, optionDefault } from "../../../src/engine/options.js";
import type { GameSummary } from "../api.js";

export interface GameSettings {
  readonly players: number;
  readonly level: string;
  /** Seats an invitation leaves open for people (the rest are computers). */
  readonly friends: number;
  readonly options: Readonly<Record<string, OptionValue>>;
}

export interface Remembered {
  /** The name typed last, before it is a guest's. */
  readonly name?: string;
  readonly last: string | null;
  readonly games: Readonly<Record<string, Partial<GameSettings>>>;
}

export type SeatSpec = { readonly kind: "open" } | { readonly kind: "computer"; readonly level: string };

const KEY = "cardroom:lobby";
/** The game a newcomer sees first: the best known of the seven, not the registry's first. */
export const FIRST_CHOICE = "crazy-eights";
export const DEFAULT_LEVEL = "medium";

export function loadRemembered(): Remembered {
  try {
    const r = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<Remembered> | null;
    return {
      ...(typeof r?.name === "string" ? { name: r.name.slice(0, 32) } : {}),
      last: typeof r?.last === "string" ? r.last : null,
      games: r?.games && typeof r.games === "object" ? r.games : {},
    };
  } catch {
    return { last: null, games: {} };
  }
}

export function saveRemembered(r: Remembered): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(r));
  } catch {
    // Storage full or refused (a private window): the settings last as long as the page.
  }
}

/** The game to show first: the one played last, else Crazy Eights, else the first listed. */
export function defaultGame(games: readonly GameSummary[], r: Remembered): string {
  const known = (id: string | null): boolean => id !== null && games.some((g) => g.id === id);
  if (known(r.last)) return r.last!;
  if (known(FIRST_CHOICE)) return FIRST_CHOICE;
  return games[0]?.id ?? "";
}

/** Whether `value` is one `spec` takes; for a seat, one of this many players. */
export function fits(spec: OptionSpec, value: unknown, players: number): value is OptionValue {
  switch (spec.kind) {
    case "int":
      return (
        typeof value === "number" &&
        Number.isInteger(value) &&
        value >= spec.min &&
        value <= (spec.seat ? Math.min(spec.max, players - 1) : spec.max)
      );
    case "bool":
      return typeof value === "boolean";
    case "enum":
      return typeof value === "string" && spec.values.includes(value);
  }
}

/** A game's settings: what was saved where it still fits the game, the defaults elsewhere. */
export function settingsFor(game: GameSummary, saved: Partial<GameSettings> | undefined): GameSettings {
  const s = saved ?? {};
  const players =
    typeof s.players === "number" &&
    Number.isInteger(s.players) &&
    s.players >= game.minPlayers &&
    s.players <= game.maxPlayers
      ? s.players
      : game.minPlayers;
  const level =
    typeof s.level === "string" && game.levels.includes(s.level)
      ? s.level
      : game.levels.includes(DEFAULT_LEVEL)
        ? DEFAULT_LEVEL
        : (game.levels[0] ?? DEFAULT_LEVEL);
  const friends =
    typeof s.friends === "number" && Number.isInteger(s.friends)
      ? Math.max(1, Math.min(s.friends, players - 1))
      : 1;
  const options: Record<string, OptionValue> = {};
  const savedOptions = (s.options ?? {}) as Readonly<Record<string, unknown>>;
  for (const [name, spec] of Object.entries(game.options)) {
    const v = Object.hasOwn(savedOptions, name) ? savedOptions[name] : undefined;
    options[name] = fits(spec, v, players) ? v : spec.default;
  }
  return { players, level, friends, options };
}

/** The remembered settings with one game's changed (and, when played, that game as the last). */
export function remember(r: Remembered, game: string, settings: GameSettings, played = false): Remembered {
  return { ...r, last: played ? game : r.last, games: { ...r.games, [game]: settings } };
}

/** The seats of a new table: yours first, then the people invited, then the computers. */
export function seatsFor(s: GameSettings, mode: "computer" | "friend"): SeatSpec[] {
  const people = mode === "friend" ? Math.max(1, Math.min(s.friends, s.players - 1)) : 0;
  return Array.from({ length: s.players }, (_, k): SeatSpec =>
    k <= people ? { kind: "open" } : { kind: "computer", level: s.level },
  );
}

/** The options that differ from the game's defaults: what a summary line names. */
export function changedOptions(
  game: GameSummary,
  options: Readonly<Record<string, unknown>>,
): [string, OptionSpec, OptionValue][] {
  return Object.entries(game.options).flatMap(([name, spec]) => {
    const v = options[name];
    return v !== undefined && v !== optionDefault(spec, options) && fits(spec, v, Infinity)
      ? [[name, spec, v]]
      : [];
  });
}

/**
 * Positions: a match's exact state as plain data, to save and restore
 * (`{"cmd":"state"}` and `{"cmd":"new","position":P}`, `cardroom play
 * --position FILE`). Serialisation lives here, apart from the rules.
 */
import { CARD_SPACE, type Card } from "./cards.js";
import { formatCard } from "./card-text.js";
import type { AnyGame, JsonObject, MatchState } from "./game.js";
import { parseOptions } from "./options.js";
import { type Result, err, ok } from "./result.js";

/** A position: the game, the number of the last event so far, and the state's plain data. */
export interface Position {
  readonly game: string;
  /** Events numbered so far: a restored table numbers on from here. */
  readonly seq: number;
  readonly state: JsonObject;
}

export function positionOf(game: AnyGame, state: MatchState, seq: number): Position {
  return { game: game.id, seq, state: JSON.parse(JSON.stringify(state)) as JsonObject };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads a position back: its shape checked against the game's state schema,
 * its options and player count against the game, its cards against the pack
 * (each exactly as often as the pack holds it), then the game's own checks.
 * What is wrong is one line.
 */
export function restorePosition(
  game: AnyGame,
  json: unknown,
): Result<{ state: MatchState; seq: number }, string> {
  if (!isObject(json)) return err("a position must be an object with game, seq and state");
  if (json.game !== game.id) return err(`the position is of ${JSON.stringify(json.game)}, not ${game.id}`);
  const seq = json.seq ?? 0;
  if (typeof seq !== "number" || !Number.isInteger(seq) || seq < 0)
    return err("position.seq must be a whole number of events");
  const parsed = game.stateSchema.safeParse(json.state);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(`position.state.${issue.path.join(".")}: ${issue.message}`);
  }
  const state = game.clone(parsed.data as MatchState);
  if (state.players < game.minPlayers || state.players > game.maxPlayers)
    return err(`${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${state.players}`);
  const options = parseOptions(game.options, (state as unknown as { options?: unknown }).options);
  if (!options.ok) return err(`position.state.options: ${options.error}`);
  if (state.scores.length !== state.players) return err("position.state.scores must have one score per seat");
  if (!(state.dealer >= 0 && state.dealer < state.players)) return err("position.state.dealer is not a seat");
  if (state.rng.length !== 4) return err("position.state.rng must be four 32-bit words");
  const wrong = cardsDiffer(game.pack(state.players, options.value), game.cards(state));
  if (wrong) return err(wrong);
  const own = game.checkPosition(state);
  if (own) return err(own);
  return ok({ state, seq });
}

/** What is wrong with the cards of a position, against the pack; null when they are the pack exactly. */
function cardsDiffer(pack: readonly Card[], placed: readonly Card[]): string | null {
  const n = new Int32Array(CARD_SPACE);
  for (const c of pack) n[c]++;
  for (const c of placed) {
    if (!(Number.isInteger(c) && c >= 0 && c < CARD_SPACE))
      return `the position holds ${c}, which is not a card`;
    n[c]--;
  }
  for (let c = 0; c < CARD_SPACE; c++) {
    if (n[c] < 0) return `the position holds ${formatCard(c)} more times than the pack`;
    if (n[c] > 0) return `the position is missing ${formatCard(c)}`;
  }
  return null;
}

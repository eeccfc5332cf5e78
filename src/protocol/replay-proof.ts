/**
 * A replay's proof (docs/FAIRNESS.md, "Checking a hand you played"), pure
 * and browser-safe: `cardroom verify` runs it on a file or URL, the web
 * table on the events its seat received. The input is checked for its
 * shape and its event numbers (1, 2, 3... with none missing or repeated);
 * then every hand over is re-dealt from its revealed seed and re-played through
 * the engine (a match still being played is checked so far), each event compared with what the rules give the viewer
 * (`replayProof`, src/protocol/proof-replay.ts).
 */
import type { AnyGame, JsonObject, Viewer } from "../engine/game.js";
import { parseOptions } from "../engine/options.js";
import type { Result } from "../engine/result.js";
import { type PlayedHand, type ProofEvent, replayProof } from "./proof-replay.js";

export interface Replay {
  readonly game: string;
  readonly players: number;
  readonly options: JsonObject;
  readonly viewer: Viewer;
  readonly events: readonly JsonObject[];
}

export interface Verdict {
  readonly ok: boolean;
  /** `holds`, `fails`, or `malformed` when the input is not a proof at all (`cardroom verify` exits 2). */
  readonly kind: "holds" | "fails" | "malformed";
  readonly line: string;
}

const malformed = (line: string): Verdict => ({ ok: false, kind: "malformed", line });
const fails = (line: string): Verdict => ({ ok: false, kind: "fails", line });

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The hand an event lies in: the last deal's at or before it (0 before any). */
function handAt(events: readonly JsonObject[], index: number): number {
  for (let i = index; i >= 0; i--)
    if (events[i].type === "deal" && typeof events[i].hand === "number") return events[i].hand as number;
  return 0;
}

/** The events numbered 1, 2, 3...: the first number missing or out of place, in a line. */
function numberingError(events: readonly JsonObject[]): string | null {
  for (const [i, e] of events.entries()) {
    const want = i + 1;
    if (e.seq === want) continue;
    const where = `hand ${handAt(events, i - 1) || 1}, event ${want}`;
    const seq = e.seq as number;
    if (seq > want && events.some((x) => x.seq === want))
      return `${where}: out of order (event ${seq} comes before it)`;
    if (seq > want) return `${where}: missing (the numbers go from ${want - 1} to ${seq})`;
    return `${where}: event ${seq} comes again in its place (event numbers rise by one)`;
  }
  return null;
}

/** "hands 1-2", "hand 1". */
const handsWords = (n: number): string => (n === 1 ? "hand 1" : `hands 1-${n}`);

/**
 * What held for a match still being played: the hands over, re-played; the hand in play (dealt from a
 * seed still secret) checked as far as it can be; or the match between hands.
 */
function goingOnLine(
  name: string,
  who: string,
  hands: number,
  to: number,
  goesOn: { readonly inPlay: number | null; readonly from: number },
): string {
  const { inPlay, from } = goesOn;
  const over = hands === 0 ? "no hand over yet" : `${handsWords(hands)} verified`;
  const state = inPlay === null ? "the match goes on" : `hand ${inPlay} in play: seed not yet revealed`;
  const replayed =
    hands === 0
      ? ""
      : ` every seed revealed matches its commitment, and every event ${who} received up to event ${inPlay === null ? to : from - 1} is what the rules give on that deal;`;
  const playing =
    inPlay === null
      ? ""
      : ` hand ${inPlay}'s deal and moves (events ${from} to ${to}) are in order, its cards checked once it ends;`;
  return `OK: ${over}, ${state} (${name}:${replayed}${playing} verify again later for the rest)`;
}

/**
 * The game a replay names, from the caller's registry: the command line has
 * every game; a browser table has only its own game's chunk loaded, so this
 * module imports no registry (it would pull every game into the page).
 */
export type GameLookup = (id: string) => Result<AnyGame, string>;

/**
 * Checks every hand of a replay: the whole match, or the match so far (every
 * hand over re-played, the hand in play checked as far as it can be before its
 * seed is revealed); or hands 1 to `only` (hand `only` must be over), trying at most `maxTries`
 * moves a hand (MAX_TRIES unless given) to explain masked choices. One line says what held,
 * or the hand, the event and what differs.
 */
export function checkReplay(
  raw: unknown,
  lookup: GameLookup,
  only?: number,
  maxTries?: number,
  played?: PlayedHand,
): Verdict {
  if (!isObject(raw) || typeof raw.game !== "string" || !Array.isArray(raw.events))
    return malformed("not a Cardroom replay (it needs game, players, options, viewer, events)");
  const found = lookup(raw.game);
  if (!found.ok) return malformed(found.error);
  const game = found.value;
  const { players, viewer, events } = raw;
  if (
    typeof players !== "number" ||
    !Number.isInteger(players) ||
    players < game.minPlayers ||
    players > game.maxPlayers
  )
    return malformed(
      `players: ${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${String(players)}`,
    );
  if (
    viewer !== "spectator" &&
    !(typeof viewer === "number" && Number.isInteger(viewer) && viewer >= 0 && viewer < players)
  )
    return malformed(`viewer: a seat from 0 to ${players - 1} or "spectator", not ${JSON.stringify(viewer)}`);
  const options = parseOptions(game.options, raw.options ?? {});
  if (!options.ok) return malformed(`options: ${options.error}`);
  const bad = events.findIndex(
    (e) =>
      !isObject(e) || typeof e.type !== "string" || typeof e.seq !== "number" || !Number.isInteger(e.seq),
  );
  if (bad >= 0) return malformed(`events[${bad}]: an event is an object with a number "seq" and a "type"`);
  if (events.length === 0) return fails("no finished hand to check (the proof has no events)");
  const proofEvents = events as ProofEvent[];
  const numbering = numberingError(proofEvents);
  if (numbering) return fails(numbering);
  const replayed = replayProof(
    { game, players, options: options.value as JsonObject, viewer: viewer as Viewer, events: proofEvents },
    only,
    maxTries,
    played,
  );
  if (!replayed.ok) return fails(replayed.error);
  const { hands, from, to, goesOn } = replayed.value;
  const who = viewer === "spectator" ? "a spectator" : `seat ${String(viewer)}`;
  if (goesOn) return { ok: true, kind: "holds", line: goingOnLine(game.name, who, hands, to, goesOn) };
  const what =
    only === undefined
      ? `${hands === 1 ? "the 1 hand" : `all ${hands} hands`} of ${game.name} (events ${from} to ${to}): every seed matches its commitment`
      : `hand ${only} of ${game.name} (events ${from} to ${to}): the seed matches its commitment`;
  return {
    ok: true,
    kind: "holds",
    line: `OK: ${what}, and every event ${who} received is what the rules give on that deal`,
  };
}

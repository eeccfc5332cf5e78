/**
 * A replay's proof (docs/FAIRNESS.md, "Checking a hand you played"), pure
 * and browser-safe: `cardroom verify` runs it on a file or URL, the web
 * table on the events its seat received. For each hand whose seed was
 * revealed: SHA-256 of the seed is the commitment sent at the deal; the
 * deal re-made from the seed alone (`dealFromSeed`) shows the viewer the
 * same cards it was dealt; and the hand's moves, replayed on that deal,
 * show it the same cards it saw afterwards (drawn cards, turned cards), as
 * far as the moves are public (a masked move ends the replay of that hand).
 */
import { type GameEvent, eventFor } from "../engine/events.js";
import {
  type AnyGame,
  type Json,
  type JsonObject,
  type MoveJson,
  type Seat,
  type Viewer,
  applyMove,
  legalMoves,
} from "../engine/game.js";
import { dealFromSeed } from "../engine/redeal.js";
import { commitment } from "../engine/seeds.js";
import type { Result } from "../engine/result.js";

export interface Replay {
  readonly game: string;
  readonly players: number;
  readonly options: JsonObject;
  readonly viewer: Viewer;
  readonly events: readonly JsonObject[];
}

export interface Verdict {
  readonly ok: boolean;
  readonly line: string;
}

const CARD = /^(10|[2-9TJQKA])[CDHS]$|^(RJ|BJ)$/;

/** Every card named in a value, with where: what two forms of the same table must agree on. */
function cardsIn(v: Json, path = "", out: string[] = []): string[] {
  if (typeof v === "string") {
    if (CARD.test(v)) out.push(`${path}=${v}`);
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => cardsIn(x as Json, `${path}[${i}]`, out));
  } else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) cardsIn(x, `${path}.${k}`, out);
  }
  return out;
}

const sameCards = (a: Json, b: Json): boolean => cardsIn(a).join(" ") === cardsIn(b).join(" ");

function stripSeq(e: JsonObject): Json {
  const { seq: _seq, ...rest } = e;
  return rest as Json;
}

/**
 * The game a replay names, from the caller's registry: the command line has
 * every game; a browser table has only its own game's chunk loaded, so this
 * module imports no registry (it would pull every game into the page).
 */
export type GameLookup = (id: string) => Result<AnyGame, string>;

/**
 * Checks every finished hand of a replay, or only hand `only` (which must
 * be over). One line says what was checked, or the hand and the check that failed.
 */
export function checkReplay(raw: unknown, lookup: GameLookup, only?: number): Verdict {
  const r = raw as Replay;
  if (!r || typeof r !== "object" || !Array.isArray(r.events) || typeof r.game !== "string")
    return { ok: false, line: "not a Cardroom replay (it needs game, players, options, viewer, events)" };
  const found = lookup(r.game);
  if (!found.ok) return { ok: false, line: found.error };
  const game = found.value;
  const viewer = r.viewer;
  let checked = 0;
  let cardsSeen = 0;
  let dealt = false;
  for (const [i, deal] of r.events.entries()) {
    if (deal.type !== "deal") continue;
    const hand = deal.hand as number;
    if (only !== undefined && hand !== only) continue;
    dealt = true;
    const end = r.events.findIndex((e, j) => j > i && e.type === "handOver" && e.hand === hand);
    if (end < 0) continue; // not over: its seed is still secret
    const seed = String(r.events[end].handSeed);
    if (commitment(seed) !== deal.commitment)
      return {
        ok: false,
        line: `hand ${hand}: FAIL: the seed does not match the commitment sent at the deal`,
      };
    const redealt = dealFromSeed(game, {
      players: r.players,
      dealer: deal.dealer as number,
      handSeed: seed,
      options: r.options,
    });
    if (!redealt.ok)
      return { ok: false, line: `hand ${hand}: FAIL: the seed does not re-deal: ${redealt.error}` };
    if (!sameCards(game.view(redealt.value, viewer) as Json, deal.view as Json))
      return {
        ok: false,
        line: `hand ${hand}: FAIL: the re-dealt cards differ from the cards dealt to ${String(viewer)}`,
      };
    cardsSeen += cardsIn(deal.view as Json).length;
    // The hand's moves on the re-dealt table: the same cards must show to the viewer, event by event.
    const state = redealt.value;
    const bySeq = new Map(r.events.map((x) => [x.seq as number, x]));
    let next = (deal.seq as number) + 1;
    for (const e of r.events.slice(i + 1, end)) {
      if (e.type !== "move") continue;
      const move = game.moveFromJson(e.move as MoveJson);
      const seat = e.seat as Seat;
      if (
        !move.ok ||
        state.handOver ||
        !game.toAct(state).includes(seat) ||
        !legalMoves(game, state, seat).includes(move.value)
      )
        break; // a masked move: what follows cannot be replayed from the seat's events
      const before = game.clone(state);
      applyMove(game, state, seat, move.value);
      const made: GameEvent[] = game.events(before, state, seat, move.value);
      for (const x of made) {
        const mine = eventFor(x, viewer);
        const seen = bySeq.get(next++);
        if (!seen || seen.type !== mine.type)
          return {
            ok: false,
            line: `hand ${hand}: FAIL: the moves re-played from the seed make other events`,
          };
        if (!sameCards(mine as Json, stripSeq(seen)))
          return {
            ok: false,
            line: `hand ${hand}: FAIL: the cards shown after a move differ from the re-dealt ones`,
          };
        cardsSeen += cardsIn(mine as Json).length;
      }
      if (state.handOver) break;
    }
    checked++;
  }
  if (!checked)
    return {
      ok: false,
      line:
        only === undefined
          ? "no finished hand to check yet (a seed is revealed when its hand ends)"
          : dealt
            ? `hand ${only} is not over yet (its seed is revealed when it ends)`
            : `there is no hand ${only} in this replay`,
    };
  const who = viewer === "spectator" ? "a spectator" : `seat ${viewer}`;
  const hands =
    only === undefined
      ? `${checked} hand${checked === 1 ? "" : "s"} of ${game.name}: every seed matches its commitment`
      : `hand ${only} of ${game.name}: the seed matches its commitment`;
  return { ok: true, line: `OK: ${hands} and re-deals the ${cardsSeen} cards ${who} saw` };
}

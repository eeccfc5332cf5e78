import { type Card, CARD_SPACE } from "./cards.js";
import { formatCard } from "./card-text.js";
import type { Setup } from "./game.js";
import { type Result, err, ok } from "./result.js";
import type { Rng } from "./rng.js";

/** Thrown when a deal needs more cards than the shoe holds: a set-up that names too many. */
export class ShoeEmpty extends Error {
  constructor() {
    super("the set-up leaves too few cards to deal the rest of the hand");
  }
}

/**
 * The cards left to deal once a set-up has named some: the pack less every
 * named card, shuffled with the game's generator. Dealing takes from the end.
 */
export class Shoe {
  private constructor(private readonly cards: Card[]) {}

  /** Fails when the named cards are not all in the pack (a card named twice, a card not in it). */
  static fromPack(pack: readonly Card[], named: readonly Card[], rng: Rng): Result<Shoe, string> {
    const left = new Int16Array(CARD_SPACE);
    for (const c of pack) left[c]++;
    for (const c of named) {
      if (!(c >= 0 && c < CARD_SPACE)) return err("the set-up names something that is not a card");
      if (left[c] === 0) {
        const inPack = pack.includes(c);
        return err(
          inPack
            ? `the set-up names ${formatCard(c)} more times than the pack holds`
            : `the set-up names ${formatCard(c)}, which is not in this game's pack`,
        );
      }
      left[c]--;
    }
    const rest: Card[] = [];
    for (let c = 0; c < CARD_SPACE; c++) for (let k = 0; k < left[c]; k++) rest.push(c);
    return ok(new Shoe(rng.shuffle(rest)));
  }

  get size(): number {
    return this.cards.length;
  }

  take(): Card {
    const c = this.cards.pop();
    if (c === undefined) throw new ShoeEmpty();
    return c;
  }

  /** `given` followed by cards from the shoe, up to `count` cards. */
  fill(given: readonly Card[] | null | undefined, count: number): Card[] {
    const out = given ? given.slice() : [];
    while (out.length < count) out.push(this.take());
    return out;
  }

  /** Everything left, in dealing order (the first card is the next one dealt). */
  rest(): Card[] {
    const out = this.cards.slice().reverse();
    this.cards.length = 0;
    return out;
  }
}

/** Every card a set-up names in its standard parts and the game's listed parts. */
export function namedCards(setup: Setup | undefined, parts: readonly string[] = []): Card[] {
  if (!setup) return [];
  const out: Card[] = [];
  const add = (v: unknown): void => {
    if (typeof v === "number") out.push(v);
    else if (Array.isArray(v)) v.forEach(add);
  };
  for (const h of setup.hands ?? []) add(h);
  add(setup.stock);
  add(setup.discard);
  for (const p of parts) add(setup[p]);
  return out;
}

/** Checks the standard parts of a set-up against the table: seat numbers, hand sizes, stock room. */
export function checkSetupShape(
  setup: Setup | undefined,
  players: number,
  handSize: number,
  allowed: readonly string[],
): string | null {
  if (!setup) return null;
  for (const key of Object.keys(setup)) {
    if (!["dealer", "hands", "stock", "discard", ...allowed].includes(key)) {
      return `this game's set-up has no part "${key}" (parts: dealer, hands, stock, discard${allowed.map((a) => ", " + a).join("")})`;
    }
  }
  if (
    setup.dealer !== undefined &&
    !(Number.isInteger(setup.dealer) && setup.dealer >= 0 && setup.dealer < players)
  ) {
    return `dealer must be a seat from 0 to ${players - 1}`;
  }
  if (setup.hands !== undefined) {
    if (!Array.isArray(setup.hands) || setup.hands.some((h) => h !== null && !Array.isArray(h))) {
      return "hands must be a list with one list of cards (or null) per seat";
    }
    if (setup.hands.length > players)
      return `the set-up gives ${setup.hands.length} hands for ${players} players`;
    for (const [i, h] of setup.hands.entries()) {
      if (h && h.length > handSize) return `seat ${i}'s hand has ${h.length} cards; a hand holds ${handSize}`;
    }
  }
  for (const part of ["stock", "discard"] as const) {
    const v = setup[part];
    if (v !== undefined && (!Array.isArray(v) || v.some((c) => typeof c !== "number"))) {
      return `${part} must be a list of cards`;
    }
  }
  return null;
}

import { type Card, CARD_SPACE } from "./cards.js";
import { formatCard } from "./card-text.js";
import type { Setup } from "./game.js";
import { type Result, err, ok } from "./result.js";
import { type RngWords, shuffleWith } from "./rng.js";

/** Thrown when a deal needs more cards than the shoe holds: a set-up that names too many. */
export class ShoeEmpty extends Error {
  constructor() {
    super("the set-up leaves too few cards to deal the rest of the hand");
  }
}

/**
 * The one dealing routine every game uses (docs/FAIRNESS.md): the pack in
 * ascending card codes (each code as many times as the packs hold it), less
 * any cards a set-up names, shuffled by `shuffleWith` with the hand's
 * generator, then dealt from the front.
 */
const NO_CARDS: Card[] = [];

/** Packs seen in ascending order already (`Shoe.shuffled`). */
const ASCENDING = new WeakSet<readonly Card[]>();

export class Shoe {
  private next = 0;

  private constructor(private readonly cards: Card[]) {}

  /** Fails when the named cards are not all in the pack (a card named twice, a card not in it). */
  static fromPack(pack: readonly Card[], named: readonly Card[], rng: RngWords): Result<Shoe, string> {
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
    return ok(new Shoe(shuffleWith(rng, rest)));
  }

  /** A whole pack, shuffled: the deal of a hand with no set-up. */
  static shuffled(pack: readonly Card[], rng: RngWords): Shoe {
    const cards = pack.slice();
    // A pack already in ascending order (makePack's) needs no sort: playouts deal one a hand, so
    // a pack found ascending once is remembered (the games' packs are constants, never changed).
    if (!ASCENDING.has(pack)) {
      let ascending = true;
      for (let i = 1; i < cards.length && ascending; i++) ascending = cards[i - 1] <= cards[i];
      if (ascending) ASCENDING.add(pack);
      else cards.sort((a, b) => a - b);
    }
    return new Shoe(shuffleWith(rng, cards));
  }

  get size(): number {
    return this.cards.length - this.next;
  }

  take(): Card {
    if (this.next >= this.cards.length) throw new ShoeEmpty();
    return this.cards[this.next++];
  }

  /** The next `count` cards. */
  takeMany(count: number): Card[] {
    if (this.next + count > this.cards.length) throw new ShoeEmpty();
    const out = this.cards.slice(this.next, this.next + count);
    this.next += count;
    return out;
  }

  /** A set-up's hand exactly as named, or else `count` cards from the shoe. */
  handOr(given: readonly Card[] | null | undefined, count: number): Card[] {
    return given ? given.slice() : this.takeMany(count);
  }

  /**
   * Hands of `count` cards dealt in blocks, starting with the seat left of the
   * dealer and going clockwise; a seat the set-up names keeps its named hand.
   * Returned per seat (index = seat).
   */
  dealHands(
    players: number,
    dealer: number,
    count: number,
    given?: readonly (readonly Card[] | null | undefined)[],
  ): Card[][] {
    // Filled in seat order first so that the array is packed (a holey one copies slower in every clone).
    const hands: Card[][] = [];
    for (let p = 0; p < players; p++) hands.push(NO_CARDS);
    for (let k = 1; k <= players; k++) {
      const seat = (dealer + k) % players;
      hands[seat] = this.handOr(given?.[seat], count);
    }
    return hands;
  }

  /** Everything left, in dealing order (the first card is the next one dealt). */
  rest(): Card[] {
    const out = this.cards.slice(this.next);
    this.next = this.cards.length;
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

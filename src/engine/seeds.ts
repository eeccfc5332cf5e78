/**
 * Seeds: a match seed, and from it one seed per hand (docs/FAIRNESS.md).
 *
 * hand seed = HMAC-SHA-256(key = the match seed's text in UTF-8,
 *                          message = the hand number as 4 bytes, big-endian)
 *
 * so showing one hand's seed shows nothing of the match seed or of any other
 * hand. The hash is pure JavaScript (@noble/hashes): the browser computes the
 * same bytes as the server.
 */
import { type _HMAC, hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { type RngWords, skipWords, wordsFromBytes, wordsFromSeed } from "./rng.js";

/** A fresh match seed: 128 bits from the operating system's generator, as 32 hex digits. */
export function newMatchSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mac = _HMAC<any>;

/**
 * Keyed HMAC states by match seed, each with a scratch copy to hash in: a
 * match deals many hands under one key, keying costs as much as the hash,
 * and a fresh clone per hand would cost three times the hash (simulations
 * deal hundreds of thousands of hands a second). A few entries are plenty.
 */
const keyed = new Map<string, { readonly base: Mac; readonly scratch: Mac }>();
const message = new Uint8Array(4);
const digest = new Uint8Array(32);

/** Hand `hand`'s seed bytes into `digest`. Hand 0 is the match's opening (the cut for the deal). */
function handSeedInto(matchSeed: string, hand: number): Uint8Array {
  let mac = keyed.get(matchSeed);
  if (!mac) {
    if (keyed.size >= 16) keyed.clear();
    const base: Mac = hmac.create(sha256, utf8ToBytes(matchSeed));
    const made = { base, scratch: base.clone() };
    keyed.set(matchSeed, made);
    mac = made;
  }
  new DataView(message.buffer).setUint32(0, hand >>> 0, false);
  mac.base._cloneInto(mac.scratch);
  mac.scratch.update(message).digestInto(digest);
  return digest;
}

/** Hand `hand`'s seed, as 64 hex digits. */
export function handSeed(matchSeed: string, hand: number): string {
  return bytesToHex(handSeedInto(matchSeed, hand));
}

/** Hand `hand`'s seed and the generator seeded from it, from one hash. */
export function seedAndWords(matchSeed: string, hand: number): { seed: string; words: RngWords } {
  const bytes = handSeedInto(matchSeed, hand);
  return { seed: bytesToHex(bytes), words: wordsFromBytes(bytes) };
}

/** The generator a hand's shuffle and its other chances draw from: the seed's first 16 bytes. */
export function handWords(handSeedHex: string): RngWords {
  return wordsFromBytes(hexToBytes(handSeedHex));
}

/** What the server sends before a deal: SHA-256 of the hand seed's 32 bytes, as hex. */
export function commitment(handSeedHex: string): string {
  return bytesToHex(sha256(hexToBytes(handSeedHex)));
}

const HEX_SEED = /^[0-9a-f]{64}$/;

/** Whether text is a hand seed: 64 lower-case hex digits. */
export const isHandSeed = (text: string): boolean => HEX_SEED.test(text);

/**
 * Simulations only (the lab): a match seed whose hands are seeded by a fast
 * keyed generator instead of HMAC-SHA-256. The key is the run's match seed
 * hashed once (cyrb128, `wordsFromSeed`); a hand's generator is the key with
 * the hand number mixed in, stirred by 16 steps of sfc32. Reproducible from
 * the seed, dealt by the same routine, but no proof: nothing commits to it,
 * its hands have no hand seed ("") and no table takes such a seed (its text
 * starts with a NUL). docs/LAB.md and docs/FAIRNESS.md say so.
 */
export function fastSeeds(matchSeed: string): string {
  return `${FAST_SEEDS}${matchSeed}`;
}

const FAST_SEEDS = "\u0000fast-seeds:";

let askedSeed: string | null = null;
let askedFast = false;

/**
 * Whether a match seed asks for fast hand seeds (`fastSeeds`). Every hand of a match asks of the
 * same seed, so the answer for the last seed asked about is kept (a prefix test costs more than a hand's generator).
 */
export function isFastSeed(matchSeed: string): boolean {
  if (matchSeed !== askedSeed) {
    askedFast = matchSeed.startsWith(FAST_SEEDS);
    askedSeed = matchSeed;
  }
  return askedFast;
}

let fastKeyOf = "";
let fastKey: RngWords = [0, 0, 0, 0];

/** Hand `hand`'s generator under a `fastSeeds` match seed (hand 0: the opening's cut). */
export function fastHandWords(matchSeed: string, hand: number): RngWords {
  if (matchSeed !== fastKeyOf) {
    fastKey = wordsFromSeed(matchSeed);
    fastKeyOf = matchSeed;
  }
  const w = [
    (fastKey[0] ^ hand) >>> 0,
    fastKey[1],
    (fastKey[2] ^ Math.imul(hand, 0x9e3779b9)) >>> 0,
    fastKey[3],
  ];
  skipWords(w, 16);
  return w;
}

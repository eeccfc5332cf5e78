import { type Card, ascending } from "../../engine/cards.js";
import { type Viewer, SPECTATOR, reseedForSearch } from "../../engine/game.js";
import type { Rng } from "../../engine/rng.js";
import { type CribbageState, clone } from "./state.js";
import { cribShown, handShown } from "./view.js";

/**
 * A world consistent with what `viewer` knows, for search: its own hand, the
 * cards it put in the crib, the cards pegged, the starter once turned, the
 * hands shown and the crib once turned stay; the cards it cannot see (the
 * others' hands, the others' crib cards, the stock with the starter still on
 * top) are dealt again uniformly over those same places; a hand put up in
 * the muggins show (five-card cribbage's unplayed cards) stays. Once the crib is
 * turned its cards are known but not who put which: those are permuted among
 * the others' crib places. No inference is drawn from a "go" (see the rules
 * page). The seeds and the generator are replaced from `rng`.
 */
export function determinize(s: CribbageState, viewer: Viewer, rng: Rng): CribbageState {
  const d = clone(s);
  reseedForSearch(d, rng);
  const me = viewer === SPECTATOR ? -1 : viewer;
  const unknown: Card[] = [];
  const hidden = (p: number): boolean => p !== me && !handShown(s, p);
  const cribHidden = !cribShown(s);
  // Gather the unknown cards in a fixed order of places, shuffle, put them back in the same order.
  for (let p = 0; p < s.players; p++) if (hidden(p)) unknown.push(...d.hands[p]);
  if (cribHidden) for (let i = 0; i < d.crib.length; i++) if (d.cribOwner[i] !== me) unknown.push(d.crib[i]);
  unknown.push(...d.stock);
  rng.shuffle(unknown.sort(ascending));
  let k = 0;
  for (let p = 0; p < s.players; p++) {
    if (!hidden(p)) continue;
    const h = d.hands[p];
    for (let i = 0; i < h.length; i++) h[i] = unknown[k++];
  }
  if (cribHidden) {
    for (let i = 0; i < d.crib.length; i++) if (d.cribOwner[i] !== me) d.crib[i] = unknown[k++];
  } else {
    // The crib is face up: its cards are known, who put which is not.
    const others: Card[] = [];
    for (let i = 0; i < d.crib.length; i++) if (d.cribOwner[i] !== me) others.push(d.crib[i]);
    rng.shuffle(others.sort(ascending));
    let j = 0;
    for (let i = 0; i < d.crib.length; i++) if (d.cribOwner[i] !== me) d.crib[i] = others[j++];
  }
  for (let i = 0; i < d.stock.length; i++) d.stock[i] = unknown[k++];
  return d;
}

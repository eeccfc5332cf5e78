// Gin Rummy's melds and deadwood for the baselines, written apart from
// src/games/gin-rummy: sets of three or four of a rank, runs of three or
// more of a suit (ace low), each card in one meld at most.

export const points = (rank) => Math.min(rank, 10);

/** Every meld among `cards` ({rank, suit}), as lists of their places in `cards`. */
function allMelds(cards) {
  const melds = [];
  for (let r = 1; r <= 13; r++) {
    const same = [];
    cards.forEach((c, i) => c.rank === r && same.push(i));
    if (same.length >= 3) melds.push(same);
    if (same.length === 4) for (let skip = 0; skip < 4; skip++) melds.push(same.filter((_, k) => k !== skip));
  }
  for (let s = 0; s < 4; s++) {
    const at = new Array(15).fill(-1);
    cards.forEach((c, i) => c.suit === s && (at[c.rank] = i));
    for (let lo = 1; lo <= 11; lo++)
      for (let hi = lo + 2; hi <= 13; hi++) {
        const run = [];
        for (let r = lo; r <= hi && at[r] >= 0; r++) run.push(at[r]);
        if (run.length === hi - lo + 1) melds.push(run);
        else break;
      }
  }
  return melds;
}

/** The least deadwood of `cards` and the melds that leave it. */
export function bestMelds(cards) {
  const melds = allMelds(cards);
  const total = cards.reduce((t, c) => t + points(c.rank), 0);
  const worth = melds.map((m) => m.reduce((t, i) => t + points(cards[i].rank), 0));
  let best = 0;
  let bestSet = [];
  const used = new Uint8Array(cards.length);
  const chosen = [];
  const search = (from, melded) => {
    if (melded > best) [best, bestSet] = [melded, chosen.slice()];
    for (let k = from; k < melds.length; k++) {
      const m = melds[k];
      if (m.some((i) => used[i])) continue;
      for (const i of m) used[i] = 1;
      chosen.push(k);
      search(k + 1, melded + worth[k]);
      chosen.pop();
      for (const i of m) used[i] = 0;
    }
  };
  search(0, 0);
  return { deadwood: total - best, melds: bestSet.map((k) => melds[k]) };
}

export const deadwood = (cards) => bestMelds(cards).deadwood;

/** Whether `extra` joins a meld with some of `cards`. */
export function makesMeld(cards, extra) {
  const all = [...cards, extra];
  return allMelds(all).some((m) => m.includes(all.length - 1));
}

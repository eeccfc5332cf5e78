import { discardingSeats } from "./play.js";
import { COUNT_LIMIT, CRIB_SIZE, dealSize, pegValue, showOwner } from "./rules.js";
import { type CribbageState, DISCARDING, OVER, PEGGING, SHOWING, isFiveCard } from "./state.js";

/**
 * A restored position's invariants beyond its shape and its cards: one line
 * saying what is wrong, or null.
 */
export function checkPosition(s: CribbageState): string | null {
  const n = s.players;
  if (n < 2 || n > 3) return "cribbage is for 2 or 3 players";
  const five = isFiveCard(s.options);
  if (five && n !== 2) return "five-card cribbage is for 2 players";
  if (s.hands.length !== n) return `there are ${s.hands.length} hands for ${n} players`;
  for (const [p, h] of s.hands.entries())
    if (h.length > dealSize(n, five))
      return `seat ${p} holds ${h.length} cards; a deal is ${dealSize(n, five)}`;
  if (s.crib.length > CRIB_SIZE)
    return `the crib holds ${s.crib.length} cards; it holds at most ${CRIB_SIZE}`;
  if (s.cribOwner.length !== s.crib.length) return "cribOwner must name an owner (or -1) per crib card";
  if (s.cribOwner.some((o) => o >= n)) return "cribOwner names a seat that is not at the table";
  if (s.playedBy.length !== s.played.length) return "playedBy must name a seat per card played";
  if (s.playedBy.some((p) => p >= n)) return "playedBy names a seat that is not at the table";
  if (s.pileStart > s.played.length) return "pileStart is past the cards played";
  if (s.lastPlayer >= n || s.turn >= n) return "lastPlayer and turn must be seats at the table";
  if (s.handStart.length !== n || s.games.length !== n) return "handStart and games need one entry per seat";
  if (s.cuts.length % n !== 0) return "cuts must be whole rounds of one card per seat";
  if (s.goMask >> n !== 0 || s.toActBits >> n !== 0) return "goMask and toActBits must be seats at the table";
  if (s.handOver !== (s.phase === OVER)) return "the hand is over exactly when the phase is over";
  if (s.matchOver && !s.handOver) return "a match is over only with its hand";
  let pile = 0;
  for (let i = s.pileStart; i < s.played.length; i++) pile += pegValue(s.played[i]);
  if (pile !== s.count) return `the count is ${s.count} but the pile's cards make ${pile}`;
  if (s.count > COUNT_LIMIT) return `the count ${s.count} is past ${COUNT_LIMIT}`;
  switch (s.phase) {
    case DISCARDING:
      if (s.starter !== -1) return "the starter is cut only after the discards";
      if (s.played.length > 0) return "no card is pegged before the discards end";
      if (s.stock.length === 0) return "the stock is empty: there is no starter to cut";
      if (s.toActBits === 0 || s.toActBits !== discardingSeats(s))
        return "toActBits must be the seats holding more cards than a hand keeps";
      return null;
    case PEGGING:
      if (s.starter < 0) return "the starter is cut before the pegging";
      if (s.toActBits !== 1 << s.turn) return "in the pegging only the seat to play acts";
      if (s.hands[s.turn].length === 0) return `seat ${s.turn} is to play but holds no card`;
      if (s.goMask & (1 << s.turn)) return `seat ${s.turn} is to play but has said go`;
      if (five && s.pileStart !== 0) return "five-card cribbage has one count: pileStart is 0";
      return null;
    case SHOWING:
      if (!s.options.muggins) return "only muggins shows hands one claim at a time";
      if (s.starter < 0) return "the starter is cut before the show";
      // Five-card cribbage shows after its one count, cards still held or not.
      if (!five && s.hands.some((h) => h.length > 0)) return "the show starts once every card is pegged";
      if (s.showStep > n) return `the show has ${n + 1} steps, not ${s.showStep + 1}`;
      if (s.claims.length !== s.showStep) return "there is one claim per step shown";
      if (s.toActBits !== 1 << showOwner(s.dealer, n, s.showStep))
        return "in the show only the owner of the hand being claimed acts";
      return null;
    default:
      if (s.toActBits !== 0) return "nobody acts once the hand is over";
      return null;
  }
}

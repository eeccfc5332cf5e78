/** Each game's house rules (issue 26 item 3), each set to a value other than its default: for the tests of every game at once. */
export const HOUSE_RULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  roy: { scoring: "values", upcardActs: true },
  "royal-corners": { penalty: "ranks", firstPlayer: "left" },
  "roller-coaster": { mustPlay: true, newStock: "flip" },
  "crazy-eights": { draw: "one" },
  "gin-rummy": { oklahoma: "spades" },
  cribbage: { cribFlush: "four", deal: "five" },
  hyrule: { tiedTricks: "aside", mode: "strategy" },
};

/** What the registry needs from Cribbage: the game, its computer player and its counting tool. */
export { cribbage } from "./game.js";
export { greedy as cribbageBot, settle as cribbageSettle } from "./bot.js";
export { count as cribbageCount } from "./count.js";
export { keptInference as cribbageInference } from "./infer.js";
export { awareSettle as cribbageAwareSettle, goInference as cribbageGoInference } from "./aware.js";

/** Each game's table, by game id. */
import type { GameTable } from "./table.js";
import { crazyEightsTable } from "./crazy-eights.js";
import { cribbageTable } from "./cribbage.js";
import { ginRummyTable } from "./gin-rummy.js";
import { hyruleTable } from "./hyrule.js";
import { rollerCoasterTable } from "./roller-coaster.js";
import { royalCornersTable } from "./royal-corners.js";
import { royTable } from "./roy.js";

// Each table is typed by its game's view; the page hands it the view the server sent for that game.
export const TABLES: Readonly<Record<string, GameTable<never>>> = {
  roy: royTable,
  "royal-corners": royalCornersTable,
  "roller-coaster": rollerCoasterTable,
  "crazy-eights": crazyEightsTable,
  "gin-rummy": ginRummyTable,
  cribbage: cribbageTable,
  hyrule: hyruleTable,
} as unknown as Record<string, GameTable<never>>;

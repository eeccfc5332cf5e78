import type { JsonObject } from "./game.js";

/** A counting answer: the wire form (engine protocol, `--json`) and the words a player reads. */
export interface CountAnswer {
  readonly json: JsonObject;
  readonly text: string;
}

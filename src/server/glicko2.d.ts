// The glicko2 package ships no types: the part Cardroom calls.
declare module "glicko2" {
  export interface GlickoPlayer {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): GlickoPlayer;
    /** Each match: [player, opponent, 1 for a win, 0.5 a draw, 0 a loss]. */
    updateRatings(matches: [GlickoPlayer, GlickoPlayer, number][]): void;
  }
}

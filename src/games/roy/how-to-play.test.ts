import { turnExamplesPlay } from "../../../test/turn-examples.js";
import { roy } from "./game.js";
import { royHowToPlay } from "./how-to-play.js";

turnExamplesPlay("ROY", roy, royHowToPlay, (claim) => claim.turn);

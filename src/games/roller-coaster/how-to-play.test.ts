import { turnExamplesPlay } from "../../../test/turn-examples.js";
import { rollerCoaster } from "./game.js";
import { rollerCoasterHowToPlay } from "./how-to-play.js";

turnExamplesPlay("Roller Coaster", rollerCoaster, rollerCoasterHowToPlay, (claim) => claim.run);

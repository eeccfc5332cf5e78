import { botLevels, findBot } from "../bots/index.js";
import { defaultOptions } from "../engine/options.js";
import { ENTRIES } from "../games/index.js";
import { type Terminal, playMatches } from "./play.js";
import { dressCards } from "./terminal.js";

const LEVEL_NOTES: Readonly<Record<string, string>> = {
  random: "plays any legal move, for a first game",
  greedy: "takes the move that looks best now",
};

/** `npm start` before the server exists: pick a game, the players and the opponents, then play. */
export async function runRoom(term: Terminal): Promise<number> {
  const say = (line = ""): void => void term.out.write(dressCards(line, term.style) + "\n");
  say("Welcome to Cardroom. (q quits at any prompt.)");
  for (;;) {
    say();
    ENTRIES.forEach((e, i) =>
      say(
        `  ${i + 1}. ${e.game.name} (${e.game.minPlayers === e.game.maxPlayers ? e.game.minPlayers : `${e.game.minPlayers}-${e.game.maxPlayers}`} players)`,
      ),
    );
    const pick = await choose(term, say, `Which game (1-${ENTRIES.length})?`, 1, ENTRIES.length);
    if (pick === null) return 0;
    const entry = ENTRIES[pick - 1];
    const { game } = entry;
    let players = game.minPlayers;
    if (game.maxPlayers > game.minPlayers) {
      const n = await choose(
        term,
        say,
        `How many players, you included (${game.minPlayers}-${game.maxPlayers})?`,
        game.minPlayers,
        game.maxPlayers,
      );
      if (n === null) return 0;
      players = n;
    }
    const levels = botLevels(entry);
    levels.forEach((l, i) => say(`  ${i + 1}. ${l}${LEVEL_NOTES[l] ? ` (${LEVEL_NOTES[l]})` : ""}`));
    const level = await choose(term, say, `Computer opponents (1-${levels.length})?`, 1, levels.length);
    if (level === null) return 0;
    const bot = findBot(entry, levels[level - 1]);
    if (!bot.ok) return 1;
    const played = await playMatches(
      { entry, players, bot: bot.value, seed: Date.now() % 1_000_000, options: defaultOptions(game.options) },
      term,
    );
    if (played !== "done") return typeof played === "number" ? played : 0;
    say("Back in the room: pick another game, or q to leave.");
  }
}

async function choose(
  term: Terminal,
  say: (line?: string) => void,
  prompt: string,
  min: number,
  max: number,
): Promise<number | null> {
  for (;;) {
    say(prompt);
    const line = await term.input.next();
    if (line === null || /^q(uit)?$/i.test(line.trim())) {
      say("Goodbye.");
      return null;
    }
    const n = /^\d+$/.test(line.trim()) ? Number(line.trim()) : NaN;
    if (n >= min && n <= max) return n;
    say(`Type a number from ${min} to ${max}, or q to leave.`);
  }
}

/**
 * The prompts at a terminal table: the move menu (numbers or moves by name),
 * and what works at every prompt of a match: `?`/`help`, `r` (the table
 * again), `rules`, and `q`, which asks before leaving and can save the match (or, at a server's
 * table, resign it).
 */
import type { AnyGame, JsonObject, Move, Viewer } from "../../engine/game.js";
import type { MatchLog } from "../../engine/table.js";
import { YOU } from "../../words/reader.js";
import { type Choice, GROUP_FIELD, menuChoices, readOption, readTyped, typedExamples } from "./move-input.js";
import { rulesLines, showPage } from "./rules-page.js";
import { defaultSaveFile, saveMatch } from "./saved-match.js";

export const LEAVE = Symbol("leave");
export type Leave = typeof LEAVE;

export type Say = (line?: string) => void;

/** Where the answers come from: a LineReader, or one whose reads can be withdrawn (`cardroom join`). */
export interface LineSource {
  next(): Promise<string | null>;
}

/**
 * The table the prompts stand at: a local Table, or a server's table as the
 * player's seat sees it (`cardroom join`), which has no log to save.
 */
export interface PromptTable {
  readonly game: AnyGame;
  view(viewer: Viewer): JsonObject;
  log?(): MatchLog;
}

export class TablePrompts {
  constructor(
    private readonly table: PromptTable,
    private readonly input: LineSource,
    private readonly say: Say,
    /** The computer level, saved with the match. */
    private readonly vs: string,
    /** The hard player's suggestion for the player's move, in one line (`h`). */
    private readonly hint?: () => Promise<string>,
    /**
     * Gives the match up (a server's table, `cardroom join`): `q` then offers it beside leaving, and
     * the prompt stays until the table answers with the match's end.
     */
    private readonly resign?: () => void,
  ) {}

  /** The table as the player sees it. */
  showBoard(): void {
    this.say();
    for (const line of this.table.game.board(this.table.view(YOU))) this.say(line);
  }

  /**
   * One answer to `prompt`; the table's own commands are handled here and
   * asked again. LEAVE when the player leaves or the input ends.
   */
  async answer(prompt: string, help: () => string[], reprint: () => void): Promise<string | Leave> {
    for (;;) {
      this.say(prompt);
      const line = await this.input.next();
      if (line === null) return LEAVE;
      const a = line.trim();
      if (/^q(uit)?$/i.test(a)) {
        if (await this.confirmLeave()) return LEAVE;
      } else if (/^(\?|help)$/i.test(a)) {
        for (const l of help()) this.say(l);
        this.say(
          `Also: ${this.hint ? "h asks the strongest computer player for a hint, " : ""}r shows the table again, rules shows how to play, q leaves the match.`,
        );
      } else if (/^r$/i.test(a)) {
        reprint();
      } else if (/^rules$/i.test(a)) {
        showPage(rulesLines(this.table.game), this.say);
      } else {
        return a;
      }
    }
  }

  /** "Press Enter" between hands. */
  async pressEnter(): Promise<void | Leave> {
    const a = await this.answer(
      "Press Enter for the next hand.",
      () => ["Press Enter to deal the next hand."],
      () => this.showBoard(),
    );
    return a === LEAVE ? LEAVE : undefined;
  }

  /** Asks before leaving a match in play; the player may save it first, or resign it. */
  private async confirmLeave(): Promise<boolean> {
    const saveable = this.table.log !== undefined;
    const resign = this.resign;
    for (;;) {
      this.say(
        saveable
          ? "Leave the match? (y: leave, s: save it and leave, n: keep playing)"
          : resign
            ? "Leave the match? (y: leave, your seat kept; r: resign the match; n: keep playing)"
            : "Leave the match? (y: leave, n: keep playing)",
      );
      const line = await this.input.next();
      if (line === null) return true;
      const a = line.trim().toLowerCase();
      if (a === "y" || a === "yes") return true;
      if (a === "n" || a === "no") return false;
      if (saveable && (a === "s" || a === "save")) return this.save();
      if (resign && (a === "r" || a === "resign")) {
        resign();
        return false;
      }
      this.say(
        saveable ? `"${a}": type y, s or n.` : resign ? `"${a}": type y, r or n.` : `"${a}": type y or n.`,
      );
    }
  }

  /** Saves the match; true when saved (the player leaves), false to play on. */
  private async save(): Promise<boolean> {
    const log = this.table.log!();
    const fallback = defaultSaveFile(log);
    this.say(`Save to which file? (Enter: ${fallback})`);
    const line = await this.input.next();
    // The input ended: nobody is there to say where, so nothing is written.
    if (line === null) return true;
    const file = line.trim() || fallback;
    const saved = saveMatch(file, log, this.vs);
    if (!saved.ok) {
      this.say(`${saved.error}; the match goes on.`);
      return false;
    }
    this.say(`Saved. To play on: npx cardroom play --resume ${file}`);
    return true;
  }

  /**
   * The player's move: a number from the menu or a move by name. A forced
   * move is made without asking; an entry standing for several moves (an
   * Eight) then asks which.
   */
  async chooseMove(legal: readonly Move[]): Promise<Move | Leave> {
    const { game } = this.table;
    if (legal.length === 1) {
      this.say(`You: ${game.describeMove(legal[0])} (your only move).`);
      return legal[0];
    }
    const json = legal.map((m) => game.moveToJson(m));
    // A count to claim (Cribbage's muggins) is asked as a number, not listed 0 to 29.
    if (json.every((m) => m.type === "claim")) return this.claim(legal);
    const choices = menuChoices(legal, game);
    const menu = (): void =>
      choices.forEach((c, i) => this.say(`  ${String(i + 1).padStart(2)}. ${c.label}`));
    this.showBoard();
    menu();
    const help = (): string[] => [
      `Type a number from 1 to ${choices.length}, or a move by name, e.g. ${typedExamples(choices, game)
        .slice(0, 6)
        .join(", ")}.`,
    ];
    for (;;) {
      const a = await this.answer(`Your move (1-${choices.length}, ? for help, q to quit):`, help, () => {
        this.showBoard();
        menu();
      });
      if (a === LEAVE) return LEAVE;
      if (this.hint && /^h(int)?$/i.test(a)) {
        this.say("Thinking...");
        this.say(`Hint: ${await this.hint()}`);
        continue;
      }
      const picked = await this.pick(a, choices);
      if (picked !== null) return picked;
    }
  }

  /** A typed answer as a move; null (and one line saying why) when it names none. */
  private async pick(a: string, choices: readonly Choice[]): Promise<Move | Leave | null> {
    const { game } = this.table;
    const choice = /^\d+$/.test(a) ? choices[Number(a) - 1] : undefined;
    if (choice) return choice.moves.length === 1 ? choice.moves[0] : this.option(choice);
    if (/^\d+$/.test(a)) {
      this.say(`${a} is not on the list: type 1 to ${choices.length}.`);
      return null;
    }
    const typed = readTyped(a, choices, game);
    if (typed.kind === "move") return typed.move;
    if (typed.kind === "group") return this.option(typed.choice);
    if (typed.kind === "ambiguous") this.say(`"${a}" could be: ${typed.labels.join("; ")}. Say which.`);
    else this.say(`"${a}" is not a move you can make now (? lists what you can type).`);
    return null;
  }

  /** Which of a group's moves: "Which suit? 1. clubs 2. diamonds ...". */
  private async option(choice: Choice): Promise<Move | Leave | null> {
    const options = choice.options ?? [];
    const list = options.map((o, i) => `${i + 1}. ${o}`).join("  ");
    for (;;) {
      const a = await this.answer(
        `${choice.question ?? `Which ${GROUP_FIELD}?`} ${list}`,
        () => [`Type a number from 1 to ${options.length} or its name.`],
        () => this.showBoard(),
      );
      if (a === LEAVE) return LEAVE;
      const move = readOption(a, choice, this.table.game);
      if (move !== null) return move;
      this.say(`"${a}" is not one of ${options.join(", ")}.`);
    }
  }

  /** Muggins: the player counts the hand aloud. */
  private async claim(legal: readonly Move[]): Promise<Move | Leave> {
    const { game } = this.table;
    this.showBoard();
    for (;;) {
      const a = await this.answer(
        "Your count:",
        () => ["Type the points the hand holds; too few and the others take the rest."],
        () => this.showBoard(),
      );
      if (a === LEAVE) return LEAVE;
      const move = legal.find((m) => String(game.moveToJson(m).points) === a);
      if (move !== undefined) return move;
      this.say(`"${a}" is not a count you can claim: type a whole number of points.`);
    }
  }
}

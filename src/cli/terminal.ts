import { type Interface, clearScreenDown, createInterface, cursorTo, moveCursor } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { SUITS, cardSymbol } from "../words/card-words.js";

/** How card text is shown: plain `TD`, or `10♦` in red when the terminal has symbols and colours. */
export interface CardStyle {
  readonly symbols: boolean;
  readonly colour: boolean;
}

export function styleFor(out: Writable & { isTTY?: boolean; hasColors?: () => boolean }): CardStyle {
  const tty = out.isTTY === true;
  return { symbols: tty, colour: tty && (out.hasColors?.() ?? false) && !process.env.NO_COLOR };
}

const CARD_TOKEN = /\b([A2-9TJQK])([CDHS])\b|\b(RJ|BJ)\b/g;

/** Dresses every card text in a line: `TD` becomes `10♦` (in red where colours are on). */
export function dressCards(line: string, style: CardStyle): string {
  if (!style.symbols && !style.colour) return line;
  return line.replace(CARD_TOKEN, (token, _rank?: string, suit?: string, joker?: string) => {
    const text = style.symbols ? cardSymbol(token) : token;
    if (!style.colour) return text;
    const red = joker === "RJ" || SUITS[suit!]?.red;
    return red ? `\x1b[31m${text}\x1b[39m` : `\x1b[1m${text}\x1b[22m`;
  });
}

/** A terminal's output as readline writes to it. */
type TerminalOut = Writable & { isTTY?: boolean; columns?: number };

/**
 * Reads input a line at a time, in order, whether typed or piped; `null` at
 * the end of input.
 *
 * Given the terminal it writes to (`cardroom join`, where the table speaks
 * while the player types), it edits the line itself and owns the screen's
 * last lines, as a shell does: a line said while a read waits goes above the
 * question, and the question is drawn again under it with what was typed so
 * far; a question withdrawn (the table moved on) is wiped before the next
 * line. Ctrl-C is the process's SIGINT, Ctrl-D on an empty line ends input.
 */
export class LineReader {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private ended = false;
  private readonly rl: Interface;
  /** The terminal the line is edited on; undefined when input or output is not a terminal. */
  private readonly screen: TerminalOut | undefined;
  /** Where lines are said: the terminal, or the output given (process.stdout when none is). */
  private readonly out: Writable;
  /** The last line said: a read that starts now asks it. */
  private lastSaid = "";
  /** The question on screen under the lines said, with the line being typed under it; null: none. */
  private shown: string | null = null;

  constructor(input: Readable & { isTTY?: boolean }, output?: TerminalOut) {
    this.screen = input.isTTY && output?.isTTY ? output : undefined;
    this.out = output ?? process.stdout;
    const rl = this.screen
      ? createInterface({ input, output: this.screen, terminal: true, prompt: "" })
      : createInterface({ input, terminal: false });
    this.rl = rl;
    rl.on("line", (line) => {
      // readline has moved to a new line under the answer: the question is history.
      this.shown = null;
      const w = this.waiting.shift();
      if (w) w(line);
      else this.lines.push(line);
    });
    rl.on("close", () => {
      this.ended = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
    // In raw mode the terminal sends no signal for Ctrl-C: it is sent here, as the terminal would.
    if (this.screen) rl.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
  }

  /**
   * Stops reading. A terminal's stdin never ends by itself, so without this
   * the open reader keeps the process alive after the last goodbye.
   */
  close(): void {
    this.rl.close();
  }

  /**
   * Writes a line of output (card text already dressed). On a terminal, a
   * question waiting for its answer stays the last thing on the screen.
   */
  say(line: string): void {
    const screen = this.screen;
    if (!screen) {
      this.out.write(line + "\n");
      this.lastSaid = line;
      return;
    }
    const question = this.shown;
    if (question !== null) this.wipe(question);
    screen.write(line + "\n");
    this.lastSaid = line;
    if (question !== null && this.waiting.length > 0) this.draw(question);
  }

  /** Rows a line takes on the screen (a long one wraps). */
  private rows(text: string): number {
    // A colour takes no room on the screen.
    const width = [...stripVTControlCharacters(text)].length;
    const columns = this.screen?.columns || Infinity;
    return Math.max(1, Math.ceil(width / columns));
  }

  /** Wipes the question and the line typed under it (the cursor is on that line). */
  private wipe(question: string): void {
    const screen = this.screen!;
    const typedRows = this.rl.getCursorPos().rows;
    cursorTo(screen, 0);
    moveCursor(screen, 0, -(this.rows(question) + typedRows));
    clearScreenDown(screen);
    this.shown = null;
  }

  /** Draws the question and, under it, what was typed so far, the cursor where it was. */
  private draw(question: string): void {
    const screen = this.screen!;
    screen.write(question + "\n" + this.rl.line);
    const after = this.rl.line.length - this.rl.cursor;
    if (after > 0) moveCursor(screen, -after, 0);
    this.shown = question;
  }

  /**
   * The next line; null at the end of input. When `signal` aborts first the
   * read is withdrawn (rejecting with the signal's reason) and the line that
   * comes later goes to the next read: no line is lost.
   */
  next(signal?: AbortSignal): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.screen && this.shown === null) {
      // The question is the line just said; what was typed before it was asked is shown under it.
      this.shown = this.lastSaid;
      if (this.rl.line) {
        this.screen.write(this.rl.line);
        const after = this.rl.line.length - this.rl.cursor;
        if (after > 0) moveCursor(this.screen, -after, 0);
      }
    }
    return new Promise((resolve, reject) => {
      const take = (l: string | null): void => {
        signal?.removeEventListener("abort", withdraw);
        resolve(l);
      };
      const withdraw = (): void => {
        const i = this.waiting.indexOf(take);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener("abort", withdraw, { once: true });
      this.waiting.push(take);
    });
  }
}

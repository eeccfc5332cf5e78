import { type Interface, createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

/** How card text is shown: plain `TD`, or `10♦` in red when the terminal has symbols and colours. */
export interface CardStyle {
  readonly symbols: boolean;
  readonly colour: boolean;
}

export function styleFor(out: Writable & { isTTY?: boolean; hasColors?: () => boolean }): CardStyle {
  const tty = out.isTTY === true;
  return { symbols: tty, colour: tty && (out.hasColors?.() ?? false) && !process.env.NO_COLOR };
}

const SYMBOLS: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };
const CARD_TOKEN = /\b([A2-9TJQK])([CDHS])\b|\b(RJ|BJ)\b/g;

/** Dresses every card text in a line: `TD` becomes `10♦` (in red where colours are on). */
export function dressCards(line: string, style: CardStyle): string {
  if (!style.symbols && !style.colour) return line;
  return line.replace(CARD_TOKEN, (token, rank?: string, suit?: string, joker?: string) => {
    const text = joker
      ? style.symbols
        ? `${joker === "RJ" ? "Red" : "Black"}★`
        : joker
      : `${style.symbols && rank === "T" ? "10" : rank}${style.symbols ? SYMBOLS[suit!] : suit}`;
    if (!style.colour) return text;
    const red = joker === "RJ" || suit === "D" || suit === "H";
    return red ? `\x1b[31m${text}\x1b[39m` : `\x1b[1m${text}\x1b[22m`;
  });
}

/** Reads input a line at a time, in order, whether typed or piped; `null` at the end of input. */
export class LineReader {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private ended = false;
  private readonly rl: Interface;

  constructor(input: Readable) {
    const rl = createInterface({ input, terminal: false });
    this.rl = rl;
    rl.on("line", (line) => {
      const w = this.waiting.shift();
      if (w) w(line);
      else this.lines.push(line);
    });
    rl.on("close", () => {
      this.ended = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
  }

  /**
   * Stops reading. A terminal's stdin never ends by itself, so without this
   * the open reader keeps the process alive after the last goodbye.
   */
  close(): void {
    this.rl.close();
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

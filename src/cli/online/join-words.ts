/**
 * What `cardroom join` says of a server table: the players by their names
 * (the table's information), the events as the seat receives them, who is
 * away and played by the computer. The sentences themselves are the shared
 * ones (src/words) that `cardroom play` and the browser say; only the names
 * differ, and what is said of the seat's own moves.
 */
import { writeFileSync } from "node:fs";
import { api } from "../../server/client.js";
import type { AnyGame, HandResult, JsonObject, Seat } from "../../engine/game.js";
import type { Reader } from "../../engine/words.js";
import type { TableInfo } from "../../server/messages.js";
import { eventLines as sharedEventLines, moveLine } from "../../words/event-lines.js";
import { handResultLines } from "../../words/hand-result.js";
import { markedName, readerFor } from "../../words/reader.js";

/** The players' names at a table, as the seat `you` reads them. */
export class SeatNames {
  constructor(
    private info: TableInfo,
    readonly you: Seat,
  ) {}

  /** The table's information changed (someone sat down, went away, came back). */
  update(info: TableInfo): void {
    this.info = info;
  }

  /** "you", a person's name ("Bob", or "Bob (seat 2)" when two share it), "the computer", "seat 3". */
  of(seat: Seat): string {
    if (seat === this.you) return "you";
    const s = this.info.seats[seat];
    if (!s) return `seat ${seat}`;
    if (s.name !== null) {
      const twice = this.info.seats.filter((o) => o.name === s.name).length > 1;
      return twice ? `${s.name} (seat ${seat})` : s.name;
    }
    if (s.kind === "computer")
      return this.info.seats.filter((o) => o.kind === "computer").length > 1
        ? `computer ${seat}`
        : "the computer";
    return `seat ${seat}`;
  }

  /** A line with every "seat N" in it said as that seat's name ("seat 1's" as "Bob's", "your"). */
  named(line: string): string {
    const cap = (text: string, like: string): string =>
      like === "S" ? text.charAt(0).toUpperCase() + text.slice(1) : text;
    // The score rail's names, in a column as wide as the longest name at the table.
    const rail = /^(you|seat \d+) *( \|.*)$/.exec(line);
    if (rail) {
      const width = Math.max(...this.info.seats.map((s) => this.of(s.seat).length));
      return this.of(rail[1] === "you" ? this.you : Number(rail[1].slice(5))).padEnd(width) + rail[2];
    }
    // Not the "(seat 2)" that tells apart two people of one name.
    return line
      .replace(/(?<!\()\b([Ss])eat (\d+)'s\b/g, (_, s: string, k: string) =>
        cap(Number(k) === this.you ? "your" : `${this.of(Number(k))}'s`, s),
      )
      .replace(/(?<!\()\b([Ss])eat (\d+)\b/g, (_, s: string, k: string) => cap(this.of(Number(k)), s));
  }

  /** The others at the table: "Bob (seat 1), the computer (seat 2), seat 3 (free)". */
  others(): string {
    return this.info.seats
      .filter((s) => s.seat !== this.you)
      .map(
        (s) =>
          `${s.kind === "open" && s.name === null ? "nobody yet" : markedName(this.of(s.seat), s)} (seat ${s.seat})`,
      )
      .join(", ");
  }

  /** "Bob and the computer". */
  list(seats: readonly Seat[]): string {
    return seats.map((s) => this.of(s)).join(" and ");
  }

  /** The shared sentences' reader (src/words), naming the seats as `of` does, as the table stands now. */
  reader(): Reader {
    return readerFor(
      this.you,
      this.info.seats.map((s) => this.of(s.seat)),
    );
  }
}

/** The lines that say which seats went away (played by the computer) or came back since `before`. */
export function presenceLines(before: TableInfo | null, after: TableInfo, names: SeatNames): string[] {
  const lines: string[] = [];
  for (const s of after.seats) {
    const was = before?.seats[s.seat];
    if (s.seat === names.you || s.kind !== "open") continue;
    if (s.away && !was?.away) lines.push(`away: the computer is playing for ${names.of(s.seat)}`);
    else if (!s.away && was?.away && s.name !== null) lines.push(`${names.of(s.seat)} is back.`);
    else if (s.name !== null && was && was.name === null)
      lines.push(`${names.of(s.seat)} sat down at seat ${s.seat}.`);
  }
  return lines;
}

/**
 * What an event says to this seat, in a line or a few, in the shared words
 * (src/words), a game's own events in its own words. `typed`: the event is
 * of a move typed at this terminal, said when it was typed. The seat's
 * other moves are said with who made them: "You: ..." (its person, at
 * another terminal or before this one sat down), or "The computer for
 * you: ..." (the server's computer, while its person was away or out of
 * time). The match's end is said once the table's status says so.
 */
export function eventLines(
  e: JsonObject,
  game: AnyGame,
  r: Reader,
  scores: readonly number[],
  typed = false,
): string[] {
  switch (e.type) {
    case "deal":
      return [
        `Hand ${String(e.hand)} dealt by ${r.name(e.dealer as Seat)}; commitment ${String(e.commitment).slice(0, 16)}…`,
      ];
    case "move":
      return typed ? [] : [`  ${moveLine(e, game, r)}`];
    case "handOver":
      return [
        ...handResultLines(e.hand as number, e.result as unknown as HandResult, scores, game, r),
        `Hand seed ${String(e.handSeed)} (npx cardroom verify checks it)`,
      ];
    case "matchOver":
      return [];
    default:
      // A score, a card turned up, a trick, a reshuffle, an event only the game has.
      return sharedEventLines(e, game, r, scores).map((line) => `  ${line}`);
  }
}

/** Writes the seat's replay of the match to `file` (`join --proof`); the line that says where, or why not. */
export async function saveProof(
  base: string,
  table: string,
  seat: Seat,
  secret: string,
  file: string,
): Promise<string> {
  try {
    const replay = await api<unknown>(base, `/api/tables/${table}/replay`, undefined, {
      "x-cardroom-seat": String(seat),
      "x-cardroom-secret": secret,
    });
    writeFileSync(file, JSON.stringify(replay) + "\n");
    return `Your replay is in ${file} (npx cardroom verify ${file}).`;
  } catch (e) {
    return `The replay could not be saved: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * What `cardroom join` says of a server table: the players by their names
 * (the table's information), the events as the seat receives them, who is
 * away and played by the computer. The sentences themselves are the ones
 * `cardroom play` uses (hand-result.ts, score-lines.ts); only the names differ.
 */
import { writeFileSync } from "node:fs";
import { api } from "../server/client.js";
import type { AnyGame, HandResult, JsonObject, MoveJson, Seat } from "../engine/game.js";
import type { TableInfo } from "../server/messages.js";
import { handResultLines } from "./hand-result.js";
import { revealLine, scoreEventLine } from "./score-lines.js";

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
    return line
      .replace(/\b([Ss])eat (\d+)'s\b/g, (_, s: string, k: string) =>
        cap(Number(k) === this.you ? "your" : `${this.of(Number(k))}'s`, s),
      )
      .replace(/\b([Ss])eat (\d+)\b/g, (_, s: string, k: string) => cap(this.of(Number(k)), s));
  }

  /** The others at the table: "Bob (seat 1), the computer (seat 2), seat 3 (free)". */
  others(): string {
    return this.info.seats
      .filter((s) => s.seat !== this.you)
      .map((s) => `${s.kind === "open" && s.name === null ? "nobody yet" : this.of(s.seat)} (seat ${s.seat})`)
      .join(", ");
  }

  /** "Bob and the computer". */
  list(seats: readonly Seat[]): string {
    return seats.map((s) => this.of(s)).join(" and ");
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

/** The "Match over" line, by name. */
export function matchOverLine(winners: readonly Seat[], names: SeatNames): string {
  if (!winners.includes(names.you)) return `Match over: ${names.list(winners)} wins.`;
  const others = winners.filter((w) => w !== names.you);
  return others.length ? `Match over: you share the win with ${names.list(others)}.` : "Match over: you win!";
}

/**
 * What an event says to this seat, in a line or a few ("seat N" still in
 * them: the caller says them by name). The seat's own moves are said when
 * typed; `ownUnseen` says whether this one was typed here (else the
 * computer made it for the seat while its player was away).
 */
export function eventLines(
  e: JsonObject,
  game: AnyGame,
  you: Seat,
  scores: readonly number[],
  ownTyped: boolean,
): string[] {
  switch (e.type) {
    case "deal":
      return [
        `Hand ${String(e.hand)} dealt by seat ${String(e.dealer)}; commitment ${String(e.commitment).slice(0, 16)}…`,
      ];
    case "move": {
      const parsed = game.moveFromJson(e.move as MoveJson);
      const said = parsed.ok ? game.describeMove(parsed.value) : "makes a secret choice";
      if (e.seat === you) return ownTyped ? [] : [`  the computer for you: ${said}`];
      return [`  seat ${String(e.seat)}: ${said}`];
    }
    case "score":
      return [scoreEventLine(e, game.id, you)];
    case "reveal":
      return typeof e.what === "string" ? [revealLine(e, you)] : [];
    case "handOver":
      return [
        ...handResultLines(e.hand as number, e.result as unknown as HandResult, scores, you),
        `Hand seed ${String(e.handSeed)} (npx cardroom verify checks it)`,
      ];
    default:
      return [];
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

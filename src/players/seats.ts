/**
 * The outside players at one table: each started for its seat, told its
 * seat's events as the table numbers them, asked for its moves, told of hand
 * and match ends, and stopped. A fault is a forfeit of the match, with the
 * reason and the program's log. Used by the terminal and the arena alike.
 */
import type { Move, Seat } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import type { Table } from "../engine/table.js";
import { othersThan } from "../engine/table-events.js";
import { type OutsideOptions, type OutsidePlayer, openOutsidePlayer } from "./host.js";
import type { Fault, FaultKind } from "./protocol.js";

/** What the host's times and logs may be set to, for every outside seat of a table. */
export type OutsideSettings = Pick<
  OutsideOptions,
  "moveMs" | "matchMs" | "startMs" | "graceMs" | "logDir" | "cwd" | "tap"
>;

/** A seat that lost the match by its program's fault. */
export interface Forfeit {
  readonly seat: Seat;
  readonly command: string;
  readonly kind: FaultKind;
  readonly reason: string;
  /** The file the program's stderr went to. */
  readonly log: string;
}

const forfeitOf = (seat: Seat, command: string, f: Fault): Forfeit => ({ seat, command, ...f });

/** A program's fault as its seat's forfeit gives it, online and offline: `its program REASON`. */
export const forfeitReason = (fault: string): string => `its program ${fault}`;

/** Every seat but the one that forfeited (as a served table's forfeit gives, `Table.forfeit`). */
export const winnersByForfeit = (players: number, seat: Seat): Seat[] => othersThan(seat, players);

export class OutsideSeats {
  /** The latest event number each seat's program has been sent. */
  private readonly sent = new Map<Seat, number>();
  private ended = false;

  private constructor(
    private readonly table: Table,
    private readonly players: ReadonlyMap<Seat, { command: string; player: OutsidePlayer }>,
  ) {
    for (const seat of players.keys()) this.sent.set(seat, 0);
  }

  /**
   * Starts a program for each seat with a command (null: not an outside seat)
   * and sends each the events so far. A program that does not start is a
   * forfeit before the first move (the others are stopped).
   */
  static async open(
    table: Table,
    commands: readonly (string | null)[],
    settings: OutsideSettings = {},
  ): Promise<Result<OutsideSeats, Forfeit>> {
    const log = table.log();
    const opened = await Promise.all(
      commands.map(async (command, seat) => {
        if (command === null) return null;
        const p = await openOutsidePlayer(command, {
          ...settings,
          game: log.game,
          players: log.players,
          seat,
          options: log.options,
        });
        return { seat, command, p };
      }),
    );
    const players = new Map<Seat, { command: string; player: OutsidePlayer }>();
    let failed: Forfeit | null = null;
    for (const o of opened) {
      if (!o) continue;
      if (o.p.ok) players.set(o.seat, { command: o.command, player: o.p.value });
      else failed ??= forfeitOf(o.seat, o.command, o.p.error);
    }
    const seats = new OutsideSeats(table, players);
    if (failed) {
      await seats.end(failed);
      return err(failed);
    }
    seats.sync();
    return ok(seats);
  }

  has(seat: Seat): boolean {
    return this.players.has(seat);
  }

  /** The programs' names by seat, as their hellos gave them. */
  names(): Map<Seat, string> {
    return new Map([...this.players].map(([seat, p]) => [seat, p.player.name]));
  }

  /** Sends each program the events its seat has not been sent yet. */
  sync(): void {
    for (const [seat, { player }] of this.players) {
      const since = this.sent.get(seat)!;
      if (since === this.table.seq) continue;
      for (const e of this.table.eventsFor(seat, since)) player.event(e);
      this.sent.set(seat, this.table.seq);
    }
  }

  /**
   * The program's move for its seat, or its forfeit. A forced move (the only
   * legal one) is played without asking, as for every computer player.
   */
  async ask(seat: Seat): Promise<Result<Move, Forfeit>> {
    const { command, player } = this.players.get(seat)!;
    const legal = this.table.legal(seat);
    if (legal.length === 1) return ok(legal[0]);
    this.sync();
    const game = this.table.game;
    const answer = await player.decide(
      this.table.view(seat),
      legal.map((m) => game.moveToJson(m)),
    );
    return answer.ok ? ok(legal[answer.value.index]) : err(forfeitOf(seat, command, answer.error));
  }

  /** After a hand ends: its events, then its result as each seat's view shows it. */
  handEnd(): void {
    this.sync();
    const s = this.table.state;
    for (const [seat, { player }] of this.players) {
      const result = (this.table.view(seat).result ?? s.result) as never;
      player.handEnd(s.hand, result, s.scores);
    }
  }

  /** Ends the match for every program (with the forfeit, when there is one) and stops them all. */
  async end(forfeit?: Forfeit): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const s = this.table.state;
    const winners = forfeit
      ? winnersByForfeit(s.players, forfeit.seat)
      : s.matchOver
        ? [...this.table.game.matchWinners(s)]
        : [];
    // As at a server's table (a bot's forfeit): the forfeit is the match's last entry, and the other
    // programs hear it and the match's end as events, then `matchEnd`.
    const gaveUp = forfeit && { seat: forfeit.seat, reason: forfeitReason(forfeit.reason) };
    if (gaveUp && !this.table.over) this.table.forfeit(gaveUp.seat, gaveUp.reason);
    this.sync();
    await Promise.all(
      [...this.players.values()].map(({ player }) => player.matchEnd(winners, s.scores, gaveUp)),
    );
  }

  /** Stops every program at once (a player who leaves the table). */
  async close(): Promise<void> {
    this.ended = true;
    await Promise.all([...this.players.values()].map(({ player }) => player.close()));
  }
}

/**
 * One seat a bot account took, played by its program (`cardroom bot`):
 * the seat's connection (SeatLink: it reconnects and resumes by event
 * number, so the program is told every event once, in order), and the
 * program started for the match through the player protocol's host. Each
 * update tells the program the events it has not had, the hand's end, the
 * match's end; at the seat's turn it is asked for a move (a forced move is
 * played without asking, as for every computer player). At a hand's end
 * the bot deals the next when no person sits at the table (a person deals
 * for themselves). A "play again" is the people's to ask: the server keeps
 * the bot's seat of the new table for it (an invitation). A program that
 * faults (late, illegal, garbage, silent, gone) is stopped (its whole
 * process group) and the seat forfeits the match, as it does in the
 * terminal and the lab: the table ends with every other seat winning. A
 * program that does not play the game gives the seat up instead.
 */
import type { HandResult, MoveJson, Seat } from "../../engine/game.js";
import type { NumberedEvent } from "../../engine/events.js";
import type { Result } from "../../engine/result.js";
import type { OutsidePlayer } from "../../players/host.js";
import type { Fault } from "../../players/protocol.js";
import { forfeitReason } from "../../players/seats.js";
import type { ClientMessage, MatchStatus, TableInfo, Update } from "../../server/messages.js";
import type { LinkMessage, SeatLink } from "../../server/seat-link.js";
import { CHAT_MAX } from "../../server/text-limits.js";
import { readRefusal, retryWait } from "./seat-refusal.js";

/** Starts the program for a seat of a match (the host's `openOutsidePlayer`, or another for tests). */
export type OpenProgram = (
  command: string,
  match: { game: string; players: number; seat: Seat; options: Record<string, unknown> },
) => Promise<Result<OutsidePlayer, Fault>>;

/** How a seat's play ended. */
export type SeatEnd =
  | { readonly kind: "over"; readonly winners: readonly Seat[] }
  /**
   * The program faulted and was stopped: the seat forfeited the match (`forfeited`), or, when it
   * could not (a program that does not play the game, a match already over), was let go.
   */
  | { readonly kind: "fault"; readonly fault: Fault; readonly forfeited: boolean }
  /** The server no longer knows the seat as the bot's (it was given up, or its secret renewed). */
  | { readonly kind: "lost"; readonly message: string }
  /** No server answered within the reconnect time. */
  | { readonly kind: "gone"; readonly seconds: number }
  | { readonly kind: "stopped" };

export class BotSeat {
  private program: OutsidePlayer | null = null;
  /** The last event number the program was told. */
  private told = 0;
  private handTold = 0;
  private dealtFor = 0;
  /** The event number a move was sent at, while its answer is awaited. */
  private movedAt = -1;
  /** The move or deal sent whose answer is awaited (sent again when refused as too fast). */
  private sent: ClientMessage | null = null;
  private info: TableInfo | null = null;
  private stopped = false;

  constructor(
    private readonly link: SeatLink,
    private readonly tableId: string,
    private readonly seat: Seat,
    private readonly command: string,
    private readonly open: OpenProgram,
    private readonly say: (line: string) => void,
  ) {}

  /** The table's short code, once its first update came. */
  get code(): string | undefined {
    return this.info?.code;
  }

  /** Stops the seat's play now, a wait included (the program is stopped; the seat stays the bot's). */
  stop(): void {
    this.stopped = true;
    this.link.close();
    for (const w of this.stopWaiters.splice(0)) w();
  }

  /** Plays until the match ends, the program faults, the seat is lost or `stop`. */
  async play(): Promise<SeatEnd> {
    try {
      for (;;) {
        const m = await Promise.race([this.link.next(), this.stoppedWhile()]);
        if (m === null || this.stopped) return { kind: "stopped" };
        const end = await this.heard(m);
        if (end) return end;
      }
    } finally {
      await this.program?.close();
    }
  }

  private stopWaiters: (() => void)[] = [];
  private stoppedWhile(): Promise<null> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve(null);
      this.stopWaiters.push(() => resolve(null));
    });
  }

  /** False when the connection is down (nothing sent): the update after the reconnection asks again. */
  private send(m: ClientMessage): boolean {
    return this.link.send(m);
  }

  private async heard(m: LinkMessage): Promise<SeatEnd | null> {
    switch (m.type) {
      case "gone":
        return { kind: "gone", seconds: m.seconds };
      case "back":
        // A move or deal sent just before the connection went may never have arrived: the update
        // after the watch says whether the table still asks for it.
        this.answered();
        return null;
      case "ok":
        this.sent = null;
        this.movedAt = -1;
        return null;
      case "error":
        switch (readRefusal(m.code, this.sent !== null)) {
          case "retry": {
            // Forced moves and deals go out as fast as the server answers: the same again after
            // the server's stated wait (a deal refused and never sent again left the table stalled).
            const again = this.sent!;
            await retryWait(m.retryMs);
            if (this.sent === again && !this.stopped) this.send(again);
            return null;
          }
          case "seat_lost":
            return { kind: "lost", message: m.message };
          default:
            // A move the table had moved past (a turn timer played it), a hand dealt already: the
            // next update asks again.
            this.answered();
            return null;
        }
      case "update":
        return m.table === this.tableId ? this.updated(m) : null;
      default:
        return null;
    }
  }

  private async updated(u: Update): Promise<SeatEnd | null> {
    this.info = u.info;
    const st = u.status as unknown as MatchStatus;
    if (!this.program) {
      const started = await this.open(this.command, {
        game: u.info.game,
        players: u.info.players,
        seat: this.seat,
        options: u.info.options,
      });
      if (!started.ok) {
        // A program that does not play this game gives the seat up for someone else.
        if (started.error.kind !== "declined") return this.forfeit(started.error);
        this.send({ type: "leave" });
        return { kind: "fault", fault: started.error, forfeited: false };
      }
      this.program = started.value;
      this.say(`table ${u.info.code}: ${this.program.name} plays seat ${this.seat} of ${u.info.gameName}.`);
    }
    const program = this.program;
    for (const e of u.events as NumberedEvent[]) {
      if (e.seq <= this.told) continue;
      program.event(e);
      this.told = e.seq;
    }
    if (st.handOver && this.handTold < st.hand) {
      this.handTold = st.hand;
      program.handEnd(st.hand, u.view.result as unknown as HandResult, st.scores);
    }
    if (st.matchOver) return this.matchOver(st);
    if (st.handOver) {
      // Nobody but bots and computers here: the bot deals (and so does the server, a moment
      // later, should it not); a person deals for themselves.
      if (this.personSeated() || this.dealtFor >= st.hand || this.sent !== null) return null;
      const deal: ClientMessage = { type: "next", hand: st.hand };
      if (this.send(deal)) {
        this.sent = deal;
        this.dealtFor = st.hand;
      }
      return null;
    }
    // Nobody plays until every open seat has its player (the server's rule for people too).
    if (!u.legal.length || this.movedAt === u.seq || this.waitingForPlayers()) return null;
    const legal = u.legal as MoveJson[];
    let move: MoveJson;
    if (legal.length === 1) move = legal[0];
    else {
      const chosen = await program.decide(u.view, legal);
      if (!chosen.ok) return this.forfeit(chosen.error);
      move = chosen.value.move;
    }
    const sent: ClientMessage = { type: "move", move: move as MoveJson & Record<string, never> };
    if (this.send(sent)) {
      this.sent = sent;
      this.movedAt = u.seq;
    }
    return null;
  }

  /**
   * What was sent is answered otherwise (refused, or lost with a connection): a deal may be asked
   * again at the next update, a move when the table asks for it.
   */
  private answered(): void {
    if (this.sent?.type === "next") this.dealtFor = 0;
    this.sent = null;
    this.movedAt = -1;
  }

  private waitingForPlayers(): boolean {
    return (this.info?.seats ?? []).some((s) => s.kind === "open" && s.name === null);
  }

  private personSeated(): boolean {
    return (this.info?.seats ?? []).some((s) => s.name !== null && !s.bot);
  }

  private async matchOver(st: MatchStatus): Promise<SeatEnd> {
    await this.program?.matchEnd(st.winners ?? [], st.scores, st.forfeit);
    return { kind: "over", winners: st.winners ?? [] };
  }

  /**
   * The program faulted (the host stopped it): the seat gives the match up, its reason in the
   * table's history. Sent again once the connection is back if it could not be; ends when the
   * server says it is stored, or that the match is over already.
   */
  private async forfeit(fault: Fault): Promise<SeatEnd> {
    await this.program?.close();
    const message: ClientMessage = {
      type: "forfeit",
      reason: forfeitReason(fault.reason).slice(0, CHAT_MAX),
    };
    let sent = this.send(message);
    for (;;) {
      const m = await Promise.race([this.link.next(), this.stoppedWhile()]);
      if (m === null || this.stopped || m.type === "gone") return { kind: "fault", fault, forfeited: false };
      if (m.type === "back") sent = false;
      else if (m.type === "ok" && m.for === "forfeit") return { kind: "fault", fault, forfeited: true };
      else if (m.type === "error" && readRefusal(m.code, true) === "retry") {
        await retryWait(m.retryMs);
        sent = this.send(message);
      } else if (m.type === "error") return { kind: "fault", fault, forfeited: false };
      else if (m.type === "update" && m.table === this.tableId) {
        const st = m.status as unknown as MatchStatus;
        // Stored before the answer was heard (a reconnection between): the match says so.
        if (st.matchOver) return { kind: "fault", fault, forfeited: st.forfeit?.seat === this.seat };
        // The update that follows a reconnection: the table is watched again, the forfeit can go.
        if (!sent) sent = this.send(message);
      }
    }
  }
}

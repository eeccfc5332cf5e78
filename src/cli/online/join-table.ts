/**
 * A seat at a server table, played from the terminal. Everything the
 * player sees and types goes by the latest update: each update redraws the
 * board and the move list (withdrawing the question asked, never a line
 * typed), so a typed answer is always read against the moves on the screen,
 * and the server's refusal of a move is said as soon as it comes. The
 * connection comes back by itself (SeatLink); a move it may have lost is
 * checked against the table as it is then, not blindly sent again.
 */
import type { AnyGame, JsonObject, Move, MoveJson, Seat } from "../../engine/game.js";
import type { ClientMessage, MatchStatus, TableInfo, Update } from "../../server/messages.js";
import type { LinkMessage, SeatLink } from "../../server/seat-link.js";
import { matchOverLine } from "../../words/event-lines.js";
import { RESIGNED, forfeitEndLine } from "../../words/match-outcome.js";
import { SeatNames, eventLines, presenceLines, saveProof } from "./join-words.js";
import { inHandOrder } from "../play/move-input.js";
import type { Terminal } from "../play/play.js";
import { forgetSeat, saveSeat, takeBackCommand } from "./seat-store.js";
import { readRefusal, retryWait } from "./seat-refusal.js";
import { LEAVE, type Leave, type Say, TablePrompts } from "../play/table-prompts.js";
import { dressCards } from "../terminal.js";

export interface Seating {
  /** The server as the player reached it: what the connection and the printed commands use. */
  readonly base: string;
  /** The server as it names itself: what the seat is kept under (seat-store.ts). */
  readonly server: string;
  tableId: string;
  readonly code: string;
  readonly seat: Seat;
  readonly secret: string;
  /** The player's name: the seat's file is kept under it. */
  readonly name: string;
  /** The seat was taken back with a kept secret. */
  readonly back: boolean;
  /** Where to write the seat's replay at the end (for `cardroom verify`). */
  readonly proof?: string;
  /** How long a lost connection is tried again. */
  readonly giveUpSeconds: number;
}

/** What a question ended with. */
type Outcome =
  | { readonly kind: "move"; readonly move: Move; readonly forced: boolean }
  | { readonly kind: "deal" }
  | { readonly kind: "again"; readonly yes: boolean }
  | { readonly kind: "leave" };

interface Question {
  /** What is asked, from the table as it stands: a new key withdraws the question. */
  readonly key: string;
  readonly ctrl: AbortController;
  answered: Promise<Outcome | null>;
  /** The line printed just before the read now waiting (the question, or a follow-up such as "Which suit?"). */
  readingAfter: string;
}

/** Questions that may be withdrawn and asked again to redraw the board: nothing half-answered is lost. */
const REDRAWABLE = /^(Your move|Press Enter|Waiting for|Reconnecting)/;
/** The question of `q` at any prompt: kept until answered, whatever the table does meanwhile. */
const LEAVING = /^Leave the match\?/;

const isAbort = (e: unknown): boolean => (e as { name?: unknown } | null)?.name === "AbortError";

export class JoinTable {
  private u: Update | null = null;
  private info: TableInfo | null = null;
  private names: SeatNames | null = null;
  /** The event number at which the server refused the seat's only move: not sent again until the table moves. */
  private refusedAt = -1;
  private question: Question | null = null;
  /** A move or deal sent and not yet answered, with the event number it was sent at. */
  private pending: { message: ClientMessage; move?: MoveJson } | null = null;
  /** Moves typed here whose events have not come yet (the seat's other moves are said with who made them). */
  private typedUnseen = 0;
  private dealtFor = 0;
  private askedAgain = false;
  private toldOver = "";
  /** The update since the last question was asked brought something to show. */
  private fresh = false;
  private recheck = false;
  /** The server took a move or deal made at this event number: what to ask waits for the update after it. */
  private behind = -1;
  private lastLine = "";
  private stopNow: () => void = () => undefined;
  /** Resolves when play is stopped from outside (`stop`). */
  private readonly stopped = new Promise<{ stop: true }>(
    (resolve) => (this.stopNow = () => resolve({ stop: true })),
  );
  private readonly raw: Say;
  private readonly say: Say;

  constructor(
    private readonly s: Seating,
    private readonly game: AnyGame,
    private readonly link: SeatLink,
    private readonly term: Terminal,
  ) {
    this.raw = (line = "") => {
      this.lastLine = line;
      term.input.say(dressCards(line, term.style));
    };
    this.say = (line = "") => this.raw(this.names ? this.names.named(line) : line);
  }

  private get status(): MatchStatus {
    return this.u!.status as unknown as MatchStatus;
  }

  /** Plays until the player leaves or the server is gone for good; the exit code. */
  async play(): Promise<number> {
    let message = this.link.next();
    for (;;) {
      this.ask();
      const q = this.question;
      const got = await Promise.race([
        this.stopped,
        message.then((m) => ({ m })),
        ...(q ? [q.answered.then((o) => ({ o, q }))] : []),
      ]);
      if ("stop" in got) {
        this.withdraw();
        this.raw(`Your seat is kept: ${this.takeBack()} takes it back.`);
        return 130;
      }
      if ("m" in got) {
        message = this.link.next();
        const code = await this.heard(got.m);
        if (code !== undefined) return this.end(code);
      } else if (got.q === this.question) {
        this.question = null;
        if (got.o === null) continue;
        const code = this.answered(got.o);
        if (code !== undefined) return this.end(code);
      }
    }
  }

  /** The command that takes this seat back, exactly as the player would type it. */
  private takeBack(): string {
    return takeBackCommand(this.s.base, this.s.code, this.s.name);
  }

  /** Stops play (a signal: Ctrl-C): the seat is kept, and the player is told how to take it back. */
  stop(): void {
    this.stopNow();
  }

  private end(code: number): number {
    this.withdraw();
    return code;
  }

  private withdraw(): void {
    this.question?.ctrl.abort();
    this.question = null;
  }

  // ---- What to ask ----

  /** What the table asks of this seat now; null: nothing (an answer from the server is awaited). */
  private keyNow(): string | null {
    if (!this.u) return null;
    if ((this.pending || this.u.seq <= this.behind) && this.link.online) return null;
    const st = this.status;
    if (st.matchOver) return this.askedAgain ? "wait:again" : `again:${this.s.tableId}`;
    if (st.handOver) return this.dealtFor === st.hand ? "wait:deal" : `deal:${st.hand}`;
    const forcedAgain = this.u.legal.length === 1 && this.refusedAt === this.u.seq;
    if (this.u.legal.length && !this.pending && !forcedAgain) return `move:${JSON.stringify(this.u.legal)}`;
    return `wait:${st.toAct.join(",")}`;
  }

  /** Asks what the table asks now; a question about a table that changed is withdrawn and asked again. */
  private ask(): void {
    const key = this.keyNow();
    const q = this.question;
    // A leave half-answered is never withdrawn under the player's "y": the question is asked anew after it.
    if (q && LEAVING.test(q.readingAfter)) return;
    const redraw = this.fresh && q !== null && REDRAWABLE.test(q.readingAfter);
    this.fresh = false;
    if (q && q.key === key && !redraw) return;
    this.withdraw();
    if (key === null) return;
    const ctrl = new AbortController();
    const question: Question = { key, ctrl, answered: Promise.resolve(null), readingAfter: "" };
    const lines = {
      next: () => {
        // The table moved on while the player was asked whether to leave (and said no): ask anew.
        if (question.key !== this.keyNow())
          return Promise.reject(new DOMException("the table moved on", "AbortError"));
        question.readingAfter = this.lastLine;
        return this.term.input.next(ctrl.signal);
      },
    };
    const prompts = new TablePrompts(
      { game: this.game, view: () => this.u?.view ?? {} },
      lines,
      this.say,
      "",
      undefined,
      this.status.matchOver ? undefined : () => this.resign(),
    );
    question.answered = this.put(key, prompts).catch((e: unknown) => {
      if (isAbort(e)) return null;
      throw e;
    });
    this.question = question;
  }

  private async put(key: string, prompts: TablePrompts): Promise<Outcome | null> {
    const st = this.status;
    if (key.startsWith("move:")) {
      const legal: Move[] = [];
      for (const j of this.u!.legal) {
        const m = this.game.moveFromJson(j as MoveJson);
        if (m.ok) legal.push(m.value);
      }
      const move = await prompts.chooseMove(inHandOrder(legal, this.u!.view.hand, this.game));
      return move === LEAVE ? { kind: "leave" } : { kind: "move", move, forced: legal.length === 1 };
    }
    if (key.startsWith("deal:"))
      return (await prompts.pressEnter()) === LEAVE ? { kind: "leave" } : { kind: "deal" };
    if (key.startsWith("again:")) {
      const a = await prompts.answer(
        "Play again? (Y/N)",
        () => ["y asks the table for another match; n leaves."],
        () => prompts.showBoard(),
      );
      if (a === LEAVE) return { kind: "leave" };
      return { kind: "again", yes: /^y(es)?$/i.test(a) };
    }
    return this.waitFor(st, prompts);
  }

  /** Nothing for this seat to do: the board, who is awaited, and q, r, ?, rules still work. */
  private async waitFor(st: MatchStatus, prompts: TablePrompts): Promise<Outcome | null> {
    const waiting = !this.link.online
      ? "Reconnecting..."
      : st.matchOver
        ? "Waiting for the others to say whether they play again."
        : st.handOver
          ? "Waiting for the next hand."
          : this.emptySeats().length
            ? `Waiting for ${this.emptySeats().join(" and ")} to be taken: the match begins when every seat is.`
            : `Waiting for ${this.names!.list(st.toAct.filter((s) => s !== this.s.seat))}.`;
    if (!st.matchOver) prompts.showBoard();
    for (;;) {
      const a: string | Leave = await prompts.answer(
        waiting,
        () => ["Nothing to play just now."],
        () => prompts.showBoard(),
      );
      if (a === LEAVE) return { kind: "leave" };
      if (a !== "") this.say(`"${a}": nothing to play just now (q leaves).`);
    }
  }

  /**
   * The open seats nobody has taken yet ("seat 1"), while the server offers
   * this seat no move for want of them (the match has not begun).
   */
  private emptySeats(): string[] {
    if (!this.u || this.u.legal.length || !this.status.toAct.includes(this.s.seat)) return [];
    return this.u.info.seats.filter((s) => s.kind === "open" && s.name === null).map((s) => `seat ${s.seat}`);
  }

  // ---- What the player answered ----

  private answered(o: Outcome): number | undefined {
    switch (o.kind) {
      case "leave":
        this.raw(`Goodbye. Your seat is kept: ${this.takeBack()} takes it back.`);
        return 0;
      case "move": {
        const move = this.game.moveToJson(o.move);
        if (!o.forced) this.say(`You: ${this.game.describeMove(o.move)}`);
        this.typedUnseen++;
        this.request({ type: "move", move: move as MoveJson & Record<string, never> }, move);
        return undefined;
      }
      case "deal":
        this.dealtFor = this.status.hand;
        this.request({ type: "next", hand: this.status.hand });
        return undefined;
      case "again":
        if (!o.yes) {
          forgetSeat(this.s.server, this.s.tableId, this.s.name);
          this.raw("Thanks for playing.");
          return 0;
        }
        this.askedAgain = true;
        this.link.send({ type: "again" });
        return undefined;
    }
  }

  /** `q` then `r`: the match given up; the table's answer (its end, or why not) follows as for any request. */
  private resign(): void {
    if (!this.link.send({ type: "forfeit", reason: RESIGNED }))
      this.raw("Not connected: resign again once the connection is back.");
  }

  private request(message: ClientMessage, move?: MoveJson): void {
    this.pending = { message, move };
    if (!this.link.send(message))
      this.raw("(Not connected: it goes to the server when the connection is back.)");
  }

  // ---- What the server said ----

  private async heard(m: LinkMessage): Promise<number | undefined> {
    switch (m.type) {
      case "lost":
        this.raw(
          `The connection to ${this.s.base} was lost: reconnecting (for up to ${this.s.giveUpSeconds} s; q leaves)...`,
        );
        // A question stays asked (what is typed goes to the server once back); a wait says "Reconnecting...".
        this.fresh = this.question?.key.startsWith("wait:") ?? false;
        return undefined;
      case "back":
        this.raw("Reconnected.");
        this.recheck = true;
        this.fresh = this.question?.key.startsWith("wait:") ?? false;
        return undefined;
      case "gone":
        this.raw(
          `The server did not come back in ${m.seconds} s: giving up. ${this.takeBack()} takes your seat back later.`,
        );
        return 1;
      case "chat":
        this.raw(`[${m.name}] ${m.text}`);
        return undefined;
      case "ok":
        this.pending = null;
        this.behind = m.seq;
        return undefined;
      case "error":
        return this.refused(m.code, m.message, m.retryMs);
      case "update":
        return this.updated(m);
      default:
        return undefined;
    }
  }

  private refused(code: string, message: string, retryMs?: number): number | undefined {
    const refused = this.pending;
    const reading = readRefusal(code, refused !== null);
    if (reading === "retry") {
      // Forced moves go out as fast as the server answers: the same again after the server's wait
      // (unless it was answered meanwhile, or sent again after a reconnection).
      void retryWait(retryMs).then(() => {
        if (this.pending === refused) this.link.send(refused!.message);
      });
      return undefined;
    }
    if (reading === "seat_lost") {
      forgetSeat(this.s.server, this.s.tableId, this.s.name);
      this.raw(`The server no longer knows your seat (${message}).`);
      return 1;
    }
    if (!refused) {
      this.raw(`server: ${message}`);
      return undefined;
    }
    this.pending = null;
    this.refusedAt = this.u?.seq ?? -1;
    if (refused.move) this.typedUnseen--;
    if (refused.message.type === "next") this.dealtFor = 0;
    // A deal already made by another seat is no news: the update shows the new hand.
    if (code !== "stale") this.say(`server: ${message}`);
    this.fresh = true;
    return undefined;
  }

  private async updated(u: Update): Promise<number | undefined> {
    if (u.table !== this.s.tableId) return undefined; // the last match's, after moving on
    const first = this.u === null;
    this.tellPresence(u.info, first);
    const st = u.status as unknown as MatchStatus;
    // The first update of a table brings what was played before this terminal sat down.
    for (const e of u.events) this.tell(e, st.scores);
    this.u = u;
    this.info = u.info;
    if (this.recheck) this.recheckPending();
    if (u.events.length) this.fresh = true;
    if (st.matchOver) return this.matchOver(st);
    this.askedAgain = false;
    return undefined;
  }

  private tellPresence(info: TableInfo, first: boolean): void {
    this.names ??= new SeatNames(info, this.s.seat);
    this.names.update(info);
    if (first) {
      this.raw(
        `${this.game.name} at ${this.s.base}, table ${info.code}: ${this.s.name}, you are seat ${this.s.seat}` +
          `${this.s.back ? " (taken back with your kept secret)" : ""}. Invite: ${this.s.base}/t/${info.code}`,
      );
      this.raw(`At the table: ${this.names!.others()}. (q leaves, ? helps, at any prompt.)`);
    }
    for (const line of presenceLines(first ? null : this.info, info, this.names!)) this.raw(line);
  }

  private tell(e: JsonObject, scores: readonly number[]): void {
    let typed = false;
    if (e.type === "move" && e.seat === this.s.seat) {
      // The computer's move for this seat (its time ran out) is not the one typed: that one is refused.
      if (this.typedUnseen > 0 && e.by !== "computer") {
        typed = true;
        this.typedUnseen--;
      }
      // The move sent is in: whatever became of its answer (a connection lost before it came).
      if (this.pending?.move) this.pending = null;
    }
    // Named already, by the reader: not named again (which would name "Bob (seat 1)" twice).
    for (const line of eventLines(e, this.game, this.names!.reader(), scores, typed)) this.raw(line);
  }

  /**
   * Back after a lost connection, a move sent without an answer: its event
   * would have come with the update. Not there, it is sent again only if the
   * table still offers it; otherwise the player chooses again.
   */
  private recheckPending(): void {
    this.recheck = false;
    const st = this.status;
    // "Play again" said while the connection was down.
    if (this.askedAgain && st.matchOver && !this.u!.info.againId) this.link.send({ type: "again" });
    const p = this.pending;
    if (!p) return;
    if (p.message.type === "next") {
      if (st.handOver && st.hand === p.message.hand) this.link.send(p.message);
      else this.pending = null;
      return;
    }
    const still = this.u!.legal.some((l) => JSON.stringify(l) === JSON.stringify(p.move));
    if (still) {
      this.link.send(p.message);
      return;
    }
    this.pending = null;
    this.typedUnseen--;
    this.say("Your last move did not reach the table, which has moved on: choose again.");
  }

  private async matchOver(st: MatchStatus): Promise<number | undefined> {
    const againId = this.u!.info.againId;
    if (againId && this.askedAgain) {
      this.moveTo(againId);
      return undefined;
    }
    if (this.toldOver === this.s.tableId) return undefined;
    this.toldOver = this.s.tableId;
    const reader = this.names!.reader();
    this.say(matchOverLine(st.winners ?? [], reader));
    // A match given up: who gave it up, and that it was won by forfeit, in the browser's words.
    if (st.forfeit) this.say(forfeitEndLine(st.forfeit, st.winners ?? [], reader));
    if (this.s.proof)
      this.raw(await saveProof(this.s.base, this.s.tableId, this.s.seat, this.s.secret, this.s.proof));
    return undefined;
  }

  /** Everyone said yes: the next match is another table, where the seat keeps its secret. */
  private moveTo(againId: string): void {
    this.behind = -1;
    forgetSeat(this.s.server, this.s.tableId, this.s.name);
    this.s.tableId = againId;
    saveSeat(this.s.server, againId, this.s.name, { seat: this.s.seat, secret: this.s.secret });
    this.u = null;
    this.dealtFor = 0;
    this.askedAgain = false;
    this.raw("Everyone is in: a new match.");
    this.link.watchTable(againId);
  }
}

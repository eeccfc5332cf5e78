import { describe, expect, it } from "vitest";
import type { AnyGame, JsonObject, MatchState, Viewer } from "../engine/game.js";
import { Table } from "../engine/table.js";
import { GAMES } from "../games/index.js";
import { playedProof } from "../../bench/played-proof.js";
import { cardSymbol } from "../words/card-words.js";
import { verifyReplay } from "./verify-replay.js";

const game = (id: string): AnyGame => GAMES.find((g) => g.id === id)!;
type Event = Record<string, unknown> & { seq: number; type: string };

/** A played match's proof, its events as plain copies to forge. */
function proof(id: string, seed: string, viewer: Viewer, options: JsonObject = {}, players?: number) {
  const p = playedProof(game(id), { seed, viewer, options, players });
  const events = JSON.parse(JSON.stringify(p.events)) as Event[];
  return { ...p, events };
}

/** The table just before event `seq` was made (its move's first event). */
function stateBefore(p: ReturnType<typeof proof>, seq: number): MatchState {
  const log = p.table.log();
  const t = Table.start(game(p.game), { players: log.players, seed: log.seed, options: log.options });
  if (!t.ok) throw new Error(t.error.message);
  for (const e of log.entries) {
    if (t.value.seq >= seq - 1) break;
    t.value.apply(e);
  }
  return t.value.state;
}

const renumbered = (events: Event[]): Event[] => events.map((e, i) => ({ ...e, seq: i + 1 }));

/** A match played at random for `moves` moves and deals, then given up by `seat`: its proof for `viewer`. */
function forfeited(id: string, moves: number, seat: number, viewer: Viewer) {
  const g = game(id);
  const t = Table.start(g, { players: g.minPlayers, seed: `forfeit ${id}` });
  if (!t.ok) throw new Error(t.error.message);
  const table = t.value;
  let k = 0;
  for (; k < moves && !table.state.matchOver; k++) {
    if (table.state.handOver) table.next();
    else {
      const s = table.status().toAct[k % table.status().toAct.length];
      const legal = table.legal(s);
      table.play(s, legal[k % legal.length]);
    }
  }
  expect(table.forfeit(seat, "its program went silent").ok).toBe(true);
  const log = table.log();
  const events = JSON.parse(JSON.stringify(table.eventsFor(viewer))) as Event[];
  return { game: id, players: log.players, options: log.options, viewer, events, table };
}

describe("a proof of a match a seat gave up", () => {
  for (const g of GAMES)
    it(`holds for ${g.id}, up to the forfeit, for a seat and a spectator`, () => {
      for (const viewer of [0, "spectator"] as const) {
        const p = forfeited(g.id, 7, 1, viewer);
        expect(verifyReplay(p)).toMatchObject({ ok: true, kind: "holds" });
      }
    });

  it("holds past a finished hand, and fails on a forged forfeit", () => {
    const p = forfeited("crazy-eights", 400, 0, 1);
    const hands = p.events.filter((e) => e.type === "deal").length;
    expect(hands).toBeGreaterThan(1);
    expect(verifyReplay(p)).toMatchObject({ ok: true, line: expect.stringMatching(`all ${hands} hands`) });
    const gaveUp = p.events.length - 2;
    const forged = (change: Record<string, unknown>) =>
      verifyReplay({ ...p, events: p.events.map((e, i) => (i === gaveUp ? { ...e, ...change } : e)) });
    expect(forged({ handSeed: "0".repeat(64) })).toMatchObject({ ok: false });
    expect(forged({ seat: 2 })).toMatchObject({ ok: false });
    expect(verifyReplay({ ...p, events: p.events.slice(0, -1) })).toMatchObject({ ok: false });
  });
});

describe("a proof with moves the computer made for a person (away, or out of time)", () => {
  /** Two hands of `id` and the third's deal, seat 0's every third move marked as the computer's: its proof for `viewer`. */
  function marked(id: string, viewer: Viewer) {
    const g = game(id);
    const t = Table.start(g, { players: g.minPlayers, seed: `marked ${id}` });
    if (!t.ok) throw new Error(t.error.message);
    const table = t.value;
    for (let k = 0; !table.over && !(table.state.hand === 3 && k > 0); k++) {
      if (table.state.handOver) table.next();
      else {
        const s = table.status().toAct[k % table.status().toAct.length];
        const legal = table.legal(s);
        table.play(s, legal[k % legal.length], s === 0 && k % 3 === 0 ? "computer" : undefined);
      }
    }
    const events = JSON.parse(JSON.stringify(table.eventsFor(viewer))) as Event[];
    return { game: id, players: table.log().players, options: table.log().options, viewer, events };
  }

  for (const g of GAMES)
    it(`holds for ${g.id}, with the marks and without them (an older server's proof), for a seat and a spectator`, () => {
      for (const viewer of [0, 1, "spectator"] as const) {
        const p = marked(g.id, viewer);
        expect(p.events.some((e) => e.by === "computer")).toBe(true);
        expect(verifyReplay(p)).toMatchObject({ ok: true, kind: "holds" });
        const unmarked = p.events.map(({ by: _by, ...e }) => e as Event);
        expect(verifyReplay({ ...p, events: unmarked })).toMatchObject({ ok: true, kind: "holds" });
      }
    });

  it("fails on a mark the server never makes: another maker, or on an event that is not a move", () => {
    const p = marked("crazy-eights", 0);
    const at = (type: string) => p.events.findIndex((e) => e.type === type && e.by === undefined);
    const forged = (i: number, by: string) =>
      verifyReplay({ ...p, events: p.events.map((e, k) => (k === i ? { ...e, by } : e)) });
    expect(forged(at("move"), "someone")).toMatchObject({ ok: false, line: expect.stringMatching(/\bby\b/) });
    expect(forged(at("deal"), "computer")).toMatchObject({ ok: false });
  });
});

describe("a proof of a match still being played", () => {
  /** The proof as it stood at event index `end` (exclusive): fetched then. */
  const upTo = <P extends { events: Event[] }>(p: P, end: number): P => ({
    ...p,
    events: p.events.slice(0, end),
  });

  for (const g of GAMES)
    it(`holds for ${g.id} between hands and within a hand, for a seat and a spectator`, () => {
      for (const viewer of [0, "spectator"] as const) {
        const p = proof(g.id, "going on", viewer, g.id === "gin-rummy" ? { target: 30 } : {});
        const ends = p.events.flatMap((e, i) => (e.type === "handOver" ? [i] : []));
        const deals = p.events.flatMap((e, i) => (e.type === "deal" ? [i] : []));
        // Every hand's first events, and the match between each two hands.
        for (const [k, deal] of deals.slice(0, 4).entries()) {
          const played = `${k === 0 ? "no hand over yet" : k === 1 ? "hand 1 verified" : `hands 1-${k} verified`}`;
          expect(verifyReplay(upTo(p, deal + 3)).line).toMatch(
            new RegExp(`^OK: ${played}, hand ${k + 1} in play: seed not yet revealed \\(`),
          );
          // (The last hand's end comes with the match's, in the same move.)
          if (k < ends.length && p.events[ends[k] + 1]?.type === "deal")
            expect(verifyReplay(upTo(p, ends[k] + 1)).line).toMatch(
              new RegExp(`^OK: hands? 1(-${k + 1})? verified, the match goes on \\(`),
            );
        }
      }
    });

  it("says what it checked, and fails a hand in play dealt wrong or ended without its seed", () => {
    const p = proof("crazy-eights", "c8", 0);
    const deals = p.events.flatMap((e, i) => (e.type === "deal" ? [i] : []));
    expect(deals.length).toBeGreaterThan(3);
    const third = deals[2];
    const now = upTo(p, third + 6);
    const [from, to] = [p.events[third].seq, p.events[third + 5].seq];
    expect(verifyReplay(now)).toEqual({
      ok: true,
      kind: "holds",
      line:
        `OK: hands 1-2 verified, hand 3 in play: seed not yet revealed (Crazy Eights: every seed revealed matches its commitment, ` +
        `and every event seat 0 received up to event ${from - 1} is what the rules give on that deal; ` +
        `hand 3's deal and moves (events ${from} to ${to}) are in order, its cards checked once it ends; verify again later for the rest)`,
    });
    const forged = (i: number, change: Record<string, unknown>) =>
      verifyReplay({ ...now, events: now.events.map((e, j) => (j === i ? { ...e, ...change } : e)) }).line;
    const dealer = p.events[third].dealer as number;
    expect(forged(third, { dealer: 1 - dealer })).toBe(
      `hand 3, event ${from}: the deal event's dealer is ${1 - dealer} where the rules give ${dealer}`,
    );
    expect(forged(third, { commitment: "mine" })).toBe(
      `hand 3, event ${from}: the deal's commitment is not 64 hex digits`,
    );
    expect(forged(third + 2, { type: "matchOver" })).toBe(
      `hand 3, event ${from + 2}: a matchOver event while hand 3 is being played (it never ended: no seed revealed)`,
    );
    const mine = now.events.findIndex((e, i) => i > third && e.type === "move" && e.seat === 0);
    expect(forged(mine, { move: { type: "play", card: "ZZ" } })).toBe(
      `hand 3, event ${now.events[mine].seq}: seat 0's move {"type":"play","card":"ZZ"} is not a move of Crazy Eights`,
    );
    expect(forged(mine, { seat: 7 })).toBe(
      `hand 3, event ${now.events[mine].seq}: a move of 7, not a seat of the table`,
    );
    // A hand over is over: a proof that cuts hand 2 short before its end fails, numbered or renumbered.
    const gone = p.events.filter((_, i) => i <= deals[1] + 3 || i > deals[1] + 8);
    expect(verifyReplay(upTo({ ...p, events: gone }, third)).line).toMatch(/^hand 2, event \d+: missing /);
    expect(verifyReplay(upTo({ ...p, events: renumbered(gone) }, third))).toMatchObject({ ok: false });
  });

  it("checks one hand over when asked, and says there is no such hand past the proof's end", () => {
    const p = proof("crazy-eights", "c8", 0);
    const second = p.events.findIndex((e) => e.type === "deal" && e.hand === 2);
    expect(verifyReplay(upTo(p, second + 4), 1)).toMatchObject({ ok: true });
    expect(verifyReplay(upTo(p, second), 2).line).toBe("there is no hand 2 in this replay");
    expect(verifyReplay(upTo(p, second + 4), 3).line).toBe("there is no hand 3 in this replay");
  });
});

describe("a changed suit call", () => {
  it("is named at its event and seat, not at the play it makes illegal", () => {
    // Seat 1 plays an eight calling a suit, and seat 0 follows it with a card of that suit, not an eight.
    for (const seed of ["c8", "calls", "more calls", "eights"]) {
      const p = proof("crazy-eights", seed, 0);
      const i = p.events.findIndex((e, i) => {
        const next = p.events[i + 1]?.move as { card?: string } | undefined;
        const m = e.move as { suit?: string } | undefined;
        return (
          e.seat === 1 &&
          m?.suit !== undefined &&
          p.events[i + 1].seat === 0 &&
          next?.card !== undefined &&
          next.card[0] !== "8" &&
          next.card[1] === m.suit
        );
      });
      if (i < 0) continue;
      const call = p.events[i];
      const play = p.events[i + 1];
      const { card, suit } = call.move as { card: string; suit: string };
      const other = suit === "H" ? "C" : "H";
      const names = { C: "clubs", H: "hearts", D: "diamonds", S: "spades" } as const;
      const events = p.events.map((e) =>
        e === call ? { ...e, move: { type: "play", card, suit: other } } : e,
      );
      expect(verifyReplay({ ...p, events })).toEqual({
        ok: false,
        kind: "fails",
        line:
          `hand ${String(call.hand ?? handOf(p.events, i))}, event ${call.seq}: seat 1's move (play ${card} and call ${names[other]}) does not fit what follows: ` +
          `after it seat 0 may not play ${(play.move as { card: string }).card} (event ${play.seq}), after "play ${card} and call ${names[suit as keyof typeof names]}" it may`,
      });
      return;
    }
    throw new Error("no suit call followed by a play of its suit in these matches");
  });
});

/** The hand the event at index `i` lies in. */
const handOf = (events: readonly Event[], i: number): number =>
  events.slice(0, i + 1).findLast((e) => e.type === "deal")!.hand as number;

describe("a proof re-played through the engine", () => {
  for (const g of GAMES) {
    it(`holds for every viewer of a ${g.id} match played to its end`, () => {
      for (const viewer of [0, g.minPlayers - 1, "spectator"] as const) {
        const p = proof(g.id, "holds", viewer, g.id === "gin-rummy" ? { target: 30 } : {});
        const v = verifyReplay(p);
        expect(v.line).toMatch(/^OK: (the 1 hand|all \d+ hands) of /);
        expect(v).toMatchObject({ ok: true, kind: "holds" });
      }
    });
  }

  describe("a forged Crazy Eights hand fails with the line that says where", () => {
    const p = proof("crazy-eights", "c8", 0, { target: 1 });
    const at = (seq: number) => p.events.findIndex((e) => e.seq === seq);
    const firstPlay = p.events.find((e) => e.seat === 1 && (e.move as { type: string }).type === "play")!;

    it("holds as played", () => {
      expect(verifyReplay(p)).toMatchObject({ ok: true });
    });

    it("a play of a card the seat never held", () => {
      const dealt = game("crazy-eights").view(stateBefore(p, 2), 1).hand as string[];
      const mine = (p.events[0].view as { hand: string[] }).hand;
      const never = mine.find((c) => !dealt.includes(c))!;
      const events = p.events.map((e) =>
        e === firstPlay ? { ...e, move: { type: "play", card: never } } : e,
      );
      expect(verifyReplay({ ...p, events })).toEqual({
        ok: false,
        kind: "fails",
        line: `hand 1, event ${firstPlay.seq}: seat 1 played ${cardSymbol(never)}, which the deal never gave it`,
      });
    });

    it("a play of a card the seat holds but the rules forbid there", () => {
      const g = game("crazy-eights");
      for (const e of p.events) {
        if (e.seat !== 1 || e.type !== "move") continue;
        const s = stateBefore(p, e.seq);
        const held = g.view(s, 1).hand as string[];
        const legal = new Set(g.legalMoves.length ? legalCards(g, s) : []);
        const forbidden = held.find((c) => !legal.has(c) && c[0] !== "8");
        if (!forbidden) continue;
        const move = { type: "play", card: forbidden };
        const events = p.events.map((x) => (x === e ? { ...x, move } : x));
        const words = g.describeMove((g.moveFromJson(move) as { value: number }).value);
        expect(verifyReplay({ ...p, events }).line).toBe(
          `hand 1, event ${e.seq}: seat 1 may not ${words} there: the rules forbid it`,
        );
        return;
      }
      throw new Error("no forbidden card in this match");
    });

    it("a deleted move event, numbers kept or renumbered", () => {
      const gone = p.events.filter((e) => e.seq !== 14);
      expect(verifyReplay({ ...p, events: gone }).line).toBe(
        "hand 1, event 14: missing (the numbers go from 13 to 15)",
      );
      expect(verifyReplay({ ...p, events: renumbered(gone) })).toMatchObject({
        ok: false,
        line: expect.stringMatching(/^hand 1, event 14: /),
      });
    });

    it("a log cut off from event 20 on is the match so far; cut inside the hand, before its end, it fails", () => {
      // Its seed not yet revealed, hand 1 is being played as far as the proof goes.
      expect(verifyReplay({ ...p, events: p.events.slice(0, at(20)) })).toMatchObject({
        ok: true,
        line: expect.stringMatching(/^OK: no hand over yet, hand 1 in play: seed not yet revealed \(/),
      });
      const over = at(p.events.find((e) => e.type === "handOver")!.seq);
      const cut = [...p.events.slice(0, at(20)), ...p.events.slice(over)];
      expect(verifyReplay({ ...p, events: cut }).line).toBe(
        `hand 1, event 20: missing (the numbers go from 19 to ${p.events[over].seq})`,
      );
      expect(verifyReplay({ ...p, events: renumbered(cut) })).toMatchObject({
        ok: false,
        line: expect.stringMatching(/^hand 1, event 20: /),
      });
    });

    it("a changed score", () => {
      const over = p.events.find((e) => e.type === "handOver")!;
      const result = over.result as { points: number[] };
      const events = p.events.map((e) =>
        e === over
          ? { ...e, result: { ...result, points: [result.points[0] + 5, ...result.points.slice(1)] } }
          : e,
      );
      expect(verifyReplay({ ...p, events }).line).toBe(
        `hand 1, event ${over.seq}: the handOver event's result.points[0] is ${result.points[0] + 5} where the rules give ${result.points[0]}`,
      );
    });

    it("a pair of events swapped, with their numbers or without", () => {
      const [a, b] = [p.events[2], p.events[3]];
      const swapped = p.events.map((e) => (e === a ? b : e === b ? a : e));
      expect(verifyReplay({ ...p, events: swapped }).line).toBe(
        `hand 1, event ${a.seq}: out of order (event ${b.seq} comes before it)`,
      );
      const contents = renumbered(swapped);
      expect(verifyReplay({ ...p, events: contents })).toMatchObject({
        ok: false,
        line: expect.stringMatching(
          new RegExp(
            `^hand 1, event ${a.seq}: seat ${String(b.seat)} moved, but it was seat ${String(a.seat)}'s turn$`,
          ),
        ),
      });
    });

    it("an event added after the match's end, and a match between hands", () => {
      const last = p.events[p.events.length - 1];
      const extra = [...p.events, { ...last, seq: last.seq + 1 }];
      expect(verifyReplay({ ...p, events: extra }).line).toBe(
        `hand 1, event ${last.seq + 1}: a matchOver event after the match's end`,
      );
      const long = proof("crazy-eights", "c8", 0);
      const end = long.events.findIndex((e) => e.type === "handOver");
      expect(verifyReplay({ ...long, events: long.events.slice(0, end + 1) })).toMatchObject({
        ok: true,
        line: expect.stringMatching(/^OK: hand 1 verified, the match goes on \(Crazy Eights: /),
      });
    });

    it("a seed that does not match its commitment", () => {
      const over = p.events.find((e) => e.type === "handOver")!;
      const events = p.events.map((e) => (e === over ? { ...e, handSeed: "0".repeat(64) } : e));
      expect(verifyReplay({ ...p, events }).line).toBe(
        `hand 1, event 1: the seed revealed at event ${over.seq} does not match the commitment sent with the deal`,
      );
    });
  });

  it("resolves Cribbage's masked crib discards, and fails a crib shown other than discarded", () => {
    const p = proof("cribbage", "crib", 0);
    const masked = p.events.filter((e) => e.seat === 1 && JSON.stringify(e.move) === '{"type":"discard"}');
    expect(masked.length).toBeGreaterThanOrEqual(2);
    expect(verifyReplay(p)).toMatchObject({ ok: true });
    // The first crib shown holds another card than seat 1 put there.
    const crib = p.events.find((e) => e.type === "reveal" && e.what === "crib")!;
    const cards = crib.cards as string[];
    const other = ["AS", "2S", "3S", "4S", "5S"].find((c) => !cards.includes(c))!;
    const theirs = stateBefore(p, crib.seq);
    const forged = { ...crib, cards: [other, ...cards.slice(1)] };
    const events = p.events.map((e) => (e === crib ? forged : e));
    expect(theirs.hand).toBeGreaterThan(0);
    expect(verifyReplay({ ...p, events })).toMatchObject({
      ok: false,
      line: expect.stringMatching(
        new RegExp(`^hand \\d+, event ${crib.seq}: the reveal event's cards\\[0\\] is "${other}"`),
      ),
    });
  });

  it("resolves Hyrule's chance-mode choices for 2 and 3 players, and fails a trick turned with a card never held", () => {
    for (const players of [2, 3]) {
      const p = proof("hyrule", `chance${players}`, 0, { mode: "chance" }, players);
      expect(p.events.some((e) => JSON.stringify(e.move) === '{"type":"chosen"}')).toBe(true);
      expect(verifyReplay(p)).toMatchObject({ ok: true });
    }
    const p = proof("hyrule", "chance2", 0, { mode: "chance" });
    // A trick seat 1 closed with its masked choice: turned with a card of seat 0's in its place.
    const chooser = 1;
    const reveal = p.events.find((e, i) => e.type === "reveal" && p.events[i - 1].seat === chooser)!;
    const cards = reveal.cards as string[];
    const mine = (p.events[0].view as { hand: string[] }).hand;
    const stolen = mine.find((c) => !cards.includes(c))!;
    const forged = cards.map((c, seat) => (seat === chooser ? stolen : c));
    const events = p.events.map((e) => (e === reveal ? { ...e, cards: forged } : e));
    expect(verifyReplay({ ...p, events }).line).toBe(
      `hand 1, event ${reveal.seq}: the reveal event's cards[${chooser}] is "${stolen}", which no legal choice of seat ${chooser} at event ${reveal.seq - 1} gives`,
    );
  });

  it("gives up with a line, not a hang, past its limit of moves tried", () => {
    const p = proof("cribbage", "crib", 1);
    expect(verifyReplay(p, undefined, 5)).toMatchObject({
      ok: false,
      line: expect.stringMatching(
        /^hand 1, event \d+: gave up after trying 5 moves to explain the masked choices$/,
      ),
    });
  });

  it("says a malformed input is not a proof, and a proof without events holds nothing", () => {
    const p = proof("crazy-eights", "c8", 0, { target: 1 });
    const malformed = (raw: unknown) => verifyReplay(raw).kind;
    expect(malformed(null)).toBe("malformed");
    expect(malformed({ ...p, game: "chess" })).toBe("malformed");
    expect(malformed({ ...p, viewer: 7 })).toBe("malformed");
    expect(malformed({ ...p, players: "two" })).toBe("malformed");
    expect(malformed({ ...p, events: [{ type: "deal" }] })).toBe("malformed");
    expect(verifyReplay({ ...p, events: [] })).toEqual({
      ok: false,
      kind: "fails",
      line: "no finished hand to check (the proof has no events)",
    });
  });
});

/** The cards a seat may play now: its legal moves' cards. */
function legalCards(g: AnyGame, s: MatchState): string[] {
  const out: number[] = [];
  out.length = g.legalMoves(s, 1, out);
  return out.flatMap((m) => {
    const card = g.moveToJson(m).card;
    return typeof card === "string" ? [card] : [];
  });
}

/** The replays and proofs route group alone: a viewer's replay, the steps and the review of a finished match. */
import { describe, expect, it } from "vitest";
import { playOut, seated, until } from "../../../test/authority-room.js";
import { useRouteApp } from "../../../test/route-app.js";
import { replaysRoutes } from "./replays.js";
import { CARD_CODE } from "../../words/card-words.js";
import { matchDecisions } from "../../review/decisions.js";
import { findEntry } from "../../games/index.js";

const gameOf = async () => {
  const e = findEntry("crazy-eights");
  if (!e.ok) throw new Error(e.error);
  return e.value.game;
};

const r = useRouteApp(replaysRoutes, (authority) => ({ authority, webDir: null }));

async function table(): Promise<string> {
  const made = await r.authority.createTable({ game: "roy", seats: [{ kind: "open" }, { kind: "open" }] });
  if (!made.ok) throw new Error(made.error.message);
  return made.value.id;
}

/** A one-hand Crazy Eights table with Ada and Ben sat at it. */
async function crazyEightsPair() {
  const made = await r.authority.createTable({
    game: "crazy-eights",
    seats: [{ kind: "open" }, { kind: "open" }],
    options: { target: 1 },
  });
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.id;
  return { id, ada: await seated(r.authority, id, 0, "Ada"), ben: await seated(r.authority, id, 1, "Ben") };
}

/** The headers that prove a seat. */
const as = (c: { seat: number; secret: string }) => ({
  "x-cardroom-seat": String(c.seat),
  "x-cardroom-secret": c.secret,
});

describe("the replays routes", () => {
  it("give a spectator's replay, the input of cardroom verify, at the API and the page", async () => {
    const id = await table();
    const replay = (await r.app.inject({ url: `/api/tables/${id}/replay` })).json();
    expect(replay).toMatchObject({
      cardroomReplay: 1,
      table: id,
      game: "roy",
      players: 2,
      viewer: "spectator",
    });
    expect(replay.events[0]).toMatchObject({ type: "deal", hand: 1 });
    expect((await r.app.inject({ url: `/replay/${id}` })).json()).toEqual(replay);
  });

  it("refuse a wrong seat secret, and steps of a match not over", async () => {
    const id = await table();
    const forged = await r.app.inject({
      url: `/api/tables/${id}/replay`,
      headers: { "x-cardroom-seat": "0", "x-cardroom-secret": "0".repeat(64) },
    });
    expect([forged.statusCode, forged.json().error.code]).toEqual([403, "forbidden"]);
    const steps = await r.app.inject({ url: `/api/tables/${id}/steps` });
    expect([steps.statusCode, steps.json().error.code]).toEqual([409, "not_over"]);
    const bad = await r.app.inject({ url: `/api/tables/${id}/steps?from=-1` });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, "bad_request"]);
  });

  it("give a seat its own review once made (202 while it is made, then 200) and its coach note at a hand's end, and refuse anyone else", async () => {
    const { id, ada, ben } = await crazyEightsPair();
    const ask = (query: string, headers: Record<string, string> = as(ada.cred)) =>
      r.app.inject({ url: `/api/tables/${id}/review?${query}`, headers });
    const refused = async (query: string, headers?: Record<string, string>) => {
      const res = await ask(query, headers);
      return [res.statusCode, res.json().error.code];
    };
    expect(await refused("seat=0")).toEqual([409, "not_over"]);
    const coach = (query: string, headers: Record<string, string> = as(ada.cred)) =>
      r.app.inject({ url: `/api/tables/${id}/coach?${query}`, headers });
    const coachRefused = async (query: string, headers?: Record<string, string>) => {
      const res = await coach(query, headers);
      return [res.statusCode, res.json().error.code];
    };
    expect(await coachRefused("seat=0&hand=1")).toEqual([400, "hand_not_over"]);
    expect(await coachRefused("seat=0&hand=0")).toEqual([400, "bad_request"]);
    expect(await coachRefused("seat=0")).toEqual([400, "bad_request"]);
    await playOut(r.authority, id, [ada.cred, ben.cred]);
    // The hand over: its coach note, to its own seat only.
    const note = await coach("seat=0&hand=1");
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ seat: 0, hand: 1, judged: expect.any(Number) });
    expect(await coachRefused("seat=0&hand=1", as(ben.cred))).toEqual([403, "forbidden"]);
    expect(await coachRefused("seat=0&hand=1", {})).toEqual([403, "forbidden"]);
    const first = await ask("seat=0");
    expect([200, 202]).toContain(first.statusCode);
    if (first.statusCode === 202)
      expect(first.json()).toMatchObject({ state: "making", seat: 0, message: expect.any(String) });
    let ready: { state: string; review: { seats: number[] } } | undefined;
    await until(
      async () => {
        const res = await ask("seat=0");
        if (res.statusCode === 200) ready = res.json();
        return ready !== undefined;
      },
      "the review",
      240_000,
    );
    expect(ready).toMatchObject({ state: "ready", seat: 0, budget: 48, review: { seats: [0] } });
    expect(await refused("seat=0", as(ben.cred))).toEqual([403, "forbidden"]);
    expect(await refused("seat=0", {})).toEqual([403, "forbidden"]);
    expect(await refused("seat=1", { "x-cardroom-secret": ada.cred.secret })).toEqual([403, "forbidden"]);
    expect(await refused("seat=x")).toEqual([400, "bad_request"]);
    expect(await refused("")).toEqual([400, "bad_request"]);
    expect(await refused("seat=3")).toEqual([400, "bad_request"]);
  }, 300_000);

  it("Try it again: a seat's judged decision, its own moves then, a new choice judged better, worse or the same; never a card it could not see", async () => {
    const { id, ada, ben } = await crazyEightsPair();
    const position = (query: string, headers: Record<string, string> = as(ada.cred)) =>
      r.app.inject({ url: `/api/tables/${id}/review/try?${query}`, headers });
    const choose = (
      body: Record<string, unknown>,
      headers: Record<string, string> = as(ada.cred),
      query = "seat=0",
    ) =>
      r.app.inject({
        method: "POST",
        url: `/api/tables/${id}/review/try?${query}`,
        headers,
        payload: body as Record<string, never>,
      });
    const refusal = (res: { statusCode: number; json(): { error: { code: string } } }) => [
      res.statusCode,
      res.json().error.code,
    ];
    expect(refusal(await position("seat=0&index=0"))).toEqual([409, "not_over"]);
    await playOut(r.authority, id, [ada.cred, ben.cred]);
    let review: {
      hands: { decisions: { index: number; loss?: number; played: { move: unknown } }[] }[];
    } | null = null;
    await until(
      async () => {
        const res = await r.app.inject({ url: `/api/tables/${id}/review?seat=0`, headers: as(ada.cred) });
        if (res.statusCode === 200) review = res.json().review;
        return review !== null;
      },
      "the review",
      240_000,
    );
    const judged = review!.hands.flatMap((h) => h.decisions).filter((d) => "loss" in d);
    const log = (await r.authority.tables.settled(id))!.table.log();
    const decisions = matchDecisions(await gameOf(), log);
    if (!decisions.ok) throw new Error(decisions.error);
    let searched = 0;
    let needsSearch: { index: number; moves: unknown[] } | undefined;
    for (const j of judged.slice(0, 4)) {
      const res = await position(`seat=0&index=${j.index}`);
      expect(res.statusCode).toBe(200);
      const pos = res.json() as { step: number; legal: { move: { type: string }; said: string }[] };
      expect(pos.step).toBe(j.index);
      // What the seat could see then: every card named in the answers is in its view of that moment.
      const d = decisions.value.decisions.find((x) => x.index === j.index)!;
      const game = await gameOf();
      const seen = JSON.stringify(game.view(d.state, 0));
      const hidden = (game.view(d.state, 1) as { hand: string[] }).hand;
      expect(hidden.length).toBeGreaterThan(0);
      const cardsIn = (text: string) => text.match(CARD_CODE) ?? [];
      for (const choice of pos.legal) {
        const tried = await choose({ index: j.index, moves: [choice.move] });
        expect(tried.statusCode).toBe(200);
        const t = tried.json() as {
          verdict: string;
          from: string;
          choice: { value: number };
          played: { value: number; move: unknown };
        };
        const sameAsPlayed = JSON.stringify(choice.move) === JSON.stringify(t.played.move);
        if (sameAsPlayed) expect([t.verdict, t.from]).toEqual(["same", "review"]);
        else
          expect(t.verdict).toBe(
            Math.abs(t.choice.value - t.played.value) < 0.05
              ? "same"
              : t.choice.value > t.played.value
                ? "better"
                : "worse",
          );
        if (t.from === "search") {
          searched++;
          needsSearch = { index: j.index, moves: [choice.move] };
        }
        for (const c of cardsIn(tried.body + res.body)) {
          expect(hidden).not.toContain(c);
          expect(seen).toContain(`"${c}"`);
        }
      }
    }
    expect(searched).toBeGreaterThan(0);
    // One choice judged at a time for a seat: a second asked before the first's answer waits its turn.
    const both = await Promise.all([choose(needsSearch!), choose(needsSearch!)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    const waited = both.find((res) => res.statusCode === 429)!.json();
    expect(waited.error).toMatchObject({
      code: "rate_limited",
      message: "your last choice is still being judged: wait for its answer",
    });
    expect((await choose(needsSearch!)).statusCode).toBe(200);
    // The same choice twice, the same answer (the review's seed).
    const first = judged[0];
    const again = (await position(`seat=0&index=${first.index}`)).json().legal.at(-1).move;
    expect((await choose({ index: first.index, moves: [again] })).json()).toEqual(
      (await choose({ index: first.index, moves: [again] })).json(),
    );
    // Refused: another seat's secret, no secret, a decision not judged, a move not legal then.
    expect(refusal(await position(`seat=0&index=${first.index}`, as(ben.cred)))).toEqual([403, "forbidden"]);
    expect(refusal(await choose({ index: first.index, moves: [again] }, {}))).toEqual([403, "forbidden"]);
    const notJudged = decisions.value.decisions.find((d) => d.seat === 1)!.index;
    expect(refusal(await position(`seat=0&index=${notJudged}`))).toEqual([400, "bad_request"]);
    const two = (await position(`seat=0&index=${first.index}`))
      .json()
      .legal.slice(0, 2)
      .map((l: { move: unknown }) => l.move);
    if (two.length === 2)
      expect(refusal(await choose({ index: first.index, moves: two }))).toEqual([400, "bad_request"]);
    const illegal = await choose({ index: first.index, moves: [{ type: "play", card: "ZZ" }] });
    expect(refusal(illegal)).toEqual([400, "bad_request"]);
    expect(illegal.json().error.message).not.toContain("\n");
    const held = decisions.value.decisions.find((d) => d.index === first.index)!;
    const notHers = ((await gameOf()).view(held.state, 1) as { hand: string[] }).hand[0];
    // An Eight is played with the suit it announces (without one the move is malformed, not illegal).
    const play = notHers.startsWith("8")
      ? { type: "play", card: notHers, suit: "H" }
      : { type: "play", card: notHers };
    expect(refusal(await choose({ index: first.index, moves: [play] }))).toEqual([400, "illegal_move"]);
  }, 300_000);
});

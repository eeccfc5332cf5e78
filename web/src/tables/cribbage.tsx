/**
 * Cribbage's table: the board with each seat's front and back pegs, the
 * starter, whose crib it is, the running count and the cards of this count
 * while pegging, each show counted aloud, and (with muggins) the claim the
 * seat picks when the server lists it. The discard is two cards picked (one
 * with three players), changeable, then sent with "To the crib".
 */
import { type FormEvent, type ReactElement, useRef, useState, useSyncExternalStore } from "react";
import type { CribbageView } from "../../../src/games/cribbage/view.js";
import { Card, CardBack } from "../Card.js";
import { CribbageBoard, type Pegs } from "./cribbage-board.js";
import { CardRow, HandRow, capital, dropCard } from "./shared.js";
import { dragData, pointerDragStart, useDropTarget } from "./pointer-drag.js";
import { type GameTable, type TableProps, sameMove } from "./table.js";

/**
 * The back peg: where the seat stood before its last points. This hand's
 * scoring says it exactly; before a seat scores in a hand, the page
 * remembers it from the views it saw (a fresh page has only the front peg
 * to go by, and puts the back peg with it).
 */
function useBackPegs(view: CribbageView): Pegs[] {
  const seen = useRef<{ scores: readonly number[]; back: number[] } | null>(null);
  const last = view.scores.map((_, p) => {
    for (let i = view.scoring.length - 1; i >= 0; i--) if (view.scoring[i].seat === p) return view.scoring[i];
    return null;
  });
  const before = seen.current;
  const back = view.scores.map((x, p) => {
    const l = last[p];
    if (l) return Math.max(0, x - l.points);
    if (!before || before.scores.length !== view.scores.length) return x;
    return x !== before.scores[p] ? before.scores[p] : before.back[p];
  });
  // Written as computed from the same view: a second render of it gives the same pegs.
  seen.current = { scores: view.scores, back };
  return view.scores.map((front, p) => ({ front, back: Math.min(back[p], front) }));
}

type Show = CribbageView["shows"][number];

/** A combination's name as a player marks it: "fifteen", "pair", "run of 3", "flush", "nobs". */
const COMBO_NAME: Record<Show["breakdown"][number]["kind"], (cards: number) => string> = {
  fifteen: () => "fifteen",
  pair: () => "pair",
  run: (n) => `run of ${n}`,
  flush: (n) => `flush of ${n}`,
  nobs: () => "nobs",
};

/**
 * A show's cards and the starter as cards (not chips: a show is read as a hand laid down), overlapping
 * as far as its column needs.
 */
function ShowCards({ cards, starter }: { cards: readonly string[]; starter: string | null }): ReactElement {
  return (
    <span className="show-cards">
      {cards.map((c) => (
        <span key={c} className="show-slot">
          <Card text={c} />
        </span>
      ))}
      {starter && (
        <span className="show-slot show-starter">
          <span className="visually-hidden">and the starter, </span>
          <Card text={starter} />
        </span>
      )}
    </span>
  );
}

/** Each scoring combination of a show marked on the felt: its cards and its points beside them. */
function Combos({ show }: { show: Show }): ReactElement | null {
  if (show.breakdown.length === 0) return null;
  return (
    <ul className="combos" aria-label="What it scores">
      {show.breakdown.map((c, k) => (
        <li key={k} className="combo" data-combo={c.kind} data-points={c.points}>
          <span className="combo-cards">
            {c.cards.map((card) => (
              <Card key={card} text={card} size="small" />
            ))}
          </span>
          <span className="combo-points">
            {c.kind === "fifteen" ? (
              // "15" where a column is narrow (a phone's): "fifteen" put three cards' fifteen on two lines.
              <>
                <span className="combo-long">fifteen</span>
                <span className="combo-short" aria-hidden="true">
                  15
                </span>
              </>
            ) : (
              COMBO_NAME[c.kind](c.cards.length)
            )}{" "}
            <strong>{c.points}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Muggins: what the owner claimed and where the difference went (rule 7: a claim below the count
 * scores the claim and the opponent takes what was missed; above it, the count, and the opponent
 * takes the excess), to the next seat.
 */
function ClaimOutcome({
  show,
  name,
  players,
}: {
  show: Show;
  name: (s: number) => string;
  players: number;
}): ReactElement {
  const claim = show.claim ?? show.total;
  const owner = name(show.seat);
  // The difference goes to the next seat (play.ts's claim).
  const other = name((show.seat + 1) % players);
  const line =
    claim === show.total
      ? `${capital(owner)} claimed ${claim}: right.`
      : claim < show.total
        ? `${capital(owner)} claimed ${claim}: ${show.total - claim} missed, pegged by ${other} (muggins).`
        : `${capital(owner)} claimed ${claim}: ${claim - show.total} too many, pegged by ${other}.`;
  return (
    <p className="claimed" data-testid="claimed" data-claim={claim}>
      {line}
    </p>
  );
}

/**
 * The muggins claim: a picker of the counts the server lists (0 to 29) and
 * one Claim button, instead of a button per count.
 */
function Claim(props: TableProps<CribbageView>): ReactElement | null {
  const { legal, play, pending, view, say } = props;
  const [value, setValue] = useState("");
  const claims = legal.filter((m) => m.type === "claim").sort((a, b) => Number(a.points) - Number(b.points));
  if (!claims.length || !view.claiming) return null;
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const move = claims.find((m) => String(m.points) === value);
    if (!move) {
      say("Choose your count first, then Claim.");
      return;
    }
    setValue("");
    play(move);
  };
  return (
    <form className="claim" onSubmit={submit} data-testid="claim">
      <label>
        Your count for the {view.claiming.crib ? "crib" : "hand"}{" "}
        <select
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="claim-help"
          data-claim
        >
          <option value="">Choose…</option>
          {claims.map((m) => (
            <option key={String(m.points)} value={String(m.points)}>
              {String(m.points)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={pending} data-choice>
        Claim
      </button>
      <p id="claim-help" className="doc">
        Muggins: count it yourself. Points you miss go to your opponent; claim too many and they get the
        difference.
      </p>
    </form>
  );
}

/**
 * The cards picked for the crib, until "To the crib" sends them: shared by
 * the hand (a click picks) and the board (a card dragged onto the crib
 * picks it). A pick the table no longer offers is dropped as it is read.
 */
let chosen: readonly string[] = [];
const listeners = new Set<() => void>();
const subscribe = (fn: () => void): (() => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
function choose(next: readonly string[]): void {
  chosen = next;
  for (const fn of listeners) fn();
}
const useChosen = (): readonly string[] => useSyncExternalStore(subscribe, () => chosen);

/**
 * How many cards the seat puts in the crib (two of six, one of five; in
 * five-card cribbage two of five, keeping three), and the discard moves offered.
 */
function cribPick(view: CribbageView, legal: TableProps<CribbageView>["legal"]) {
  const discards = legal.filter((m) => m.type === "discard");
  const hand = view.hand ?? [];
  const keeps = view.deal === "five" ? 3 : 4;
  return { discards, need: Math.max(0, hand.length - keeps) };
}

/** A card picked, or put back; with the crib's cards all picked, a new pick puts back the first. */
function toggle(card: string, picks: readonly string[], need: number): void {
  if (picks.includes(card)) choose(picks.filter((c) => c !== card));
  else choose([...(picks.length >= need ? picks.slice(1) : picks), card].slice(-need));
}

/**
 * The discard: the seat's cards as toggles; "To the crib" sends the picks
 * (one move per card, as the rules take them) once as many as the crib
 * needs are picked. Nothing goes until then.
 */
function CribDiscard(props: TableProps<CribbageView>): ReactElement {
  const { view, legal, pending, play, hint, name } = props;
  const { discards, need } = cribPick(view, legal);
  const offered = new Set(discards.map((m) => String(m.card)));
  const picks = useChosen().filter((c) => offered.has(c));
  const owner = view.dealer === view.seat ? "your" : `${name(view.dealer)}'s`;
  const send = (): void => {
    const moves = picks.flatMap((c) => discards.find((m) => m.card === c) ?? []);
    if (moves.length !== need) return;
    choose([]);
    for (const m of moves) play(m);
  };
  return (
    <div className="crib-discard" data-testid="crib-discard">
      <div className="cards">
        {(view.hand ?? []).map((c, i) => {
          const picked = picks.includes(c);
          const hinted = discards.some((m) => m.card === c && sameMove(m, hint));
          return offered.has(c) ? (
            <button
              key={`${c}${i}`}
              type="button"
              className={`card-slot legal${picked ? " chosen" : ""}${hinted ? " hinted" : ""}`}
              aria-pressed={picked}
              disabled={pending}
              draggable={!pending}
              data-drag-source={`hand:${c}`}
              onDragStart={dragData(`hand:${c}`)}
              onPointerDown={pending ? undefined : (e) => pointerDragStart(e, `hand:${c}`)}
              onClick={() => toggle(c, picks, need)}
            >
              <Card text={c} />
              <span className="visually-hidden">
                {picked ? "picked for the crib" : "pick for the crib"}
                {hinted ? " (the hint)" : ""}
              </span>
            </button>
          ) : (
            <span key={`${c}${i}`} className="card-slot">
              <Card text={c} />
            </span>
          );
        })}
      </div>
      <p className="crib-pick">
        <span>
          Pick {need === 1 ? "a card" : `${need} cards`} for {owner} crib ({picks.length} picked
          <span className="crib-pick-more">; click again to put one back</span>).
        </span>
        <button
          type="button"
          data-choice
          data-crib
          disabled={pending || picks.length !== need}
          onClick={send}
        >
          To the crib
        </button>
      </p>
    </div>
  );
}

/** The seat's hand: the crib's pick while discarding, else the cards as every game draws them. */
function Hand(props: TableProps<CribbageView>): ReactElement {
  const { view, legal, status } = props;
  if (view.phase === "discard" && legal.some((m) => m.type === "discard")) return <CribDiscard {...props} />;
  return (
    <HandRow cards={view.hand ?? []} playable={view.phase === "pegging" && !status.handOver} props={props} />
  );
}

function Board(props: TableProps<CribbageView>): ReactElement {
  const { view, name, legal } = props;
  // A card dragged onto the crib is picked for it (sent with "To the crib"); onto the count, played.
  const picking = view.phase === "discard" && legal.some((m) => m.type === "discard");
  const { discards, need } = cribPick(view, legal);
  const cribDrop = useDropTarget(
    picking
      ? (source) => {
          const card = source.slice(5);
          const picks = chosen.filter((c) => discards.some((m) => m.card === c));
          if (source.startsWith("hand:") && !picks.includes(card)) toggle(card, picks, need);
        }
      : null,
  );
  const pegDrop = useDropTarget(view.phase === "pegging" && legal.length ? dropCard(props) : null);
  const pegs = useBackPegs(view);
  const names = view.scores.map((_, p) => name(p));
  const owner = name(view.dealer);
  return (
    <div className="cribbage-table" data-testid="cribbage-table">
      <CribbageBoard pegs={pegs} target={view.target} names={names} />
      <ul className="peg-scores" aria-label="Scores on the board">
        {pegs.map((p, k) => (
          <li key={k} data-seat={k}>
            <span className={`peg-key seat-${k}`} aria-hidden="true" /> {names[k]}:{" "}
            <strong data-testid={`peg-score-${k}`}>{p.front}</strong>
            {/* Never "32 of 31": past the target the peg is in the game hole. */}
            {p.front >= view.target ? ": pegged out" : ` of ${view.target}`}
            {p.back !== p.front ? ` (from ${p.back})` : ""}
          </li>
        ))}
      </ul>
      <div className="piles">
        <figure className="pile" aria-label="Starter">
          {view.starter ? (
            <Card text={view.starter} size="pile" />
          ) : (
            <CardBack label="the starter, not cut yet" size="pile" />
          )}
          <figcaption>Starter{view.starter ? "" : ": not cut yet"}</figcaption>
        </figure>
        <figure className="pile" aria-label="Crib" data-testid="crib" data-anim-to="discard" {...cribDrop}>
          {view.crib ? (
            <CardRow cards={view.crib} label="The crib, turned" size="small" />
          ) : (
            <CardBack label={`${owner === "you" ? "your" : `${owner}'s`} crib, face down`} size="pile" />
          )}
          <figcaption>
            {owner === "you" ? "Your" : `${capital(owner)}'s`} crib ({view.cribSize}{" "}
            {view.cribSize === 1 ? "card" : "cards"})
            {view.myCrib?.length ? (
              <>
                {"; yours in it: "}
                {view.myCrib.map((c) => (
                  <Card key={c} text={c} size="small" />
                ))}
              </>
            ) : null}
          </figcaption>
        </figure>
      </div>
      {/* Only this is zoomed to fit: the board and the piles never move, the show at the hand's end included. */}
      <div className="cribbage-play" data-fit>
        {view.deal === "five" && (
          <p className="variant" data-testid="five-card">
            Five-card cribbage: keep three, one count to 31; the first non-dealer starts with three for last.
          </p>
        )}
        {view.cutForDeal && view.handNumber === 1 && !props.status.handOver && (
          <p data-testid="cut-for-deal">
            Cut for the first deal:{" "}
            {view.cutForDeal.rounds
              .map((round) => round.map((card, p) => `${names[p]} cut ${card}`).join(", "))
              .join("; then ")}
            . {capital(names[view.cutForDeal.dealer])}{" "}
            {view.cutForDeal.dealer === view.seat ? "deal" : "deals"}.
          </p>
        )}
        {view.phase === "pegging" && (
          <section
            aria-label="Pegging"
            className="pegging"
            data-testid="pegging"
            data-anim-to="play"
            {...pegDrop}
          >
            <p className="count">
              Count: <strong data-testid="count">{view.count}</strong>
              {view.go.length ? ` · go: ${view.go.map(name).join(", ")}` : ""}
            </p>
            {view.pile.length > 0 ? (
              <CardRow cards={view.pile} label="Cards played in this count" />
            ) : (
              <p>A new count starts at 0.</p>
            )}
          </section>
        )}
        {view.shows.length > 0 && (
          <section aria-label="The show" className="shows" data-testid="shows">
            <h3>The show</h3>
            <ol>
              {view.shows.map((sh, i) => (
                <li key={i} data-testid="show">
                  <p className="show-head">
                    <strong>
                      {sh.seat === view.seat ? "Your" : `${capital(name(sh.seat))}'s`}{" "}
                      {sh.crib ? "crib" : "hand"}
                    </strong>
                    : {sh.total}
                  </p>
                  <ShowCards cards={sh.cards} starter={view.starter} />
                  <Combos show={sh} />
                  <p className="spoken" data-testid="spoken">
                    “{sh.count}”: {sh.total} point{sh.total === 1 ? "" : "s"}
                  </p>
                  {sh.claim !== undefined && (
                    <ClaimOutcome show={sh} name={name} players={view.scores.length} />
                  )}
                </li>
              ))}
            </ol>
          </section>
        )}
        {view.claiming && (
          <p data-testid="claiming">
            {view.claiming.seat === view.seat ? "Your" : `${capital(name(view.claiming.seat))}'s`}{" "}
            {view.claiming.crib ? "crib" : "hand"} to count:{" "}
            {view.claiming.cards.map((c) => (
              <Card key={c} text={c} size="small" />
            ))}{" "}
            + {view.starter && <Card text={view.starter} size="small" />}
          </p>
        )}
        <Claim {...props} />
      </div>
    </div>
  );
}

export const cribbageTable: GameTable<CribbageView> = {
  Board,
  Hand,
  ownMoves: (m) => m.type === "discard" || m.type === "claim",
  laysOutHandEnd: true,
  handEndNeedsRoom: true,
};

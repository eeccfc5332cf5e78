/**
 * Cribbage's table: the board with each seat's front and back pegs, the
 * starter, whose crib it is, the running count and the cards of this count
 * while pegging, each show counted aloud, and (with muggins) the claim the
 * seat types when the server lists it.
 */
import { type FormEvent, type ReactElement, useRef, useState } from "react";
import type { CribbageView } from "../../../src/games/cribbage/view.js";
import { Card, CardBack } from "../Card.js";
import { CribbageBoard, type Pegs } from "./cribbage-board.js";
import { CardRow, capital } from "./shared.js";
import type { GameTable, TableProps } from "./table.js";

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

function Claim(props: TableProps<CribbageView>): ReactElement | null {
  const { legal, play, pending, view } = props;
  const [value, setValue] = useState("");
  const [wrong, setWrong] = useState("");
  const claims = legal.filter((m) => m.type === "claim");
  if (!claims.length || !view.claiming) return null;
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const n = Number(value);
    const move = value.trim() === "" ? undefined : claims.find((m) => m.points === n);
    if (!move) {
      const most = Math.max(...claims.map((m) => Number(m.points)));
      setWrong(`A claim is a whole number from 0 to ${most}.`);
      return;
    }
    setWrong("");
    setValue("");
    play(move);
  };
  return (
    <form className="claim" onSubmit={submit} data-testid="claim">
      <label>
        Your count for the {view.claiming.crib ? "crib" : "hand"}{" "}
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={29}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="claim-help"
        />
      </label>
      <button type="submit" disabled={pending}>
        Claim
      </button>
      <p id="claim-help" className="doc">
        Muggins: count it yourself. Points you miss go to your opponent; claim too many and they get the
        difference.
      </p>
      {wrong && (
        <p role="alert" className="error">
          {wrong}
        </p>
      )}
    </form>
  );
}

function Board(props: TableProps<CribbageView>): ReactElement {
  const { view, name } = props;
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
            <strong data-testid={`peg-score-${k}`}>{p.front}</strong> of {view.target}
            {p.back !== p.front ? ` (from ${p.back})` : ""}
          </li>
        ))}
      </ul>
      {view.cutForDeal && view.handNumber === 1 && (
        <p data-testid="cut-for-deal">
          Cut for the first deal:{" "}
          {view.cutForDeal.rounds
            .map((round) => round.map((card, p) => `${names[p]} cut ${card}`).join(", "))
            .join("; then ")}
          . {capital(names[view.cutForDeal.dealer])} {view.cutForDeal.dealer === view.seat ? "deal" : "deals"}
          .
        </p>
      )}
      <div className="piles">
        <figure className="pile" aria-label="Starter">
          {view.starter ? (
            <Card text={view.starter} size="pile" />
          ) : (
            <CardBack label="the starter, not cut yet" size="pile" />
          )}
          <figcaption>Starter{view.starter ? "" : ": not cut yet"}</figcaption>
        </figure>
        <figure className="pile" aria-label="Crib" data-testid="crib" data-anim-to="discard">
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
      {view.phase === "pegging" && (
        <section aria-label="Pegging" className="pegging" data-testid="pegging" data-anim-to="play">
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
                <p>
                  <strong>
                    {sh.seat === view.seat ? "Your" : `${capital(name(sh.seat))}'s`}{" "}
                    {sh.crib ? "crib" : "hand"}
                  </strong>{" "}
                  {sh.cards.map((c) => (
                    <Card key={c} text={c} size="small" />
                  ))}{" "}
                  + {view.starter && <Card text={view.starter} size="small" />}
                </p>
                <p className="spoken" data-testid="spoken">
                  “{sh.count}”: {sh.total} point{sh.total === 1 ? "" : "s"}
                  {sh.claim !== undefined ? ` (claimed ${sh.claim})` : ""}
                </p>
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
  );
}

export const cribbageTable: GameTable<CribbageView> = { Board };

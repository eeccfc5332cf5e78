/**
 * Hyrule's table: the trick being played (in chance mode each choice face
 * down until all turn together), the last trick with who took it and why,
 * the cards each seat has captured, and the precedence chart at hand.
 */
import type { ReactElement } from "react";
import type { HyruleView } from "../../../src/games/hyrule/view.js";
import { Card, CardBack } from "../Card.js";
import { SuitName, capital, dropCard } from "./shared.js";
import { useDropTarget } from "./pointer-drag.js";
import type { GameTable, TableProps } from "./table.js";

const SUITS = ["C", "D", "H", "S"] as const;
/** Rule 4: does a card of the row's suit beat one of the column's (other suits)? */
const BEATS: Readonly<Record<string, readonly string[]>> = {
  C: ["H", "S"],
  D: ["C", "S"],
  H: ["D"],
  S: ["H"],
};

/** The precedence chart of docs/rules/hyrule.md, folded away until asked for. */
export function PrecedenceChart(): ReactElement {
  return (
    <details className="chart" data-testid="precedence-chart">
      <summary>Precedence chart: which card beats which</summary>
      <table>
        <caption>
          Does the row&apos;s suit beat the column&apos;s? Within a suit the higher rank wins.
        </caption>
        <thead>
          <tr>
            <th scope="col">beats →</th>
            {SUITS.map((s) => (
              <th key={s} scope="col">
                <SuitName suit={s} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SUITS.map((row) => (
            <tr key={row}>
              <th scope="row">
                <SuitName suit={row} />
              </th>
              {SUITS.map((col) => (
                <td key={col}>{row === col ? "rank" : BEATS[row].includes(col) ? "yes" : "no"}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        A joker beats every card but the four special cards, which beat a joker: the 3 of hearts (three
        hearts), the Ace of spades (master sword), the 5 of clubs (bombs) and the 5 of diamonds (blue rupee),
        ranked in that order in a trick with a joker. Two jokers do not beat each other.
      </p>
      <p>
        With no card beating all the others (a cycle), the card beating the most wins, then the higher rank;
        still tied, nobody takes the trick and its cards go to the next trick&apos;s winner.
      </p>
    </details>
  );
}

function Board(props: TableProps<HyruleView>): ReactElement {
  const { view, name, status } = props;
  // A card of the hand dragged onto the trick is played into it, as a click on it would.
  const drop = useDropTarget(props.legal.length ? dropCard(props) : null);
  const chance = view.mode === "chance";
  const last = view.tricks[view.tricks.length - 1];
  const playing = view.inHand.flatMap((p, k) => (p ? [k] : []));
  const waiting = playing.filter((k) => !view.trick.some((t) => t.seat === k));
  return (
    <div className="hyrule-table" data-testid="hyrule-table">
      <p>
        Trick {view.trickNumber} of 7 ·{" "}
        {chance ? "chance: everyone chooses face down" : "strategy: face up in turn"}
        {view.blind ? ", blind" : ""}
        {view.leader !== null ? ` · led by ${name(view.leader)}` : ""}
      </p>
      <section aria-label="This trick" className="trick" data-testid="trick" data-anim-to="play" {...drop}>
        <h3>This trick</h3>
        <div className="trick-cards">
          {view.trick.map((t) => (
            <figure key={t.seat} className="trick-card" data-seat={t.seat} data-face={t.card ? "up" : "down"}>
              {t.card ? (
                <Card text={t.card} />
              ) : (
                <CardBack
                  label={`${name(t.seat) === "you" ? "your" : `${name(t.seat)}'s`} card, chosen face down`}
                />
              )}
              <figcaption>{name(t.seat)}</figcaption>
            </figure>
          ))}
          {!status.handOver &&
            waiting.map((k) => (
              <figure key={k} className="trick-card waiting" data-seat={k}>
                <div className="card-space" aria-hidden="true" />
                <figcaption>{name(k)}: to choose</figcaption>
              </figure>
            ))}
        </div>
        {chance && view.trick.some((t) => !t.card) && (
          <p>The chosen cards turn over together when everyone has chosen.</p>
        )}
      </section>
      {last && (
        <section aria-label="The last trick" className="trick last-trick">
          <h3>
            Trick {last.number}: {last.winner === null ? "nobody takes it" : `${name(last.winner)} took it`}
          </h3>
          <div className="trick-cards">
            {last.cards.map((c, p) =>
              c ? (
                <figure key={p} className={`trick-card${last.winner === p ? " winner" : ""}`}>
                  <Card text={c} />
                  <figcaption>{name(p)}</figcaption>
                </figure>
              ) : null,
            )}
          </div>
          {/* Why, under its cards as the trick's own note is under them: in the heading it took five
              lines of a phone's half felt. */}
          <p>{capital(last.why)}.</p>
        </section>
      )}
      <ul className="captured" aria-label="Cards captured this hand" data-testid="captured">
        {view.captured.map((cs, p) =>
          view.inHand[p] ? (
            <li key={p}>
              {name(p)}: <strong>{cs.length}</strong> captured
            </li>
          ) : null,
        )}
        {view.unclaimed.length > 0 && (
          <li>
            Unclaimed, to the next trick&apos;s winner:{" "}
            {view.unclaimed.map((c) => (
              <Card key={c} text={c} size="small" />
            ))}
          </li>
        )}
      </ul>
      <PrecedenceChart />
    </div>
  );
}

export const hyruleTable: GameTable<HyruleView> = { Board };

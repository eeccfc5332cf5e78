/**
 * The hand's proof, one click away at the table: the commitment the server
 * sent with the deal, the seed it revealed when the hand ended, and the
 * check done here in the browser on the events this page received
 * (`checkReplay`, the same code as `cardroom verify`): SHA-256 of the seed
 * is the commitment, and the hand re-dealt from the seed and re-played
 * through the rules gives every event this seat received, exactly.
 */
import { type ReactElement, useEffect, useMemo, useRef, useState } from "react";
import type { AnyGame, JsonObject, Viewer } from "../../../src/engine/game.js";
import { err, ok } from "../../../src/engine/result.js";
import { type Verdict, checkReplay } from "../../../src/protocol/replay-proof.js";
import type { TableInfo } from "../../../src/server/messages.js";
import { hear } from "../table-bus.js";
import "../pages.css";

interface HandProof {
  readonly hand: number;
  readonly commitment: string;
  readonly seed: string | null;
  readonly verdict: Verdict | null;
}

export function ProofPanel({ info, game }: { info: TableInfo; game: AnyGame }): ReactElement {
  const [events, setEvents] = useState<readonly JsonObject[]>([]);
  const [viewer, setViewer] = useState<Viewer>("spectator");
  /** Verdicts of hands already over, by hand: they never change for the same events. */
  const checked = useRef(new Map<number, Verdict>());

  useEffect(
    () =>
      hear(info.id, (m) => {
        if (m.type === "welcome") {
          setViewer(m.viewer);
          checked.current.clear();
        } else if (m.type === "update") {
          if (m.full) checked.current.clear();
          setEvents((old) => (m.full ? m.events : [...old, ...m.events]));
        }
      }),
    [info.id],
  );

  const hands: HandProof[] = useMemo(() => {
    const out: HandProof[] = [];
    for (const e of events) {
      if (e.type !== "deal" || typeof e.commitment !== "string") continue;
      const hand = e.hand as number;
      const over = events.find((x) => x.type === "handOver" && x.hand === hand);
      const seed = over && typeof over.handSeed === "string" ? over.handSeed : null;
      let verdict: Verdict | null = null;
      if (over) {
        verdict = checked.current.get(hand) ?? null;
        if (!verdict) {
          verdict = checkReplay(
            { game: info.game, players: info.players, options: info.options as JsonObject, viewer, events },
            (id) => (id === game.id ? ok(game) : err(`not this table's game: ${id}`)),
            hand,
          );
          checked.current.set(hand, verdict);
        }
      }
      out.push({ hand, commitment: e.commitment, seed, verdict });
    }
    return out.reverse();
  }, [events, viewer, info.game, info.players, info.options, game]);

  const latest = hands[0];
  const state = !latest ? "none" : !latest.verdict ? "pending" : latest.verdict.ok ? "verified" : "failed";
  const summary = !latest
    ? "no hand dealt yet"
    : state === "pending"
      ? `hand ${latest.hand}: committed, the seed comes when the hand ends`
      : state === "verified"
        ? `hand ${latest.hand} verified`
        : `hand ${latest.hand} NOT verified`;
  const who = viewer === "spectator" ? "a spectator was" : "you were";

  return (
    <section aria-label="The deal's proof" className="proof">
      <details>
        <summary data-proof={state}>
          Proof of the deal: <span className={`verdict ${state}`}>{summary}</span>
        </summary>
        <p className="doc">
          Before each deal the server sends the SHA-256 commitment of the hand's seed; when the hand ends it
          reveals the seed. This page then checks that the seed matches the commitment, re-deals the hand from
          the seed and re-plays it through the rules (docs/FAIRNESS.md): every card, move and score {who}{" "}
          shown must be what the rules give on that deal.
        </p>
        <ol className="proof-hands">
          {hands.map((h) => (
            <li key={h.hand}>
              <strong>Hand {h.hand}</strong>
              <p>
                Commitment, sent with the deal: <code className="hex">{h.commitment}</code>
              </p>
              <p>
                Seed, revealed after the hand:{" "}
                {h.seed ? (
                  <code className="hex">{h.seed}</code>
                ) : (
                  <span>not yet (the hand is being played)</span>
                )}
              </p>
              {h.verdict && (
                <p className={`verdict ${h.verdict.ok ? "verified" : "failed"}`} data-verdict={h.hand}>
                  {h.verdict.ok
                    ? `Verified in this browser: ${h.verdict.line.replace(/^OK: /, "")}`
                    : `NOT verified: ${h.verdict.line}`}
                </p>
              )}
            </li>
          ))}
        </ol>
        <p className="doc">
          From a terminal, at any time:{" "}
          <code>npx cardroom verify {`${location.origin}/replay/${info.id}`}</code> (every hand over is
          re-played; the hand in play is checked as far as it can be before its seed is revealed).
        </p>
      </details>
    </section>
  );
}

/**
 * A cribbage board in SVG: one lane of holes per seat to the game's target,
 * in rows of thirty (twenty on a phone; holes grouped by five), and each seat's two pegs: the
 * front peg at its score, the back peg where it stood before its last
 * points. Pegs slide to their holes (a CSS transition, none for people who
 * asked for less motion).
 */
import { type ReactElement, useEffect, useState } from "react";

/** Holes in a row: thirty on a wide screen, twenty on a phone (bigger holes, more rows). */
const WIDE = 30;
const NARROW = 20;
const PHONE = "(max-width: 30rem)";
const GAP = 10;
const GROUP_GAP = 5;
const LANE = 9;
const ROW_PAD = 12;
const LEFT = 26;
const PEG_COLOURS = ["#b3261e", "#1d4fb8", "#1b7a3a"];
/** A board to 121 has a hole per point; a longer game shares 120 holes among its points. */
const MAX_HOLES = 121;

export interface Pegs {
  readonly front: number;
  readonly back: number;
}

/** The hole a score stands in (0: the start, left of the track). */
export const holeOf = (points: number, target: number): number => {
  if (points <= 0) return 0;
  const x = Math.min(points, target);
  return target <= MAX_HOLES ? x : Math.max(1, Math.round((x * (MAX_HOLES - 1)) / target));
};

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof matchMedia === "function" && matchMedia(PHONE).matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const q = matchMedia(PHONE);
    const on = (): void => setNarrow(q.matches);
    q.addEventListener("change", on);
    return () => q.removeEventListener("change", on);
  }, []);
  return narrow;
}

export function CribbageBoard({
  pegs,
  target,
  names,
}: {
  pegs: readonly Pegs[];
  target: number;
  /** Each seat's name ("you", "seat 1"). */
  names: readonly string[];
}): ReactElement {
  const perRow = useNarrow() ? NARROW : WIDE;
  const holes = target <= MAX_HOLES ? target : MAX_HOLES - 1;
  // A lone last hole (the 121st) sits at the end of the row before, as the game hole does on a board.
  const lone = holes > perRow && holes % perRow === 1;
  const rows = Math.ceil((lone ? holes - 1 : holes) / perRow);
  const cols = Math.min(perRow, holes);
  const rowHeight = pegs.length * LANE + ROW_PAD;
  const width = LEFT + cols * GAP + Math.floor((cols - 1) / 5) * GROUP_GAP + (lone ? GAP + GROUP_GAP : 0) + 8;
  const height = rows * rowHeight + 6;
  const at = (hole: number, seat: number): { x: number; y: number } => {
    const y0 = 6 + seat * LANE + 4;
    if (hole === 0) return { x: 10, y: y0 };
    const last = lone && hole === holes;
    const i = last ? hole - 2 : hole - 1;
    const col = (i % perRow) + (last ? 1 : 0);
    const row = Math.floor(i / perRow);
    return { x: LEFT + col * GAP + Math.floor(col / 5) * GROUP_GAP, y: row * rowHeight + y0 };
  };
  const label =
    `Cribbage board to ${target}: ` +
    pegs.map((p, k) => `${names[k]} at ${p.front} (back peg at ${p.back})`).join(", ");
  return (
    <svg
      className="cribbage-board"
      data-testid="cribbage-board"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <rect x="0" y="0" width={width} height={height} rx="6" className="board-wood" />
      {pegs.map((_, seat) => (
        <g key={seat} className="lane">
          {Array.from({ length: holes + 1 }, (_, h) => {
            const { x, y } = at(h, seat);
            return (
              <circle
                key={h}
                cx={x}
                cy={y}
                r={h === 0 ? 2.6 : 1.9}
                className={h === holes ? "hole game-hole" : "hole"}
                data-seat={seat}
                data-hole={h}
              />
            );
          })}
        </g>
      ))}
      {pegs.map((p, seat) =>
        (["back", "front"] as const).map((which) => {
          const points = p[which];
          const { x, y } = at(holeOf(points, target), seat);
          return (
            <circle
              key={`${seat}-${which}`}
              className={`peg ${which}`}
              r={which === "front" ? 3.6 : 3}
              cx={0}
              cy={0}
              style={{ transform: `translate(${x}px, ${y}px)` }}
              fill={PEG_COLOURS[seat % PEG_COLOURS.length]}
              data-seat={seat}
              data-peg={which}
              data-points={points}
              data-hole={holeOf(points, target)}
            />
          );
        }),
      )}
    </svg>
  );
}

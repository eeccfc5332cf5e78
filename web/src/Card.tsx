/**
 * A playing card drawn as SVG: the rank and suit in the corners, the suit
 * large in the middle. It owns nothing else: the table says whether it is
 * playable and what a click does.
 */
import type { ReactElement } from "react";

const SUITS: Readonly<Record<string, { symbol: string; name: string; red: boolean }>> = {
  C: { symbol: "♣", name: "clubs", red: false },
  D: { symbol: "♦", name: "diamonds", red: true },
  H: { symbol: "♥", name: "hearts", red: true },
  S: { symbol: "♠", name: "spades", red: false },
};
const RANK_NAMES: Readonly<Record<string, string>> = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };

export interface CardFace {
  /** "A", "2".."10", "J", "Q", "K", or "★" for a joker. */
  readonly rank: string;
  readonly symbol: string;
  readonly red: boolean;
  /** "the Queen of spades", "the red joker". */
  readonly name: string;
}

/** A card's face from its text ("TS", "9C", "RJ"); null for text that is not a card. */
export function cardFace(text: string): CardFace | null {
  if (text === "RJ" || text === "BJ")
    return {
      rank: "★",
      symbol: "",
      red: text === "RJ",
      name: text === "RJ" ? "the red joker" : "the black joker",
    };
  const m = /^([A2-9TJQK])([CDHS])$/.exec(text);
  if (!m) return null;
  const suit = SUITS[m[2]];
  const rank = m[1] === "T" ? "10" : m[1];
  return {
    rank,
    symbol: suit.symbol,
    red: suit.red,
    name: `the ${RANK_NAMES[m[1]] ?? rank} of ${suit.name}`,
  };
}

/** A card in a line of text: its index ("10♥") in a small chip, named for screen readers. */
function CardChip({ text, face }: { text: string; face: CardFace }): ReactElement {
  return (
    <span className={`chip ${face.red ? "red" : "black"}`} role="img" aria-label={face.name} data-card={text}>
      {face.rank}
      {face.symbol}
    </span>
  );
}

/** A card: large (SVG, for a hand) or small (a chip, for the board and the log). */
export function Card({ text, size = "large" }: { text: string; size?: "large" | "small" }): ReactElement {
  const face = cardFace(text);
  if (!face) return <span>{text}</span>;
  if (size === "small") return <CardChip text={text} face={face} />;
  return (
    <svg
      className={`card ${face.red ? "red" : "black"}`}
      viewBox="0 0 60 84"
      role="img"
      aria-label={face.name}
      data-card={text}
      width={60}
      height={84}
    >
      <rect x="0.5" y="0.5" width="59" height="83" rx="5" className="card-face" />
      <text x="5" y="18" className="card-rank" fontSize="16">
        {face.rank}
      </text>
      <text x="6" y="34" className="card-suit" fontSize="14">
        {face.symbol}
      </text>
      <text x="30" y="58" className="card-pip" fontSize="28" textAnchor="middle">
        {face.symbol || "★"}
      </text>
      <g transform="rotate(180 30 42)">
        <text x="5" y="18" className="card-rank" fontSize="16">
          {face.rank}
        </text>
      </g>
    </svg>
  );
}

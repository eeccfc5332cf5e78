/**
 * A playing card drawn as SVG: the rank and suit in the corners, the suit
 * large in the middle; its back for a card that is down. It owns nothing
 * else: the table says whether it is playable and what a click does. Its
 * suit is in its class (`suit-C`), so that the four-colour deck is a style.
 */
import type { ReactElement } from "react";
import { type CardFace, cardFace } from "../../src/words/card-words.js";
import { aRank, rankWord } from "../../src/words/why-not.js";

/** A card's face from its text: the shared words' (src/words/card-words.ts). */
export { type CardFace, cardFace };

/** A card in a line of text: its index ("10♥") in a small chip, named for screen readers. */
function CardChip({ text, face }: { text: string; face: CardFace }): ReactElement {
  return (
    <span
      className={`chip ${face.red ? "red" : "black"} suit-${face.suit}`}
      role="img"
      aria-label={face.name}
      data-card={text}
    >
      {face.rank}
      {face.symbol}
    </span>
  );
}

/** "10", "Ace", "Queen": a rank's word, for "standing for a 10" (the shared words'). */
export { rankWord };

/**
 * A card: large (SVG, for a hand), pile (larger, for the top of a pile) or
 * small (a chip, for the board and the log). A joker in a run may stand for
 * a rank: it shows it ("= 10") and says it.
 */
export function Card({
  text,
  size = "large",
  standsFor,
  unnamed = false,
}: {
  text: string;
  size?: "large" | "pile" | "small";
  standsFor?: string | null;
  /** Drawn only: what holds it names it (a button named by its move, which names the card). */
  unnamed?: boolean;
}): ReactElement {
  const face = cardFace(text);
  if (!face) return <span>{text}</span>;
  if (size === "small") return <CardChip text={text} face={face} />;
  const name = standsFor ? `${face.name}, standing for ${aRank(standsFor)}` : face.name;
  return (
    <svg
      className={`card ${size} ${face.red ? "red" : "black"} suit-${face.suit}`}
      viewBox="0 0 60 84"
      role={unnamed ? undefined : "img"}
      aria-label={unnamed ? undefined : name}
      aria-hidden={unnamed || undefined}
      data-card={text}
      width={size === "pile" ? 90 : 60}
      height={size === "pile" ? 126 : 84}
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
      {standsFor && (
        <text x="30" y="78" className="card-stands" fontSize="12" textAnchor="middle">
          = {standsFor === "T" ? "10" : standsFor}
        </text>
      )}
      {!standsFor && (
        <g transform="rotate(180 30 42)">
          <text x="5" y="18" className="card-rank" fontSize="16">
            {face.rank}
          </text>
        </g>
      )}
    </svg>
  );
}

/** A card face down: a chosen card not turned yet, a stock. */
export function CardBack({
  label,
  size = "large",
}: {
  label: string;
  size?: "large" | "pile";
}): ReactElement {
  return (
    <svg
      className={`card back ${size}`}
      viewBox="0 0 60 84"
      role="img"
      aria-label={label}
      width={size === "pile" ? 90 : 60}
      height={size === "pile" ? 126 : 84}
    >
      <rect x="0.5" y="0.5" width="59" height="83" rx="5" className="card-back" />
      <rect x="6" y="6" width="48" height="72" rx="3" className="card-back-inner" />
    </svg>
  );
}

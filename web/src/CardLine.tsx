/** A line of text with its card names ("QS", "10H", "RJ") drawn as small cards. */
import type { ReactElement } from "react";
import { CARD_CODE } from "../../src/words/card-words.js";
import { Card, cardFace } from "./Card.js";

/** A card's code, kept by `split` (the one capturing group). */
const CARD_TOKEN = new RegExp(`(${CARD_CODE.source})`);

export function CardLine({ text }: { text: string }): ReactElement {
  const parts = text.split(CARD_TOKEN);
  return (
    <>{parts.map((p, i) => (i % 2 === 1 && cardFace(p) ? <Card key={i} text={p} size="small" /> : p))}</>
  );
}

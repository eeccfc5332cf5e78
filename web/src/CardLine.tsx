/** A line of text with its card names ("QS", "10H", "RJ") drawn as small cards. */
import type { ReactElement } from "react";
import { Card, cardFace } from "./Card.js";

const CARD_TOKEN = /((?<![A-Za-z0-9])(?:[A2-9TJQK][CDHS]|RJ|BJ)(?![A-Za-z0-9]))/;

export function CardLine({ text }: { text: string }): ReactElement {
  const parts = text.split(CARD_TOKEN);
  return (
    <>{parts.map((p, i) => (i % 2 === 1 && cardFace(p) ? <Card key={i} text={p} size="small" /> : p))}</>
  );
}

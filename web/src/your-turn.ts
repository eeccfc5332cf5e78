/**
 * Your turn, noticed from another tab: while it is your move the tab's
 * title starts with "Your turn" and its icon carries a dot; unless the
 * table's sounds are muted, a short chime plays each time the move comes to
 * you (web/src/sound.ts).
 */
import { useEffect, useRef } from "react";
import { playSound } from "./sound.js";

const ICON = "/favicon.svg";
const TURN_ICON = "/favicon-turn.svg";

function setIcon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

/**
 * The tab's title and icon for a table of `gameName`; `yourTurn` marks them,
 * and with `sound` a chime plays when the turn comes to you (not on opening
 * a table where it already is).
 */
export function useYourTurnSignal(gameName: string | null, yourTurn: boolean, sound: boolean): void {
  const before = useRef<boolean | null>(null);
  useEffect(() => {
    if (!gameName) return;
    document.title = `${yourTurn ? "Your turn · " : ""}${gameName} · Cardroom`;
    setIcon(yourTurn ? TURN_ICON : ICON);
    if (yourTurn && before.current === false) playSound("turn", !sound);
    before.current = yourTurn;
  }, [gameName, yourTurn, sound]);
  // Leaving the table: the plain title and icon again.
  useEffect(
    () => () => {
      document.title = "Cardroom";
      setIcon(ICON);
    },
    [],
  );
}

/**
 * Your turn, noticed from another tab: while it is your move the tab's
 * title starts with "Your turn" and its icon carries a dot; with the sound
 * setting on (it is off unless chosen), a short chime plays each time the
 * move comes to you. Drawn with the Web Audio API: no sound file to load.
 */
import { useEffect, useRef } from "react";

const ICON = "/favicon.svg";
const TURN_ICON = "/favicon-turn.svg";

function setIcon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

let audio: AudioContext | null = null;

/** Two soft notes, rising. Silent where the browser has no Web Audio or will not start it yet. */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
    const at = audio.currentTime;
    for (const [i, hz] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = hz;
      const start = at + i * 0.14;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.3);
    }
  } catch {
    // No sound rather than a broken page.
  }
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
    if (yourTurn && before.current === false && sound) chime();
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

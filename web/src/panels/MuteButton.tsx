/**
 * The table's Mute, by its links: a toggle (pressed while muted), its
 * speaker drawn crossed out when muted. The choice is the `sound` setting,
 * remembered with the others (web/src/settings.ts); turning the sounds on
 * plays the your-turn chime, so the player hears what they chose (and, a
 * click being a gesture, the browser lets the table play sound after it).
 */
import type { ReactElement } from "react";
import { playSound } from "../sound.js";

function SpeakerIcon({ muted }: { muted: boolean }): ReactElement {
  return (
    <svg className="speaker" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
      {muted ? (
        <path d="M11 6l4 4M15 6l-4 4" stroke="currentColor" strokeWidth="1.5" fill="none" />
      ) : (
        <path
          d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9"
          stroke="currentColor"
          strokeWidth="1.3"
          fill="none"
        />
      )}
    </svg>
  );
}

export function MuteButton({
  sound,
  change,
}: {
  sound: boolean;
  change(sound: boolean): void;
}): ReactElement {
  return (
    <button
      type="button"
      className="secondary mute"
      aria-pressed={!sound}
      title={sound ? "Sounds on: click to mute" : "Muted: click for sounds"}
      onClick={() => {
        change(!sound);
        if (!sound) playSound("turn", false);
      }}
    >
      <SpeakerIcon muted={!sound} /> Mute
    </button>
  );
}

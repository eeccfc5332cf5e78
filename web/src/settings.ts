/**
 * The player's display settings, kept in localStorage: the four-colour deck
 * (clubs green, diamonds blue), how long each computer move stays on the
 * table before the next is shown, whether the table's sounds play (on
 * unless muted), and the coach note at each hand's end (on unless turned off).
 */
import { useCallback, useEffect, useState } from "react";

export interface Settings {
  readonly fourColour: boolean;
  /** Milliseconds between moves shown one after another; 0 shows each as it comes. */
  readonly paceMs: number;
  /** The table's sounds (the cards, your turn, a hand won); on unless muted. */
  readonly sound: boolean;
  /** The coach note at each hand's end: your costliest decision of the hand and its better choice. */
  readonly coach: boolean;
}

const KEY = "cardroom:settings";
export const PACES = [0, 200, 400, 800, 1200] as const;
const DEFAULT_PACE = 400;
const CHANGED = "cardroom:settings";

const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export function loadSettings(): Settings {
  let saved: Partial<Settings> = {};
  try {
    saved = (JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>) ?? {};
  } catch {
    saved = {};
  }
  const pace = typeof saved.paceMs === "number" && saved.paceMs >= 0 ? Math.min(saved.paceMs, 5000) : null;
  return {
    fourColour: saved.fourColour === true,
    sound: saved.sound !== false,
    coach: saved.coach !== false,
    // Without a choice of their own, people who asked for less motion see each move at once.
    paceMs: pace ?? (reducedMotion() ? 0 : DEFAULT_PACE),
  };
}

/** The settings, and a setter that saves them and tells every other part of the page. */
export function useSettings(): [Settings, (change: Partial<Settings>) => void] {
  const [settings, setSettings] = useState(loadSettings);
  useEffect(() => {
    const on = (): void => setSettings(loadSettings());
    addEventListener(CHANGED, on);
    return () => removeEventListener(CHANGED, on);
  }, []);
  const change = useCallback((c: Partial<Settings>) => {
    const next = { ...loadSettings(), ...c };
    localStorage.setItem(KEY, JSON.stringify(next));
    dispatchEvent(new Event(CHANGED));
  }, []);
  return [settings, change];
}

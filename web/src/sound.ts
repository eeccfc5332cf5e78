/**
 * The table's sounds: a card put down, a card drawn, the shuffle and the
 * deal, your turn, a hand won. Each is made on the spot with the Web Audio
 * API (a short burst of filtered noise for a card, two or three soft notes
 * for your turn and a win): no sound file to load. On unless muted (the
 * mute is a setting, remembered; web/src/settings.ts); silent, never broken,
 * where the browser has no Web Audio or will not start it yet.
 *
 * Each sound played is also marked on the page's own record
 * (`performance.mark(SOUNDED, { detail: { sound } })`), as the table marks
 * each card landed (web/src/anim/motion.ts): what a test reads, since no
 * test can listen.
 */
import type { JsonObject } from "../../src/engine/game.js";

export type SoundName = "deal" | "play" | "draw" | "shuffle" | "turn" | "won";

/** The name of the page's record of each sound played. */
export const SOUNDED = "cardroom:sound";

let audio: AudioContext | null = null;
let noise: AudioBuffer | null = null;

/**
 * A running AudioContext renders silence between sounds: about 2% of a core for a table left open
 * (measured in Chromium), a laptop's battery spent on nothing. It rests (suspended) once the last
 * sound asked for has ended, and wakes for the next.
 */
const REST_AFTER_MS = 500;
/** When the last sound scheduled ends, in the context's own seconds. */
let quietAt = 0;
let rest: ReturnType<typeof setTimeout> | undefined;

function context(): AudioContext | null {
  if (typeof AudioContext !== "function") return null;
  const a = (audio ??= new AudioContext());
  // Woken (or started, once the page has had a gesture): it rests again after what is asked of it.
  if (a.state === "suspended")
    void a.resume().then(
      () => endsAt(a, 0),
      () => undefined,
    );
  return a;
}

/** A sound scheduled to end at `end` (the context's seconds): the context rests only after it. */
function endsAt(a: AudioContext, end: number): void {
  quietAt = Math.max(quietAt, end);
  clearTimeout(rest);
  rest = setTimeout(
    function restWhenQuiet() {
      // Not started (no gesture yet) or closed: nothing renders, nothing to put to rest.
      if (a.state !== "running") return;
      if (a.currentTime < quietAt) rest = setTimeout(restWhenQuiet, REST_AFTER_MS);
      else void a.suspend().catch(() => undefined);
    },
    Math.max(0, quietAt - a.currentTime) * 1000 + REST_AFTER_MS,
  );
}

/** Half a second of white noise, made once: every card's sound is a slice of it, filtered. */
function noiseOf(a: AudioContext): AudioBuffer {
  if (noise) return noise;
  noise = a.createBuffer(1, Math.round(a.sampleRate / 2), a.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return noise;
}

/** A card's snap on the felt: noise through a band-pass, sharp attack, quick fall (`at` in seconds from now). */
function snap(a: AudioContext, at: number, hz: number, ms: number, level: number): void {
  const src = a.createBufferSource();
  src.buffer = noiseOf(a);
  const band = a.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = hz;
  band.Q.value = 1.2;
  const gain = a.createGain();
  const start = a.currentTime + at;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(level, start + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
  src.connect(band).connect(gain).connect(a.destination);
  src.start(start, Math.random() * 0.3);
  const end = start + ms / 1000 + 0.02;
  src.stop(end);
  endsAt(a, end);
}

/** A soft sine note (`at` in seconds from now). */
function note(a: AudioContext, at: number, hz: number, level = 0.16): void {
  const tone = a.createOscillator();
  const gain = a.createGain();
  tone.type = "sine";
  tone.frequency.value = hz;
  const start = a.currentTime + at;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(level, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  tone.connect(gain).connect(a.destination);
  tone.start(start);
  const end = start + 0.3;
  tone.stop(end);
  endsAt(a, end);
}

const SOUNDS: Readonly<Record<SoundName, (a: AudioContext) => void>> = {
  play: (a) => snap(a, 0, 2400, 70, 0.5),
  draw: (a) => snap(a, 0, 1500, 110, 0.3),
  // A riffle: many small snaps, quickening.
  shuffle: (a) => {
    for (let i = 0; i < 14; i++) snap(a, i * 0.028 - i * i * 0.0006, 3000 + (i % 3) * 400, 30, 0.22);
  },
  // A few cards dealt round, one after another.
  deal: (a) => {
    for (let i = 0; i < 4; i++) snap(a, 0.3 + i * 0.09, 2100, 55, 0.3);
  },
  turn: (a) => {
    note(a, 0, 660);
    note(a, 0.14, 880);
  },
  won: (a) => {
    note(a, 0, 523);
    note(a, 0.12, 659);
    note(a, 0.24, 784, 0.2);
  },
};

/** Plays `sound`, unless `muted`. Never throws: no sound rather than a broken page. */
export function playSound(sound: SoundName, muted: boolean): void {
  if (muted) return;
  try {
    performance.mark(SOUNDED, { detail: { sound } });
  } catch {
    // An old browser's mark takes no detail: the sound still plays.
  }
  try {
    const a = context();
    if (a) SOUNDS[sound](a);
  } catch {
    // No Web Audio here, or not yet: silence.
  }
}

/** The moves that take a card into the hand, and those that put one down (a pass, a go, a claim: silent). */
const DRAWS = new Set(["draw", "take"]);
const PUTS_DOWN = new Set(["play", "discard", "knock", "layoff", "move", "flip", "jump"]);

/**
 * What a step's events sound like, in order: a deal is shuffled then dealt; a move that draws (or
 * takes) sounds drawn, one that puts a card down sounds put down (a pass or a go is silent); a hand `you` won
 * sounds won. Pure: the table plays them.
 */
export function soundsOf(events: readonly JsonObject[], you: number): SoundName[] {
  const out: SoundName[] = [];
  for (const e of events) {
    if (e.type === "deal") out.push("shuffle", "deal");
    else if (e.type === "move" && e.move && typeof e.move === "object") {
      const type = String((e.move as JsonObject).type);
      if (DRAWS.has(type)) out.push("draw");
      else if (PUTS_DOWN.has(type)) out.push("play");
    } else if (e.type === "handOver" && e.result && typeof e.result === "object") {
      const winners = (e.result as JsonObject).winners;
      if (Array.isArray(winners) && winners.includes(you)) out.push("won");
    }
  }
  // One card sound per step: a move's several events (a play and the pegs it scores) are one snap.
  return out.filter((s, i) => i === 0 || s !== out[i - 1]);
}

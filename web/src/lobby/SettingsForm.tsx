/**
 * A game's settings as a player reads them: how many play, how well the
 * computers play, how many friends an invitation is for, and each option by
 * its label with its help beside it. Every change is kept (the lobby
 * remembers it); a number that does not fit is said in one line and not kept.
 */
import { type ReactElement, useEffect, useId, useState } from "react";
import { type OptionSpec, type OptionValue, followDefaults } from "../../../src/engine/options.js";
import type { GameSummary } from "../api.js";
import { type GameSettings, settingsFor } from "./remembered.js";
import { LEVEL_NOTES, levelName, seatWords } from "./words.js";

export function SettingsForm({
  game,
  settings,
  onChange,
  onProblem,
}: {
  game: GameSummary;
  settings: GameSettings;
  onChange: (s: GameSettings) => void;
  /** A field's problem in one line, or null once it is put right. */
  onProblem: (field: string, problem: string | null) => void;
}): ReactElement {
  const id = useId();
  const set = (patch: Partial<GameSettings>): void =>
    // Through settingsFor, so that a change of players drops a seat option that no longer fits.
    onChange(settingsFor(game, { ...settings, ...patch }));
  const { players } = settings;
  return (
    <div className="settings-form">
      {game.maxPlayers > game.minPlayers && (
        <div className="field">
          <label htmlFor={`${id}-players`}>Players</label>
          <select
            id={`${id}-players`}
            value={players}
            onChange={(e) => set({ players: Number(e.target.value) })}
          >
            {Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i).map(
              (n) => (
                <option key={n} value={n}>
                  {n} players
                </option>
              ),
            )}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-level`}>Computer opponents</label>
        <select id={`${id}-level`} value={settings.level} onChange={(e) => set({ level: e.target.value })}>
          {game.levels.map((l) => (
            <option key={l} value={l}>
              {levelName(l)}
              {LEVEL_NOTES[l] ? `: ${LEVEL_NOTES[l]}` : ""}
            </option>
          ))}
        </select>
      </div>
      {players > 2 && (
        <div className="field">
          <label htmlFor={`${id}-friends`}>Friends to invite</label>
          <select
            id={`${id}-friends`}
            value={settings.friends}
            onChange={(e) => set({ friends: Number(e.target.value) })}
          >
            {Array.from({ length: players - 1 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? "1 friend" : `${n} friends`}
                {n < players - 1 ? `, ${players - 1 - n} computer${players - 1 - n === 1 ? "" : "s"}` : ""}
              </option>
            ))}
          </select>
        </div>
      )}
      {Object.keys(game.options).length > 0 && (
        <fieldset className="options">
          <legend>Options</legend>
          {Object.entries(game.options).map(([name, spec]) => (
            <OptionField
              key={name}
              id={`${id}-${name}`}
              spec={spec}
              players={players}
              value={settings.options[name] ?? spec.default}
              // An option left at its default follows a change that brings another (five-card cribbage: 61).
              onChange={(v) =>
                set({
                  options: followDefaults(game.options, settings.options, { ...settings.options, [name]: v }),
                })
              }
              onProblem={(p) => onProblem(name, p)}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}

function OptionField({
  id,
  spec,
  players,
  value,
  onChange,
  onProblem,
}: {
  id: string;
  spec: OptionSpec;
  players: number;
  value: OptionValue;
  onChange: (v: OptionValue) => void;
  onProblem: (problem: string | null) => void;
}): ReactElement {
  const help = `${id}-help`;
  let control: ReactElement;
  if (spec.kind === "bool")
    control = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-describedby={help}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  else if (spec.kind === "enum")
    control = (
      <select
        id={id}
        value={String(value)}
        aria-describedby={help}
        onChange={(e) => onChange(e.target.value)}
      >
        {spec.values.map((v) => (
          <option key={v} value={v}>
            {spec.labels[v] ?? v}
          </option>
        ))}
      </select>
    );
  else if (spec.seat)
    control = (
      <select
        id={id}
        value={String(value)}
        aria-describedby={help}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: Math.min(spec.max, players - 1) - spec.min + 1 }, (_, i) => spec.min + i).map(
          (k) => (
            <option key={k} value={k}>
              {seatWords(k)}
            </option>
          ),
        )}
      </select>
    );
  else
    control = (
      <NumberInput
        id={id}
        help={help}
        spec={spec}
        value={Number(value)}
        onChange={onChange}
        onProblem={onProblem}
      />
    );
  return (
    <div className={`option option-${spec.kind}`}>
      <label htmlFor={id}>{spec.label}</label>
      {control}
      <p id={help} className="help">
        {spec.help}
      </p>
    </div>
  );
}

/** A whole number in its range: kept as typed, passed on only when it fits. */
function NumberInput({
  id,
  help,
  spec,
  value,
  onChange,
  onProblem,
}: {
  id: string;
  help: string;
  spec: Extract<OptionSpec, { kind: "int" }>;
  value: number;
  onChange: (v: number) => void;
  onProblem: (problem: string | null) => void;
}): ReactElement {
  const [text, setText] = useState(String(value));
  const [wrong, setWrong] = useState(false);
  // A value changed from outside (another game's settings, a reset) shows as it is.
  useEffect(() => {
    setText((t) => (Number(t) === value && /^\s*\d+\s*$/.test(t) ? t : String(value)));
  }, [value]);
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={spec.min}
      max={spec.max}
      value={text}
      aria-describedby={help}
      aria-invalid={wrong || undefined}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        const n = /^\s*\d+\s*$/.test(t) ? Number(t) : NaN;
        const ok = Number.isInteger(n) && n >= spec.min && n <= spec.max;
        setWrong(!ok);
        onProblem(ok ? null : `${spec.label}: type a whole number from ${spec.min} to ${spec.max}`);
        if (ok) onChange(n);
      }}
    />
  );
}

/**
 * Chat at the table: plain text, as long as the server allows, from the
 * seats and the spectators. New lines are read out politely (after what
 * the screen reader is saying), never assertively.
 */
import { type FormEvent, type ReactElement, useEffect, useState } from "react";
import { CHAT_MAX } from "../../../src/server/text-limits.js";
import { hear, sendTo } from "../table-bus.js";
import "../pages.css";

interface Line {
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

const KEPT = 100;

export function ChatPanel({ table }: { table: string }): ReactElement {
  const [lines, setLines] = useState<readonly Line[]>([]);
  const [text, setText] = useState("");
  const [notice, setNotice] = useState("");

  useEffect(
    () =>
      hear(table, (m) => {
        if (m.type !== "chat" || m.table !== table) return;
        const line = { name: m.name, text: m.text, at: m.at };
        // A watch after a reconnect sends the recent lines again: keep each once.
        setLines((old) =>
          old.some((l) => l.at === line.at && l.name === line.name && l.text === line.text)
            ? old
            : [...old, line].slice(-KEPT),
        );
      }),
    [table],
  );

  const send = (ev: FormEvent): void => {
    ev.preventDefault();
    const t = text.trim();
    if (!t) return;
    if (sendTo(table, { type: "chat", text: t })) {
      setText("");
      setNotice("");
    } else setNotice("The connection is down: the message was not sent.");
  };

  return (
    <section aria-labelledby="chat-title" className="chat">
      <h2 id="chat-title">Chat</h2>
      <div role="log" aria-live="polite" aria-label="Chat messages" className="chat-lines">
        {lines.length === 0 ? (
          <p className="doc">Nothing said yet.</p>
        ) : (
          <ol>
            {lines.map((l) => (
              <li key={`${l.at}${l.name}${l.text}`}>
                <strong>{l.name}</strong>: {l.text}
              </li>
            ))}
          </ol>
        )}
      </div>
      <form onSubmit={send}>
        <label>
          Your message{" "}
          <input
            value={text}
            maxLength={CHAT_MAX}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </label>
        <button type="submit" disabled={!text.trim()}>
          Send
        </button>
        {notice && (
          <p role="alert" className="error">
            {notice}
          </p>
        )}
      </form>
    </section>
  );
}

/**
 * Waiting for a friend: the invite link to copy (the clipboard, or the text
 * selected where the browser refuses it) or to send by the system's share
 * sheet where the browser has one, who has joined so far, and the table
 * itself as soon as every seat is taken (the match begins then). It hears
 * the table on the server's WebSocket as the creator's seat, so a friend
 * sitting down shows at once; a slow poll covers a dropped connection.
 */
import { type ReactElement, useEffect, useRef, useState } from "react";
import { type SeatKey, type TableInfo, api } from "../api.js";
import { navigate } from "../router.js";
import { markedName } from "../../../src/words/reader.js";
import { levelName } from "./words.js";

const INVITING = "cardroom:inviting";

/** The table this tab is inviting to, kept for a reload. */
export const invitingTable = (): string | null => {
  try {
    return sessionStorage.getItem(INVITING);
  } catch {
    return null;
  }
};

export function rememberInviting(table: string | null): void {
  try {
    if (table) sessionStorage.setItem(INVITING, table);
    else sessionStorage.removeItem(INVITING);
  } catch {
    // No session storage: a reload forgets the panel; the table is still in the open tables.
  }
}

/** Every seat for a person is taken: the match has begun. */
export const everyoneSeated = (info: TableInfo): boolean =>
  info.seats.every((s) => s.kind === "computer" || s.name !== null);

export function InvitePanel({
  first,
  seat,
  onClose,
}: {
  first: TableInfo;
  seat: SeatKey;
  onClose: () => void;
}): ReactElement {
  const [info, setInfo] = useState(first);
  const [said, setSaid] = useState("");
  const linkBox = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const link = `${location.origin}/t/${first.code}`;
  const canShare = typeof navigator.share === "function";

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let closed = false;
    let ws: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = (): void => {
      ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
      ws.onopen = () => ws?.send(JSON.stringify({ type: "watch", table: first.id, as: seat }));
      ws.onmessage = (ev: MessageEvent<string>) => {
        try {
          const m = JSON.parse(ev.data) as { type?: string; info?: TableInfo };
          if (m.type === "update" && m.info) setInfo(m.info);
        } catch {
          // Not a message for the panel.
        }
      };
      ws.onclose = () => {
        if (!closed) retry = setTimeout(open, 2000);
      };
    };
    open();
    const poll = setInterval(
      () =>
        void api<TableInfo>(`/api/tables/${first.id}`)
          .then(setInfo)
          .catch(() => undefined),
      5000,
    );
    return () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(poll);
      ws?.close();
    };
  }, [first.id, seat]);

  useEffect(() => {
    if (!everyoneSeated(info)) return;
    rememberInviting(null);
    navigate(`/t/${info.code}`);
  }, [info]);

  const selectLink = (): void => {
    linkBox.current?.focus();
    linkBox.current?.select();
  };
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid("Link copied: paste it to your friend.");
    } catch {
      selectLink();
      setSaid("The browser did not let the page copy: the link is selected, press Ctrl+C (⌘C on a Mac).");
    }
  };
  const share = async (): Promise<void> => {
    try {
      await navigator.share({
        title: `${info.gameName} at Cardroom`,
        text: `Play ${info.gameName} with me`,
        url: link,
      });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };

  const waitingFor = info.seats.filter((s) => s.kind === "open" && s.name === null).length;
  return (
    <section className="invite-panel" aria-labelledby="invite-heading">
      <h2 id="invite-heading" ref={heading} tabIndex={-1}>
        Invite a friend to {info.gameName}
      </h2>
      <p>
        Send them this link. The game starts as soon as{" "}
        {waitingFor > 1 ? `all ${waitingFor} friends have` : "your friend has"} joined.
      </p>
      <div className="invite-link">
        <label htmlFor="invite-link">Invite link</label>
        <input id="invite-link" ref={linkBox} readOnly value={link} onFocus={(e) => e.target.select()} />
        <div className="invite-actions">
          <button type="button" onClick={() => void copy()}>
            Copy link
          </button>
          {canShare && (
            <button type="button" className="secondary" onClick={() => void share()}>
              Share…
            </button>
          )}
        </div>
      </div>
      <p role="status" className="said">
        {said}
      </p>
      <h3>At the table</h3>
      <ul className="invite-seats" aria-live="polite">
        {info.seats.map((s) => (
          <li key={s.seat} className={s.kind === "open" && s.name === null ? "waiting" : "here"}>
            {s.seat === seat.seat
              ? `You (${s.name ?? "you"})`
              : s.kind === "computer"
                ? `Computer opponent (${levelName(s.level ?? "medium").toLowerCase()})`
                : s.name !== null
                  ? `${markedName(s.name, s)} has joined`
                  : "Waiting for a friend…"}
          </li>
        ))}
      </ul>
      <p className="invite-more">
        Table code <strong>{info.code}</strong> ·{" "}
        <a
          href={`/t/${info.code}`}
          onClick={(e) => {
            e.preventDefault();
            rememberInviting(null);
            navigate(`/t/${info.code}`);
          }}
        >
          Go to the table now
        </a>{" "}
        ·{" "}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            rememberInviting(null);
            onClose();
          }}
        >
          Back to the games
        </button>
      </p>
    </section>
  );
}

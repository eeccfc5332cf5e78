/**
 * The server's HTTP API as the browser calls it, and what the browser keeps
 * between visits: the guest's token and each table's seat secret
 * (localStorage), so that a reload sits back down.
 */
import type { OptionSpec } from "../../src/engine/options.js";
import type { TableInfo } from "../../src/server/messages.js";

export type { TableInfo };

export interface GameSummary {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly levels: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
}

export interface Guest {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}

export interface SeatKey {
  readonly seat: number;
  readonly secret: string;
}

/** A refusal or a failure, in the server's one line (and its code, when the server gave one). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("the server cannot be reached: check the connection and try again");
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(`the server answered HTTP ${res.status} without a reply we can read`);
  }
  if (!res.ok) {
    const e = (json as { error?: { code?: string; message?: string } }).error;
    throw new ApiError(e?.message ?? `the server answered HTTP ${res.status}`, e?.code);
  }
  return json as T;
}

const GUEST_KEY = "cardroom:guest";
const seatKey = (table: string): string => `cardroom:seat:${table}`;

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export const savedGuest = (): Guest | null => read<Guest>(GUEST_KEY);

/** Said on the page when its guest is made, so that what shows the guest (the nav) shows it at once. */
const GUEST_MADE = "cardroom:guest";

/** Calls `listener` when this browser's guest changes (made here, or in another tab); returns the stop. */
export function onGuestChange(listener: () => void): () => void {
  addEventListener(GUEST_MADE, listener);
  addEventListener("storage", listener);
  return () => {
    removeEventListener(GUEST_MADE, listener);
    removeEventListener("storage", listener);
  };
}

/** The guest this browser plays as: the saved one, or a new one with this name. */
export async function guest(name: string): Promise<Guest> {
  const saved = savedGuest();
  if (saved && saved.name === name) return saved;
  const g = await api<Guest>("/api/guests", { name });
  localStorage.setItem(GUEST_KEY, JSON.stringify(g));
  dispatchEvent(new Event(GUEST_MADE));
  return g;
}

export const savedSeat = (table: string): SeatKey | null => read<SeatKey>(seatKey(table));

export function saveSeat(table: string, key: SeatKey): void {
  localStorage.setItem(seatKey(table), JSON.stringify(key));
}

/** The headers that prove a seat to the HTTP API (a replay from that seat). */
export const seatHeaders = (key: SeatKey): Record<string, string> => ({
  "x-cardroom-seat": String(key.seat),
  "x-cardroom-secret": key.secret,
});

export function forgetSeat(table: string): void {
  localStorage.removeItem(seatKey(table));
}

/** Takes a seat for this browser's guest and keeps its secret. */
export async function sit(table: string, seat: number, name: string): Promise<SeatKey> {
  const g = await guest(name);
  const r = await api<{ secret: string }>(`/api/tables/${table}/seats/${seat}`, { token: g.token });
  const key = { seat, secret: r.secret };
  saveSeat(table, key);
  return key;
}

/** The name the player gave last, for the next table. */
export const playerName = (): string => savedGuest()?.name ?? "";

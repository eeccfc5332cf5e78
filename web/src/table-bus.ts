/**
 * What the table's channel hears, for the panels beside the table (the
 * hand's proof, chat): they listen to a table's messages and send on its
 * channel without owning it. The table page opens and closes the channel.
 */
import type { ServerMessage } from "../../src/server/messages.js";

type Listener = (m: ServerMessage) => void;

interface Sender {
  send(m: Record<string, unknown>): boolean;
}

const listeners = new Map<string, Set<Listener>>();
const channels = new Map<string, Sender>();

/** Calls `fn` with every message the table's channel receives from now on; returns the way to stop. */
export function hear(table: string, fn: Listener): () => void {
  let set = listeners.get(table);
  if (!set) listeners.set(table, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (!set.size) listeners.delete(table);
  };
}

/** Sends on the table's open channel; false when there is none or it is down. */
export function sendTo(table: string, m: Record<string, unknown>): boolean {
  return channels.get(table)?.send(m) ?? false;
}

// ---- Called by the channel (channel.ts) ----

export function heard(table: string, m: ServerMessage): void {
  for (const fn of listeners.get(table) ?? []) fn(m);
}

export function channelOpened(table: string, c: Sender): void {
  channels.set(table, c);
}

export function channelClosed(table: string, c: Sender): void {
  if (channels.get(table) === c) channels.delete(table);
}

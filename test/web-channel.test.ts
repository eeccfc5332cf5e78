/**
 * The table's channel opened early (web/src/channel.ts): a table link
 * opened cold watches as soon as the table is known, and the page, once
 * ready, takes that channel and what it heard, in order, on one socket.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../src/server/messages.js";
import { channelFor, openEarly } from "../web/src/channel.js";

class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(): void {
    this.closed = true;
  }
  /** The server's side: the socket opens, then says `m`. */
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  say(m: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const seat = { seat: 0, secret: "s" };
const chat = (text: string): Record<string, unknown> => ({ type: "chat", table: "t1", text });

describe("a table's channel opened before its page", () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("location", { protocol: "http:", host: "example.test" });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("watches at once, and hands the page what came before it, in order, on the same socket", () => {
    openEarly("t1", seat);
    expect(FakeSocket.all.length).toBe(1);
    const ws = FakeSocket.all[0];
    ws.open();
    expect(ws.sent).toEqual([{ type: "watch", table: "t1", as: seat }]);
    ws.say(chat("one"));
    ws.say(chat("two"));
    const heard: string[] = [];
    const up: boolean[] = [];
    const c = channelFor(
      "t1",
      { seat: 0, secret: "s" },
      {
        message: (m: ServerMessage) => heard.push((m as { text: string }).text),
        connected: (u) => up.push(u),
      },
    );
    expect(FakeSocket.all.length).toBe(1);
    expect(up).toEqual([true]);
    expect(heard).toEqual(["one", "two"]);
    ws.say(chat("three"));
    expect(heard).toEqual(["one", "two", "three"]);
    expect(ws.sent.length).toBe(1);
    c.close();
    expect(ws.closed).toBe(true);
  });

  it("is closed for a page that watches as another viewer, which gets a socket of its own", () => {
    openEarly("t1", "spectator");
    const early = FakeSocket.all[0];
    const c = channelFor("t1", seat, { message: () => undefined, connected: () => undefined });
    expect(early.closed).toBe(true);
    expect(FakeSocket.all.length).toBe(2);
    c.close();
  });

  it("is closed when no page takes it, and a page after that opens its own", () => {
    openEarly("t1", seat);
    vi.advanceTimersByTime(15_000);
    expect(FakeSocket.all[0].closed).toBe(true);
    const c = channelFor("t1", seat, { message: () => undefined, connected: () => undefined });
    expect(FakeSocket.all.length).toBe(2);
    c.close();
  });
});

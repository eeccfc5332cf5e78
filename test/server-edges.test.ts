/**
 * The server's edges against a real running server: a move with a field its
 * type does not have, a WebSocket frame over the transport's limit, text
 * that is not UTF-8, chat that is not valid Unicode, and HTTP headers too
 * large for Node's parser. Each gets one line of JSON saying what is wrong
 * and changes nothing; the transport's refusals then close the connection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAME_BYTES } from "../src/server/channel.js";
import { Channel, api } from "../src/server/client.js";
import type { ServerMessage, TableInfo, Update } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { guestSeat } from "./guests.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-edges-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 60_000,
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";
const isError = (m: ServerMessage): m is Extract<ServerMessage, { type: "error" }> => m.type === "error";

/** A ROY table for two people, seat 0 watching it through the channel. */
async function seatedRoy() {
  const info = await api<TableInfo>(server.url, "/api/tables", {
    game: "roy",
    seats: [{ kind: "open" }, { kind: "open" }],
  });
  const people = [
    await guestSeat(server.url, info.id, 0, "Ann"),
    await guestSeat(server.url, info.id, 1, "Bo"),
  ];
  const chans = await Promise.all(people.map(() => Channel.open(server.url)));
  const first: Update[] = [];
  for (const [i, p] of people.entries()) {
    chans[i].send({ type: "watch", table: info.id, as: { seat: p.seat, secret: p.secret } });
    first[i] = await chans[i].until(isUpdate);
  }
  return { info, people, chans, first };
}

/** Every message a raw socket gets until the server closes it, and the close code. */
function untilClosed(ws: WebSocket): Promise<{ messages: unknown[]; code: number }> {
  const messages: unknown[] = [];
  ws.on("message", (d: Buffer) => messages.push(JSON.parse(d.toString("utf8"))));
  return new Promise((resolve) => ws.on("close", (code) => resolve({ messages, code })));
}

async function rawSocket(): Promise<WebSocket> {
  const ws = new WebSocket(server.url.replace(/^http/, "ws") + "/ws");
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  return ws;
}

describe("the server's edges", () => {
  it('refuses {"type":"end","card":"ZZ"} at ROY by its field, the turn not ended', async () => {
    const { chans, first, people } = await seatedRoy();
    const turn = (first[0].status as { toAct: number[] }).toAct[0];
    const c = chans[people.findIndex((p) => p.seat === turn)];
    // A play first, so that "end" would be legal without its stray field.
    const play = (first[turn].legal as { type: string }[]).find((m) => m.type === "play");
    if (play) {
      c.send({ type: "move", move: play });
      await c.until((m): m is ServerMessage => m.type === "ok");
    }
    c.send({ type: "move", move: { type: "end", card: "ZZ" } });
    expect(await c.until(isError)).toEqual({
      type: "error",
      code: "bad_request",
      message: 'the "end" move has no field "card" (it has only its type)',
    });
    const table = (await api<TableInfo>(server.url, `/api/tables/${first[0].table}`)) as TableInfo & {
      seq: number;
    };
    c.send({ type: "ping" });
    await c.until((m): m is ServerMessage => m.type === "pong");
    expect((await api<TableInfo & { seq: number }>(server.url, `/api/tables/${first[0].table}`)).seq).toBe(
      table.seq,
    );
    for (const ch of chans) ch.close();
  });

  it('refuses a "__proto__" key like any unexpected field, wherever it is, the table unchanged', async () => {
    const { chans, first, people } = await seatedRoy();
    const turn = (first[0].status as { toAct: number[] }).toAct[0];
    const c = chans[people.findIndex((p) => p.seat === turn)];
    const legal = JSON.stringify(first[turn].legal[0]);
    const seqOf = async () => (await api<TableInfo>(server.url, `/api/tables/${first[0].table}`)).seq;
    const before = await seqOf();
    // A legal move but for the key: zod alone passed it (and dropped the key), so the move was played.
    for (const [raw, message] of [
      [`{"type":"move","move":${legal.slice(0, -1)},"__proto__":{"card":"ZZ"}}}`, "move: "],
      [`{"type":"move","move":${legal.slice(0, -1)},"__proto__":1}}`, "move: "],
      ['{"type":"ping","__proto__":{}}', ""],
      [`{"__proto__":{"type":"ping"},"type":"chat","text":"hi"}`, ""],
    ]) {
      c.sendRaw(raw);
      expect(await c.until(isError)).toEqual({
        type: "error",
        code: "bad_request",
        message: `${message}Unrecognized key: "__proto__"`,
      });
    }
    c.send({ type: "ping" });
    await c.until((m): m is ServerMessage => m.type === "pong");
    expect(await seqOf()).toBe(before);
    expect(chans[1 - people.findIndex((p) => p.seat === turn)].heard.some((m) => m.type === "chat")).toBe(
      false,
    );
    // Without the key the same move is played.
    c.sendRaw(`{"type":"move","move":${legal}}`);
    await c.until((m): m is ServerMessage => m.type === "ok");
    expect(await seqOf()).toBeGreaterThan(before);
    for (const ch of chans) ch.close();
  });

  it("answers a frame over the transport's limit with one error line, then closes", async () => {
    const ws = await rawSocket();
    const closed = untilClosed(ws);
    ws.send("x".repeat(FRAME_BYTES + 1));
    const { messages, code } = await closed;
    expect(messages).toEqual([
      {
        type: "error",
        code: "too_large",
        message: `a message is at most ${FRAME_BYTES} bytes at the transport: the connection closes`,
      },
    ]);
    expect(code).toBe(1009);
  });

  it("answers a text frame that is not UTF-8 with one error line, then closes", async () => {
    const ws = await rawSocket();
    const closed = untilClosed(ws);
    ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    const { messages, code } = await closed;
    expect(messages).toEqual([
      {
        type: "error",
        code: "bad_request",
        message: "a text message must be valid UTF-8: the connection closes",
      },
    ]);
    expect(code).toBe(1007);
  });

  it("refuses chat with a lone surrogate, tells no one, and keeps the connection", async () => {
    const { chans } = await seatedRoy();
    chans[0].sendRaw('{"type":"chat","text":"hi \\ud83c there"}');
    expect(await chans[0].until(isError)).toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/valid Unicode/),
    });
    chans[0].send({ type: "chat", text: "hi 🂡 there" });
    const heard = await chans[1].until(
      (m): m is Extract<ServerMessage, { type: "chat" }> => m.type === "chat",
    );
    expect(heard.text).toBe("hi 🂡 there");
    expect(chans[1].heard.filter((m) => m.type === "chat")).toHaveLength(1);
    for (const ch of chans) ch.close();
  });

  it("answers HTTP headers too large with the same JSON error, then closes", async () => {
    const { port } = new URL(server.url);
    const sock = connect(Number(port), "127.0.0.1");
    let text = "";
    sock.on("data", (d) => (text += d.toString("utf8")));
    const ended = new Promise((resolve) => sock.on("close", resolve));
    sock.write(`GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    await ended;
    const [head, body] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      error: { code: "too_large", message: "the request's headers are too large (16 KB at most)" },
    });
  });
});

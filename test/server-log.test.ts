/**
 * Nothing secret reaches the server's log: `cardroom serve` as a process,
 * logging everything it can (LOG_LEVEL=trace), plays a match between two
 * people through the API and the channel (sitting, moves, a hint, chat, a
 * reconnect, a seat's replay, refusals that carry keys); its whole output
 * then names no guest token, no seat secret, not the match seed, and no
 * seed of a hand not yet over.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { handSeed } from "../src/engine/seeds.js";
import { Channel, api } from "../src/server/client.js";
import type { ServerMessage, TableInfo, Update } from "../src/server/messages.js";
import { type SeatedGuest, guestSeat } from "./guests.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cardroom-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";

/** `cardroom serve` on a free port, everything it writes kept. */
function serve(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--host", "127.0.0.1"], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: join(dir, "db.sqlite"), LOG_LEVEL: "trace", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Cardroom server at (http:\/\/\S+) /.exec(out);
      if (m) {
        clearInterval(timer);
        resolve({ child, url: m[1], output: () => out });
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the server exited: ${out}`));
      }
    }, 20);
  });
}

describe("the server's log", () => {
  it("names no token, seat secret, match seed or unfinished hand's seed after a match", async () => {
    const { child, url, output } = await serve();
    const info = await api<TableInfo>(url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const people: SeatedGuest[] = [
      await guestSeat(url, info.id, 0, "Ann"),
      await guestSeat(url, info.id, 1, "Bo"),
    ];
    const as = (p: SeatedGuest) => ({ seat: p.seat, secret: p.secret });
    const chans = await Promise.all(people.map(() => Channel.open(url)));
    const last: Update[] = [];
    for (const [i, p] of people.entries()) {
      chans[i].send({ type: "watch", table: info.id, as: as(p) });
      last[i] = await chans[i].until(isUpdate);
    }
    /** Moves until `n` were made, each by the seat to act, its first legal one. */
    const play = async (n: number) => {
      for (let k = 0; k < n; k++) {
        const i = last.findIndex((u) => u.legal.length > 0);
        if (i < 0) return;
        chans[i].send({ type: "move", move: last[i].legal[0] });
        await chans[i].until((m): m is ServerMessage => m.type === "ok" || m.type === "error");
        for (const j of [0, 1]) {
          while (chans[j].heard.filter(isUpdate).at(-1)?.seq !== (await latestSeq()))
            await chans[j].until(isUpdate);
          last[j] = chans[j].heard.filter(isUpdate).at(-1)!;
        }
      }
    };
    const latestSeq = async () => (await api<{ seq: number }>(url, `/api/tables/${info.id}`)).seq;

    await play(6);
    chans[0].send({ type: "chat", text: "good luck" });
    await chans[1].until((m): m is ServerMessage => m.type === "chat");
    // Keys where they are refused: a wrong secret, a taken seat, a stray field beside a secret.
    chans[1].send({ type: "watch", table: info.id, as: { seat: 0, secret: people[1].secret } });
    await chans[1].until((m): m is ServerMessage => m.type === "error");
    await api(url, `/api/tables/${info.id}/seats/0`, { token: people[1].guest.token }).catch(() => undefined);
    await api(url, `/api/tables/${info.id}/leave`, { ...as(people[0]), extra: people[0].guest.token }).catch(
      () => undefined,
    );
    await api(url, `/api/tables/${info.id}/hint`, as(people[last[0].legal.length ? 0 : 1])).catch(
      () => undefined,
    );
    await fetch(`${url}/api/tables/${info.id}/replay?secret=${people[0].secret}`, {
      headers: { "x-cardroom-seat": "0", "x-cardroom-secret": people[0].secret },
    });
    // A reconnect from its last number.
    chans[1].close();
    chans[1] = await Channel.open(url);
    chans[1].send({ type: "watch", table: info.id, as: as(people[1]), since: last[1].seq });
    last[1] = await chans[1].until(isUpdate);
    await play(6);
    for (const c of chans) c.close();

    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    const log = output();
    expect(log).toMatch(/"url":"\/api\/tables\/[0-9a-f]{32}\/replay"/); // it did log the requests
    expect(log).not.toMatch(/\?secret=/);

    const db = new Database(join(dir, "db.sqlite"), { readonly: true });
    const { seed, status } = db.prepare("SELECT seed, status FROM match_table WHERE id = ?").get(info.id) as {
      seed: string;
      status: string;
    };
    db.close();
    expect(status).toBe("playing");
    const hand = last[0].view.handNumber as number;
    const secrets = {
      seed,
      handSeed: handSeed(seed, hand),
      ...Object.fromEntries(
        people.flatMap((p) => [
          [`token ${p.seat}`, p.guest.token],
          [`secret ${p.seat}`, p.secret],
        ]),
      ),
    };
    for (const [what, value] of Object.entries(secrets)) expect(log.includes(value), what).toBe(false);
  });
});

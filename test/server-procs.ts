/**
 * Server processes and players for the restart, cluster and exactly-once
 * tests: real `cardroom serve` child processes (killed in the tests'
 * `finally`/afterAll with bounded waits) and clients over real sockets.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { Channel, api } from "../src/server/client.js";
import type { ServerMessage, TableInfo, Update } from "../src/server/messages.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it wrote to stderr (a crash shows here). */
  readonly stderr: () => string;
}

/** Starts `cardroom serve` on a free port with `env`; resolves with its URL once it listens. */
export function serve(env: Record<string, string>, cwd: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, "serve"], {
    cwd,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", GRACE_SECONDS: "0", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in time: ${out}${err}`));
    }, 30_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Cardroom server at (http:\/\/\S+) /.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stderr: () => err });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening: ${err.trim()}`));
    });
  });
}

/** Kills a process (SIGKILL unless told) and waits at most `ms` for it to be gone. */
export function kill(
  p: ServerProcess | undefined,
  signal: NodeJS.Signals = "SIGKILL",
  ms = 5000,
): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    p.child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    p.child.kill(signal);
  });
}

/** Whether something answers on a TCP port (the test services). */
export function reachable(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ port, host });
    s.setTimeout(2000);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
    s.once("timeout", () => {
      s.destroy();
      resolve(false);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A person at a table over one WebSocket: its latest update and answers. */
export class Player {
  private constructor(
    /** The server it is connected to. */
    readonly url: string,
    readonly chan: Channel,
    readonly seat: number,
    readonly secret: string,
  ) {}

  static async watch(
    url: string,
    table: string,
    seat: number,
    secret: string,
    since?: number,
  ): Promise<Player> {
    const chan = await Channel.open(url);
    chan.send({ type: "watch", table, as: { seat, secret }, ...(since === undefined ? {} : { since }) });
    const p = new Player(url, chan, seat, secret);
    await p.waitFor(() => p.latest !== undefined);
    return p;
  }

  get messages(): ServerMessage[] {
    return this.chan.heard;
  }

  get latest(): Update | undefined {
    const r = this.chan.heard;
    for (let i = r.length - 1; i >= 0; i--) {
      const m = r[i];
      if (m.type === "update") return m;
    }
    return undefined;
  }

  async waitFor(ok: () => boolean, ms = 15_000): Promise<void> {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(5)) if (ok()) return;
    throw new Error(`seat ${this.seat}: not in time (latest event ${this.latest?.seq ?? "none"})`);
  }

  /** Waits for an update at event `seq` or later. */
  until(seq: number): Promise<void> {
    return this.waitFor(() => (this.latest?.seq ?? -1) >= seq);
  }

  /** Sends a message and resolves with the server's answer to it (ok or error). */
  async ask(m: Record<string, unknown>): Promise<ServerMessage> {
    const from = this.chan.heard.length;
    this.chan.send(m);
    let answer: ServerMessage | undefined;
    await this.waitFor(() => {
      answer = this.chan.heard.slice(from).find((x) => x.type === "ok" || x.type === "error");
      return answer !== undefined;
    });
    return answer!;
  }

  close(): void {
    this.chan.close();
  }
}

/** A table of open seats with a guest in each (guests made through `urls[seat % urls.length]`). */
export async function seatedTable(
  urls: readonly string[],
  game: string,
  players: number,
  options: Record<string, unknown> = {},
): Promise<{ info: TableInfo; secrets: string[] }> {
  const seats = Array.from({ length: players }, () => ({ kind: "open" }));
  const info = await api<TableInfo>(urls[0], "/api/tables", { game, seats, options });
  const secrets: string[] = [];
  for (let seat = 0; seat < players; seat++) {
    const url = urls[seat % urls.length];
    const g = await api<{ token: string }>(url, "/api/guests", { name: `P${seat}` });
    const sat = await api<{ secret: string }>(url, `/api/tables/${info.id}/seats/${seat}`, {
      token: g.token,
    });
    secrets.push(sat.secret);
  }
  return { info, secrets };
}

/**
 * Plays `moves` moves (or until the match ends) with whichever player is to
 * act, dealing the next hand when one ends; every player keeps up. Returns
 * the moves acknowledged.
 */
export async function playOn(players: readonly Player[], moves: number): Promise<number> {
  let acked = 0;
  for (let i = 0; i < moves; i++) {
    // A seat none of `players` holds may be to act (a computer playing for an away seat): its move comes.
    const ready = (): boolean => {
      const status = players[0].latest!.status as { handOver: boolean; matchOver: boolean };
      return status.matchOver || status.handOver || players.some((p) => (p.latest?.legal.length ?? 0) > 0);
    };
    await players[0].waitFor(ready).catch(() => {
      throw new Error("nobody can move");
    });
    const u = players[0].latest!;
    const status = u.status as { toAct: number[]; handOver: boolean; matchOver: boolean; hand: number };
    if (status.matchOver) break;
    const mover = status.handOver ? players[0] : players.find((p) => (p.latest?.legal.length ?? 0) > 0)!;
    const r = status.handOver
      ? await mover.ask({ type: "next", hand: status.hand })
      : await mover.ask({ type: "move", move: mover.latest!.legal[0] });
    if (r.type !== "ok") throw new Error(`refused: ${JSON.stringify(r)}`);
    acked++;
    const seq = (await api<TableInfo>(mover.url, `/api/tables/${u.table}`)).seq;
    await Promise.all(players.map((p) => p.until(seq)));
  }
  return acked;
}

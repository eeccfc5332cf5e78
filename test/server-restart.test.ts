/**
 * kill -9 on the embedded default (SQLite): a `cardroom serve` process is
 * killed mid-game and started again on the same file; every table goes on
 * exactly where it was (the same event number, views and legal moves for
 * every seat), nothing acknowledged is lost, and play goes on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo, Update } from "../src/server/messages.js";
import { Player, type ServerProcess, kill, playOn, seatedTable, serve } from "./server-procs.js";

let dir: string;
let server: ServerProcess | undefined;
const players: Player[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-restart-"));
});

afterAll(async () => {
  players.forEach((p) => p.close());
  await kill(server);
  rmSync(dir, { recursive: true, force: true });
});

describe("kill -9 and restart on SQLite", () => {
  it("every table goes on exactly where it was", async () => {
    const env = { DATABASE_URL: join(dir, "cardroom.sqlite") };
    server = await serve(env, dir);
    const games = ["cribbage", "gin-rummy", "roy"];
    const tables: { info: TableInfo; secrets: string[] }[] = [];
    for (const game of games) {
      const t = await seatedTable([server.url], game, 2);
      tables.push(t);
      const ps = await Promise.all(t.secrets.map((s, seat) => Player.watch(server!.url, t.info.id, seat, s)));
      players.push(...ps);
      await playOn(ps, 15);
    }
    // A table with a computer at it: its answers are stored before the person's move is acknowledged.
    const withComputer = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer" }],
    });
    const g = await api<{ token: string }>(server.url, "/api/guests", { name: "Solo" });
    const sat = await api<{ secret: string }>(server.url, `/api/tables/${withComputer.id}/seats/0`, {
      token: g.token,
    });
    tables.push({ info: withComputer, secrets: [sat.secret] });
    const solo = await Player.watch(server.url, withComputer.id, 0, sat.secret);
    players.push(solo);
    await playOn([solo], 8);

    const before: Update[][] = tables.map((_, i) =>
      players.filter((p) => p.latest!.table === tables[i].info.id).map((p) => p.latest!),
    );
    await kill(server);
    expect(server.child.signalCode).toBe("SIGKILL");
    players.splice(0).forEach((p) => p.close());

    server = await serve(env, dir);
    for (const [i, t] of tables.entries()) {
      const again: Player[] = [];
      for (const [seat, secret] of t.secrets.entries()) {
        const was = before[i][seat];
        // Comes back with its number: nothing missed, the same view and moves.
        const p = await Player.watch(server.url, t.info.id, seat, secret, was.seq);
        again.push(p);
        players.push(p);
        const u = p.latest!;
        expect([u.seq, u.full, u.events.length]).toEqual([was.seq, false, 0]);
        expect(u.view).toEqual(was.view);
        expect(u.legal).toEqual(was.legal);
        expect(u.status).toEqual(was.status);
      }
      // And the whole resync a new client gets replays to the same place.
      const fresh = await Player.watch(server.url, t.info.id, 0, t.secrets[0]);
      expect(fresh.latest!.full).toBe(true);
      expect(fresh.latest!.view).toEqual(before[i][0].view);
      fresh.close();
      const on = await playOn(again, 5);
      if (!(again[0].latest!.status as { matchOver: boolean }).matchOver)
        expect(on, t.info.game).toBeGreaterThan(0);
    }
    expect(server.stderr()).toBe("");
  });
});

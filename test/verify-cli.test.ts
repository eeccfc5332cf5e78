/**
 * `cardroom verify` as a user runs it (the built command): a proof file, a
 * replay URL and an invite link of a real server; exit 0 when the proof
 * holds, 1 with one line when it fails, 2 with one line for what is not a proof.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crazyEights } from "../src/games/crazy-eights/game.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { playedProof } from "../bench/played-proof.js";
import { Player, type ServerProcess, kill, playOn, seatedTable, serve } from "./server-procs.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

/** Runs `cardroom verify SOURCE` without blocking the test's event loop (the server answers meanwhile). */
function verify(source: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, "verify", source], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

let dir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-verify-"));
  // Two people playing as fast as the test sends: no limit on their messages.
  server = await serve({ DATABASE_URL: join(dir, "cardroom.db"), MESSAGES_PER_SECOND: "100000" }, dir);
});

afterAll(async () => {
  await kill(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

describe("cardroom verify", () => {
  it("exits 0 for a proof that holds, 1 with one line for a forged one, 2 for what is not a proof", async () => {
    const p = playedProof(crazyEights, { seed: "cli", viewer: 0, options: { target: 1 } });
    const { table: _table, ...replay } = p;
    const good = join(dir, "good.json");
    writeFileSync(good, JSON.stringify(replay));
    const ok = await verify(good);
    expect(ok.stdout).toMatch(/^OK: the 1 hand of Crazy Eights \(events 1 to \d+\): /);
    expect([ok.status, ok.stderr]).toEqual([0, ""]);

    const forged = join(dir, "forged.json");
    writeFileSync(forged, JSON.stringify({ ...replay, events: replay.events.filter((e) => e.seq !== 5) }));
    const bad = await verify(forged);
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      1,
      "",
      "cardroom: verify: hand 1, event 5: missing (the numbers go from 4 to 6)\n",
    ]);

    const notJson = join(dir, "notes.txt");
    writeFileSync(notJson, "my hand was good\n");
    const notProof = join(dir, "other.json");
    writeFileSync(notProof, JSON.stringify({ hello: "world" }));
    for (const [source, line] of [
      [notJson, `cardroom: ${notJson} is not JSON`],
      [
        notProof,
        `cardroom: ${notProof}: not a Cardroom replay (it needs game, players, options, viewer, events)`,
      ],
      [join(dir, "absent.json"), `cardroom: cannot read ${join(dir, "absent.json")}`],
    ]) {
      const r = await verify(source);
      expect([r.status, r.stdout, r.stderr]).toEqual([2, "", `${line}\n`]);
    }
  });

  it("reads a finished match from a replay URL and from the table's invite link", async () => {
    const url = server!.url;
    // A table of computers only answers once its match is over.
    const info = await api<TableInfo>(url, "/api/tables", {
      game: "cribbage",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
    });
    for (const source of [`${url}/replay/${info.id}`, `${url}/api/tables/${info.id}/replay`, info.invite]) {
      const r = await verify(source);
      expect(r.stdout).toMatch(/^OK: all \d+ hands of Cribbage \(events 1 to \d+\): .* a spectator received/);
      expect([r.status, r.stderr]).toEqual([0, ""]);
    }
    const missing = await verify(`${url}/t/ZZZZZZ`);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^cardroom: .*\/t\/ZZZZZZ: HTTP 404: no such table\n$/);
  });

  it("holds for a match being played, between hands and within a hand: the seat's file, the replay URLs", async () => {
    const url = server!.url;
    // Two people at Crazy Eights (a high target, so that the match is far from over after three hands).
    const { info, secrets } = await seatedTable([url], "crazy-eights", 2, { target: 1000 });
    const players = [0, 1].map((seat) => Player.watch(url, info.id, seat, secrets[seat]));
    const [p0, p1] = await Promise.all(players);
    type Status = { handOver: boolean; matchOver: boolean; hand: number };
    const status = () => p0.latest!.status as Status;
    const seatFile = async (name: string) => {
      const proof = await api<Record<string, unknown>>(url, `/api/tables/${info.id}/replay`, undefined, {
        "x-cardroom-seat": "0",
        "x-cardroom-secret": secrets[0],
      });
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(proof));
      return file;
    };
    const sources = async (name: string) => [
      await seatFile(name),
      `${url}/replay/${info.id}`,
      `${url}/api/tables/${info.id}/replay`,
    ];
    try {
      // Hands 1 and 2 played; the next deal waits for a seat to ask for it.
      while (!(status().handOver && status().hand === 2)) {
        expect(status().matchOver).toBe(false);
        await playOn([p0, p1], 1);
      }
      for (const source of await sources("between.json")) {
        const r = await verify(source);
        expect([r.status, r.stderr]).toEqual([0, ""]);
        expect(r.stdout).toMatch(
          /^OK: hands 1-2 verified, the match goes on \(Crazy Eights: every seed revealed /,
        );
      }
      // Hand 3 dealt and a few moves into it.
      await playOn([p0, p1], 4);
      expect(status()).toMatchObject({ hand: 3, handOver: false });
      for (const source of await sources("playing.json")) {
        const r = await verify(source);
        expect([r.status, r.stderr]).toEqual([0, ""]);
        expect(r.stdout).toMatch(
          /^OK: hands 1-2 verified, hand 3 in play: seed not yet revealed \(Crazy Eights: /,
        );
      }
    } finally {
      p0.close();
      p1.close();
    }
  }, 120_000);
});

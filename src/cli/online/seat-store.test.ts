import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetSeat, loadSeat, saveSeat, serverKey, tableServer, takeBackCommand } from "./seat-store.js";

const secret = "ab".repeat(32);
let dir: string;
let before: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-seats-"));
  before = process.env.XDG_CONFIG_HOME;
  process.env.XDG_CONFIG_HOME = dir;
});

afterEach(() => {
  if (before === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = before;
  rmSync(dir, { recursive: true, force: true });
});

describe("a kept seat belongs to the server, not to how its address was spelled", () => {
  it("reads localhost, 127.0.0.1, a trailing slash, a path and capitals as one server", () => {
    const spellings = [
      "http://localhost:3931",
      "http://127.0.0.1:3931/",
      "http://LOCALHOST:3931/t/ABCDEF",
      "http://[::1]:3931",
    ];
    expect(new Set(spellings.map(serverKey))).toEqual(new Set(["http://localhost:3931"]));
    expect(serverKey("https://cards.example.com:443/")).toBe("https://cards.example.com");
    expect(serverKey("http://cards.example.com:3931")).not.toBe(serverKey("http://localhost:3931"));
  });

  it("keeps the seat under the server's announced address and gives it back whichever spelling reached it", () => {
    const announced = tableServer("http://localhost:3931/t/ABCDEF", "http://127.0.0.1:3931");
    saveSeat(announced, "t1", "Ann", { seat: 1, secret });
    const other = tableServer("http://localhost:3931/t/ABCDEF", "http://localhost:3931/");
    expect(loadSeat(other, "t1", "Ann")).toEqual({ seat: 1, secret });
    expect(loadSeat(other, "t1", "Bob")).toBeNull();
    forgetSeat("http://127.0.0.1:3931/", "t1", "Ann");
    expect(loadSeat(other, "t1", "Ann")).toBeNull();
  });

  it("prints a take-back command the shell reads back as it was: server and name included", () => {
    expect(takeBackCommand("http://127.0.0.1:3931", "ABCDEF", "Ann")).toBe(
      "npx cardroom join ABCDEF --server http://127.0.0.1:3931 --name Ann",
    );
    expect(takeBackCommand("http://localhost:3000", "ABCDEF", "Ann Lee's")).toBe(
      `npx cardroom join ABCDEF --server http://localhost:3000 --name 'Ann Lee'\\''s'`,
    );
  });
});

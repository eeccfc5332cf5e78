/**
 * The embedded storage (SQLite) keeps what it acknowledges, entry by entry,
 * when many are written at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { openStorage } from "../src/server/storage.js";
import { checkEntriesWrittenAtOnce } from "./storage-checks.js";

it("stores log entries written at once each as asked, and refuses a taken number (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cardroom-storage-"));
  try {
    const storage = await openStorage(join(dir, "db.sqlite"));
    await checkEntriesWrittenAtOnce(storage, "t-at-once");
    await storage.close();
    // And after closing: all of it there.
    const again = await openStorage(join(dir, "db.sqlite"));
    expect((await again.entries("t-at-once")).length).toBe(301);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

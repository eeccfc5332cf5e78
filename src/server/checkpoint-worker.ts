/**
 * The SQLite checkpointer's worker (./checkpointer.ts): copies the WAL's
 * committed pages into the database file on a connection of its own, off
 * the server's event loop. PASSIVE: it never waits for the writer or a
 * reader, and they never wait for it.
 */
import Database from "better-sqlite3";

let db: Database.Database | null = null;
let file = "";

export default function checkpoint(task: { file: string; close?: boolean }): number {
  if (task.close) {
    db?.close();
    db = null;
    return 0;
  }
  if (!db || file !== task.file) {
    db?.close();
    db = new Database(task.file, { fileMustExist: true });
    file = task.file;
  }
  const [r] = db.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
  return r.checkpointed;
}

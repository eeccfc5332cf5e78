import type { Readable, Writable } from "node:stream";
import { EngineSession } from "../protocol/engine-session.js";
import { LineReader } from "./terminal.js";

/** The engine protocol on a pair of streams: one response line per request line, in order. */
export async function runEngine(input: Readable, output: Writable): Promise<void> {
  const session = new EngineSession();
  const lines = new LineReader(input);
  for (let line = await lines.next(); line !== null; line = await lines.next()) {
    // A blank line is no request (a stray newline from a client's print), so it gets no answer.
    if (line.trim() === "") continue;
    output.write(session.handleLine(line) + "\n");
  }
}

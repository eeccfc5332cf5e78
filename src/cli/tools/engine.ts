import type { Readable, Writable } from "node:stream";
import { EngineSession } from "../../protocol/engine-session.js";
import { LineReader } from "../terminal.js";

/** The engine protocol on a pair of streams: one response line per request line, in order. */
export async function runEngine(input: Readable, output: Writable): Promise<void> {
  const session = new EngineSession();
  const lines = new LineReader(input);
  for (let line = await lines.next(); line !== null; line = await lines.next()) {
    // A blank line is no request (a stray newline from a client's print), so it gets no answer.
    if (line.trim() === "") continue;
    output.write(answer(session, line) + "\n");
  }
}

/** The session's answer; should it ever throw, still one line, and the session (and its match) lives on. */
function answer(session: EngineSession, line: string): string {
  try {
    return session.handleLine(line);
  } catch (e) {
    const message = `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return JSON.stringify({ id: null, ok: false, error: { code: "bad_request", message } });
  }
}

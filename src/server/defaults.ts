/**
 * The server's settings a user can change, with their defaults: here, apart from the server itself,
 * so that the command line reads them without loading the server (`cardroom play` starts in a
 * fraction of the time when it loads no web framework and no database layer).
 */

export interface ServerLimits {
  /** Largest WebSocket message read (bytes); larger ones get an error and change nothing. */
  readonly messageBytes: number;
  /** Messages a second per connection and per identity (a seat, or a guest token), with bursts of twice that. */
  readonly messagesPerSecond: number;
  /** HTTP requests a second per address. */
  readonly requestsPerSecond: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  messageBytes: 4096,
  messagesPerSecond: 20,
  requestsPerSecond: 50,
};

/** How long a person's seat waits for them after their connection is lost (`GRACE_SECONDS`). */
export const DEFAULT_GRACE_MS = 60_000;

/** Where the embedded database lives unless `DATABASE_URL` says otherwise. */
export const DEFAULT_SQLITE_FILE = "data/cardroom.sqlite";

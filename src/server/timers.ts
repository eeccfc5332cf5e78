/**
 * Deadlines by key, one timer each: setting a key again replaces its
 * deadline, and `close` stops them all. The tables' turn timers and the
 * seats' grace periods are kept here, apart from the rules.
 */

/** setTimeout's longest delay; a later deadline is checked again then. */
const LONGEST = 2 ** 31 - 1;

export class Deadlines {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  /** Calls `fire` at `at` (ms since the epoch; at once when past), instead of the key's earlier deadline. */
  set(key: string, at: number, fire: () => void): void {
    this.clear(key);
    if (this.closed) return;
    const wait = at - Date.now();
    const timer = setTimeout(
      () => {
        this.timers.delete(key);
        if (wait > LONGEST) this.set(key, at, fire);
        else fire();
      },
      Math.min(Math.max(0, wait), LONGEST),
    );
    timer.unref(); // a deadline never keeps the process alive
    this.timers.set(key, timer);
  }

  clear(key: string): void {
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
  }

  has(key: string): boolean {
    return this.timers.has(key);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

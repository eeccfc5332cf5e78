/** A key unused this long is forgotten (its bucket has long been full again). */
const IDLE_MS = 60_000;

/**
 * Token buckets by key (a connection, a seat, an address): `perSecond`
 * tokens a second, bursts of twice that. A key unused for a while is
 * dropped (looked for once a minute, and at once when 100,000 are held), so
 * neither a flood of new keys nor the keys of tables long gone grow the map.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private swept = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst = perSecond * 2,
  ) {}

  /** Whether `key` may act now (and counts it). */
  take(key: string, now = Date.now()): boolean {
    if (now - this.swept >= IDLE_MS) this.sweep(now);
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= 100_000) this.sweep(now);
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** How long until `key` may act again (ms, at least 1): what a refusal tells the client to wait. */
  waitMs(key: string, now = Date.now()): number {
    const b = this.buckets.get(key);
    if (!b) return 1;
    const tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    return Math.max(1, Math.ceil(((1 - tokens) / this.perSecond) * 1000));
  }

  /** Forgets the keys unused for IDLE_MS: their buckets are full again, as a new key's would be. */
  private sweep(now: number): void {
    this.swept = now;
    for (const [k, b] of this.buckets) if (now - b.at > IDLE_MS) this.buckets.delete(k);
    if (this.buckets.size >= 100_000) this.buckets.clear();
  }
}

/**
 * Token buckets by key (a connection, a seat, an address): `perSecond`
 * tokens a second, bursts of twice that. A key unused for a while is
 * dropped, so a flood of new keys cannot grow the map without end.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst = perSecond * 2,
  ) {}

  /** Whether `key` may act now (and counts it). */
  take(key: string, now = Date.now()): boolean {
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

  private sweep(now: number): void {
    for (const [k, b] of this.buckets) if (now - b.at > 60_000) this.buckets.delete(k);
    if (this.buckets.size >= 100_000) this.buckets.clear();
  }
}

/**
 * Counts attempts per key in a sliding window (per account; per-IP limits come from @fastify/rate-limit).
 * Kept in memory: several API processes each keep their own count, which only loosens the limit.
 */
export function createAttemptLimiter(opts: { max: number; windowMs: number }) {
  const attempts = new Map<string, number[]>();
  return {
    /** Records an attempt; false when the key has used up its window. */
    take(key: string, now = Date.now()): boolean {
      const recent = (attempts.get(key) ?? []).filter((t) => now - t < opts.windowMs);
      if (recent.length >= opts.max) {
        attempts.set(key, recent);
        return false;
      }
      recent.push(now);
      attempts.set(key, recent);
      if (attempts.size > 100_000) attempts.delete(attempts.keys().next().value!);
      return true;
    },
    /** Seconds until `key` may try again (0 when it may now): the value of a 429's Retry-After. */
    retryAfterSeconds(key: string, now = Date.now()): number {
      const recent = (attempts.get(key) ?? []).filter((t) => now - t < opts.windowMs);
      if (recent.length < opts.max) return 0;
      return Math.max(1, Math.ceil((recent[0]! + opts.windowMs - now) / 1000));
    },
    reset(key: string) {
      attempts.delete(key);
    },
  };
}

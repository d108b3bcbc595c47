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
    reset(key: string) {
      attempts.delete(key);
    },
  };
}

import { and, count, eq, lt, min, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { attempts } from '../db/schema/index.js';

/**
 * Counts attempts per key in a sliding window, in the database: with several API processes the limit holds
 * for all of them together (the in-memory `createAttemptLimiter` counts per process).
 */
export function createSharedAttemptLimiter(opts: { db: TDb; scope: string; max: number; windowMs: number }) {
  const { db, scope, max, windowMs } = opts;
  const where = (key: string) => and(eq(attempts.scope, scope), eq(attempts.key, key));
  return {
    /** Records an attempt and answers 0, or, when the key has used up its window, the seconds until it may try again. */
    async take(key: string, now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        // Two processes counting the same key at once take turns, so neither lets one attempt too many through.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${key}`}))`);
        await tx.delete(attempts).where(and(where(key), lt(attempts.at, new Date(now.getTime() - windowMs))));
        const [used] = await tx
          .select({ n: count(), first: min(attempts.at) })
          .from(attempts)
          .where(where(key));
        if (used!.n >= max)
          return Math.max(1, Math.ceil((used!.first!.getTime() + windowMs - now.getTime()) / 1000));
        await tx.insert(attempts).values({ scope, key, at: now });
        return 0;
      });
    },
    async reset(key: string) {
      await db.delete(attempts).where(where(key));
    },
  };
}

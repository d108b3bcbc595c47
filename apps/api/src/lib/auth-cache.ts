import type { TAuthWrites } from '../db/auth-writes.js';

/** Enough for every session × company of a busy install; past it the cache starts again empty. */
const MAX_ENTRIES = 10_000;

/**
 * Reads of sessions, users, memberships and companies, kept until the next write to any of them (db/auth-writes.ts):
 * a request's session and membership check then costs no statement. This process's own sign-out, removal or
 * suspension is honoured by its very next request; on PostgreSQL another process's is honoured once its commit's
 * notification has arrived (and while none can arrive, nothing is kept).
 */
export function createAuthCache<TValue>(writes: TAuthWrites) {
  const entries = new Map<string, TValue>();
  let entriesOf = -1;
  return {
    async get(key: string, read: () => Promise<TValue>): Promise<TValue> {
      const before = writes.generation();
      if (entriesOf !== before) {
        entries.clear();
        entriesOf = before;
      }
      if (entries.has(key)) return entries.get(key) as TValue;
      const value = await read();
      // A write sent while this read was queued or running may not be in it: not kept.
      if (writes.generation() === before && entriesOf === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, value);
      }
      return value;
    },
  };
}

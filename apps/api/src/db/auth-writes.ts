import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * A count of the writes that can change who may do what: to sessions (sign-in, sign-out, refresh), users (sign-out
 * everywhere, account deletion and its cascades), memberships (joins, role changes, removals) and companies
 * (suspension, deletion and its cascades). Caches of session, membership and profile reads stay valid only while
 * it does not move (lib/auth-cache.ts).
 */
export type TAuthWrites = { generation: () => number };

/**
 * A statement that writes one of those tables, in any form drizzle or hand-written SQL takes (quoted or not,
 * schema-qualified, in a CTE). A false match only empties the caches; a miss would keep a revoked right, so the
 * test (auth-writes.test.ts) sends every form.
 */
const AUTH_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:sessions|users|memberships|companies)"?(?=[\s(,;]|$)/i;

export const writesAuth = (statement: string) => AUTH_WRITE.test(statement);

type TRunner = Pick<PGlite, 'query' | 'exec'>;

/**
 * Counts auth writes on the embedded database. Every statement of this process goes through its one PGlite (no other
 * process can open the data folder), so the count sees every write and a cache keyed on it is exact: nothing is
 * served from a cache once a write that could change it has been sent. The count moves when such a statement is
 * sent (reads queued behind it see it) and again when it and its transaction have ended.
 */
export function watchAuthWrites(pglite: PGlite): TAuthWrites {
  let generation = 0;
  const bump = () => {
    generation += 1;
  };
  const watch = <T extends TRunner>(runner: T, onWrite: () => void): T => {
    const query = runner.query.bind(runner);
    const exec = runner.exec.bind(runner);
    runner.query = async (statement, params, options) => {
      if (!writesAuth(statement)) return query(statement, params, options);
      onWrite();
      try {
        return await query(statement, params, options);
      } finally {
        onWrite();
      }
    };
    runner.exec = async (statement, options) => {
      if (!writesAuth(statement)) return exec(statement, options);
      onWrite();
      try {
        return await exec(statement, options);
      } finally {
        onWrite();
      }
    };
    return runner;
  };
  watch(pglite, bump);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => {
    let wrote = false;
    try {
      return await transaction((tx) =>
        callback(
          watch(tx, () => {
            wrote = true;
            bump();
          }),
        ),
      );
    } finally {
      // Committed (or rolled back): whatever was read while the transaction ran is read again.
      if (wrote) bump();
    }
  };
  return { generation: () => generation };
}

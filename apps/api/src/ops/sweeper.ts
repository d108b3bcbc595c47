import { and, eq, inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client.js';
import { attempts, documents, mailMessages, orders } from '../db/schema/index.js';
import type { Storage, TStoredKey } from '../lib/storage.js';
import type { TJobs } from '../plugins/jobs.js';

/** A document still `reading` this long after its upload, with no job for it, lost its job to a crash. */
const STUCK_AFTER_MS = 2 * 60_000;
/** A file nothing refers to this long after it was written will never be: its upload died before the row. */
const ORPHAN_AFTER_MS = 10 * 60_000;
const BATCH = 500;
const DAY = 24 * 60 * 60_000;

/**
 * The prefixes whose every file belongs to a row, with the columns that hold their keys. Logos, profile
 * pictures and dispute photos are left alone: a replaced dispute photo is kept on purpose for the audit trail.
 */
const KEY_COLUMNS: Record<string, [PgTable, PgColumn][]> = {
  documents: [
    [documents, documents.fileKey],
    [orders, orders.fileKey],
  ],
  mail: [[mailMessages, mailMessages.rawKey]],
};

export type TSweepResult = { requeued: number[]; removed: string[] };
export type TSweeper = { sweep: (now?: Date) => Promise<TSweepResult> };

/**
 * Puts right what a process killed at the wrong moment leaves behind. Uploads store the file, then insert the
 * row, then queue the reading job: a SIGKILL between the first two leaves a file no row refers to (removed
 * here once it is old enough that no upload can still be writing its row), and one between the last two leaves
 * a document `reading` for ever (its job is queued again; reading is idempotent, so a late duplicate stores
 * nothing twice).
 */
export function createSweeper(deps: {
  db: TDb;
  storage: Storage;
  jobs: TJobs;
  log: FastifyBaseLogger;
}): TSweeper {
  const { db, storage, jobs, log } = deps;

  async function requeueStuck(now: Date) {
    const stuck = await db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.status, 'reading'),
          lt(documents.createdAt, new Date(now.getTime() - STUCK_AFTER_MS)),
        ),
      );
    const requeued: number[] = [];
    for (const { id } of stuck) {
      if (await jobs.isPending('read-document', { documentId: id })) continue;
      await jobs.send('read-document', { documentId: id });
      requeued.push(id);
    }
    return requeued;
  }

  async function unreferenced(prefix: string, keys: string[]) {
    const referenced = new Set<string>();
    for (const [table, column] of KEY_COLUMNS[prefix]!) {
      const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
      for (const row of rows) referenced.add(row.key as string);
    }
    return keys.filter((k) => !referenced.has(k));
  }

  async function removeOrphans(now: Date) {
    const removed: string[] = [];
    for (const prefix of Object.keys(KEY_COLUMNS)) {
      let batch: TStoredKey[] = [];
      const flush = async () => {
        for (const key of await unreferenced(
          prefix,
          batch.map((b) => b.key),
        )) {
          await storage.delete(key);
          removed.push(key);
        }
        batch = [];
      };
      for await (const stored of storage.list(prefix)) {
        if (now.getTime() - stored.modified.getTime() < ORPHAN_AFTER_MS) continue;
        batch.push(stored);
        if (batch.length === BATCH) await flush();
      }
      if (batch.length) await flush();
    }
    return removed;
  }

  return {
    async sweep(now = new Date()) {
      const requeued = await requeueStuck(now);
      const removed = await removeOrphans(now);
      // Sign-in and reset attempts count for an hour at most; older ones only fill the table.
      await db.delete(attempts).where(lt(attempts.at, new Date(now.getTime() - DAY)));
      if (requeued.length || removed.length)
        log.warn({ requeued, removed }, 'sweeper: put back what an interrupted upload left behind');
      return { requeued, removed };
    },
  };
}

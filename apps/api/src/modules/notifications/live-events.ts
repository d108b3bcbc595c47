import { and, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TDatabase, TDb } from '../../db/client.js';
import { liveEvents, type TLiveEventRow } from '../../db/schema/index.js';

/** The NOTIFY channel that wakes the API processes when an event was written. */
const CHANNEL = 'ob_live_events';
/** Writers of events serialise on this lock, so event ids become visible in increasing order (see publish). */
const WRITE_LOCK = 7_160_016;
/** Events are kept this long for clients that resume with Last-Event-ID. */
const KEEP_HOURS = 24;
/** A wake-up that never came (a dropped LISTEN connection) delays an event by at most this long. */
const SAFETY_POLL_MS = 2000;
/** Events read at once, by the hub and for a resuming client. */
export const BACKLOG_BATCH = 1000;

export type TLiveEventInput = {
  companyId: number | null;
  userId?: string | null;
  type: string;
  data: Record<string, unknown>;
};

/**
 * Writes events of the live stream, inside the caller's transaction when it is one (they are then seen exactly
 * when the change they report is). The advisory lock, held to the end of the outermost transaction, keeps ids
 * in commit order: a reader that has seen id n never misses a smaller id committed later.
 */
export async function publishLiveEvents(db: TDb, events: TLiveEventInput[]): Promise<void> {
  if (!events.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
    await tx
      .insert(liveEvents)
      .values(
        events.map((e) => ({ companyId: e.companyId, userId: e.userId ?? null, type: e.type, data: e.data })),
      );
    await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
  });
}

/**
 * Removes events older than a day (the hourly `prune-live-events` job calls it, in worker processes); returns
 * how many. A client that was away longer resumes from the oldest event still kept.
 */
export async function pruneLiveEvents(db: TDb): Promise<number> {
  const gone = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, sql`now() - ${`${KEEP_HOURS} hours`}::interval`))
    .returning({ id: liveEvents.id });
  return gone.length;
}

export type TLiveListener = {
  userId: string;
  sessionId: string;
  companyIds: Set<number>;
  /** The id of the last event this listener got; the hub never sends it an event twice. */
  cursor: number;
  send: (event: TLiveEventRow) => void;
  close: () => void;
};

export type TLiveHub = Awaited<ReturnType<typeof createLiveHub>>;

/**
 * One per API process: wakes on NOTIFY (PostgreSQL, or PGlite's in-process listen), reads the new events once
 * and hands each to the listeners of its company (or user). One query per batch, whatever the listener count.
 */
export async function createLiveHub(database: TDatabase, log: FastifyBaseLogger) {
  const db = database.db;
  const byCompany = new Map<number, Set<TLiveListener>>();
  const byUser = new Map<string, Set<TLiveListener>>();
  const [last] = await db
    .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)::bigint` })
    .from(liveEvents);
  let lastId = Number(last?.id ?? 0);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const deliver = (event: TLiveEventRow) => {
    if (event.type === 'signed-out') {
      // Sign-out everywhere (no session id) or of one device: its streams end at once.
      const sessionId = event.data.sessionId as string | undefined;
      for (const l of [...(byUser.get(event.userId!) ?? [])])
        if (!sessionId || l.sessionId === sessionId) l.close();
      return;
    }
    const targets = event.companyId === null ? byUser.get(event.userId!) : byCompany.get(event.companyId);
    for (const l of targets ?? []) {
      if (event.userId && l.userId !== event.userId) continue;
      if (event.id <= l.cursor) continue;
      l.cursor = event.id;
      l.send(event);
    }
  };

  const drain = async () => {
    do {
      again = false;
      const rows = await db
        .select()
        .from(liveEvents)
        .where(gt(liveEvents.id, lastId))
        .orderBy(liveEvents.id)
        .limit(BACKLOG_BATCH);
      for (const row of rows) {
        lastId = row.id;
        deliver(row);
      }
      if (rows.length === BACKLOG_BATCH) again = true;
    } while (again && !closed);
  };
  const wake = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error) => log.error({ err: error }, 'live events could not be read'))
      .finally(() => {
        running = null;
      });
  };

  let stopListening: () => Promise<void>;
  if (database.pglite) {
    stopListening = await database.pglite.listen(CHANNEL, wake);
  } else {
    const client = new pg.Client({ connectionString: database.url });
    client.on('notification', wake);
    client.on('error', (error) => log.error({ err: error }, 'live events: LISTEN connection failed'));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    stopListening = () => client.end();
  }
  const poll = setInterval(wake, SAFETY_POLL_MS);
  poll.unref();

  const add = <K>(map: Map<K, Set<TLiveListener>>, key: K, l: TLiveListener) => {
    const set = map.get(key) ?? new Set();
    map.set(key, set);
    set.add(l);
  };
  const remove = <K>(map: Map<K, Set<TLiveListener>>, key: K, l: TLiveListener) => {
    const set = map.get(key);
    set?.delete(l);
    if (set?.size === 0) map.delete(key);
  };

  return {
    /** The newest event id this process has dispatched: a fresh stream starts after it. */
    get lastId() {
      return lastId;
    },
    get listenerCount() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    subscribe(listener: TLiveListener) {
      add(byUser, listener.userId, listener);
      for (const id of listener.companyIds) add(byCompany, id, listener);
      return () => {
        remove(byUser, listener.userId, listener);
        for (const id of listener.companyIds) remove(byCompany, id, listener);
      };
    },
    /** Events after `afterId` that the listener may see, for a client resuming with Last-Event-ID. */
    async backlog(listener: Pick<TLiveListener, 'userId' | 'companyIds'>, afterId: number) {
      const companies = [...listener.companyIds];
      return db
        .select()
        .from(liveEvents)
        .where(
          and(
            gt(liveEvents.id, afterId),
            lte(liveEvents.id, lastId),
            ne(liveEvents.type, 'signed-out'),
            or(isNull(liveEvents.userId), eq(liveEvents.userId, listener.userId)),
            or(
              companies.length ? inArray(liveEvents.companyId, companies) : undefined,
              and(isNull(liveEvents.companyId), eq(liveEvents.userId, listener.userId)),
            ),
          ),
        )
        .orderBy(liveEvents.id)
        .limit(BACKLOG_BATCH);
    },
    async close() {
      closed = true;
      clearInterval(poll);
      await running;
      for (const set of byUser.values()) for (const l of [...set]) l.close();
      await stopListening();
    },
  };
}

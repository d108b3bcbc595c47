import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { TDb } from '../../db/client.js';
import { mailboxes, type TMailboxRow } from '../../db/schema/index.js';
import type { TMailboxesService } from './mailboxes.service.js';

/** A worker's claim on a mailbox lasts this long; it renews it every LEASE_RENEW_MS. */
const LEASE_SECONDS = 30;
const LEASE_RENEW_MS = 10_000;
/** Reconnecting waits 1 s, then twice as long after every failure, up to 5 minutes. */
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** A connection that lived this long was healthy: the next failure starts the backoff from the minimum again. */
const HEALTHY_MS = 60_000;

type TOptions = {
  db: TDb;
  mailboxes: TMailboxesService['watching'];
  log: FastifyBaseLogger;
  /** At most this many IDLE connections in this process; the rest are left to other workers and to polling. */
  max: number;
};

type TWatch = {
  row: TMailboxRow;
  client?: ImapFlow;
  stopped: boolean;
  wake?: () => void;
  done: Promise<void>;
};

/** The settings a connection was made with: a change (new password, host…) means connecting again. */
const settingsOf = (r: TMailboxRow) =>
  JSON.stringify([r.host, r.port, r.tls, r.username, r.secret, r.folder]);

/**
 * Keeps an IMAP IDLE connection to shops' mailboxes, so mail is taken within seconds of arriving; the poll job
 * stays as the fallback (servers without IDLE, mailboxes over `max`, a watcher that died).
 *
 * Several worker processes may run: each mailbox is watched by one of them. A worker claims mailboxes with a lease
 * in the `mailboxes` row (`watched_by`, `watch_until`), renews its own every 10 s, and lets go of a mailbox whose
 * lease it lost; a worker that died stops renewing, and after 30 s another takes its mailboxes over. Stopping
 * releases the leases at once.
 */
export function startMailboxWatcher({ db, mailboxes: imap, log, max }: TOptions) {
  const me = randomUUID();
  const watches = new Map<number, TWatch>();
  let closed = false;

  const sleep = (watch: TWatch, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      watch.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Takes new messages, once at a time; events that arrive meanwhile make one more round. */
  const taker = (watch: TWatch, client: ImapFlow) => {
    let running = false;
    let again = false;
    return async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await imap.take(client, watch.row);
        } while (again && !watch.stopped);
      } catch (error) {
        // The connection broke mid-way: its close event reconnects, and nothing was marked taken without being kept.
        log.warn(
          { mailboxId: watch.row.id, err: (error as Error).message },
          'mail-in: taking new mail failed',
        );
      } finally {
        running = false;
      }
    };
  };

  /** One mailbox: connect, take what waits, IDLE until the connection ends, and reconnect with backoff. */
  async function run(watch: TWatch) {
    let backoff = BACKOFF_MIN_MS;
    while (!watch.stopped) {
      const started = Date.now();
      try {
        const client = await imap.connect(watch.row);
        watch.client = client;
        if (!client.capabilities.has('IDLE')) {
          log.info({ mailboxId: watch.row.id }, 'mail-in: the server offers no IDLE; the mailbox is polled');
          await client.logout().catch(() => {});
          // Keeps the lease (no other worker needs to find this out again); polling takes the mail.
          await new Promise<void>((resolve) => {
            watch.wake = resolve;
          });
          return;
        }
        const ended = new Promise<void>((resolve) => client.once('close', () => resolve()));
        await client.mailboxOpen(watch.row.folder);
        await imap.worked(watch.row);
        const take = taker(watch, client);
        client.on('exists', (data: { count: number; prevCount: number }) => {
          if (data.count > data.prevCount) void take();
        });
        log.info({ mailboxId: watch.row.id }, 'mail-in: watching the mailbox (IDLE)');
        await take();
        await ended;
        if (!watch.stopped) log.info({ mailboxId: watch.row.id }, 'mail-in: IDLE connection closed');
      } catch (error) {
        if (watch.stopped) break;
        await imap.failed(watch.row, error).catch(() => {});
      } finally {
        watch.client?.close();
        watch.client = undefined;
      }
      if (watch.stopped) break;
      if (Date.now() - started >= HEALTHY_MS) backoff = BACKOFF_MIN_MS;
      // Jitter, so the watchers of many mailboxes on one server do not all come back in the same second.
      await sleep(watch, backoff * (0.75 + Math.random() / 2));
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    }
  }

  function start(row: TMailboxRow) {
    const watch: TWatch = { row, stopped: false, done: Promise.resolve() };
    watch.done = run(watch).catch((error) =>
      log.error({ err: error, mailboxId: row.id }, 'mail-in: mailbox watcher failed'),
    );
    watches.set(row.id, watch);
  }

  async function stop(id: number) {
    const watch = watches.get(id);
    if (!watch) return;
    watches.delete(id);
    watch.stopped = true;
    watch.wake?.();
    watch.client?.close();
    await watch.done;
  }

  /** Renews this worker's leases and claims free or expired ones, up to `max`; then starts and stops watches. */
  async function tick() {
    const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
    const claimable = or(
      eq(mailboxes.watchedBy, me),
      isNull(mailboxes.watchedBy),
      lt(mailboxes.watchUntil, sql`now()`),
    );
    const candidates = db
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(claimable)
      // Own leases first, so renewing never loses to claiming.
      .orderBy(sql`${mailboxes.watchedBy} is not distinct from ${me} desc`, asc(mailboxes.id))
      .limit(max);
    // The condition is repeated on the row being updated: of two workers claiming at once, the second sees the
    // first's lease when its update re-reads the locked row, and takes nothing.
    const held = await db
      .update(mailboxes)
      .set({ watchedBy: me, watchUntil: lease })
      .where(and(inArray(mailboxes.id, candidates), claimable))
      .returning();
    if (closed) return;
    const heldIds = new Set(held.map((r) => r.id));
    for (const id of [...watches.keys()]) if (!heldIds.has(id)) await stop(id);
    for (const row of held) {
      const watch = watches.get(row.id);
      if (watch && settingsOf(watch.row) === settingsOf(row)) continue;
      if (watch) await stop(row.id);
      start(row);
    }
  }

  let ticking = Promise.resolve();
  const beat = () => {
    ticking = ticking
      .then(tick)
      .catch((error) => log.error({ err: error }, 'mail-in: mailbox leases could not be renewed'));
  };
  beat();
  const timer = setInterval(beat, LEASE_RENEW_MS);

  return {
    /** Mailbox ids this process watches now (for tests and logs). */
    watching: () => [...watches.keys()],
    /** Closes every IDLE connection and gives the leases back, so another worker takes over at once. */
    async close() {
      closed = true;
      clearInterval(timer);
      await ticking;
      await Promise.all([...watches.keys()].map(stop));
      await db
        .update(mailboxes)
        .set({ watchedBy: null, watchUntil: null })
        .where(eq(mailboxes.watchedBy, me))
        .catch((error) => log.error({ err: error }, 'mail-in: mailbox leases could not be released'));
    },
  };
}
export type TMailboxWatcher = ReturnType<typeof startMailboxWatcher>;

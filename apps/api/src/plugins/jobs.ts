import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/client.js';
import { JOBS, type TJobExtras, type TJobName, type TJobPayloads } from '../jobs/index.js';

export type TJobHandlers = { [N in TJobName]: (payload: TJobPayloads[N]) => Promise<void> };

/**
 * At most one job per key within `singletonSeconds` (repeated polls of one mailbox do not pile up);
 * `startAfterSeconds` delays it.
 */
export type TSendOptions = { singletonKey: string; singletonSeconds: number } | { startAfter: number };

export type TJobs = {
  /** Queues a job; the payload type follows from the job's name. */
  send<N extends TJobName>(name: N, payload: TJobPayloads[N], options?: TSendOptions): Promise<void>;
  /** Starts handling jobs in this process (ROLE=worker or all). */
  work(handlers: TJobHandlers): Promise<void>;
  stop(): Promise<void>;
  /** Throws unless the queue's tables answer now (the readiness check). */
  check(): Promise<void>;
  /** Whether a job of this name and payload waits, runs or will be retried. */
  isPending<N extends TJobName>(name: N, payload: TJobPayloads[N]): Promise<boolean>;
};

/**
 * Retried with backoff; a worker must heartbeat while it works, so the job of a process that died
 * is failed by the monitor and retried by another (or the restarted) process.
 */
const QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 300,
  heartbeatSeconds: 10,
};
const BOSS_OPTIONS = { superviseIntervalSeconds: 2, monitorIntervalSeconds: 2 };

/** pg-boss on the database the app already has: PGlite through its adapter, PostgreSQL natively. */
export async function createJobs(database: TDatabase, log: FastifyBaseLogger): Promise<TJobs> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...BOSS_OPTIONS })
    : new PgBoss({ connectionString: database.url!, ...BOSS_OPTIONS });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  // the workers of this process by queue: a job queued here wakes them at once instead of at their next poll
  const localWorkers = new Map<string, string[]>();
  for (const job of JOBS as readonly (TJobExtras & { id: TJobName })[]) {
    await boss.createQueue(job.id, { ...QUEUE_OPTIONS, ...job.queue });
    // Upserted by every process at start: the schedule follows the code. Missed runs are skipped (the jobs
    // take everything pending when they run).
    if (job.schedule) await boss.schedule(job.id, job.schedule, {}, { tz: 'UTC' });
  }
  return {
    async send(name, payload, options) {
      await boss.send(name, payload, options ?? {});
      // an upload read in the same process starts now, not up to a polling interval later
      if (!options || !('startAfter' in options))
        for (const id of localWorkers.get(name) ?? []) boss.notifyWorker(id);
    },
    async work(handlers) {
      for (const job of JOBS) {
        const handle = handlers[job.id] as (payload: unknown) => Promise<void>;
        const id = await boss.work(
          job.id,
          { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: 3 },
          async ([next]) => {
            if (!next) return;
            const started = Date.now();
            log.info({ job: job.id, jobId: next.id, data: next.data }, 'job started');
            await handle(job.payload.parse(next.data));
            log.info({ job: job.id, jobId: next.id, ms: Date.now() - started }, 'job finished');
          },
        );
        localWorkers.set(job.id, [...(localWorkers.get(job.id) ?? []), id]);
      }
    },
    async stop() {
      // Within the 10 s a process manager allows after SIGTERM: a job still running then is not lost, its
      // heartbeat stops and the monitor hands it to another worker.
      await boss.stop({ graceful: true, timeout: 7_000 });
    },
    async check() {
      if (!(await boss.getQueue(JOBS[0].id))) throw new Error('the job queue is not installed');
    },
    async isPending(name, payload) {
      const found = await boss.findJobs(name, { data: payload });
      return found.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active');
    },
  };
}

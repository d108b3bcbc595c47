import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ProfileStore, SupplierProfile } from './profile.js';
import type { ReadOptions } from './read.js';
import { emptyResult, type TReaderResult } from './types.js';

export interface ReaderPoolOptions {
  /** worker threads (default: CPU count − 1, at least 1) */
  workers?: number;
  /** per-document time limit in ms (default 60 s) */
  timeoutMs?: number;
  /** heap limit per worker in MB (default 1024) */
  maxMemoryMb?: number;
  /** options applied to every read (limits, OCR engine, threshold, model …) */
  defaults?: ReadOptions;
}

export interface Reader {
  /** Reads one document in a worker thread; always resolves (a failure is a result with an issue). */
  read(bytes: Uint8Array, opts?: ReadOptions): Promise<TReaderResult>;
  /**
   * Learns a supplier's layout from a corrected document in a worker thread (same limits as `read`); the
   * store is used in this thread. Resolves with the stored profile; rejects when the document cannot be
   * learned from (unreadable, too slow, the worker crashed), and then stores nothing.
   */
  learn(
    store: ProfileStore,
    supplierKey: string,
    bytes: Uint8Array,
    corrected: Partial<TReaderResult>,
    opts?: ReadOptions,
  ): Promise<SupplierProfile>;
  close(): Promise<void>;
}

/** What a worker sends back for one job. */
export interface WorkerReply {
  id: number;
  /** a page was read; the answer follows later */
  progress?: { page: number; pages: number };
  result?: TReaderResult;
  profile?: SupplierProfile;
  error?: string;
}

/** A job for a worker: a read, or a learn when `learn` is set. */
export interface WorkerJob {
  id: number;
  bytes: Uint8Array;
  opts: ReadOptions;
  learn?: { supplierKey: string; corrected: Partial<TReaderResult>; previous?: SupplierProfile };
}

interface Job {
  message: WorkerJob;
  onPage?: ReadOptions['onPage'];
  /** the worker answered */
  answer: (m: WorkerReply) => void;
  /** the job could not run to the end (time limit, crash, closed); `column` names the reason */
  fail: (description: string, column: string) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

function workerSpec(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // running from source (tsx, vitest): the worker needs the TypeScript loader too
    return { url: new URL('./worker-ts.mjs', here), execArgv: [] };
  }
  return { url: new URL('./worker.js', here), execArgv: [] };
}

function failure(file: string, description: string, column: string): TReaderResult {
  const r = emptyResult(file);
  r.issues.push({ table: 'document', column, description });
  return r;
}

/** A pool of worker threads that read documents with a time limit, so that the caller stays responsive. */
export function createReader(options: ReaderPoolOptions = {}): Reader {
  const size = Math.max(1, options.workers ?? Math.max(1, os.availableParallelism() - 1));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const spec = workerSpec();
  // one OCR call may run as long as the whole document may (a slow phone scan under a long --timeout)
  const defaults: ReadOptions = { ocrTimeoutMs: timeoutMs, ...options.defaults };
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(spec.url, {
      execArgv: spec.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb ?? 1024 },
    });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (m: WorkerReply) => {
      const job = slot.job;
      if (!job || job.message.id !== m.id) return;
      if (m.progress) {
        job.onPage?.(m.progress.page, m.progress.pages);
        return;
      }
      done(slot);
      job.answer(m);
      pump();
    });
    const crash = (why: string) => {
      const job = slot.job;
      replace(slot);
      job?.fail(why, 'crash');
      pump();
    };
    worker.on('error', (e) => crash(`Reading failed: ${e.message}`));
    worker.on('exit', (code) => {
      if (!closed && slots.includes(slot)) crash(`The reading worker stopped (exit code ${code})`);
    });
    return slot;
  };
  const replace = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    slot.job = undefined;
    void slot.worker.terminate();
    if (!closed) slots.push(spawn());
  };
  const done = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
  };
  const pump = () => {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        const j = slot.job;
        replace(slot);
        j?.fail(`Reading took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`, 'timeout');
        pump();
      }, timeoutMs);
      slot.worker.postMessage(job.message);
    }
    for (const s of slots) if (!s.job) s.worker.unref();
  };
  for (let i = 0; i < size; i++) slots.push(spawn());
  const enqueue = (job: Job) => {
    if (closed) job.fail('The reader is closed', 'closed');
    else {
      queue.push(job);
      pump();
    }
  };

  return {
    read(bytes, { onPage, ...opts } = {}) {
      const file = opts.fileName ?? 'document';
      return new Promise((resolve) =>
        enqueue({
          // a function cannot cross to the worker: progress comes back as messages
          message: { id: nextId++, bytes, opts: { ...defaults, ...opts } },
          onPage,
          answer: (m) =>
            resolve(m.result ?? failure(file, `The document could not be read: ${m.error}`, 'error')),
          fail: (why, column) => resolve(failure(file, why, column)),
        }),
      );
    },
    async learn(store, supplierKey, bytes, corrected, opts = {}) {
      const previous = await store.get(supplierKey);
      const profile = await new Promise<SupplierProfile>((resolve, reject) =>
        enqueue({
          message: {
            id: nextId++,
            bytes,
            opts: { ...defaults, ...opts },
            learn: { supplierKey, corrected, previous },
          },
          answer: (m) =>
            m.profile
              ? resolve(m.profile)
              : reject(new Error(`The layout could not be learned: ${m.error ?? 'no profile'}`)),
          fail: (why) => reject(new Error(why)),
        }),
      );
      await store.put(supplierKey, profile);
      return profile;
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (s) => {
          s.worker.postMessage({ close: true });
          await Promise.race([
            new Promise((r) => s.worker.once('exit', r)),
            new Promise((r) => setTimeout(r, 2000)),
          ]);
          await s.worker.terminate();
        }),
      );
      for (const j of queue.splice(0)) j.fail('The reader was closed', 'closed');
    },
  };
}

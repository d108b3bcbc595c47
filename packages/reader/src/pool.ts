import os from 'node:os';
import { Worker } from 'node:worker_threads';
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
  close(): Promise<void>;
}

interface Job {
  id: number;
  bytes: Uint8Array;
  opts: ReadOptions;
  resolve: (r: TReaderResult) => void;
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
    worker.on('message', (m: { id: number; result?: TReaderResult; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      done(
        slot,
        m.result ??
          failure(job.opts.fileName ?? 'document', `The document could not be read: ${m.error}`, 'error'),
      );
    });
    const crash = (why: string) => {
      const job = slot.job;
      replace(slot);
      if (job) job.resolve(failure(job.opts.fileName ?? 'document', why, 'crash'));
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
  const done = (slot: Slot, r: TReaderResult) => {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    job?.resolve(r);
    pump();
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
        j?.resolve(
          failure(
            j.opts.fileName ?? 'document',
            `Reading took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
            'timeout',
          ),
        );
        pump();
      }, timeoutMs);
      slot.worker.postMessage({ id: job.id, bytes: job.bytes, opts: job.opts });
    }
    for (const s of slots) if (!s.job) s.worker.unref();
  };
  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    read(bytes, opts = {}) {
      if (closed)
        return Promise.resolve(failure(opts.fileName ?? 'document', 'The reader is closed', 'closed'));
      return new Promise((resolve) => {
        queue.push({ id: nextId++, bytes, opts: { ...options.defaults, ...opts }, resolve });
        pump();
      });
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
      for (const j of queue.splice(0))
        j.resolve(failure(j.opts.fileName ?? 'document', 'The reader was closed', 'closed'));
    },
  };
}

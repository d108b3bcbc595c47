import { parentPort } from 'node:worker_threads';
import { learnProfile } from './learn.js';
import { closeOcr } from './ocr.js';
import type { WorkerJob, WorkerReply } from './pool.js';
import { readDocument } from './read.js';

/** Worker-thread side of the reader pool: one message in (a read or a learn), progress, one answer out. */
parentPort?.on('message', async (msg: WorkerJob | { close: true }) => {
  if ('close' in msg) {
    await closeOcr();
    process.exit(0);
  }
  let reply: WorkerReply;
  try {
    reply = msg.learn
      ? {
          id: msg.id,
          profile: await learnProfile(
            msg.learn.supplierKey,
            msg.bytes,
            msg.learn.corrected,
            msg.learn.previous,
            msg.opts,
          ),
        }
      : {
          id: msg.id,
          result: await readDocument(msg.bytes, {
            ...msg.opts,
            onPage: (page, pages) => parentPort?.postMessage({ id: msg.id, progress: { page, pages } }),
          }),
        };
  } catch (e) {
    reply = { id: msg.id, error: (e as Error)?.message ?? String(e) };
  }
  parentPort?.postMessage(reply);
});

import { parentPort } from 'node:worker_threads';
import { closeOcr } from './ocr.js';
import { type ReadOptions, readDocument } from './read.js';

/** Worker-thread side of the reader pool: one message in, one result out. */
parentPort?.on(
  'message',
  async (msg: { id: number; bytes: Uint8Array; opts: ReadOptions } | { close: true }) => {
    if ('close' in msg) {
      await closeOcr();
      process.exit(0);
    }
    try {
      const result = await readDocument(msg.bytes, msg.opts);
      parentPort?.postMessage({ id: msg.id, result });
    } catch (e) {
      parentPort?.postMessage({ id: msg.id, error: (e as Error)?.message ?? String(e) });
    }
  },
);

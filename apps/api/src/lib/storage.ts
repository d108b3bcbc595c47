import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './app-error.js';

/** Where uploaded files live; a local folder by default. */
export interface Storage {
  /** Stores the bytes whole or not at all; throws an UNAVAILABLE AppError when the store refuses. */
  put(prefix: string, bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Throws unless a file can be written and removed now (the readiness check). */
  check(): Promise<void>;
  /** Every stored key under `prefix` with when it was written (for the sweeper). */
  list(prefix: string): AsyncIterable<TStoredKey>;
}

export type TStoredKey = { key: string; modified: Date };

const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/** The words a client sees when the file store refuses a write; nothing of the request was kept. */
export const storageUnavailable = (cause: unknown) => {
  const error = new AppError(
    'UNAVAILABLE',
    'The file could not be stored because file storage is unavailable. Nothing was saved; please try again later.',
    undefined,
    30,
  );
  error.cause = cause;
  return error;
};

export function createLocalStorage(root: string): Storage {
  const file = (key: string) => {
    // Keys come back from URLs: accept only the shape `put` makes, so no path can escape `root`.
    if (!SAFE_KEY.test(key)) return null;
    return path.join(root, key);
  };
  return {
    async put(prefix, bytes, extension) {
      const key = `${prefix}/${randomUUID()}.${extension}`;
      const target = path.join(root, key);
      // Written under a temporary name and renamed: a crash or a full disk never leaves half a file at a key.
      const partial = `${target}.partial`;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        throw storageUnavailable(error);
      }
      return key;
    },
    async get(key) {
      const target = file(key);
      if (!target) return null;
      return readFile(target).catch(() => null);
    },
    async delete(key) {
      const target = file(key);
      if (target) await rm(target, { force: true });
    },
    async *list(prefix) {
      const names = await readdir(path.join(root, prefix)).catch(() => [] as string[]);
      for (const name of names) {
        const key = `${prefix}/${name}`;
        if (!SAFE_KEY.test(key)) continue;
        const info = await stat(path.join(root, key)).catch(() => null);
        if (info) yield { key, modified: info.mtime };
      }
    },
    async check() {
      const probe = path.join(root, `.ready-${randomUUID()}`);
      await mkdir(root, { recursive: true });
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; a local folder by default. */
export interface Storage {
  put(prefix: string, bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

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
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
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
  };
}

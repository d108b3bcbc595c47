import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { invoicePdf } from '../demo/invoice-pdf.js';
import { bearer, createCompany, signUp, uniqueEmail } from '../test/harness.js';
import { multipart } from '../test/multipart.js';
import { serverDatabase } from '../test/server-process.js';

const databases: { drop: () => Promise<void> }[] = [];

afterAll(async () => {
  for (const database of databases) await database.drop();
});

/** The environment of one instance: its own data folder, and its own new database on PostgreSQL runs. */
async function instance(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    PUBLIC_URL: 'http://orderbridge.test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ob-backup-test-')),
  };
  const database = await serverDatabase('ob_backup');
  databases.push(database);
  Object.assign(env, database.env);
  return env;
}

/** Every row of every application table, in a stable order. */
async function tables(app: FastifyInstance): Promise<Record<string, unknown[]>> {
  const names = (await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of names.rows) {
    const rows = (await app.db.execute(sql.raw(`select * from "${table_name}" order by 1`))) as unknown as {
      rows: unknown[];
    };
    out[table_name] = rows.rows;
  }
  return out;
}

/** Every stored file (path → sha256). */
function files(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return {};
  return Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(root, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
      })
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

const cli = path.resolve(import.meta.dirname, '../cli/backup.ts');
const runCli = (command: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', cli, command, file], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('backup and restore', () => {
  it('restores a seeded instance elsewhere with every row and file identical, and refuses to overwrite', async () => {
    const sourceEnv = await instance();
    const source = await buildApp(loadConfig(sourceEnv));
    await source.ready();
    const session = await signUp(source);
    const shopId = await createCompany(source, session, 'shops');
    await createCompany(source, session, 'suppliers');
    const link = await source.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/suppliers`,
      headers: bearer(session.token),
      payload: { supplierEmail: uniqueEmail('backup'), supplierName: 'Backup Foods' },
    });
    for (const n of [1, 2]) {
      const pdf = await invoicePdf({
        vendor: 'Backup Foods',
        invoiceNum: `BK-${n}`,
        date: '2026-11-02',
        lines: [{ code: 'A1', description: 'Apples', qty: n, price: 2 }],
      });
      const form = multipart(
        { ShopSupplierId: String(link.json().data.shopSupplierId) },
        { field: 'File', name: `bk-${n}.pdf`, type: 'application/pdf', bytes: pdf },
      );
      const res = await source.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/orders/upload`,
        headers: { ...bearer(session.token), ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
    }
    const before = await tables(source);
    const filesBefore = files(sourceEnv.DATA_DIR!);
    expect(Object.keys(filesBefore)).toHaveLength(2);
    expect(before.companies).toHaveLength(3); // the shop, the supplier, and the supplier the link created
    expect(before.documents).toHaveLength(2);
    await source.close();

    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'ob-archive-')), 'backup.tar.gz');
    expect(runCli('backup', archive, sourceEnv)).toContain('Backup written');

    const targetEnv = await instance();
    expect(runCli('restore', archive, targetEnv)).toContain('Restored');
    expect(files(targetEnv.DATA_DIR!)).toEqual(filesBefore);
    const target = await buildApp(loadConfig(targetEnv));
    await target.ready();
    try {
      expect(await tables(target)).toEqual(before);
      // The secrets came along: a token issued before the backup still works, and so does the password.
      const profile = await target.inject({
        method: 'GET',
        url: '/api/profile',
        headers: bearer(session.token),
      });
      expect(profile.statusCode).toBe(200);
    } finally {
      await target.close();
    }

    let refused = '';
    try {
      runCli('restore', archive, targetEnv);
    } catch (error) {
      refused = String((error as { stderr?: string }).stderr);
    }
    expect(refused).toMatch(/not empty; restore only into an empty/);
  }, 300_000);
});

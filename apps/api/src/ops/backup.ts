import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TConfig } from '../config.js';
import { pgliteExtensions } from '../db/client.js';

type TManifest = { format: 1; database: 'postgres' | 'pglite'; createdAt: string };

/** What of DATA_DIR besides the database belongs in a backup: stored files and the generated secrets. */
const FOLDERS = ['files', 'secrets'] as const;

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Writes one archive (tar.gz) of the database — `pg_dump` of DATABASE_URL, or the PGlite folder — and of
 * DATA_DIR's files and secrets. With PGlite the server must be stopped (the folder has one owner at a time).
 */
export async function backup(config: TConfig, archive: string): Promise<void> {
  const staging = mkdtempSync(path.join(tmpdir(), 'ob-backup-'));
  try {
    if (config.databaseUrl) {
      run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        '--file',
        path.join(staging, 'database.dump'),
        config.databaseUrl,
      ]);
    } else {
      const db = new PGlite(path.join(config.dataDir, 'db'), { extensions: pgliteExtensions });
      await db.waitReady;
      // Uncompressed: the archive is gzipped as a whole (PGlite's own gzip dump never settles under Node).
      const dump = await db.dumpDataDir('none');
      writeFileSync(path.join(staging, 'database.pglite.tar'), Buffer.from(await dump.arrayBuffer()));
      await db.close();
    }
    for (const folder of FOLDERS) {
      const from = path.join(config.dataDir, folder);
      if (existsSync(from)) cpSync(from, path.join(staging, folder), { recursive: true });
    }
    const manifest: TManifest = {
      format: 1,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
    };
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    run('tar', ['-czf', path.resolve(archive), '-C', staging, '.']);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Brings an archive back into an empty database (DATABASE_URL, or a DATA_DIR without a database) and an
 * empty DATA_DIR files folder; refuses to overwrite anything.
 */
export async function restore(config: TConfig, archive: string): Promise<void> {
  const staging = mkdtempSync(path.join(tmpdir(), 'ob-restore-'));
  try {
    run('tar', ['-xzf', path.resolve(archive), '-C', staging]);
    const manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as TManifest;
    if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}.`);
    // Only stored files are guarded: a secret a fresh DATA_DIR generated is replaced by the backup's own.
    const filesDir = path.join(config.dataDir, 'files');
    if (!isEmpty(filesDir))
      throw new Error(`${filesDir} is not empty; restore only into an empty data folder.`);
    if (manifest.database === 'postgres') {
      if (!config.databaseUrl)
        throw new Error('This backup holds a PostgreSQL database: set DATABASE_URL to an empty database.');
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      const { rows } = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      await client.end();
      if (rows[0].n > 0)
        throw new Error(
          'The database named by DATABASE_URL is not empty; restore only into an empty database.',
        );
      run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--dbname',
        config.databaseUrl,
        path.join(staging, 'database.dump'),
      ]);
    } else {
      if (config.databaseUrl)
        throw new Error('This backup holds an embedded (PGlite) database: unset DATABASE_URL.');
      const dir = path.join(config.dataDir, 'db');
      if (!isEmpty(dir)) throw new Error(`${dir} is not empty; restore only into an empty data folder.`);
      const dump = readFileSync(path.join(staging, 'database.pglite.tar'));
      const db = new PGlite(dir, { loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
      await db.waitReady;
      await db.close();
    }
    for (const folder of FOLDERS) {
      const from = path.join(staging, folder);
      if (existsSync(from)) cpSync(from, path.join(config.dataDir, folder), { recursive: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

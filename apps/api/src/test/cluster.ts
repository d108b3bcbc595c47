import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxSite } from '../ops/nginx.js';
import { freePort, startServerProcess, type TServerProcess } from './server-process.js';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type TCluster = {
  /** nginx: the one address clients use. */
  url: string;
  apis: TServerProcess[];
  workers: TServerProcess[];
  /** `127.0.0.1:port` of each API process, as nginx's access log names them. */
  upstreams: string[];
  /** nginx's access log so far: one `{ status, upstream, uri }` per request (`upstream` lists each API tried). */
  accessLog: () => { status: number; upstream: string; uri: string }[];
  dataDir: string;
  databaseUrl: string;
  stop: () => Promise<void>;
};

/**
 * The deployment of docs/deploy.md on one machine, unprivileged, on free ports: `apis` ROLE=api and `workers`
 * ROLE=worker processes on one PostgreSQL database and one shared DATA_DIR, all started at once, behind an
 * nginx with a generated config that balances the API processes. `stop` ends every process and removes nginx's
 * folder.
 */
export async function startCluster(opts: {
  databaseUrl: string;
  apis?: number;
  workers?: number;
  env?: Record<string, string>;
}): Promise<TCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-cluster-'));
  const nginxDir = mkdtempSync(path.join(tmpdir(), 'ob-nginx-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
    MAIL_SECRET_KEY: 'ab'.repeat(32),
    ...opts.env,
  };
  const apiPorts = await Promise.all(Array.from({ length: opts.apis ?? 2 }, freePort));
  const workerPorts = await Promise.all(Array.from({ length: opts.workers ?? 2 }, freePort));
  const started = await Promise.allSettled([
    ...apiPorts.map((p) => startServerProcess({ ...env, ROLE: 'api' }, p, 300_000)),
    ...workerPorts.map((p) => startServerProcess({ ...env, ROLE: 'worker' }, p, 300_000)),
  ]);
  const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const p of processes) await p.stop('SIGKILL');
    rmSync(nginxDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    throw failed.reason;
  }
  const apis = processes.slice(0, apiPorts.length);
  const workers = processes.slice(apiPorts.length);
  const upstreams = apiPorts.map((p) => `127.0.0.1:${p}`);

  // When the test runs as root, nginx's workers run as `nobody`: they must reach the folders of the request
  // bodies they buffer. As any other user nginx stays that user.
  chmodSync(nginxDir, 0o755);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(nginxDir, dir));
    chmodSync(path.join(nginxDir, dir), 0o777);
  }
  const conf = path.join(nginxDir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 4096; }
http {
    log_format upstream '$status|$upstream_addr|$request_uri';
    access_log ${nginxDir}/access.log upstream;
    client_body_temp_path ${nginxDir}/body;
    proxy_temp_path ${nginxDir}/proxy;
    fastcgi_temp_path ${nginxDir}/fastcgi;
    uwsgi_temp_path ${nginxDir}/uwsgi;
    scgi_temp_path ${nginxDir}/scgi;

${nginxSite({ listen: `127.0.0.1:${port}`, upstreams })}
}
`,
  );
  const nginx: ChildProcess = spawn(NGINX, ['-p', nginxDir, '-c', conf, '-e', `${nginxDir}/error.log`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let nginxErrors = '';
  nginx.stderr!.on('data', (d) => {
    nginxErrors += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      // Fast shutdown: open event streams are cut, as a test's end requires.
      nginx.kill('SIGTERM');
      await once(nginx, 'exit');
    }
    await Promise.all(processes.map((p) => p.stop('SIGKILL')));
    rmSync(nginxDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${url}/ready`).catch(() => null);
    if (ready?.status === 200) break;
    if (tries > 100 || nginx.exitCode !== null) {
      await stop();
      throw new Error(`nginx did not come up: ${nginxErrors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    apis,
    workers,
    upstreams,
    dataDir,
    databaseUrl: opts.databaseUrl,
    accessLog: () =>
      readFileSync(path.join(nginxDir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [status, upstream, uri] = line.split('|');
          return { status: Number(status), upstream: upstream!, uri: uri! };
        }),
    stop,
  };
}

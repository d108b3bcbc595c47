import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

const apiRoot = path.resolve(import.meta.dirname, '../..');

export type TServerProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves with the first log line (parsed pino JSON) that matches. */
  waitForLog: (
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<Record<string, unknown>>;
  logs: Record<string, unknown>[];
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * A TCP port nothing listens on right now, below the system's ephemeral range (32768+): a port taken there can be
 * handed to any outgoing connection (a database client, a fetch) between our check and the server's bind. Above
 * 10080, the last port fetch and browsers refuse to call.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 11_000 + Math.floor(Math.random() * 9_000);
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    server.close();
    await once(server, 'close');
    return port;
  }
}

/** Starts the real server from source in its own process, as `npm start` would, and waits until it answers. */
export async function startServerProcess(
  env: Record<string, string>,
  /** Given when a test restarts a server on the same address; a free port otherwise. */
  chosenPort?: number,
  /** Four processes starting at once on a busy machine take longer than one. */
  startTimeoutMs = 120_000,
): Promise<TServerProcess> {
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: {
    match: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    logs.push(line);
    for (const w of [...waiters]) {
      if (w.match(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const exited = once(child, 'exit');

  const waitForLog: TServerProcess['waitForLog'] = (match, timeoutMs = 60_000) => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching log line; stderr: ${stderr.slice(-2000)}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
    });
  };
  const server: TServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    logs,
    waitForLog,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
  try {
    await Promise.race([
      waitForLog((l) => l.msg === 'OrderBridge started', startTimeoutMs),
      exited.then(() => {
        throw new Error(`server exited: ${stderr.slice(-2000)}`);
      }),
    ]);
  } catch (error) {
    // A process that did not start in time is not left running behind a failed test.
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it again. */
export async function createDatabase(serverUrl: string, prefix: string) {
  // A random suffix: a test may make several databases within one millisecond.
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The database of server processes started by a test: with TEST_DATABASE_URL a new PostgreSQL database (its
 * `DATABASE_URL` goes into the processes' env; `drop` removes it), else nothing, and each process uses PGlite in
 * its DATA_DIR.
 */
export async function serverDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: {} as Record<string, string>, drop: async () => {} };
  const database = await createDatabase(serverUrl, prefix);
  return { env: { DATABASE_URL: database.url } as Record<string, string>, drop: database.drop };
}

// biome-ignore lint/suspicious/noExplicitAny: reply bodies of many shapes; the callers check them.
export type THttpReply = { status: number; json: any };

/** One call over real HTTP to `base`, with a JSON body or a multipart FormData, as a client sends it. */
export async function httpCall(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<THttpReply> {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** `app.inject` over real HTTP to a server process, so the harness helpers (signUp, createCompany…) drive it. */
export const httpApp = (server: () => TServerProcess) => ({
  async inject(opts: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) {
    const res = await fetch(`${server().url}${opts.url}`, {
      method: opts.method,
      headers: { ...(opts.payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.payload ? JSON.stringify(opts.payload) : undefined,
      redirect: 'manual',
    });
    const body = await res.text();
    return {
      statusCode: res.status,
      body,
      headers: Object.fromEntries(res.headers),
      json: () => JSON.parse(body),
    };
  },
});

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

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

/** Starts the real server from source in its own process, as `npm start` would, and waits until it answers. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<TServerProcess> {
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
  await Promise.race([
    waitForLog((l) => l.msg === 'OrderBridge started', 120_000),
    exited.then(() => {
      throw new Error(`server exited: ${stderr.slice(-2000)}`);
    }),
  ]);
  return server;
}

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Real browser against the real server (ARCHITECTURE §6): the built API serves the built web app on one origin.
const root = path.resolve(import.meta.dirname, '..');
// The config is evaluated by the runner and again by every worker: the runner fixes the run's id, port and
// fresh database in the environment, which the workers inherit. Parallel runs on one machine do not collide.
process.env.E2E_RUN_ID ??= String(Date.now());
// 20000–29999 holds none of the ports browsers refuse to open (3659, 4045, 5060, 6000, 10080…).
process.env.E2E_PORT ??= String(20_000 + (process.pid % 10_000));
const runId = process.env.E2E_RUN_ID;
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
process.env.E2E_DATA_DIR ??= path.join(root, 'test-results', `e2e-data-${runId}`);

// Operators are made only on the command line, never through the API: the console's spec gets one made by the
// real (built) CLI in the fresh database, before the server opens it. Workers inherit the result.
if (!process.env.E2E_OPERATOR_EMAIL) {
  const email = `operator-${runId}@example.com`;
  const printed = execFileSync(
    process.execPath,
    [path.join(root, 'apps/api/dist/cli/operator.js'), 'add', email],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'test', PUBLIC_URL: baseURL },
      encoding: 'utf8',
    },
  );
  process.env.E2E_OPERATOR_EMAIL = email;
  process.env.E2E_OPERATOR_LINK = printed.trim().split('\n').at(-1);
}

/** The system Chromium: CHROMIUM_PATH, else the Debian locations. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((p): p is string => Boolean(p && existsSync(p)));
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results', `e2e-artifacts-${runId}`),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // CI adds a JSON report, which .ci/count.mjs adds up.
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});

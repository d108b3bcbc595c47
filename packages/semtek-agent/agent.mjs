#!/usr/bin/env node
// @ts-check
/**
 * OrderBridge Semtek agent: one file, Node.js 20 or later, no dependencies, so a shop can download it from
 * OrderBridge (Integrations → Semtek → Download) and run it on the POS computer.
 *
 *   node agent.mjs --server https://orderbridge.example --folder C:\Semtek\OrderBridge --code 12345678
 *   node agent.mjs --folder C:\Semtek\OrderBridge            (later runs: the token is kept in the folder)
 *
 * Every --interval seconds (default 30) it tells OrderBridge it is alive, sends each catalogue CSV that the POS
 * exported into <folder>/export (then moves it to <folder>/export/sent), sends the last catalogue again when
 * someone asks for a sync in OrderBridge, and writes each processed order pushed to it as a goods-received
 * import file in <folder>/goods-received, acknowledging it once the file is complete. --once runs one round.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const STATE_FILE = '.orderbridge-agent.json';
/** A catalogue file changed this recently may still be being written by the POS. */
const SETTLE_MS = 1000;

/** Exit codes: 0 done (--once), 1 usage or setup error, 2 the token no longer works (pair again). */
class AgentError extends Error {
  /** @param {string} message @param {number} exitCode */
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

const log = (/** @type {string} */ message) => console.log(`${new Date().toISOString()} ${message}`);

/**
 * @param {string} server
 * @param {string | null} token
 * @param {string} method
 * @param {string} route
 * @param {{ json?: unknown, csv?: string }} [body]
 */
async function call(server, token, method, route, body = {}) {
  const headers = /** @type {Record<string, string>} */ ({});
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (body.csv !== undefined) {
    headers['content-type'] = 'text/csv';
    payload = body.csv;
  } else if (body.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  let res;
  try {
    res = await fetch(new URL(route, server), { method, headers, body: payload });
  } catch (error) {
    throw new AgentError(`Cannot reach ${server}: ${error instanceof Error ? error.message : error}`);
  }
  const reply = await res.json().catch(() => ({ message: `HTTP ${res.status}` }));
  if (res.status === 401) throw new AgentError(`OrderBridge refused the token: ${reply.message}`, 2);
  if (!res.ok) throw new AgentError(`${method} ${route}: ${reply.message}`);
  return reply.data;
}

/** Quotes a CSV cell when it needs it. */
const cell = (/** @type {unknown} */ v) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** Writes a file completely before it appears under its name, so the POS never imports half a file. */
async function writeAtomically(/** @type {string} */ file, /** @type {string} */ content) {
  await writeFile(`${file}.part`, content);
  await rename(`${file}.part`, file);
}

/** The POS goods-received import file of one push batch. */
function goodsReceivedCsv(/** @type {any} */ batch) {
  const rows = [
    [
      'productCode',
      'description',
      'quantity',
      'unitCost',
      'orderId',
      'invoiceNum',
      'invoiceDate',
      'supplier',
    ],
  ];
  for (const line of batch.lines) {
    rows.push([
      line.productCode,
      line.description,
      line.receivedQuantity,
      line.unitCost,
      batch.orderId,
      batch.invoiceNum,
      batch.invoiceDate,
      batch.supplierName,
    ]);
  }
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string' },
      folder: { type: 'string' },
      code: { type: 'string' },
      interval: { type: 'string', default: '30' },
      once: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.folder) {
    console.log(
      'Usage: node agent.mjs --folder DIR [--server URL --code 12345678] [--interval SECONDS] [--once]',
    );
    if (!values.folder) throw new AgentError('--folder is required.');
    return;
  }
  const folder = path.resolve(values.folder);
  const exportDir = path.join(folder, 'export');
  const sentDir = path.join(exportDir, 'sent');
  const receivedDir = path.join(folder, 'goods-received');
  for (const dir of [exportDir, sentDir, receivedDir]) await mkdir(dir, { recursive: true });
  const stateFile = path.join(folder, STATE_FILE);
  /** @type {{ server?: string, token?: string, shopName?: string }} */
  let state = await readFile(stateFile, 'utf8')
    .then(JSON.parse)
    .catch(() => ({}));

  if (values.code) {
    const server = values.server ?? state.server;
    if (!server) throw new AgentError('--server is required to pair.');
    const paired = await call(server, null, 'POST', '/api/agent/pair', {
      json: { code: values.code, deviceName: hostname() },
    });
    state = { server, token: paired.token, shopName: paired.shopName };
    await writeFile(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
    log(`Paired with ${paired.shopName}. The token is kept in ${stateFile}.`);
  }
  const { server, token } = state;
  if (!server || !token) throw new AgentError('Not paired yet: run once with --server URL --code 12345678.');
  const intervalMs = Math.max(1, Number(values.interval) || 30) * 1000;

  /** Sends one catalogue file; returns false when it should wait (still being written). */
  async function sync(/** @type {string} */ file) {
    const csv = await readFile(file, 'utf8');
    const result = await call(server, token, 'POST', '/api/agent/sync', { csv });
    log(
      `Catalogue ${path.basename(file)}: ${result.rows} products (${result.created} new, ${result.updated} changed), ${result.errors.length} rows refused.`,
    );
    for (const e of result.errors.slice(0, 20)) log(`  line ${e.line}: ${e.message}`);
  }

  async function round() {
    const beat = await call(server, token, 'POST', '/api/agent/heartbeat', { json: { status: 'ok' } });
    const names = (await readdir(exportDir)).filter((n) => n.toLowerCase().endsWith('.csv')).sort();
    let sent = false;
    for (const name of names) {
      const file = path.join(exportDir, name);
      if (Date.now() - (await stat(file)).mtimeMs < SETTLE_MS) continue;
      await sync(file);
      await rename(file, path.join(sentDir, name));
      sent = true;
    }
    if (beat.syncRequested && !sent) {
      const last = (await readdir(sentDir))
        .filter((n) => n.toLowerCase().endsWith('.csv'))
        .sort()
        .at(-1);
      if (last) await sync(path.join(sentDir, last));
      else log('A sync was asked for, but the POS has not exported a catalogue into the export folder yet.');
    }
    if (beat.pendingPushes > 0 || sent) {
      for (const batch of await call(server, token, 'GET', '/api/agent/pushes')) {
        const file = path.join(receivedDir, `GR-${batch.orderId}-${batch.id}.csv`);
        await writeAtomically(file, goodsReceivedCsv(batch));
        await call(server, token, 'POST', `/api/agent/pushes/${batch.id}/ack`);
        log(
          `Goods received for order ${batch.invoiceNum ?? batch.orderId}: ${path.basename(file)} (${batch.lines.length} lines).`,
        );
      }
    }
  }

  log(
    `Agent running for ${state.shopName ?? 'your shop'}: catalogue exports from ${exportDir}, goods-received files to ${receivedDir}.`,
  );
  for (;;) {
    try {
      await round();
    } catch (error) {
      if ((error instanceof AgentError && error.exitCode === 2) || values.once) throw error;
      const message = error instanceof Error ? error.message : String(error);
      log(`Error: ${message}`);
      // Tell OrderBridge, so the shop sees the error status; ignore a failure to tell it.
      await call(server, token, 'POST', '/api/agent/heartbeat', {
        json: { status: 'error', message: message.slice(0, 1000) },
      }).catch(() => {});
    }
    if (values.once) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof AgentError ? error.exitCode : 1);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import { PASSWORD, uniqueEmail } from '../../test/harness.js';
import { serverDatabase, startServerProcess, type TServerProcess } from '../../test/server-process.js';

// biome-ignore lint/suspicious/noExplicitAny: reply bodies of many shapes; the assertions check them.
type TReply = { data: any; message: string };

const until = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
};

/**
 * The real agent process (downloaded from the server, as a shop would) against the real server process: pairs with
 * the code, sends the POS catalogue CSV, receives a processed order and writes its goods-received file.
 */
describe('the Semtek agent against the server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-agent-'));
  const posFolder = mkdtempSync(path.join(tmpdir(), 'ob-pos-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'agent-test-secret-agent-test-secret-0123',
  };
  let server: TServerProcess | undefined;
  let agent: ChildProcess | undefined;
  let dropDatabase = async () => {};

  afterAll(async () => {
    agent?.kill('SIGKILL');
    await server?.stop('SIGKILL');
    await dropDatabase();
  });

  it('pairs, syncs the catalogue, and writes the goods-received file of a pushed order', async () => {
    const database = await serverDatabase('ob_agent');
    dropDatabase = database.drop;
    Object.assign(env, database.env);
    server = await startServerProcess(env);
    const base = server.url;
    const api = (token?: string) => async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as TReply };
    };

    const email = uniqueEmail('agent');
    await api()('POST', '/api/account/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Pos',
      lastName: 'Owner',
    });
    const outbox = (await api()('GET', '/api/dev/outbox')).json.data as { links: string[] }[];
    const confirm = new URL(outbox[0]!.links[0]!);
    await fetch(`${base}${confirm.pathname}${confirm.search}`, { redirect: 'manual' });
    const login = await api()('POST', '/api/account/login', { userName: email, password: PASSWORD });
    const call = api(login.json.data.token);
    const shopId = (
      await call('POST', '/api/onboarding/company', {
        companyName: 'Corner Shop',
        companyType: 'shops',
        companyMainEmail: uniqueEmail('shop'),
      })
    ).json.data.companyId as number;
    const link = await call('POST', `/api/shops/${shopId}/suppliers`, {
      supplierName: 'Fresh Farm Foods',
      supplierEmail: uniqueEmail('farm'),
    });
    const semtek = (await call('GET', `/api/shops/${shopId}/integrations`)).json.data.data[0];
    expect(semtek).toMatchObject({ name: 'Semtek', status: 'neverConnected' });
    const integration = `/api/shops/${shopId}/integrations/${semtek.id}`;

    // The download asset is the agent itself.
    const download = await fetch(`${base}${semtek.assets[0].url}`);
    expect(download.status).toBe(200);
    const agentFile = path.join(posFolder, 'orderbridge-semtek-agent.mjs');
    writeFileSync(agentFile, Buffer.from(await download.arrayBuffer()));

    // The POS exports its catalogue into the watched folder.
    mkdirSync(path.join(posFolder, 'pos', 'export'), { recursive: true });
    writeFileSync(
      path.join(posFolder, 'pos', 'export', 'catalogue.csv'),
      [
        'productCode;description;barcode;caseQty;price;casePrice;vatRate;active',
        'APL;Organic apples 1kg bag;;1;2,99;;0;1',
        'EGG12;Free range eggs 12 pack;;1;3,99;;0;1',
        'BAD;;;;;;;',
      ].join('\r\n'),
    );
    const code = (await call('POST', `${integration}/verify`)).json.data.code as string;
    let output = '';
    agent = spawn(
      process.execPath,
      [
        agentFile,
        '--server',
        base,
        '--folder',
        path.join(posFolder, 'pos'),
        '--code',
        code,
        '--interval',
        '1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    agent.stdout!.on('data', (d) => {
      output += d;
    });
    agent.stderr!.on('data', (d) => {
      output += d;
    });

    await until('the catalogue', async () => {
      const products = await call('GET', `${integration}/products`);
      return products.json.data.total === 2;
    });
    expect((await call('GET', `${integration}/status`)).json.data).toMatchObject({ status: 'connected' });
    expect(output).toMatch(/Paired with Corner Shop/);
    expect(output).toMatch(/line 4: description is empty/);
    expect(existsSync(path.join(posFolder, 'pos', 'export', 'sent', 'catalogue.csv'))).toBe(true);

    // An invoice is read, matched and processed, then pushed to the POS.
    const pdf = await invoicePdf({
      vendor: 'Fresh Farm Foods',
      invoiceNum: 'FF-501',
      date: '2026-11-03',
      lines: [
        { code: 'A100', description: 'Organic apples 1kg', qty: 10, price: 2.5 },
        { code: 'B200', description: 'Free range eggs x12', qty: 5, price: 3.2 },
      ],
    });
    const form = new FormData();
    form.append('ShopSupplierId', String(link.json.data.shopSupplierId));
    form.append('File', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'ff-501.pdf');
    const docId = (await call('POST', `/api/shops/${shopId}/orders/upload`, form)).json.data.tempOrderId;
    await until('the reading', async () => {
      const review = await call('GET', `/api/shops/${shopId}/orders/pending-review/${docId}`);
      return review.json.data.status !== 'reading';
    });
    const processed = await call('POST', `/api/shops/${shopId}/orders/pending-review/${docId}/process`, {
      override: true,
    });
    const orderId = processed.json.data.orderId as number;
    const pushed = await call('POST', `${integration}/syncs/push`, { orderId });
    expect(pushed.json.data.status).toBe('pending');

    const receivedDir = path.join(posFolder, 'pos', 'goods-received');
    const file = await until('the goods-received file', async () =>
      readdirSync(receivedDir).find((n) => n.startsWith(`GR-${orderId}-`) && n.endsWith('.csv')),
    );
    expect(readFileSync(path.join(receivedDir, file), 'utf8').split('\r\n')).toEqual([
      'productCode,description,quantity,unitCost,orderId,invoiceNum,invoiceDate,supplier',
      `APL,Organic apples 1kg,10,2.5,${orderId},FF-501,2026-11-03,Fresh Farm Foods`,
      `EGG12,Free range eggs x12,5,3.2,${orderId},FF-501,2026-11-03,Fresh Farm Foods`,
      '',
    ]);
    const history = await until('the acknowledgement', async () => {
      const h = (await call('GET', `${integration}/syncs/history`)).json.data.data;
      return h[0]?.status === 'acknowledged' && h;
    });
    expect(history.map((h: { entityType: string }) => h.entityType)).toEqual(['order', 'catalogue']);

    // Disconnecting revokes the agent's token: the agent stops and says to pair again.
    await call('POST', `${integration}/disconnect`);
    const [exitCode] = await once(agent, 'exit');
    expect(exitCode).toBe(2);
    expect(output).toMatch(/Pair the agent again/);
  }, 180_000);
});

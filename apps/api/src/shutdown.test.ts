import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZErrorEnvelopeSchema } from '@orderbridge/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { invoicePdf } from './demo/invoice-pdf.js';
import { PASSWORD, uniqueEmail } from './test/harness.js';
import { multipart } from './test/multipart.js';
import { freePort, serverDatabase, startServerProcess, type TServerProcess } from './test/server-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-shutdown-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  JWT_SECRET: 'shutdown-test-secret-shutdown-test-0123',
  ROLE: 'api',
};
const port = await freePort();
const servers: TServerProcess[] = [];
let dropDatabase = async () => {};

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await dropDatabase();
});

async function start() {
  const server = await startServerProcess(env, port);
  servers.push(server);
  return server;
}

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: reply bodies of many shapes; the assertions check them.
  return { status: res.status, json: (await res.json().catch(() => null)) as any };
}

/** A multipart upload sent in two halves, so the server can be stopped or killed between them. */
function halfUpload(shopId: number, linkId: number, token: string, pdf: Buffer) {
  const form = multipart(
    { ShopSupplierId: String(linkId) },
    { field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
  );
  const req = http.request(`http://127.0.0.1:${port}/api/shops/${shopId}/orders/upload`, {
    method: 'POST',
    headers: {
      ...form.headers,
      authorization: `Bearer ${token}`,
      'content-length': String(form.payload.length),
    },
  });
  const reply = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
  });
  const half = Math.floor(form.payload.length / 2);
  req.write(form.payload.subarray(0, half));
  return { reply, finish: () => req.end(form.payload.subarray(half)) };
}

type TRawResponse = { status: number; headers: Record<string, string>; body: string };

/** The HTTP/1.1 responses in the bytes one connection received, in order. */
function parseResponses(bytes: Buffer): TRawResponse[] {
  const responses: TRawResponse[] = [];
  let rest = bytes;
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString().split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: rest.subarray(end + 4, end + 4 + length).toString(),
    });
    rest = rest.subarray(end + 4 + length);
  }
  return responses;
}

/**
 * An upload sent in two halves on one keep-alive connection; `finish` sends the rest with another request
 * pipelined behind it, which reaches the server only after the upload, like a balancer's next request would.
 */
function pipelinedUpload(shopId: number, linkId: number, token: string, pdf: Buffer) {
  const form = multipart(
    { ShopSupplierId: String(linkId) },
    { field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
  );
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => {
    received = Buffer.concat([received, d]);
  });
  const closed = once(socket, 'close');
  const head =
    `POST /api/shops/${shopId}/orders/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Authorization: Bearer ${token}\r\nContent-Type: ${form.headers['content-type']}\r\n` +
    `Content-Length: ${form.payload.length}\r\nConnection: keep-alive\r\n\r\n`;
  const half = Math.floor(form.payload.length / 2);
  socket.write(Buffer.concat([Buffer.from(head), form.payload.subarray(0, half)]));
  return {
    finish: (next: string) => socket.write(Buffer.concat([form.payload.subarray(half), Buffer.from(next)])),
    responses: async () => {
      await closed;
      return parseResponses(received);
    },
  };
}

const storedFiles = () => {
  const dir = path.join(dataDir, 'files');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
};

describe('an API process killed or stopped during an upload', () => {
  it('keeps nothing of an upload cut by SIGKILL, takes the retry, and drains an upload in flight on SIGTERM', async () => {
    const database = await serverDatabase('ob_shutdown');
    Object.assign(env, database.env);
    dropDatabase = database.drop;
    const first = await start();
    const email = uniqueEmail('shutdown');
    await call('POST', '/api/account/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'S',
      lastName: 'D',
    });
    const outbox = (await call('GET', '/api/dev/outbox')).json.data as { links: string[] }[];
    const confirm = new URL(outbox[0]!.links[0]!);
    await call('GET', `${confirm.pathname}${confirm.search}`);
    const login = await call('POST', '/api/account/login', { userName: email, password: PASSWORD });
    const token = login.json.data.token as string;
    const shopId = (
      await call(
        'POST',
        '/api/onboarding/company',
        { companyName: 'Shutdown Shop', companyType: 'shops', companyMainEmail: uniqueEmail('shop') },
        token,
      )
    ).json.data.companyId as number;
    const linkId = (
      await call(
        'POST',
        `/api/shops/${shopId}/suppliers`,
        { supplierName: 'Cut Ltd', supplierEmail: uniqueEmail('cut') },
        token,
      )
    ).json.data.shopSupplierId as number;
    const pdf = (n: string) =>
      invoicePdf({
        vendor: 'Cut Ltd',
        invoiceNum: n,
        date: '2026-11-03',
        lines: [{ code: 'K1', description: 'Kitchen roll', qty: 4, price: 1.25 }],
      });

    // Killed mid-upload: the client sees the connection drop; nothing half-stored survives.
    const cut = halfUpload(shopId, linkId, token, await pdf('CUT-1'));
    await new Promise((r) => setTimeout(r, 500));
    await first.stop('SIGKILL');
    expect(await cut.reply).toMatchObject({ error: expect.any(String) });

    const second = await start();
    const listed = await call('GET', `/api/shops/${shopId}/orders/unprocessed`, undefined, token);
    expect(listed.json.data.total).toBe(0);
    expect(storedFiles()).toEqual([]);

    // The retry goes through.
    const retry = halfUpload(shopId, linkId, token, await pdf('CUT-1'));
    retry.finish();
    expect(await retry.reply).toMatchObject({ status: 201 });

    // SIGTERM with an upload in flight: the upload completes; a request arriving behind it on the same
    // keep-alive connection gets a 503 in the error envelope with Retry-After and the connection closed; new
    // connections are refused; the process ends in time.
    const inFlight = pipelinedUpload(shopId, linkId, token, await pdf('CUT-2'));
    await new Promise((r) => setTimeout(r, 300));
    const stopping = Date.now();
    second.child.kill('SIGTERM');
    await second.waitForLog((l) => l.msg === 'OrderBridge stopping', 5_000);
    inFlight.finish(
      `GET /api/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    const [drained, refused] = await inFlight.responses();
    expect(drained?.status, drained?.body).toBe(201);
    expect(refused?.status).toBe(503);
    expect(refused?.headers['retry-after']).toBe('5');
    expect(refused?.headers.connection).toBe('close');
    expect(ZErrorEnvelopeSchema.parse(JSON.parse(refused!.body))).toMatchObject({
      message: expect.stringMatching(/restarting\. Nothing was changed/),
      errors: { process: ['shutting down'] },
    });
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    const code =
      second.child.exitCode ??
      (await new Promise<number | null>((resolve) => second.child.once('exit', resolve)));
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(code).toBe(0);
    expect(storedFiles()).toHaveLength(2);
  }, 300_000);
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enInvoice, makePdf } from './__tests__/make-docs.js';
import { readDocument } from './read.js';

let server: http.Server;
let url = '';
const seen: {
  auth?: string;
  body: {
    model: string;
    messages: { content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
    response_format?: unknown;
  };
}[] = [];
let mode: 'ok' | 'fail-once' | 'hang' | 'bad-total' = 'ok';
let failed = false;

const answer = (total: number) => ({
  documentType: 'invoice',
  currency: 'GBP',
  vendor: { name: 'Northwind Supplies Ltd' },
  headers: { invoiceNum: 'INV-2024-0001', invoiceDate: '2024-03-14' },
  totals: { net: 2482.75, vat: 496.55, invoiceTotal: total },
  items: [
    { itemDesc: 'Steel bolts M8', itemQty: 11, price: 1.25, amount: 13.75 },
    { itemDesc: 'Grease', itemQty: 2, price: 1234.5, amount: 2469 },
  ],
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      if (mode === 'hang') return;
      if (mode === 'fail-once' && !failed) {
        failed = true;
        res.writeHead(503).end('busy');
        return;
      }
      const content = JSON.stringify(answer(mode === 'bad-total' ? 1 : 2979.3));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('model reader (OpenAI-compatible endpoint)', () => {
  it('sends the words with positions and a JSON schema; the answer passes the same checks', async () => {
    mode = 'ok';
    const r = await readDocument(await makePdf(enInvoice(1)), {
      fileName: 'm.pdf',
      model: { url, model: 'test-model', apiKey: 'k1' },
    });
    const call = seen[seen.length - 1]!;
    expect(call.auth).toBe('Bearer k1');
    expect(call.body.model).toBe('test-model');
    expect(call.body.response_format).toBeDefined();
    expect(call.body.messages[1]!.content).toMatch(/INV-2024-0001/);
    expect(r.source).toBe('model');
    expect(r.headers.invoiceNum).toBe('INV-2024-0001');
    expect(r.issues).toEqual([]);
    expect(r.pendingReview).toBe(false);
  });

  it('retries a failing endpoint', async () => {
    mode = 'fail-once';
    const before = seen.length;
    const r = await readDocument(await makePdf(enInvoice(1)), {
      fileName: 'm.pdf',
      model: { url, model: 'm', retries: 2 },
    });
    expect(seen.length - before).toBe(2);
    expect(r.headers.invoiceNum).toBe('INV-2024-0001');
  });

  it('flags an answer whose arithmetic is wrong', async () => {
    mode = 'bad-total';
    const r = await readDocument(await makePdf(enInvoice(1)), {
      fileName: 'm.pdf',
      model: { url, model: 'm' },
    });
    expect(r.pendingReview).toBe(true);
    expect(r.issues.some((i) => i.column === 'invoiceTotal')).toBe(true);
  });

  it('gives up after its time limit and reads with the built-in reader, telling the reviewer', async () => {
    mode = 'hang';
    const r = await readDocument(await makePdf(enInvoice(1)), {
      fileName: 'm.pdf',
      model: { url, model: 'm', timeoutMs: 300, retries: 1 },
    });
    expect(r.pendingReview).toBe(true);
    expect(r.issues[0]!.description).toMatch(/model reader failed/);
    expect(r.source).toBe('text');
    expect(r.headers.invoiceNum).toBe('INV-2024-0001');
  });

  it('sends the rendered pages to a vision model as images next to the words', async () => {
    mode = 'ok';
    const r = await readDocument(await makePdf(enInvoice(1)), {
      fileName: 'm.pdf',
      model: { url, model: 'vision-model', vision: true },
    });
    const content = seen[seen.length - 1]!.body.messages[1]!.content;
    if (typeof content === 'string') throw new Error('expected text and image parts');
    expect(content[0]!.text).toMatch(/INV-2024-0001/);
    const png = Buffer.from(content[1]!.image_url!.url.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(r.headers.invoiceNum).toBe('INV-2024-0001');
    expect(r.pendingReview).toBe(false);
  });
});

// Upload → readable: a shop uploads a one-page rendered invoice image to the API (real app, embedded database,
// its own job queue and reading worker in this process), and the time until the document leaves 'reading' is
// set beside the reader's own time for the same file in this process.
//   npx tsx bench/reader/upload-timing.ts [CORPUS_DIR] [--uploads 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearer, createCompany, createTestApp, signUp } from '../../apps/api/src/test/harness.ts';
import { multipart } from '../../apps/api/src/test/multipart.ts';
import { closeOcr, readDocument } from '../../packages/reader/src/index.ts';
import { docs } from './common.ts';

const file = path.join(docs, 'fx107-f20220026-render.png');
const bytes = fs.readFileSync(file);
const n = Number(process.argv[process.argv.indexOf('--uploads') + 1]) || 3;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const t = await createTestApp();
const shop = await signUp(t.app);
const shopId = await createCompany(t.app, shop, 'shops');
const link = await t.app.inject({
  method: 'POST',
  url: `/api/shops/${shopId}/suppliers`,
  headers: bearer(shop.token),
  payload: { supplierEmail: `supplier.${Date.now()}@example.com`, supplierName: 'Le Fournisseur' },
});
if (link.statusCode !== 201) throw new Error(`supplier link failed: ${link.body}`);
const linkId = link.json().data.shopSupplierId as number;

const uploads: number[] = [];
for (let i = 0; i < n; i++) {
  const form = multipart(
    { Memo: 'timing', ShopSupplierId: String(linkId) },
    // the same page each time, one more byte after its end each time: the API refuses a file uploaded before
    {
      field: 'File',
      name: `invoice-${i}.png`,
      type: 'image/png',
      bytes: Buffer.concat([bytes, Buffer.alloc(i)]),
    },
  );
  const t0 = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/orders/upload`,
    headers: { ...bearer(shop.token), ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  const id = res.json().data.tempOrderId as number;
  for (;;) {
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${shopId}/orders/pending-review/${id}`,
      headers: bearer(shop.token),
    });
    if (got.json().data.status !== 'reading') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  uploads.push(performance.now() - t0);
}
await t.close();

// the reader alone, in this thread, warm (as the API's reading worker is after its first document)
await readDocument(new Uint8Array(bytes), {});
const reads: number[] = [];
for (let i = 0; i < n; i++) {
  const t0 = performance.now();
  await readDocument(new Uint8Array(bytes), {});
  reads.push(performance.now() - t0);
}
await closeOcr();
const ms = (xs: number[]) => xs.map((x) => `${(x / 1000).toFixed(1)} s`).join(', ');
console.log(
  `${path.basename(file)}: upload → readable ${ms(uploads)} (the first with the reading worker cold); reader alone ${ms(reads)}; load average ${load()}`,
);

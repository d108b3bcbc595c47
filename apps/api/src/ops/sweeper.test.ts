import { createHash } from 'node:crypto';
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../db/schema/index.js';
import { invoicePdf } from '../demo/invoice-pdf.js';
import { bearer, createCompany, createTestApp, signUp, type TTestApp, uniqueEmail } from '../test/harness.js';
import { createSweeper } from './sweeper.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

const HOUR = 60 * 60_000;
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(path.join(t.dataDir, 'files', key), when, when);
};
const stored = (key: string) => existsSync(path.join(t.dataDir, 'files', key));

describe('the sweeper', () => {
  it('removes a file an upload killed before its row left behind, and reads a document whose job was never queued', async () => {
    const session = await signUp(t.app);
    const shopId = await createCompany(t.app, session, 'shops');
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/suppliers`,
      headers: bearer(session.token),
      payload: { supplierEmail: uniqueEmail('sweep'), supplierName: 'Swept Supplies' },
    });
    const linkId = link.json().data.shopSupplierId as number;
    const pdf = (n: string) =>
      invoicePdf({
        vendor: 'Swept Supplies',
        invoiceNum: n,
        date: '2026-11-06',
        lines: [{ code: 'B1', description: 'Brooms', qty: 2, price: 7.5 }],
      });

    // A SIGKILL between the file write and the row insert: a file under documents/ that no row names.
    const orphan = await t.app.storage.put('documents', await pdf('SW-ORPHAN'), 'pdf');
    age(orphan, HOUR);
    // One just written may still be getting its row: it stays.
    const fresh = await t.app.storage.put('documents', await pdf('SW-FRESH'), 'pdf');

    // A SIGKILL between the row insert and queueing the job: a document `reading` with no job, for ever.
    const bytes = await pdf('SW-STUCK');
    const fileKey = await t.app.storage.put('documents', bytes, 'pdf');
    age(fileKey, HOUR);
    const [stuck] = await t.app.db
      .insert(documents)
      .values({
        shopId,
        shopSupplierId: linkId,
        uploadedBy: session.userId,
        fileKey,
        fileName: 'stuck.pdf',
        contentType: 'application/pdf',
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();

    const sweeper = createSweeper({ db: t.app.db, storage: t.app.storage, jobs: t.app.jobs, log: t.app.log });
    const result = await sweeper.sweep();
    expect(result).toEqual({ requeued: [stuck!.id], removed: [orphan] });
    expect(stored(orphan)).toBe(false);
    expect(stored(fresh)).toBe(true);
    expect(stored(fileKey)).toBe(true);

    // The queued job reads it like any upload; a second sweep finds nothing more to do.
    const deadline = Date.now() + 120_000;
    let status = 'reading';
    while (status === 'reading' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      [{ status }] = (await t.app.db
        .select({ status: documents.status })
        .from(documents)
        .where(eq(documents.id, stuck!.id))) as [{ status: string }];
    }
    expect(status).toBe('pending_review');
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${shopId}/orders/pending-review/${stuck!.id}`,
      headers: bearer(session.token),
    });
    expect(review.json().data.items).toHaveLength(1);
    expect(await sweeper.sweep()).toEqual({ requeued: [], removed: [] });
  }, 240_000);
});

import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { EN_LABELS, en, enInvoice, makePdf, pdfOf } from './__tests__/make-docs.js';
import { createReader } from './pool.js';
import { createMemoryProfileStore } from './profile.js';

const reader = createReader({ workers: 1, timeoutMs: 30_000 });
afterAll(() => reader.close());

function encryptedPdf(): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.text('Invoice 1');
    doc.end();
  });
}

describe('reader pool (worker threads, limits)', () => {
  it('reads a document in a worker thread', async () => {
    const r = await reader.read(await makePdf(enInvoice(1)), { fileName: 'ok.pdf' });
    expect(r.file).toBe('ok.pdf');
    expect(r.headers.invoiceNum).toBe('INV-2024-0001');
  });

  it('reports each page as its words are ready, from the worker thread', async () => {
    const words =
      'Invoice delivery note with enough words on this page to count as a text page for the reader';
    const pdf = await pdfOf({}, (doc) => {
      doc.text(words);
      doc.addPage();
      doc.text(words);
    });
    const seen: [number, number][] = [];
    await reader.read(pdf, { fileName: 'two.pdf', onPage: (page, pages) => seen.push([page, pages]) });
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it.each([
    [
      'random bytes',
      () => Promise.resolve(new Uint8Array(4096).map((_, i) => (i * 7919) % 251)),
      /not a PDF, PNG, JPEG/,
    ],
    ['an empty file', () => Promise.resolve(new Uint8Array()), /not a PDF, PNG, JPEG/],
    [
      'a truncated PDF',
      async () => (await makePdf(enInvoice(1))).subarray(0, 700),
      /cannot be read|could not be read/,
    ],
    ['an encrypted PDF', encryptedPdf, /password/],
    [
      'a PNG with a broken body',
      () => Promise.resolve(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
      /could not be read/,
    ],
  ])('answers %s with an issue and review', async (_name, make, why) => {
    const r = await reader.read(await make(), { fileName: 'bad' });
    expect(r.pendingReview).toBe(true);
    expect(r.issues.map((i) => i.description).join(' ')).toMatch(why);
  });

  it('refuses files above the size limit', async () => {
    const r = await reader.read(await makePdf(enInvoice(1)), {
      fileName: 'big.pdf',
      limits: { maxBytes: 1000 },
    });
    expect(r.pendingReview).toBe(true);
    expect(r.issues[0]!.column).toBe('too-large');
  });

  it('refuses images above the pixel limit', async () => {
    // a PNG header claiming 100000 × 100000 pixels
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1, 0x86, 0xa0,
      0, 1, 0x86, 0xa0, 8, 0, 0, 0, 0, 0x3b, 0x7e, 0x9b, 0x55,
    ]);
    const r = await reader.read(png, { fileName: 'huge.png' });
    expect(r.pendingReview).toBe(true);
    expect(r.issues.length).toBeGreaterThan(0);
  });

  it('stops a read that takes too long and keeps working afterwards', async () => {
    const slow = createReader({ workers: 1, timeoutMs: 50 });
    const r = await slow.read(await makePdf(enInvoice(2)), { fileName: 'slow.pdf' });
    expect(r.pendingReview).toBe(true);
    expect(r.issues[0]!.column).toBe('timeout');
    await slow.close();
    const ok = await reader.read(await makePdf(enInvoice(3)), { fileName: 'after.pdf' });
    expect(ok.headers.invoiceNum).toBe('INV-2024-0003');
  });

  describe('learning in a worker thread', () => {
    /** An invoice whose number label ("Ref") the generic reader does not know. */
    const refInvoice = (n: number) =>
      enInvoice(n, { labels: { ...EN_LABELS, number: 'Ref' }, number: `K${7000 + n}`, money: en });

    it('learns a layout, stores it, and the next read of that supplier uses it', async () => {
      const store = createMemoryProfileStore();
      const profile = await reader.learn(store, 'northwind', await makePdf(refInvoice(1)), {
        headers: { invoiceNum: 'K7001' },
      });
      expect(profile.learnedFrom).toBe(1);
      expect(await store.get('northwind')).toEqual(profile);
      const r = await reader.read(await makePdf(refInvoice(2)), {
        fileName: 'next.pdf',
        supplierKey: 'northwind',
        profile: await store.get('northwind'),
      });
      expect(r.profileUsed).toBe('northwind');
      expect(r.headers.invoiceNum).toBe('K7002');
    });

    it('rejects an unreadable document, stores nothing, and keeps working', async () => {
      const store = createMemoryProfileStore();
      await expect(
        reader.learn(store, 'northwind', new Uint8Array(64).fill(7), { headers: { invoiceNum: 'X1' } }),
      ).rejects.toThrow(/could not be learned.*not a PDF, PNG, JPEG/);
      expect(store.all.size).toBe(0);
      const r = await reader.read(await makePdf(enInvoice(4)), { fileName: 'after.pdf' });
      expect(r.headers.invoiceNum).toBe('INV-2024-0004');
    });

    it('stops a learn that takes too long and stores nothing', async () => {
      const slow = createReader({ workers: 1, timeoutMs: 50 });
      const store = createMemoryProfileStore();
      await expect(
        slow.learn(store, 'northwind', await makePdf(refInvoice(1)), { headers: { invoiceNum: 'K7001' } }),
      ).rejects.toThrow(/longer than/);
      expect(store.all.size).toBe(0);
      await slow.close();
    });

    it('rejects after the reader is closed', async () => {
      const closed = createReader({ workers: 1 });
      await closed.close();
      await expect(
        closed.learn(createMemoryProfileStore(), 'northwind', await makePdf(refInvoice(1)), {}),
      ).rejects.toThrow(/closed/);
    });
  });
});

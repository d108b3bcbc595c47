import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from './demo/invoice-pdf.js';
import { bearer, createCompany, createTestApp, signUp, type TTestApp, uniqueEmail } from './test/harness.js';
import { multipart } from './test/multipart.js';

let t: TTestApp;
beforeAll(async () => {
  // A short time limit, so a file that would keep the reader busy shows the cap rather than the test's patience.
  t = await createTestApp({ READ_TIMEOUT_SECONDS: '30' });
}, 180_000);
afterAll(() => t.close());

function pdfkitBytes(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    draw(doc);
    doc.end();
  });
}

/** A one-page PDF whose content stream inflates from about 50 KB to 60 MB (a deflate bomb). */
function deflateBombPdf(): Buffer {
  const stream = deflateSync(Buffer.alloc(60 * 1024 * 1024, 0x20), { level: 9 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  const add = (chunk: string | Buffer) =>
    parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
  const length = () => parts.reduce((n, p) => n + p.length, 0);
  add('%PDF-1.4\n');
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length();
    add(`${n} 0 obj\n`);
    for (const b of [body].flat()) add(b);
    add('\nendobj\n');
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>');
  object(4, [
    Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
    stream,
    Buffer.from('\nendstream'),
  ]);
  const xref = length();
  add(
    `xref\n0 5\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
      .join('')}`,
  );
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A PNG that claims 60,000 × 60,000 pixels (3.6 gigapixels); its data is cut short, as an attacker would send it. */
function hugePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grey
  const rows = deflateSync(Buffer.alloc(4 * 60_001));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('hostile files', () => {
  it('gives each a clear error in words within the caps, and the worker reads the next document', async () => {
    const session = await signUp(t.app);
    const shopId = await createCompany(t.app, session, 'shops');
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/suppliers`,
      headers: bearer(session.token),
      payload: { supplierEmail: uniqueEmail('hostile'), supplierName: 'Hostile Files Ltd' },
    });
    const linkId = link.json().data.shopSupplierId as number;
    const good = await invoicePdf({
      vendor: 'Hostile Files Ltd',
      invoiceNum: 'GOOD-1',
      date: '2026-11-02',
      lines: [{ code: 'A1', description: 'Apples 1kg', qty: 3, price: 2.5 }],
    });
    const jpegHead = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Buffer.from('JFIF\0'),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
    ]);
    const files: { name: string; type: string; bytes: Buffer; words: RegExp }[] = [
      { name: 'bomb.pdf', type: 'application/pdf', bytes: deflateBombPdf(), words: /./ },
      { name: 'huge.png', type: 'image/png', bytes: hugePng(), words: /pixels|too large|megapixel|limit/i },
      {
        name: 'long.pdf',
        type: 'application/pdf',
        bytes: await pdfkitBytes({ autoFirstPage: false }, (doc) => {
          for (let i = 1; i <= 500; i++) doc.addPage().text(`Page ${i} of a very long document`);
        }),
        // The page cap, or on a slow machine the time cap: either stops it with words.
        words: /first \d+ of 500 pages|took longer than/i,
      },
      {
        name: 'locked.pdf',
        type: 'application/pdf',
        bytes: await pdfkitBytes({ userPassword: 'secret', ownerPassword: 'owner' }, (doc) =>
          doc.text('Invoice'),
        ),
        words: /password/i,
      },
      {
        name: 'polyglot.jpg',
        type: 'image/jpeg',
        bytes: Buffer.concat([jpegHead, good]),
        // Holds a whole invoice: read as that, or refused in words; either way nothing breaks.
        words: /(?:)/,
      },
      {
        name: 'truncated.pdf',
        type: 'application/pdf',
        bytes: good.subarray(0, Math.floor(good.length / 2)),
        words: /./,
      },
      {
        name: '../../../../etc/passwd.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([good, Buffer.from('\n% other bytes')]),
        words: /(?:)/,
      },
    ];
    const ids: { id: number; file: (typeof files)[number] }[] = [];
    for (const file of [...files, { name: 'good.pdf', type: 'application/pdf', bytes: good, words: /./ }]) {
      const form = multipart({ ShopSupplierId: String(linkId) }, { field: 'File', ...file });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/orders/upload`,
        headers: { ...bearer(session.token), ...form.headers },
        payload: form.payload,
      });
      // Refused at the door (a type the server does not accept) is as good as a clear error later.
      if (res.statusCode !== 201) {
        expect(res.statusCode, `${file.name}: ${res.body}`).toBeLessThan(500);
        expect(res.json().message.length).toBeGreaterThan(10);
        continue;
      }
      ids.push({ id: res.json().data.tempOrderId, file });
    }
    const review = async (id: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/shops/${shopId}/orders/pending-review/${id}`,
          headers: bearer(session.token),
        })
      ).json().data as {
        status: string;
        fileName: string;
        issues: { description: string }[];
        vendor?: { name?: string };
      };
    const end = Date.now() + 400_000;
    const results = new Map<number, Awaited<ReturnType<typeof review>>>();
    while (results.size < ids.length && Date.now() < end) {
      for (const { id } of ids) {
        if (results.has(id)) continue;
        const doc = await review(id);
        if (doc.status !== 'reading') results.set(id, doc);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    for (const { id, file } of ids) {
      const doc = results.get(id);
      expect(doc, `${file.name} is still being read`).toBeDefined();
      expect(['pending_review', 'failed']).toContain(doc!.status);
      if (file.name === 'good.pdf') continue;
      if (file.words.source !== '(?:)') {
        expect(doc!.issues.length, `${file.name} has no issue`).toBeGreaterThan(0);
      }
      const words = doc!.issues.map((i) => i.description).join(' | ');
      expect(words, file.name).toMatch(file.words);
      expect(words).not.toMatch(/\bat .+:\d+:\d+|Error:|undefined|\[object/);
    }
    // The directory part of a sent name is dropped; stored keys are UUIDs whatever the name.
    const named = ids.find((i) => i.file.name.startsWith('../'));
    if (named) expect(results.get(named.id)!.fileName).toBe('passwd.pdf');
    const stored = readdirSync(path.join(t.dataDir, 'files', 'documents'));
    expect(stored.every((f) => /^[0-9a-f-]{36}\.\w+$/.test(f))).toBe(true);
    // The worker survived all of it: the ordinary invoice that came last was read.
    const last = ids.find((i) => i.file.name === 'good.pdf')!;
    expect(results.get(last.id)!.status).toBe('pending_review');
  }, 600_000);
});

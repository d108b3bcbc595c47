// Scanned PDFs: every page image of the corpus (*-render.png) wrapped as the only content of a one-page A4 PDF,
// as a scanner or a phone app makes it, read and scored like the images themselves.
//   npx tsx bench/reader/scanned-pdf.ts [CORPUS_DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { closeOcr, readDocument } from '../../packages/reader/src/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const corpus = path.resolve(process.argv[2] ?? path.join(root, '../shared/corpus'));
const docs = path.join(corpus, 'docs');
const out = path.join(import.meta.dirname, 'out', 'scanned-pdf');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const asPdf = (png: Buffer) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.image(png, 0, 0, { width: 595.28 });
    doc.end();
  });

const ids: string[] = [];
for (const f of fs.readdirSync(docs).filter((f) => f.endsWith('-render.png'))) {
  const id = f.slice(0, -4);
  const pdf = await asPdf(fs.readFileSync(path.join(docs, f)));
  const t = performance.now();
  const r = await readDocument(new Uint8Array(pdf), { fileName: `${id}.pdf` });
  console.log(
    `${id}.pdf: ${r.source}, ${r.pendingReview ? 'review' : 'auto'}, ${(performance.now() - t).toFixed(0)} ms`,
  );
  fs.writeFileSync(path.join(out, `${id}.json`), JSON.stringify(r, null, 1));
  ids.push(id);
}
await closeOcr();
const idsFile = path.join(out, 'ids.json');
fs.writeFileSync(idsFile, JSON.stringify(ids));
const tools = path.resolve(corpus, '../tools');
console.log(
  execFileSync(
    'node',
    [
      path.join(tools, 'score-extraction.mjs'),
      '--truth',
      path.join(corpus, 'truth'),
      '--pred',
      out,
      '--ids',
      idsFile,
    ],
    { encoding: 'utf8' },
  ),
);

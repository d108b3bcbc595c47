// Scanned PDFs: every page image of the corpus (*-render.png) wrapped as the only content of a one-page A4 PDF,
// as a scanner or a phone app makes it, read and scored like the images themselves.
//   npx tsx bench/reader/scanned-pdf.ts [CORPUS_DIR]
import fs from 'node:fs';
import path from 'node:path';
import { scannedPdf } from '../../packages/reader/src/__tests__/make-docs.ts';
import { closeOcr, readDocument } from '../../packages/reader/src/index.ts';
import { docs, freshOut, scoreExtraction } from './common.ts';

const out = freshOut('scanned-pdf');

const ids: string[] = [];
for (const f of fs.readdirSync(docs).filter((f) => f.endsWith('-render.png'))) {
  const id = f.slice(0, -4);
  const pdf = await scannedPdf([new Uint8Array(fs.readFileSync(path.join(docs, f)))]);
  const t = performance.now();
  const r = await readDocument(pdf, { fileName: `${id}.pdf` });
  console.log(
    `${id}.pdf: ${r.source}, ${r.pendingReview ? 'review' : 'auto'}, ${(performance.now() - t).toFixed(0)} ms`,
  );
  fs.writeFileSync(path.join(out, `${id}.json`), JSON.stringify(r, null, 1));
  ids.push(id);
}
await closeOcr();
console.log(scoreExtraction(out, { ids }));

// Extracts and scores receipts from the OCR kept by `receipt-ocr.ts` (no OCR here: seconds, not hours), as
// `readDocument` does after its OCR: the first reading, the later passes (the last only when the readings so
// far are unsettled), the vote, the review decision. The receipts are split once, by a hash of the id
// (receipt-split.json), into a tuning half and a held-out half: change the rules looking only at the tuning half.
//   npx tsx bench/reader/receipts.ts [--half tuning|held-out|all] [--reader OTHER_CHECKOUT] [--cache DIR] [--verbose]
import fs from 'node:fs';
import path from 'node:path';
import type { Box } from '../../packages/reader/src/image.ts';
import type { DocumentWords } from '../../packages/reader/src/read.ts';
import type { TReaderResult, Word } from '../../packages/reader/src/types.ts';
import { freshOut, root, scoreExtraction } from './common.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const half = arg('--half') ?? 'tuning';
const readerRoot = path.resolve(arg('--reader') ?? root);
const src = path.join(readerRoot, 'packages/reader/src');
const read = await import(path.join(src, 'read.ts'));
const receipt = await import(path.join(src, 'receipt.ts'));
// a checkout from before receipt-ocr.ts exported its passes had the same two: the second only when unsure
const passes: { whenUnsure?: boolean }[] = read.RECEIPT_PASSES ?? [{}, { whenUnsure: true }];

const split = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'receipt-split.json'), 'utf8'));
const wanted: string[] =
  half === 'all' ? [...split.tuning, ...split.heldOut] : half === 'held-out' ? split.heldOut : split.tuning;
const cache = arg('--cache') ?? path.join(import.meta.dirname, 'out', 'receipt-ocr');
const out = freshOut(`receipts-${half}${arg('--reader') ? '-other' : ''}`);
const ids: string[] = [];
let through = 0;
let headerRuns = 0;
for (const id of wanted) {
  const file = path.join(cache, `${id}.json`);
  if (!fs.existsSync(file)) continue;
  const kept: {
    file: string;
    doc: DocumentWords;
    passes: Word[][];
    header?: { band: Box | null; words: Word[] };
  } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const doc = kept.doc;
  const reading = (d: DocumentWords, receiptPass: boolean) => {
    const ctx = read.contextOf(d);
    if (receiptPass) ctx.isReceipt = true;
    return { r: read.extractAll(ctx, d, kept.file) as TReaderResult, ctx };
  };
  const first = reading(doc, false);
  let r = first.r;
  if (first.ctx.isReceipt) {
    const readings = [first];
    for (const [i, words] of kept.passes.entries()) {
      if (passes[i]?.whenUnsure && receipt.readingsSettled(readings)) break;
      readings.push(reading({ ...doc, pages: [{ ...doc.pages[0]!, words }] }, true));
    }
    // a checkout with the header pass: its reading votes on the vendor when the readings name different ones
    const band = kept.header?.band;
    const header =
      band && read.withHeaderWords && !receipt.namesAgree(readings)
        ? reading(
            {
              ...doc,
              pages: [
                {
                  ...doc.pages[0]!,
                  words: read.withHeaderWords(doc.pages[0]!.words, band, kept.header!.words),
                },
              ],
            },
            true,
          )
        : undefined;
    if (header) headerRuns++;
    r = receipt.voteReadings(readings, header);
  }
  r = read.finish(r, {}, first.ctx);
  if (!r.pendingReview) through++;
  fs.writeFileSync(path.join(out, `${id}.json`), JSON.stringify(r, null, 1));
  ids.push(id);
}
console.log(scoreExtraction(out, { ids, verbose: process.argv.includes('--verbose') }));
console.log(
  `${half}: ${ids.length} of ${wanted.length} receipts have kept OCR; ${through} sent straight through; header pass on ${headerRuns}`,
);

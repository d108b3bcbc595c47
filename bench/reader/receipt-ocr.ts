// Reads receipts' OCR once and keeps it: the first reading and every later receipt pass (all of them, not
// only those the reader would need, and the header band read again), as words with positions. `receipts.ts` then extracts and scores from
// these files in seconds, so a change to the receipt rules is judged without OCR (slow on a shared machine).
//   npx tsx bench/reader/receipt-ocr.ts IDS_FILE [--part K/N]     (writes bench/reader/out/receipt-ocr/<id>.json)
import fs from 'node:fs';
import path from 'node:path';
import { type Box, crop } from '../../packages/reader/src/image.ts';
import { closeOcr } from '../../packages/reader/src/ocr.ts';
import {
  contextOf,
  guessLang,
  HEADER_PASS,
  headerBand,
  headerPass,
  RECEIPT_PASSES,
  readWords,
  receiptPass,
  textArea,
} from '../../packages/reader/src/read.ts';
import type { Word } from '../../packages/reader/src/types.ts';
import { docs } from './common.ts';

const ids: string[] = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8'));
const part = process.argv.indexOf('--part');
const [k, n] = part > 0 ? process.argv[part + 1]!.split('/').map(Number) : [1, 1];
const out = path.join(import.meta.dirname, 'out', 'receipt-ocr');
fs.mkdirSync(out, { recursive: true });
const byId = new Map(fs.readdirSync(docs).map((f) => [f.replace(/\.[^.]+$/, ''), f]));

for (const [i, id] of ids.entries()) {
  if (i % n! !== k! - 1) continue;
  const file = path.join(out, `${id}.json`);
  if (fs.existsSync(file)) continue;
  const t0 = performance.now();
  const doc = await readWords(new Uint8Array(fs.readFileSync(path.join(docs, byId.get(id)!))), {}, 3);
  const firstSeconds = (performance.now() - t0) / 1000;
  const passes = [];
  const passSeconds: number[] = [];
  let header: { band: Box | null; words: Word[]; seconds: number } | undefined;
  const scan = doc.scans?.get(1);
  if (scan && contextOf(doc).isReceipt) {
    const words = doc.pages[0]?.words ?? [];
    const lang = guessLang(words);
    const area = textArea(words);
    const region = crop(scan, area.x0, area.y0, area.x1, area.y1);
    for (const p of RECEIPT_PASSES) {
      const t1 = performance.now();
      passes.push(await receiptPass(region, area, p, lang, {}));
      passSeconds.push((performance.now() - t1) / 1000);
    }
    // the header pass, kept for every receipt (the reader runs it only when the readings name different vendors)
    const band = headerBand(words);
    const t2 = performance.now();
    const again = band ? await headerPass(scan, band, HEADER_PASS, lang, {}) : [];
    header = { band: band ?? null, words: again, seconds: (performance.now() - t2) / 1000 };
  }
  const { scans: _scans, attachments: _a, ...kept } = doc;
  const seconds = (performance.now() - t0) / 1000;
  fs.writeFileSync(
    file,
    JSON.stringify({ id, file: byId.get(id), doc: kept, passes, seconds, firstSeconds, passSeconds, header }),
  );
  console.error(`${id}: ${seconds.toFixed(0)} s (${passes.length} extra passes)`);
}
await closeOcr();

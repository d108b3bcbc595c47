import { CALIBRATION } from './calibration-table.js';
import { GUESSED } from './completeness.js';
import { vatIdShaped } from './parties.js';
import type { TBox, Word } from './types.js';
import { vatCheck } from './vat-id.js';

/**
 * The overall confidence a document needs to go through without a person. Field and item-row confidences are
 * calibrated (`calibrate` below), and the overall one is the weakest key field, optional field read, or item row. On
 * the calibration set of round 30 (bench/RESULTS.md) documents whose weakest value was an item row of a doubtful
 * kind (0.975) were wrong 1 time in 30, those above it 2 in 158: a document goes through only when every value
 * was right at least 98 times in 100 where it was measured.
 */
export const STRAIGHT_THROUGH = 0.98;

/** The raw confidence of a subtotal the page does not print, derived from the rows (read.ts). */
export const DERIVED_SUBTOTAL = 0.5;

/**
 * Fields read by the same rule on the same raw scale that share one calibration table: an order's date is found
 * under its label exactly as an invoice's date is (extract.ts), and orders alone are too few to prove theirs (on
 * the round-34 fit, order dates at raw 0.87 and above were right 195 of 196, invoice dates 1,947 of 1,947).
 */
export const TABLE_OF: Record<string, string> = { 'headers.orderDate': 'headers.invoiceDate' };

/**
 * A supplier's name that nothing but its place ties to the supplier — a company name at the top of the page, or one
 * chosen among rival company names (parties.ts: raw below 0.9, no seller label, VAT id, IBAN or register number
 * printed with it) — goes to a person however often such names were right where they were measured: the generated
 * layouts print the supplier where the rules look for it, real ones need not (on the documents kept apart in
 * issue 18 a street line taken as the supplier went through; on the generated documents of the round-35 fit such
 * names were right 384 of 386).
 */
const PLACED_VENDOR = 0.9;
/** What such a name is worth at most: below the straight-through threshold. */
const PLACED_VENDOR_WORTH = 0.97;

/**
 * Turns the raw confidence of each field (how strong its evidence is: label, position, format, arithmetic)
 * into the share of such values that were right where it was measured (CALIBRATION, written by
 * bench/reader/calibration.ts --write). A field the table does not know keeps its raw value.
 */
export function calibrate(fields: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, raw] of Object.entries(fields)) {
    // a header field guessed from its value's shape and place (completeness.ts) was never measured: it stays a
    // guess; a subtotal derived from the rows was never printed: a person sees it as unsure whatever the rows'
    // sums were worth where they were measured
    if (
      (k.startsWith('headers.') && raw <= GUESSED + 1e-9) ||
      (k === 'totals.subtotal' && raw <= DERIVED_SUBTOTAL)
    ) {
      out[k] = raw;
      continue;
    }
    // item rows share one table: a row's evidence is worth the same in any position
    const bins = CALIBRATION[k.startsWith('items.') ? 'items' : (TABLE_OF[k] ?? k)];
    const bin = bins?.filter(([from]) => from <= raw + 1e-9).pop();
    out[k] = bin ? bin[1] : raw;
    if (k === 'vendor.name' && raw < PLACED_VENDOR - 1e-9) out[k] = Math.min(out[k], PLACED_VENDOR_WORTH);
  }
  return out;
}

/** OCR word confidence (Tesseract's, 0–1) below which a word may be misread. */
const DOUBTFUL_WORD = 0.8;
/**
 * What a field read from such a word is worth at most: below the straight-through threshold (at 0.9 a doubted order
 * number "P0O832910" for "PO-832910" went through when optional fields counted 0.1 higher than their worth).
 */
const DOUBTFUL_FIELD = 0.85;

/**
 * Caps the confidence of each field whose box holds an OCR word Tesseract itself doubted: the rules cannot see
 * a misread letter in a name or a description, the OCR engine's own confidence can.
 */
export function capByOcr(
  fields: Record<string, number>,
  boxes: Record<string, TBox>,
  words: Word[],
): Record<string, number> {
  const out = { ...fields };
  for (const [k, conf] of Object.entries(fields)) {
    const b = boxes[k];
    if (!b || conf <= DOUBTFUL_FIELD) continue;
    const inBox = words.filter((w) => {
      const x = (w.x0 + w.x1) / 2;
      const y = (w.y0 + w.y1) / 2;
      return w.page === b.page && x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
    });
    if (inBox.some((w) => (w.conf ?? 1) < DOUBTFUL_WORD)) out[k] = DOUBTFUL_FIELD;
  }
  return out;
}

/**
 * Caps a scanned vendor VAT id whose check digits fail (vat-id.ts; extractVat repaired those one slip explains)
 * or that has not its country's shape ("DE6342868", two digits lost): OCR slipped on it in a way the reader
 * cannot undo, so a person looks. Never for a text layer's id (sample documents print made-up ones).
 */
export function capByVatCheck(
  fields: Record<string, number>,
  vatNumber: string | undefined,
): Record<string, number> {
  const conf = fields['vendor.vatNumber'];
  if (!vatNumber || conf === undefined || conf <= DOUBTFUL_FIELD) return fields;
  if (vatCheck(vatNumber) !== false && vatIdShaped(vatNumber)) return fields;
  return { ...fields, 'vendor.vatNumber': DOUBTFUL_FIELD };
}

import type { ExtractContext } from './context.js';
import type { HeaderField } from './labels.js';
import type { Line } from './layout.js';
import { compact, findDates, norm } from './parse.js';
import type { TReaderResult } from './types.js';

/**
 * The word stems of header fields, in four languages, and the shape of their values. A label holding one of
 * them ("Réf. commande", "Account", "Auftragsnr. intern") names that field, or something close to it, even when
 * the reader does not know the label as a whole.
 */
const FIELD_STEMS: [HeaderField, RegExp, 'id' | 'date'][] = [
  ['orderNum', /\b(?:order|bestell\w*|commande|bestel\w*|auftrag\w*|p\.?\s?o)\b/, 'id'],
  ['shopAccount', /\b(?:customer|client|kunde\w*|kd|klant\w*|account|debit\w*|debiteur\w*)\b/, 'id'],
  [
    'invoiceNum',
    /\b(?:invoice|\w*rechnung\w*|facture|factuur|gutschrift|avoir|creditnota|credit\s+note)\b/,
    'id',
  ],
  ['dueDate', /\b(?:due|fallig\w*|echeance|verval\w*|zahlbar)\b/, 'date'],
];

/** Labels of values near those stems that are none of the output's fields (a customer's phone, an order date). */
const OTHER_LABEL =
  /\b(?:tel\w*|phone|fon|fax|e-?mail|web\w*|iban|bic|bank\w*|konto\w*|date|datum|dated|vom|period\w*|zeitraum|name|naam|nom|contact\w*|ansprechpartner|vat|tva|btw|ust\w*|tax|steuer\w*)\b/;

const LABEL_ONLY = /^[\p{L}][\p{L} .'°#/-]{1,30}:?$/u;

/**
 * The label/value pairs of a line: "Label: value" in one cell, a label cell followed by its value cell, or a
 * label cell over its value in the next line (a band of header columns).
 */
function pairs(ctx: ExtractContext, line: Line): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  const next = ctx.lines[line.index + 1];
  line.cells.forEach((c, i) => {
    const text = c.text.trim();
    const m = /^([^:]{2,40}):\s*(\S.*)$/.exec(text);
    if (m && /\p{L}{2}/u.test(m[1]!)) {
      out.push({ label: norm(m[1]!), value: m[2]!.trim() });
      return;
    }
    if (!LABEL_ONLY.test(text)) return;
    const label = norm(text.replace(/:$/, ''));
    const right = line.cells[i + 1];
    if (right && /\d/.test(right.text) && right.x0 - c.x1 < 0.25)
      out.push({ label, value: right.text.trim() });
    const below =
      next && next.page === line.page && next.y0 - line.y1 < 0.03
        ? next.cells.find((b) => Math.abs(b.x0 - c.x0) < 0.02)
        : undefined;
    if (below && /\d/.test(below.text)) out.push({ label, value: below.text.trim() });
  });
  return out;
}

/**
 * Labelled values of the page's header area (above the item table) that look like a header field the reader
 * left empty: the label holds that field's word stem and the value has its shape, and no field took the value.
 * Such a document may have lost a field the page prints ("Réf. commande: PO-7259" when only "N° de commande"
 * is known), so it goes to a person however sure the fields it did read are. Values under labels the stems do
 * not touch (contract, tender, GLN and stylesheet numbers) are not fields, and count for nothing.
 */
export function unreadLabelledValues(ctx: ExtractContext, r: TReaderResult): string[] {
  const used = [
    ...Object.values(r.headers),
    ...[r.vendor, r.invoiceTo, r.recipient].flatMap((p) => Object.values(p ?? {})),
  ]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map(compact);
  // the header area: above the first line item (or the top half of the first page without a table)
  const firstItem = Object.entries(r.boxes)
    .filter(([k, b]) => k.startsWith('items.') && b.page === 1)
    .map(([, b]) => b.y);
  const top = firstItem.length ? Math.min(...firstItem) : 0.5;
  const out: string[] = [];
  for (const line of ctx.lines) {
    if (line.page !== 1 || line.y0 >= top) continue;
    for (const { label, value } of pairs(ctx, line)) {
      if (OTHER_LABEL.test(label)) continue;
      const v = compact(value);
      if (v.length < 3 || used.some((u) => u === v || (v.length >= 5 && u.includes(v)))) continue;
      const isDate = findDates(value).length > 0;
      const missed = FIELD_STEMS.find(
        ([field, stem, shape]) =>
          !r.headers[field] &&
          stem.test(label) &&
          (shape === 'date' ? isDate : !isDate && /\d/.test(value) && value.split(/\s+/).length <= 2),
      );
      if (missed) {
        out.push(`${label}: ${value}`.slice(0, 60));
        break;
      }
    }
  }
  return out;
}

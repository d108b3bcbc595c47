import { splitBandLabels } from './band-labels.js';
import { netFrom } from './checks.js';
import {
  boxOf,
  cellAt,
  cleanId,
  closeLine,
  type ExtractContext,
  type Found,
  isAmountText,
  isMoneyText,
  labelMatch,
  lineNumbers,
  ocrLabelMatch,
  rawIndex,
  valuesNear,
} from './context.js';
import { findHeader, itemRowWord } from './items.js';
import {
  BATCH_WORD,
  CARRIAGE_ROW,
  DISCOUNT_ROW,
  DOC_TYPE,
  HEADER_LABELS,
  type HeaderField,
  NOT_INVOICE_DATE,
  PLAIN_DATE_RANK,
  TOTAL_LABELS,
  TOTALS_CHARGE_ROW,
  type TotalField,
} from './labels.js';
import { type Cell, type Line, xOverlap } from './layout.js';
import { type DateOrder, findDates, looksNumeric, norm, ocrDateText, round2 } from './parse.js';
import { receiptTotals } from './receipt.js';
import type { TBox, TDocumentType, TItem, TTotals } from './types.js';

/** Header fields found by label. */
/**
 * The date values of a scan's date labels that read as dates only once OCR's slips are undone (`ocrDateText`):
 * evidence of day-first or month-first like the page's other dates ("0520/2021" says month first).
 */
export function ocrDateValues(lines: Line[]): string[] {
  const out: string[] = [];
  const dateLabel = (t: string) =>
    (['invoiceDate', 'dueDate', 'orderDate'] as const).some((f) => labelMatch(t, HEADER_LABELS[f]));
  for (const l of lines)
    l.cells.forEach((c, k) => {
      if (!dateLabel(c.text) && !(k > 0 && dateLabel(l.cells[k - 1]!.text))) return;
      const t = ocrDateText(c.text);
      if (t !== c.text) out.push(t);
    });
  return out;
}

/**
 * A scan's value with the specks OCR read as signs taken out: "$", "%" or "§" between two letters or digits
 * ("S$53-839447", "D7616%9"), and a tilde, caret or quote anywhere, glued to the id or a word of its own
 * ("~~ AB-2021/065-5", "K55^984", "\"C68772"): no document number prints these, and the id must still read as
 * one (`cleanId`) once they are gone.
 */
function withoutSpecks(text: string): string {
  return text
    .replace(/(?<=[\p{L}\d])[$%§](?=[\p{L}\d])/gu, '')
    .replace(/[~^"'`‘’“”„]+/gu, '')
    .trim();
}

/** A date's label alone: words and their punctuation, no number ("Règlement au:", "En date du"). */
const LABEL_WORDS = /^\s*\p{L}[\p{L} .'°#/-]{1,40}:?\s*$/u;

/**
 * The raw confidence of a document's date printed after its number ("Rechnung Nr. 4711 vom 05.06.2025"): its own
 * value, which no other evidence gives (the labelled ones step by 0.02 from 0.9, 0.88 and 0.8; a day/month guess is
 * 0.85 or 0.75), so that the calibration measures this kind of date apart from the others.
 */
const DATE_WITH_NUMBER = 0.87;

/**
 * "03/04/2025" on a page whose dates never show a part above 12: day and month are a guess. Such a date is worth
 * at most 0.85 where the page's language says the order, 0.75 where nothing does.
 */
const dayMonthGuess = (ctx: ExtractContext, text: string) => {
  const m = /(?<!\d)(\d{1,2})\/(\d{1,2})\/\d{2,4}/.exec(text);
  return !!m && !ctx.dateOrderKnown && +m[1]! <= 12 && +m[2]! <= 12 && m[1] !== m[2];
};
const guessWorth = (ctx: ExtractContext) => (ctx.dateOrderByLanguage ? 0.85 : 0.75);

const sameBox = (a: TBox, b: TBox) =>
  a.page === b.page && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

export function extractHeaders(ctx: ExtractContext): Partial<Record<HeaderField, Found<string>>> {
  /** (band: the label's line and its value's cell, for a value found under its label) */
  const out: Partial<
    Record<
      HeaderField,
      Found<string> & { rank: number; ambiguous?: boolean; band?: { label: Line; value: Cell } }
    >
  > = {};
  const fields = Object.keys(HEADER_LABELS) as HeaderField[];
  for (const read of ctx.lines) {
    // a scan's labels OCR ran into one cell are split over the values under them (band-labels.ts)
    const line = ctx.ocr ? splitBandLabels(ctx.lines, read) : read;
    line.cells.forEach((cell, ci) => {
      // "Bestellung | : B-20417": the colon that starts the value cell ends the label
      const label = /^\s*:/.test(line.cells[ci + 1]?.text ?? '') ? `${cell.text}:` : cell.text;
      // a scan's label OCR read a letter off ("Invoicc No.") only when the cell is no other label as read
      const slipped =
        ctx.ocr && label.length <= 40 && !fields.some((f) => labelMatch(label, HEADER_LABELS[f]));
      for (const f of fields) {
        const m = slipped ? ocrLabelMatch(label, HEADER_LABELS[f]) : labelMatch(label, HEADER_LABELS[f]);
        if (!m) continue;
        const ncell = norm(cell.text);
        // "Date d'échéance", "Lieferdatum": the words up to the value say which date; another field's label
        // after the value in the same cell ("Date : 20260815 · Échéance : 20260914") does not
        const digit = ncell.slice(m.end).search(/\d/);
        const upToValue = digit < 0 ? ncell : ncell.slice(0, m.end + digit);
        if (f === 'invoiceDate' && m.rank >= PLAIN_DATE_RANK && NOT_INVOICE_DATE.test(upToValue)) continue;
        if (
          f === 'invoiceNum' &&
          /\b(?:date|datum)\b/.test(ncell.slice(0, m.end + 6)) &&
          !/\b(?:no|nr|number)\b/.test(ncell)
        )
          continue;
        // a label inside a sentence ("… gemäß Bestellung Nr. 123 vom …", "selon le bon de commande signé": a word
        // of letters after it) is weaker than a label of its own, and a value read from prose is never sure enough
        // to skip a person
        const prose = m.index > 3 && (ncell.length > 40 || /^\s*\p{L}{2,}(?:\s|$)/u.test(ncell.slice(m.end)));
        const rank = m.rank + (prose ? 8 : 0);
        const prev = out[f];
        if (prev && prev.rank <= rank) continue;
        const end = rawIndex(cell.text, m.end);
        for (const v of valuesNear(ctx, line, ci, end)) {
          let value: string | undefined;
          let ambiguous = false;
          if (f.endsWith('Date')) {
            // the label's last word may stand before the date ("Fällig am: 13.09.2023", "Due on 13 Sep 2023")
            const text = v.text.replace(/^(?:am|on|le|op|per|zum|bis(?:\s+zum)?)\s*:?\s+/i, '');
            const d = findDates(ctx.ocr ? ocrDateText(text) : text, ctx.dateOrder)[0];
            if (d && d.index < 4) value = d.iso;
            ambiguous = dayMonthGuess(ctx, v.text);
          } else {
            // a long date ("22 septembre 2026", under a title "FACTURE" or a label the reader does not know) is no
            // number: its day would be taken for one
            if (/^\d{1,2}\.?\s+\p{L}{3,}/u.test(v.text) && findDates(v.text, ctx.dateOrder)[0]?.index === 0)
              continue;
            value = cleanId(ctx.ocr ? withoutSpecks(v.text) : v.text);
            // a scan's letter prefix with an O read as a zero ("S0-2026/924-7"): letters before the first
            // separator, one of them a 0 among letters
            if (value && ctx.ocr)
              value = value.replace(/^(?=[A-Z0]*[A-Z][A-Z0]*[-/])[A-Z0]{2,3}(?=[-/])/, (p) =>
                p.replace(/0/g, 'O'),
              );
          }
          if (value) {
            // a value under its label in a band of header columns that sets one value under each label is
            // placed as surely as one right of its label
            const inBand = v.where === 'below' && cleanBand(ctx, line, v.cell);
            const conf = Math.min(
              ambiguous ? guessWorth(ctx) : 1,
              (v.where === 'same' ? 0.9 : v.where === 'right' || inBand ? 0.88 : 0.8) -
                rank * 0.02 -
                (prose ? 0.15 : 0),
            );
            out[f] = {
              value,
              conf,
              box: boxOf(v.cell),
              rank,
              ambiguous,
              band: v.where === 'below' ? { label: line, value: v.cell } : undefined,
            };
            // "Invoice No. 123 of 05.06.2025": the date printed with the number is the document date
            if ((f === 'invoiceNum' || f === 'orderNum') && v.where !== 'below') {
              const d = findDates(v.text, ctx.dateOrder)[0];
              const df = f === 'invoiceNum' ? 'invoiceDate' : 'orderDate';
              const guess = dayMonthGuess(ctx, v.text);
              if (d && (!out[df] || out[df]!.rank > 0))
                out[df] = {
                  value: d.iso,
                  conf: guess ? Math.min(DATE_WITH_NUMBER, guessWorth(ctx)) : DATE_WITH_NUMBER,
                  box: boxOf(v.cell),
                  rank: 0,
                  ambiguous: guess,
                };
            }
            break;
          }
        }
      }
    });
  }
  // "Your | Date of" over "order PO-807854 | delivery 09/03/2022": a band's label wrapped onto the value line, its
  // last words run into the value's cell. Only in a band of one value cell under each label cell, only for a
  // label cell that names no field alone, and only where the joined words name one.
  for (const line of ctx.lines) {
    const values = ctx.lines[line.index + 1];
    if (
      !values ||
      values.page !== line.page ||
      line.cells.length < 2 ||
      values.cells.length !== line.cells.length ||
      !values.cells.every((c, i) => xOverlap(c, line.cells[i]!) > 0)
    )
      continue;
    line.cells.forEach((cell, ci) => {
      if (/\d/.test(cell.text) || fields.some((f) => labelMatch(cell.text, HEADER_LABELS[f]))) return;
      const wrap = /^(\p{L}[\p{L}'.°-]*(?:\s+\p{L}[\p{L}'.°-]*){0,2})\s*:?\s+(\S*\d.*)$/u.exec(
        values.cells[ci]!.text,
      );
      if (!wrap) return;
      const joined = `${cell.text} ${wrap[1]}`;
      for (const f of fields) {
        const m = labelMatch(joined, HEADER_LABELS[f]);
        if (!m || norm(joined).length - m.end > 2) continue;
        if (f === 'invoiceDate' && m.rank >= PLAIN_DATE_RANK && NOT_INVOICE_DATE.test(norm(joined))) continue;
        const prev = out[f];
        if (prev && prev.rank <= m.rank) continue;
        let value: string | undefined;
        if (f.endsWith('Date')) {
          const d = findDates(wrap[2]!, ctx.dateOrder)[0];
          // a guess between day and month stays for the main pass's rules: only unambiguous dates here
          if (d && d.index === 0 && !dayMonthGuess(ctx, wrap[2]!)) value = d.iso;
        } else value = cleanId(wrap[2]!);
        // the value is read from a cell that also holds label words: placed as a value under its label, not
        // as surely as a band's own cell
        if (value) out[f] = { value, conf: 0.8 - m.rank * 0.02, box: boxOf(values.cells[ci]!), rank: m.rank };
        break;
      }
    });
  }
  // "Votre | commande" over "2020-6006/31": a band whose labels wrap onto a second line of label words above
  // the values; each label joined with the words under it, the value under both
  for (const line of ctx.lines) {
    const words = ctx.lines[line.index + 1];
    const values = ctx.lines[line.index + 2];
    if (
      !words ||
      !values ||
      values.page !== line.page ||
      line.cells.length < 3 ||
      values.cells.length < 3 ||
      words.cells.some((c) => /\d/.test(c.text)) ||
      line.cells.some((c) => /\d/.test(c.text))
    )
      continue;
    for (const cell of line.cells) {
      const under = words.cells.find((c) => xOverlap(c, cell) > 0);
      const value = values.cells.find((c) => xOverlap(c, cell) > 0);
      if (!under || !value) continue;
      const joined = `${cell.text} ${under.text}`;
      for (const f of fields) {
        const m = labelMatch(joined, HEADER_LABELS[f]);
        if (!m || norm(joined).length - m.end > 2 || (out[f] && out[f]!.rank <= m.rank)) continue;
        const v = f.endsWith('Date')
          ? findDates(value.text, ctx.dateOrder).find((d) => d.index === 0 && ctx.dateOrderKnown)?.iso
          : cleanId(value.text);
        if (v) out[f] = { value: v, conf: 0.8 - m.rank * 0.02, box: boxOf(value), rank: m.rank };
        break;
      }
    }
  }
  // "Invoice No … / Date …": a plain date label printed in the document number's block dates the document
  const num = out.invoiceNum ?? out.orderNum;
  const date = out.invoiceDate;
  if (num?.box && date?.box && date.rank >= PLAIN_DATE_RANK && date.rank < 99 && !date.ambiguous) {
    const sameColumn = Math.abs(num.box.x - date.box.x) < 0.05;
    const near = num.box.page === date.box.page && Math.abs(num.box.y - date.box.y) < 0.06;
    if (sameColumn && near) date.conf = Math.max(date.conf, 0.88);
  }
  // "Invoice No | Date | Due date" over "123 | 05.06.2025 | …": a plain date label in the document number's
  // band of header columns, read cleanly, dates the document as one in the number's block does
  if (
    num?.band &&
    date?.band &&
    date.rank >= PLAIN_DATE_RANK &&
    date.rank < 99 &&
    !date.ambiguous &&
    num.band.label === date.band.label &&
    cleanBand(ctx, num.band.label, num.band.value, date.band.value)
  )
    date.conf = Math.max(date.conf, 0.88);
  // a date near the top of the first page when no labelled invoice date was found (in a band of values, not the
  // cell a labelled due or order date was read from)
  if (!out.invoiceDate) {
    const taken = [out.dueDate?.box, out.orderDate?.box].filter((b) => b !== undefined);
    const free = (c: Cell) => !taken.some((b) => sameBox(b, boxOf(c)));
    // the label of a cell's date: the words before it in its cell, or else the cell left of it ("Leverdatum:" |
    // "2 augustus 2026"), or, where that is another value, the cell over it in a line of labels (a band of header
    // columns: "Druckdatum" over "03.09.2024"); a name elsewhere in the line ("Oakridge Print Ltd") names nothing
    const dateLabel = (line: Line, i: number) => {
      const cell = line.cells[i]!;
      const before = cell.text.slice(0, findDates(cell.text, ctx.dateOrder)[0]?.index ?? 0);
      if (/\p{L}{2}/u.test(before)) return before;
      const left = line.cells[i - 1]?.text ?? '';
      if (/\p{L}{2}/u.test(left) && !/\d/.test(left)) return left;
      const above = closeLine(ctx, line, -1);
      const labels = above && !/\d/.test(above.text);
      return (labels && above.cells.find((c) => xOverlap(c, cell) > 0.5)?.text) || left;
    };
    const naming = (line: Line, i: number) => `${dateLabel(line, i)} ${line.cells[i]!.text}`;
    // (every date of a band of header values: "Règlement au | Établie le" over "08/03/2024 | 23/02/2024")
    const dated = ctx.lines.slice(0, 60).flatMap((line) =>
      line.cells.flatMap((c, i) => {
        const d =
          free(c) && !NOT_INVOICE_DATE.test(norm(naming(line, i))) && findDates(c.text, ctx.dateOrder)[0];
        return d ? [{ line, d, label: LABEL_WORDS.test(dateLabel(line, i)) }] : [];
      }),
    );
    // the first such date, or, where it has a label, an earlier one under a label in the same block within a
    // year: software prints due dates ("Valuta: 3. Dezember", "Règlement au: 14 août") above the document's
    const first = dated[0];
    const earlier = dated.filter(
      (c) =>
        first?.label &&
        c.label &&
        c.line.page === first.line.page &&
        c.line.y0 - first.line.y0 < 0.12 &&
        c.d.iso < first.d.iso &&
        Date.parse(first.d.iso) - Date.parse(c.d.iso) <= DATE_SPAN_DAYS * 86_400_000,
    );
    const pick = first && earlier.reduce((a, c) => (c.d.iso < a.d.iso ? c : a), first);
    if (pick) out.invoiceDate = { value: pick.d.iso, conf: 0.5, box: boxOf(pick.line), rank: 99 };
  }
  const res: Partial<Record<HeaderField, Found<string>>> = {};
  for (const [k, v] of Object.entries(out))
    if (v) res[k as HeaderField] = { value: v.value, conf: v.conf, box: v.box };
  return res;
}

type Headers = Partial<Record<HeaderField, Found<string>>>;

/** How far apart a document's labelled dates may stand: a year (payment terms, an order placed long before). */
const DATE_SPAN_DAYS = 366;

/**
 * The header fields, with a page's guess between day-first and month-first settled by the labelled dates'
 * sequence where its own dates do not settle it: a due date is on or after the document's date, an order date
 * on or before it ("08/03/23" due "07/04/23" is 8 March and 7 April, not 3 August due 4 July). When exactly
 * one order puts them in sequence, that order holds for the whole document as surely as a date with a part
 * above 12 (the context is updated, so that the items and the checks read it too); otherwise the order whose
 * reading fits how documents are dated (`nearness`) is taken, still as a guess.
 */
export function headersInDateOrder(ctx: ExtractContext): Headers {
  const guess = extractHeaders(ctx);
  if (ctx.dateOrderKnown) return guess;
  const other = ctx.dateOrder === 'dmy' ? 'mdy' : 'dmy';
  const flipped = extractHeaders({ ...ctx, dateOrder: other, dateOrderKnown: true });
  const guessFits = datesInSequence(guess);
  const flippedFits = datesInSequence(flipped);
  if (sameDates(guess, flipped)) return guess;
  if (guessFits === flippedFits) {
    // both in sequence (or no pair): the nearer reading is the better guess, still a guess (the context's order
    // changes, not whether it is known); a receipt's dates are voted on apart (receiptDates)
    if (
      guessFits === false ||
      ctx.isReceipt ||
      nearness(ctx, flipped, other) <= nearness(ctx, guess, ctx.dateOrder)
    )
      return guess;
    ctx.dateOrder = other;
    return extractHeaders(ctx);
  }
  ctx.dateOrderKnown = true;
  if (flippedFits) {
    ctx.dateOrder = other;
    return flipped;
  }
  return extractHeaders(ctx);
}

/** How far from the document's date its other dates stand: a delivery, a print date, an order within weeks. */
const NEAR_DAYS = 62;
/** Payment terms in days: a due date this long after the document's date is a term, not a misread. */
const PAYMENT_TERMS = new Set([0, 7, 8, 10, 14, 15, 20, 21, 28, 30, 31, 45, 60, 90]);

/**
 * How well a reading of a page's day-and-month dates fits how documents are dated: each other date of the page
 * (one that reads alike in either order, "11/11/2025" or "2 avril 2023", measures the reading of the document's
 * date as well) counts two when it stands within two weeks of the document's date (a delivery, a print date), one
 * within two months, one more a common payment term after it (a due date under a label the reader does not know),
 * and minus one when it stands further; a due date a common payment term after it counts one.
 */
function nearness(ctx: ExtractContext, h: Headers, order: DateOrder): number {
  const day = (iso: string) => Date.parse(iso) / 86_400_000;
  const doc = h.invoiceDate ? day(h.invoiceDate.value) : undefined;
  if (doc === undefined) return 0;
  let score = 0;
  for (const line of ctx.lines)
    for (const d of findDates(line.text, order)) {
      if (d.iso === h.invoiceDate!.value) continue;
      const apart = day(d.iso) - doc;
      score += Math.abs(apart) <= 14 ? 2 : Math.abs(apart) <= NEAR_DAYS ? 1 : -1;
      if (PAYMENT_TERMS.has(apart) && apart > 0) score += 1;
    }
  const due = h.dueDate ? day(h.dueDate.value) : undefined;
  if (due !== undefined && PAYMENT_TERMS.has(due - doc)) score += 1;
  return score;
}

function sameDates(a: Headers, b: Headers): boolean {
  return (['invoiceDate', 'dueDate', 'orderDate'] as const).every((f) => a[f]?.value === b[f]?.value);
}

/** Whether the due date and the order date stand where they can from the document's date (undefined: no pair). */
function datesInSequence(h: Headers): boolean | undefined {
  const day = (f: HeaderField) => (h[f] ? Date.parse(h[f]!.value) / 86_400_000 : undefined);
  const doc = day('invoiceDate');
  const due = day('dueDate');
  const order = day('orderDate');
  if (doc === undefined || (due === undefined && order === undefined)) return undefined;
  const within = (from: number, to: number) => to >= from && to - from <= DATE_SPAN_DAYS;
  return (due === undefined || within(doc, due)) && (order === undefined || within(order, doc));
}

/**
 * A band of header columns read cleanly: the values stand in the line under the labels, and that line has one
 * cell under each label cell and no other (values run together into one cell may belong to another label).
 */
function cleanBand(ctx: ExtractContext, labels: Line, ...cells: Cell[]): boolean {
  const values = ctx.lines[labels.index + 1];
  if (!values || values.page !== labels.page || !cells.every((c) => values.cells.includes(c))) return false;
  return (
    values.cells.length === labels.cells.length &&
    values.cells.every((c, i) => xOverlap(c, labels.cells[i]!) > 0)
  );
}

interface MoneyCand {
  field: TotalField;
  value: number;
  prio: number;
  index: number;
  cell: Cell;
  /** plain digits of a scan read as cents: only for a consistent triple */
  cents?: boolean;
  /** a scan's row whose VAT word OCR lost or garbled, its rate's share of a net amount: after the labelled ones */
  rateOnly?: boolean;
}

/** A scan's amount of plain digits where amounts have cents: its decimal separator may be lost ("219754"). */
function lostSeparator(ctx: ExtractContext, x: { value: number; cell: Cell }): boolean {
  return (
    !!ctx.ocr &&
    !ctx.wholeUnits &&
    Number.isInteger(x.value) &&
    x.value >= 100 &&
    !/\d[.,' ]\d/.test(x.cell.text)
  );
}

/** A rate printed in a label: "21%", "MwsSt. 19 %", and a scan's per cent sign read as "&" or "§" ("TVA 5,5 &"). */
const LABEL_RATE = /(?:^|[^\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*[%&§]/;

/**
 * Rows of a scan that no totals label names but whose label carries a rate ("21%" or "MwsSt. 19 %": OCR lost or
 * garbled the VAT word) and whose amount is that rate of a net amount to the cent: VAT candidates.
 */
function rateOnlyVats(ctx: ExtractContext, unlabelled: Line[], nets: MoneyCand[]): MoneyCand[] {
  const out: MoneyCand[] = [];
  for (const line of unlabelled) {
    const label = line.cells[0];
    const rate = label && LABEL_RATE.exec(label.text);
    if (!label || !rate || label.text.length > 24) continue;
    const p = Number(rate[1]!.replace(',', '.'));
    if (!(p > 0 && p < 30)) continue;
    const nums = lineNumbers(line, ctx.decimal).filter(
      (x) => !x.pct && x.cell !== label && isAmountText(x.cell.text),
    );
    const last = nums[nums.length - 1];
    if (!last || last.value <= 0) continue;
    // plain digits whose decimal separator the blur took ("3228334") are read in cents too: the rate decides
    const values = lostSeparator(ctx, last) ? [last.value, last.value / 100] : [last.value];
    const value = values.find((v) =>
      nets.some((n) => n.index < line.index && Math.abs(round2((n.value * p) / 100) - v) < 0.011),
    );
    if (value !== undefined)
      out.push({ field: 'vat', value, prio: 0, index: line.index, cell: last.cell, rateOnly: true });
  }
  return out;
}

/** The cell of a heading row closest to a value below it (centre to centre, at most a tenth of the page). */
function nearestHeading(headings: Line, value: Cell): Cell | undefined {
  const centre = (c: Cell) => (c.x0 + c.x1) / 2;
  const d = (c: Cell) => Math.abs(centre(c) - centre(value));
  const best = headings.cells.reduce((a, c) => (d(c) < d(a) ? c : a));
  return d(best) < 0.1 ? best : undefined;
}

/**
 * The amount under a totals label printed as a column heading. A column with one row per VAT rate and a sum
 * row under them ("Nettobetrag / -4,85 / -2,82 / -7,67") gives the sum row.
 */
function amountsUnder(ctx: ExtractContext, line: Line, labelCell: Cell): ReturnType<typeof lineNumbers> {
  const column = columnUnder(ctx, line, labelCell);
  if (column.length >= 3) {
    const last = column[column.length - 1]!;
    const sum = round2(column.slice(0, -1).reduce((a, x) => a + x.value, 0));
    if (Math.abs(sum - last.value) < 0.011) return [last];
  }
  // a VAT breakdown's base column ("Taux TVA | Base HT | TVA") of several rates: each row is one rate's base,
  // none of them the document's net
  if (column.length >= 2 && line.cells.some((c) => RATE_WORD.test(norm(c.text)))) return [];
  return column.slice(0, 1);
}

/** The amounts printed under a column heading, top to bottom, until the column ends. */
function columnUnder(ctx: ExtractContext, line: Line, labelCell: Cell): ReturnType<typeof lineNumbers> {
  const h = line.y1 - line.y0;
  const column: ReturnType<typeof lineNumbers> = [];
  let prevY = line.y1;
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 8); j++) {
    const below = ctx.lines[j]!;
    if (below.page !== line.page || below.y0 - prevY > h * 4) break;
    const under = lineNumbers(below, ctx.decimal).filter(
      (x) =>
        !x.pct &&
        isAmountText(x.cell.text) &&
        (xOverlap(x.cell, labelCell) > 0 ||
          Math.abs(x.cell.x1 - labelCell.x1) < 0.03 ||
          nearestHeading(line, x.cell) === labelCell),
    );
    if (!under.length) {
      if (column.length || below.cells.some((c) => xOverlap(c, labelCell) > 0.5)) break;
      continue;
    }
    column.push(under[under.length - 1]!);
    prevY = below.y1;
  }
  return column;
}

const VAT_WORD = new RegExp(TOTAL_LABELS.vat[TOTAL_LABELS.vat.length - 1]![0].source);
/** A VAT rate in a label ("VAT 20%", "MwSt. 7 %"): a row of a VAT-by-rate list, or the rate column's heading. */
const RATE_WORD = /\d\s*[%&§]|\b(?:rate|satz|taux|tarief)\b/;

/**
 * VAT printed once per rate rather than as one sum, as groups whose whole sum is the VAT: all rows
 * "VAT 20% … 12,00 / VAT 10% … 3,00" together, or the amounts under the VAT column of a breakdown table
 * ("Rate | Base | VAT"), each heading's column one group.
 */
function vatGroups(ctx: ExtractContext): { sum: number; cell: Cell }[] {
  const rows: { value: number; cell: Cell }[] = [];
  const groups: { sum: number; cell: Cell }[] = [];
  for (const line of ctx.lines) {
    for (const cell of line.cells) {
      const n = norm(cell.text);
      if (!VAT_WORD.test(n) || n.length > 30) continue;
      if (RATE_WORD.test(n)) {
        // a rate row: its last amount right of the label
        const a = lineNumbers(line, ctx.decimal).filter(
          (x) => !x.pct && x.cell.x0 > cell.x1 - 0.001 && isAmountText(x.cell.text),
        );
        const last = a[a.length - 1];
        if (last && !rows.some((r) => r.cell === last.cell)) rows.push(last);
      } else if (
        (line.cells.length >= 3 || (ctx.ocr && line.cells.length === 2)) &&
        !lineNumbers(line, ctx.decimal).length
      ) {
        // a table heading: the amounts under it, without a sum row under them (on a scan, a heading of two cells:
        // OCR may lose the rate column's heading, "BTW-tarief | Grondslag | BTW" read "Grondslag | BTW"; a group
        // counts only where the net and it add up to the total)
        const col = columnUnder(ctx, line, cell);
        const last = col[col.length - 1];
        const rest = round2(col.slice(0, -1).reduce((a, x) => a + x.value, 0));
        const parts = col.length >= 3 && last && Math.abs(rest - last.value) < 0.011 ? col.slice(0, -1) : col;
        if (parts.length >= 2)
          groups.push({ sum: round2(parts.reduce((a, x) => a + x.value, 0)), cell: parts[0]!.cell });
      }
    }
  }
  if (rows.length >= 2)
    groups.push({ sum: round2(rows.reduce((a, x) => a + x.value, 0)), cell: rows[0]!.cell });
  return groups;
}

/** A VAT row: its rate, its VAT amount, and whether a base printed on the row gives that amount (rate × base). */
interface RateRow {
  rate: number;
  value: number;
  cell: Cell;
  checked: boolean;
  /** the base that checks it */
  base?: { value: number; cell: Cell };
}

/**
 * The rows of a VAT-by-rate list: a line naming VAT with a rate ("VAT 20 % … 12,00"), or a line starting with a
 * rate under a heading that names VAT ("Rate | Base | VAT" / "21% | 25.00 | 5.25"). A line a net, subtotal or
 * total label names is no rate row ("Total incl. 20 % VAT"). One row per rate (a rate printed twice is one row).
 */
function rateRows(ctx: ExtractContext): RateRow[] {
  const rows = new Map<number, RateRow>();
  const others = (Object.entries(TOTAL_LABELS) as [TotalField, [RegExp, number][]][]).filter(
    ([f]) => f !== 'vat',
  );
  let underHeading = false;
  for (const line of ctx.lines) {
    const n = norm(line.text);
    const amounts = lineNumbers(line, ctx.decimal).filter((x) => !x.pct && isAmountText(x.cell.text));
    if (!amounts.length) {
      underHeading = VAT_WORD.test(n) && line.cells.length >= 2;
      continue;
    }
    const rateCell = line.cells.find((c) => LABEL_RATE.test(c.text) && c.text.length <= 30);
    // under a heading, a row that starts with its rate (an item row has a VAT % column too)
    const named = VAT_WORD.test(n) || (underHeading && rateCell === line.cells[0]);
    if (!rateCell || !named || others.some(([, pats]) => pats.some(([re]) => re.test(n)))) {
      underHeading = false;
      continue;
    }
    const rate = Number(LABEL_RATE.exec(rateCell.text)![1]!.replace(',', '.'));
    const right = amounts.filter((x) => x.cell.x0 >= rateCell.x0 && x.cell !== rateCell);
    const last = right[right.length - 1];
    if (!last || rate >= 30) continue;
    const base = right.find(
      (b) =>
        b !== last &&
        b.value !== 0 &&
        Math.abs(last.value) < Math.abs(b.value) &&
        // a whole-unit currency rounds the VAT to the unit ("20% | 65,631,916 | 13,126,383")
        Math.abs(round2((b.value * rate) / 100) - last.value) <= (ctx.wholeUnits ? 0.5 : 0.011),
    );
    // a row known only by the heading above it counts when its amount is its rate of its base
    const checked = !!base;
    if (!VAT_WORD.test(n) && !checked) continue;
    const had = rows.get(rate);
    if (!had || (checked && !had.checked))
      rows.set(rate, { rate, value: last.value, cell: last.cell, checked, base });
  }
  return [...rows.values()];
}

/**
 * The document's VAT where its totals do not add up: the sum of its rate rows when it prints VAT per rate (two
 * rates or more, or one row whose amount is its rate × its base), else the best labelled VAT. A 0 % row beside
 * rows that charge VAT is not the document's VAT; a row labelled as the VAT total keeps its place.
 */
function vatByRates(rows: RateRow[], vats: MoneyCand[]): Found<number> | undefined {
  const top = vats.find((v) => !v.cents);
  if (top && top.prio >= Math.max(...TOTAL_LABELS.vat.map(([, p]) => p))) return undefined;
  if (!rows.some((r) => r.value !== 0)) return undefined;
  if (rows.length < 2 && !rows[0]!.checked) return undefined;
  const first = rows.find((r) => r.value !== 0)!;
  return { value: round2(rows.reduce((a, r) => a + r.value, 0)), conf: 0.5, box: boxOf(first.cell) };
}

/**
 * Whether a VAT amount beside the others charges VAT on the net: a row printing a rate above 0 % and an amount
 * above nothing and within that rate of the net ("VAT 5 % 15.84"). An item row's amount beside "0 % VAT" is none.
 */
function chargesVat(ctx: ExtractContext, vats: MoneyCand[], net: MoneyCand): boolean {
  return vats.some((x) => {
    if (x.cents || x.value <= 0) return false;
    // (a rate inside the label's cell, "TVA 5,5 %", as well as one of its own)
    const line = ctx.lines[x.index]!;
    const rates = [
      ...lineNumbers(line, ctx.decimal)
        .filter((n) => n.pct)
        .map((n) => n.value),
      ...line.cells.flatMap((c) => {
        const m = LABEL_RATE.exec(c.text);
        return m ? [Number(m[1]!.replace(',', '.'))] : [];
      }),
    ].filter((r) => r > 0 && r < 100);
    return rates.some((r) => x.value <= (Math.abs(net.value) * r) / 100 + 0.01);
  });
}

/** A delivery note's reference after a totals label: the label sums one group of rows ("Subtotal delivery 12"). */
const GROUP_SUM =
  /^\W*(?:ls|lieferschein\w*|lieferung|delivery(?:\s+note)?|shipment|bl|livraison|bon\s+de\s+livraison|pakbon|levering)\s*(?:n[°o]\.?|nr\.?|no\.?)?\s*[a-z]*-?\d/;

/** Totals by label, reconciled by arithmetic (net + VAT = total). */
export function extractTotals(ctx: ExtractContext): Partial<Record<TotalField, Found<number>>> {
  const cands: MoneyCand[] = [];
  /** lines no totals label names (a scan's VAT rows whose VAT word was lost are among them) */
  const unlabelled: Line[] = [];
  for (const line of ctx.lines) {
    const n = norm(line.text);
    let named = false;
    // an item table's heading ("Preis Rabatt %", "Gesamtpreis") names columns, not totals: the amounts under it
    // are rows' (a VAT breakdown's heading, "Rate | Base | VAT", names no description or quantity)
    const itemHeading = () => !!findHeader(ctx, line)?.some((c) => c.kind === 'desc' || c.kind === 'qty');
    for (const [field, pats] of Object.entries(TOTAL_LABELS) as [TotalField, [RegExp, number][]][]) {
      for (const [re, prio] of pats) {
        const m = re.exec(n);
        if (!m) continue;
        named = true;
        // "Zwischensumme LS 4711": the sum of one delivery note's rows inside the table, not the document's
        if (GROUP_SUM.test(n.slice(m.index + m[0].length))) break;
        // the amount: money right of the label on this line (before the next text cell), else under the label
        // a label read across two column headings ("TVA | TOTAL") belongs to the heading where it starts
        const labelCell = line.cells.find((c) => re.test(norm(c.text))) ?? cellAt(line, m.index);
        const li = line.cells.indexOf(labelCell);
        const nextText = line.cells.findIndex(
          (c, k) =>
            k > li &&
            !looksNumeric(c.text) &&
            !/^[\d.,\s%€$£-]*(?:eur|usd|gbp|chf)?$/i.test(c.text) &&
            /[a-z]{3}/i.test(c.text),
        );
        const stopX = nextText >= 0 ? line.cells[nextText]!.x0 : 2;
        if ((field === 'discount' || field === 'charges') && itemRowWord(ctx, line, labelCell)) break;
        let nums = lineNumbers(line, ctx.decimal).filter(
          (x) =>
            !x.pct &&
            isAmountText(x.cell.text) &&
            x.cell.x0 >= labelCell.x0 - 0.001 &&
            x.cell.x0 < stopX &&
            (x.cell !== labelCell || !/\d/.test(norm(labelCell.text).slice(0, m.index + m[0].length))),
        );
        if (!nums.length && !itemHeading()) nums = amountsUnder(ctx, line, labelCell);
        const last = nums[nums.length - 1];
        if (last)
          cands.push({
            field,
            value: field === 'discount' || field === 'charges' ? Math.abs(last.value) : last.value,
            prio,
            index: line.index,
            cell: last.cell,
          });
        // a scan's plain digits where amounts have cents: the decimal separator may be lost ("219754"); the
        // reading in cents counts only where the totals' arithmetic takes it
        if (last && lostSeparator(ctx, last))
          cands.push({
            field,
            value: last.value / 100,
            prio,
            index: line.index,
            cell: last.cell,
            cents: true,
          });
        break;
      }
    }
    if (!named) unlabelled.push(line);
  }
  // one label names one amount: the VAT word of "Totaal incl. BTW" or "Total excl. VAT" only qualifies the total or
  // the net its label names more surely
  const qualifies = (c: MoneyCand) =>
    c.field === 'vat' && cands.some((o) => o.index === c.index && o.field !== 'vat' && o.prio > c.prio);
  for (let k = cands.length - 1; k >= 0; k--) if (qualifies(cands[k]!)) cands.splice(k, 1);
  if (ctx.ocr && !ctx.isReceipt)
    cands.push(
      ...rateOnlyVats(
        ctx,
        unlabelled,
        cands.filter((c) => (c.field === 'net' || c.field === 'subtotal') && !c.cents),
      ),
    );
  const best = (f: TotalField) =>
    cands
      .filter((c) => c.field === f)
      // (cents readings go last: they are taken only where the arithmetic agrees; rows named by their rate alone
      // after the labelled ones)
      .sort(
        (a, b) =>
          Number(!!a.cents) - Number(!!b.cents) ||
          Number(!!a.rateOnly) - Number(!!b.rateOnly) ||
          b.prio - a.prio ||
          b.index - a.index ||
          b.value - a.value,
      );
  const totals = best('invoiceTotal');
  const nets = best('net');
  const vats = best('vat');
  const subs = best('subtotal');
  // an amount the page carries on to a printed net (subtotal − discount + charges) is not the net, though it may
  // add up with one VAT row to the total by chance (a 5 % row equal to the discount): a subtotal, or a "net" read
  // under the item table's heading of the same words ("Montant HT") before the discount
  const adjust: TTotals = { discount: best('discount')[0]?.value, charges: best('charges')[0]?.value };
  const carriedToNet = (c: MoneyCand) =>
    !!(adjust.discount || adjust.charges) &&
    nets.some((n) => !n.cents && n.value !== c.value && Math.abs(netFrom(adjust, c.value) - n.value) < 0.011);
  const netsAndSubs = nets.concat(subs).filter((c) => !carriedToNet(c));
  const out: Partial<Record<TotalField, Found<number>>> = {};
  const put = (f: TotalField, c: MoneyCand | undefined, conf: number) => {
    if (c) out[f] = { value: c.value, conf, box: boxOf(c.cell) };
  };
  // A consistent triple (net + VAT = total), and the same with VAT printed per rate (the labelled total and net
  // with a group of VAT amounts that adds up to the difference). The rates win when the triple's total is the
  // lesser total label ("Total TTC" with three rate rows over "Total lignes HT" = "Net HT" with a 0 % row) or its
  // VAT is nothing: a 0 % row beside rows that charge VAT is not the document's VAT.
  let triple: { t: MoneyCand; nt: MoneyCand; v: MoneyCand; rank: number } | undefined;
  for (const [rank, t] of totals.slice(0, 6).entries()) {
    for (const nt of netsAndSubs.slice(0, 8)) {
      // one printed amount fills one role ("Totaal incl. BTW" names the VAT too), and the VAT is a share of the net
      // (no rate reaches 100 %): a 0,00 basis under a rate table plus the total read as VAT is no triple
      const v = vats.find(
        (v) =>
          Math.abs(round2(nt.value + v.value) - t.value) < 0.011 &&
          v.cell !== t.cell &&
          v.cell !== nt.cell &&
          Math.abs(v.value) <= Math.abs(nt.value),
      );
      // net = total only with VAT 0 printed, and as two printed values (not one number read twice); a receipt
      // prints the same amount under several labels (total, cash, rounded), so there it proves nothing; nor does a
      // 0 % row beside VAT rows that charge VAT ("VAT 5 % 15.84" under "Net total" = "Sub-total")
      if (
        v &&
        (nt.value !== t.value || (!ctx.isReceipt && nt.cell !== t.cell && !chargesVat(ctx, vats, nt)))
      ) {
        triple = { t, nt, v, rank };
        break;
      }
    }
    if (triple) break;
  }
  let perRate: { t: MoneyCand; nt: MoneyCand; g: { sum: number; cell: Cell }; rank: number } | undefined;
  if (!ctx.isReceipt && (!triple || triple.rank > 0 || triple.v.value === 0)) {
    const groups = vatGroups(ctx);
    for (const [rank, t] of totals.slice(0, 4).entries()) {
      for (const nt of netsAndSubs.slice(0, 6)) {
        const g = groups.find((g) => Math.abs(round2(nt.value + g.sum) - t.value) < 0.011);
        if (g && nt.value !== t.value) {
          perRate = { t, nt, g, rank };
          break;
        }
      }
      if (perRate) break;
    }
  }
  let done = false;
  if (triple && (!perRate || (triple.rank <= perRate.rank && triple.v.value !== 0))) {
    put('invoiceTotal', triple.t, 0.97);
    put('net', triple.nt, 0.95);
    put('vat', triple.v, 0.95);
    done = true;
  } else if (perRate) {
    put('invoiceTotal', perRate.t, 0.95);
    put('net', perRate.nt, 0.93);
    out.vat = { value: perRate.g.sum, conf: 0.93, box: boxOf(perRate.g.cell) };
    done = true;
  }
  if (!done && ctx.isReceipt) {
    const r = receiptTotals(ctx)[0];
    if (r)
      out.invoiceTotal = { value: r.value, conf: Math.min(0.95, 0.5 + r.score * 0.12), box: boxOf(r.cell) };
  } else if (!done) {
    // printed values that do not add up stay as printed (the checks raise the mismatch); a value the page
    // does not show is not made up from the others
    // (where every VAT rate row prints 0.00 the total is the net: "Total" over "Less deposit paid" and "Balance
    // due", whatever the labels' ranks)
    const rows = rateRows(ctx);
    const nilVat = rows.length > 0 && rows.every((r) => r.value === 0);
    const asNet =
      nets[0] && nilVat
        ? totals.find((t) => t.cell !== nets[0]!.cell && Math.abs(t.value - nets[0]!.value) < 0.011)
        : undefined;
    put('invoiceTotal', asNet ?? totals[0], 0.6);
    put('net', nets[0], 0.6);
    // one printed amount fills one role: "Totaal incl. BTW" names the VAT too, but its amount is the total; and on
    // a text layer an amount as large as the total is no VAT ("Worth before tax 4,791.59" over a total of
    // 4,791.59): it would leave a net of nothing (a scan's total may be one OCR misread)
    const total = ctx.ocr ? undefined : out.invoiceTotal?.value;
    const own = vats.filter(
      (v) =>
        v.cell !== totals[0]?.cell &&
        v.cell !== nets[0]?.cell &&
        !(total !== undefined && v.value !== 0 && Math.abs(v.value) >= Math.abs(total) - 0.005),
    );
    const byRates = vatByRates(rows, own);
    if (byRates) out.vat = byRates;
    else put('vat', own[0], 0.5);
    // no net under a label the reader knows, every VAT rate row printing 0.00, and the bases of those rows adding
    // up to the total: that sum is the net ("0% | 4,791.71 | 0.00" under a total of 4,791.71, the net's label one
    // the reader does not know)
    const bases = rows.flatMap((r) => (r.base ? [r.base] : []));
    if (
      !out.net &&
      nilVat &&
      bases.length &&
      out.invoiceTotal &&
      Math.abs(round2(bases.reduce((t, b) => t + b.value, 0)) - out.invoiceTotal.value) < 0.011
    )
      out.net = { value: out.invoiceTotal.value, conf: 0.5, box: boxOf(bases[0]!.cell) };
    // no VAT amount named, the net the total, and every VAT rate row printing 0.00: the VAT is nil
    if (!out.vat && out.net && out.net.value === out.invoiceTotal?.value && nilVat)
      out.vat = { value: 0, conf: 0.5, box: boxOf(rows[0]!.cell) };
  }
  if (subs[0]) put('subtotal', subs[0], 0.8);
  // "Gesamtbetrag der Abschläge 0,00" prints no discount
  for (const f of ['discount', 'charges'] as const) {
    const c = best(f)[0];
    if (c?.value) put(f, c, 0.6);
  }
  return out;
}

/** Document-level allowances and charges: "REMISE : Remise commerciale … -5,00", "Frais de port … 10,00". */
function allowancesAndCharges(ctx: ExtractContext): { allowances: number; charges: number } {
  let allowances = 0;
  let charges = 0;
  for (const line of ctx.lines) {
    // the row's label: a short cell (a sentence mentioning "frais" is no charge row)
    const k = line.cells.findIndex(
      (c) => DISCOUNT_ROW.test(norm(c.text)) || TOTALS_CHARGE_ROW.test(norm(c.text)),
    );
    if (k < 0 || line.cells[k]!.text.length > 60 || itemRowWord(ctx, line, line.cells[k]!)) continue;
    const label = norm(line.cells[k]!.text);
    if (BATCH_WORD.test(label)) continue;
    const allowance = DISCOUNT_ROW.test(label);
    if (/\bskonto\b/.test(label)) continue;
    // the amount: the last money cell right of the label that is not a rate; a row with a price and an amount
    // is an item's ("Packing tape brown … 71,37 428,22")
    const amounts = line.cells
      .slice(k + 1)
      .filter((c) => looksNumeric(c.text) && isMoneyText(c.text, ctx.wholeUnits) && !/%/.test(c.text));
    if (amounts.length > 1) continue;
    const amount = amounts[0];
    const v = amount && lineNumbers({ ...line, cells: [amount] }, ctx.decimal)[0]?.value;
    if (v === undefined) continue;
    if (allowance) allowances += Math.abs(v);
    else charges += Math.abs(v);
  }
  return { allowances: round2(allowances), charges: round2(charges) };
}

/**
 * Totals the page shows only as rows or not at all, settled by arithmetic. Without a printed subtotal the sum of
 * the line amounts is the subtotal when it leads to the net, alone or after the document's allowance and charge
 * rows ("Remise … -5,00", "Frais de port … 10,00"); with a printed subtotal that does not lead to the net, the
 * charge rows may explain the step. Derived, so the subtotal is never sure.
 */
export function settleTotals(
  ctx: ExtractContext,
  lineSum: number,
  totals: TTotals,
): Pick<TTotals, 'subtotal' | 'discount' | 'charges'> {
  const net = totals.net;
  if (net === undefined) return {};
  const leads = (t: TTotals, sub: number) => Math.abs(netFrom(t, sub) - net) < 0.011;
  const subtotal = totals.subtotal ?? lineSum;
  if (totals.subtotal === undefined && leads(totals, lineSum)) return { subtotal };
  const { allowances, charges } = allowancesAndCharges(ctx);
  const rows: TTotals = {
    ...(totals.discount === undefined && allowances ? { discount: allowances } : {}),
    ...(totals.charges === undefined && charges ? { charges } : {}),
  };
  if (!Object.keys(rows).length || leads(totals, subtotal) || !leads({ ...totals, ...rows }, subtotal))
    return {};
  return { ...(totals.subtotal === undefined ? { subtotal } : {}), ...rows };
}

/**
 * Rows of the item table that are the document's allowances and charges ("Vrachtkosten 15,00", "Rabatt 5 %
 * -12,40" under the last item): an amount with neither quantity nor price, words that name a discount or a
 * charge, and the net reached from the other rows once they are taken off as discount or added as charge (the
 * same arithmetic the page's totals must satisfy). Their indexes; none unless all of them fit together.
 */
export function adjustmentRows(
  items: TItem[],
  totals: TTotals,
  alone: (i: number) => boolean = () => false,
): Set<number> {
  const net = totals.net;
  if (net === undefined) return new Set();
  const isAdjustment = (it: TItem, i: number) => {
    const n = norm(it.itemDesc ?? '');
    if (it.amount === undefined || n.length > 60) return false;
    if (it.itemQty === undefined && it.price === undefined)
      return DISCOUNT_ROW.test(n) || TOTALS_CHARGE_ROW.test(n);
    // an amount printed alone, read as one unit at that amount in a table without quantity and price columns
    // (`alone`, from the row's evidence), is a charge by the words of carriage only: the net comes out alike with a
    // row of goods taken for a charge where no subtotal is printed ("Packing tape brown")
    return it.itemQty === 1 && it.price === it.amount && alone(i) && CARRIAGE_ROW.test(n);
  };
  const picked = new Set(items.flatMap((it, i) => (isAdjustment(it, i) ? [i] : [])));
  if (!picked.size || picked.size === items.length) return new Set();
  const rest = round2(items.reduce((a, it, i) => a + (picked.has(i) ? 0 : (it.amount ?? 0)), 0));
  let discount = Math.abs(totals.discount ?? 0);
  let charges = Math.abs(totals.charges ?? 0);
  for (const i of picked) {
    const it = items[i]!;
    // an allowance by its words, or by its sign against the items' (a credit note's rows are negative)
    if (DISCOUNT_ROW.test(norm(it.itemDesc ?? '')) || it.amount! * rest < 0) discount += Math.abs(it.amount!);
    else charges += Math.abs(it.amount!);
  }
  const fits = Math.abs(netFrom({ discount, charges }, totals.subtotal ?? rest) - net) < 0.011;
  return fits ? picked : new Set();
}

/**
 * An item VAT column of codes ("1", "2", each standing for a row of the VAT breakdown, under a heading such as
 * "Tax"): where the page prints its rates row by row and no item's number is one of them, the numbers are the
 * items' VAT codes, not their rates (a line at "1 %" VAT).
 */
export function vatCodesOfItems(ctx: ExtractContext, items: TItem[]): void {
  if (!items.some((it) => it.vat !== undefined)) return;
  const rates = new Set(rateRows(ctx).map((r) => r.rate));
  if (!rates.size || items.some((it) => it.vat !== undefined && rates.has(it.vat))) return;
  for (const it of items) {
    if (it.vat === undefined) continue;
    it.vatCode ??= String(it.vat);
    delete it.vat;
  }
}

/** Document type from the title words near the top of the first page. */
export function documentType(ctx: ExtractContext): TDocumentType {
  if (ctx.isReceipt) return 'receipt';
  const top = ctx.lines.filter((l) => l.page === 1 && l.y0 < 0.45);
  // a cell that is the type's name alone ("RECHNUNG", "PURCHASE ORDER:", "Bestellung 4711"), the one in the
  // largest print (a cell's print size: its words' median height; on a skewed scan a line's box is no measure,
  // and the type word inside a label, "Ihre Bestellung", names another document)
  const median = (ws: { y0: number; y1: number }[]) => {
    const hs = ws.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
    return hs[hs.length >> 1] ?? 0;
  };
  const titles = top
    .flatMap((l) => l.cells)
    .map((c) => ({ t: typeAlone(norm(c.text)), size: median(c.words) }))
    .filter((x) => x.t)
    .sort((a, b) => b.size - a.size);
  if (titles[0]?.t) return titles[0].t;
  const guess = typeOfText(top);
  // the title lost (OCR): an order word in the header ("Ihre Bestellung: …") is no order's title when the page
  // labels an invoice number ("Rechnungs-Nr.", "Invoice No."), which no order prints
  const invoiceNumbered = top.some((l) =>
    l.cells.some((c) => HEADER_LABELS.invoiceNum.some(([re, rank]) => rank === 0 && re.test(norm(c.text)))),
  );
  return guess === 'order' && invoiceNumbered ? 'invoice' : guess;
}

/** The type the top lines name: in the largest text (usually the title), else anywhere; an invoice if none. */
function typeOfText(top: Line[]): TDocumentType {
  const byHeight = top.slice().sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0));
  for (const l of byHeight.slice(0, 6)) {
    const n = norm(l.text);
    for (const [re, t] of DOC_TYPE) if (re.test(n)) return t;
  }
  const all = norm(top.map((l) => l.text).join(' '));
  for (const [re, t] of DOC_TYPE) if (re.test(all)) return t;
  return 'invoice';
}

/** The type a cell names when it is that name alone, with at most a number label and a number after it. */
function typeAlone(n: string): TDocumentType | undefined {
  for (const [re, t] of DOC_TYPE)
    if (
      new RegExp(
        `^(?:${re.source})\\s*(?:(?:nr|no|n°|num|number|nummer)\\.?\\s*)?:?\\s*(?:\\S*\\d\\S*)?$`,
      ).test(n)
    )
      return t;
  return undefined;
}
const CODES = 'EUR|USD|GBP|CHF|MYR|RM|SGD|JPY|KRW|ISK|HUF';
/**
 * A currency printed as a word of its own: an ISO code alone ("EUR", "(EUR)", "EUR:") or glued to an amount
 * ("EUR12,50", "12,50EUR"), or a currency sign. A code inside an identifier ("INV-EUR-2024", "EUR/2024/17")
 * names no currency.
 */
const CURRENCY_WORD = new RegExp(
  String.raw`^(?:(${CODES})|(${CODES})-?\d[\d.,' ]*|-?\d[\d.,' ]*(${CODES}))$|([€$£¥₩])`,
);
const SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₩': 'KRW' };

/** Currency from ISO codes or signs printed on the page, as words of their own. */
export function extractCurrency(ctx: ExtractContext): string | undefined {
  const counts: Record<string, number> = {};
  for (const w of ctx.lines.flatMap((l) => l.words)) {
    const m = CURRENCY_WORD.exec(w.text.replace(/^[([]+|[)\]:;,.]+$/g, ''));
    if (!m) continue;
    const code = m[1] ?? m[2] ?? m[3];
    const c = code === 'RM' ? 'MYR' : (code ?? SIGNS[m[4]!]!);
    counts[c] = (counts[c] ?? 0) + 1;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return best?.[0];
}

import { type ExtractContext, isMoneyText } from './context.js';
import { findHeader } from './items.js';
import { HEADER_LABELS, type HeaderField, NOT_INVOICE_DATE, PARTY_LABELS, TOTAL_LABELS } from './labels.js';
import type { Line } from './layout.js';
import { compact, findDates, norm } from './parse.js';
import { vatIdsOf } from './parties.js';
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
/**
 * The word stems of paying, in four languages ("Payable by", "Zahlungstermin", "Date limite de paiement",
 * "Uiterste betaaldatum"): a date under such a label, when no due date was read, may be the due date under a
 * label the reader does not know, even where the label also says "date".
 */
const PAYING_STEM =
  /\b(?:pay\w*|zahl\w*|paiement|payer|reglement|betaal\w*|betalen|deadline|uiterst\w*|limite)\b/;

/** Labels of values near those stems that are none of the output's fields (a customer's phone, an order date). */
const OTHER_LABEL =
  /\b(?:tel\w*|phone|fon|fax|e-?mail|web\w*|iban|bic|bank\w*|konto\w*|date|datum|dated|vom|period\w*|zeitraum|name|naam|nom|contact\w*|ansprechpartner|vat|tva|btw|ust\w*|tax|steuer\w*)\b/;

/**
 * Labels of values that are none of the output's fields and that the reader knows as such: other documents'
 * numbers (delivery note, contract, project, tender, GLN), other dates (delivery, service, print), pages,
 * registers, the people who handle the document (periods, phones and tax ids are OTHER_LABEL's).
 */
const OTHER_FIELD =
  /\b(?:deliver\w*|liefer\w*|livraison|lever\w*|pakbon|bl|shipped|contract\w*|vertrag\w*|contrat|project\w*|projekt\w*|projet|tender|appel\s+d'offres|ausschreibung|gln|iln|leistungs\w*|druck\w*|print\w*|erstellt|edite|afgedrukt|page|seite|pagina|hrb|hra|register\w*|kvk|siret|siren|rcs|sachbearbeiter|bearbeiter|clerk|vertreter)\b/;

/** Whether the reader knows what a label names: a header field, a party, or one of the other values above. */
const knownLabel = (label: string) =>
  OTHER_LABEL.test(label) ||
  OTHER_FIELD.test(label) ||
  NOT_INVOICE_DATE.test(label) ||
  Object.values(PARTY_LABELS).some((re) => re.test(label)) ||
  [...Object.values(HEADER_LABELS), ...Object.values(TOTAL_LABELS)].some((labels) =>
    labels.some(([re]) => re.test(label)),
  );

const LABEL_ONLY = /^[\p{L}][\p{L} .'°#/-]{1,30}:?$/u;

/**
 * The label/value pairs of a line: "Label: value" in one cell, a label cell followed by its value cell, or a
 * label cell over its value in the next line (a band of header columns).
 */
function pairs(ctx: ExtractContext, line: Line, top: number): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  // a line under the header area is the item table's (a column heading over its first row is no label)
  const after = ctx.lines[line.index + 1];
  const next = after && after.y1 <= top ? after : undefined;
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
 * Labelled values of the page's header area (above the item table) that may be a header field the reader left
 * empty, and that no field took: the label holds that field's word stem and the value has its shape ("Réf.
 * commande: PO-7259" when only "N° de commande" is known), or the reader does not know the label at all and the
 * value is a date or an id while the due date, customer or order number is empty ("Ledger no.: 30431"). Such a
 * document may have lost a field the page prints, so it goes to a person however sure the fields it did read
 * are. Values under labels the reader knows for other things (contract, tender, GLN, delivery note, print date)
 * count for nothing.
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
  const firstRow = firstItem.length ? Math.min(...firstItem) : 0.5;
  // or above the item table's heading row, where the first item's description starts lines above its numbers
  const heading = ctx.lines.filter((l) => l.page === 1 && l.y1 <= firstRow && findHeader(ctx, l)).at(-1);
  const top = heading?.y0 ?? firstRow;
  const out: string[] = [];
  for (const line of ctx.lines) {
    if (line.page !== 1 || line.y0 >= top) continue;
    for (const { label, value } of pairs(ctx, line, top)) {
      const v = compact(value);
      if (v.length < 3 || used.some((u) => u === v || (v.length >= 5 && u.includes(v)))) continue;
      const isDate = findDates(value).length > 0;
      // a date a field took, printed in another form than the field's ISO one
      if (
        (['dmy', 'mdy'] as const).some((o) => findDates(value, o).some((d) => used.includes(compact(d.iso))))
      )
        continue;
      const unreadDue = isDate && !r.headers.dueDate && PAYING_STEM.test(label);
      if (OTHER_LABEL.test(label) && !unreadDue) continue;
      const idShaped = !isDate && /\d/.test(value) && value.split(/\s+/).length <= 2;
      // under a label the reader does not know at all, a date or an id may be the due date, the customer or
      // the order number it left empty ("Spätestens am", "Ledger no.", "Relatienummer")
      const unknownValue =
        !knownLabel(label) &&
        (isDate
          ? !r.headers.dueDate
          : idShaped && !isMoneyText(value) && (!r.headers.shopAccount || !r.headers.orderNum));
      const missed =
        unreadDue ||
        unknownValue ||
        FIELD_STEMS.some(
          ([field, stem, shape]) =>
            !r.headers[field] && stem.test(label) && (shape === 'date' ? isDate : idShaped),
        );
      if (missed) {
        out.push(`${label}: ${value}`.slice(0, 60));
        break;
      }
    }
  }
  return out;
}

/**
 * A VAT id's label ("USt-IdNr.", "VAT reg. no.", "N° TVA intracom.", "BTW-nummer"), with the I of "Id" read as
 * l or 1 by OCR.
 */
const VAT_ID_LABEL =
  /\b(?:ust\.?\s*-?\s*[il1]d\w*|umsatzsteuer\s*-?\s*[il1]d\w*|vat\s*(?:[il1]d|no|nr|number|reg)\b|n[°o]?\s*(?:de\s+)?tva\b|tva\s+intra\w*|btw\s*-?\s*(?:nr|nummer|n[°o]|[il1]d)\b)/;
/** A buyer's VAT id label ("Ihre USt-IdNr.", "USt-IdNr. Kunde", "Uw BTW-nummer", "BTW-nr. klant"). */
const BUYER_VAT_HINT =
  /\b(?:ihre|kunde\w*|your|customer|client|buyer|votre|acheteur|uw|klant|afnemer|kaufer)\b/;
/** A word of a VAT id's shape after a VAT word ("TVA FR5377I799778"): a country code and 8–13 more, 6 digits. */
const VAT_WORD_THEN_ID = /\b(?:vat|tva|btw|ust|mwst)\b[^\d]{0,20}\b[A-Z]{2}[0-9A-Z]{8,13}\b/i;

/**
 * A scanned invoice or credit note whose vendor VAT id was not read, though the page prints a VAT id that is not
 * the buyer's: a VAT id label or a VAT id (as read or in its shape) on a line without a buyer's hint. The id was
 * then lost to OCR or taken for another party's, so the document is not sure. An order's letterhead prints its
 * issuer's (the buyer's) id, which says nothing of the vendor's.
 */
export function vendorVatUnread(ctx: ExtractContext, r: TReaderResult): boolean {
  if (!ctx.ocr || r.vendor.vatNumber || !['invoice', 'creditNote'].includes(r.documentType)) return false;
  return ctx.lines.some((line) => {
    const n = norm(line.text);
    if (BUYER_VAT_HINT.test(n)) return false;
    const shaped = VAT_WORD_THEN_ID.exec(line.text);
    return (
      VAT_ID_LABEL.test(n) ||
      vatIdsOf(line.text, true).length > 0 ||
      (shaped !== null && (shaped[0].match(/\d/g)?.length ?? 0) >= 6)
    );
  });
}

import { cleanId, closeLine, type ExtractContext, isMoneyText } from './context.js';
import { findHeader } from './items.js';
import { HEADER_LABELS, type HeaderField, NOT_INVOICE_DATE, PARTY_LABELS, TOTAL_LABELS } from './labels.js';
import type { Cell, Line } from './layout.js';
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
  [
    'shopAccount',
    /\b(?:customer|client|kunde\w*|kd|klant\w*|account|konto\w*|kto|debit\w*|debiteur\w*)\b/,
    'id',
  ],
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

/**
 * Labels of values near those stems that are none of the output's fields (a customer's phone, an order date, a
 * stylesheet's version, the kind of a reference: "Art der Referenz", "Type de document").
 */
const OTHER_LABEL =
  /\b(?:tel\w*|phone|fon|fax|e-?mail|web\w*|iban|bic|bank\w*|date|datum|dated|vom|period\w*|zeitraum|name|naam|nom|contact\w*|ansprechpartner|vat|tva|btw|ust\w*|tax|steuer\w*|version|art\s+de[rs]|type|typ|soort)\b/;

/**
 * Labels of values that are none of the output's fields and that the reader knows as such: other documents'
 * numbers (payment reference, agreement, delivery note, contract, project, tender, GLN), other dates (delivery,
 * service, print), pages, registers and legal entity ids, the people who handle the document (periods, phones and tax ids are
 * OTHER_LABEL's).
 */
const OTHER_FIELD =
  /\b(?:payment|zahlungs\w*|paiement|betalings\w*|verwendungszweck|agreement|\w*vereinbarung|overeenkomst|deliver\w*|liefer\w*|livraison|lever\w*|pakbon|bl|shipped|contract\w*|vertrag\w*|contrat|project\w*|projekt\w*|projet|tender|appel\s+d'offres|marche|ausschreibung|gln|iln|leistungs\w*|druck\w*|print\w*|impression|erstellt|edite|afgedrukt|page|seite|pagina|hrb|hra|register\w*|legal|kvk|siret|siren|rcs|sachbearbeiter|bearbeiter|clerk|vertreter)\b/;

/**
 * Whether the reader knows what a label names: a header field, a party, or one of the other values above. The
 * words of other dates name a date's label only: they match inside words ("order" in "Anforderung", a request's
 * number), which says nothing of what an id under them is.
 */
const knownLabel = (label: string, isDate: boolean) =>
  OTHER_LABEL.test(label) ||
  OTHER_FIELD.test(label) ||
  (isDate && NOT_INVOICE_DATE.test(label)) ||
  Object.values(PARTY_LABELS).some((re) => re.test(label)) ||
  [...Object.values(HEADER_LABELS), ...Object.values(TOTAL_LABELS)].some((labels) =>
    labels.some(([re]) => re.test(label)),
  );

const LABEL_ONLY = /^[\p{L}][\p{L} .'°#/-]{1,30}:?$/u;

/** A label's words to match: normalised, an underscore between words a space ("Global ID_GLN"). */
const labelText = (s: string) => norm(s).replace(/_/g, ' ');

/** A label (normalised, to match; as printed, to show) and its value, with the cell the value was read from. */
interface Pair {
  label: string;
  printedLabel: string;
  value: string;
  cell: Cell;
  /** the label's line */
  line: Line;
}

/**
 * An account's label ("Konto-Nr.", "Kto."): the customer's account among a header's values, a bank's beside bank
 * words (IBAN, BIC, BLZ, a bank's name) on its line or the two lines either side.
 */
const ACCOUNT_WORD = /\b(?:konto\w*|kto)\b/;
const BANK_WORD = /\b(?:iban|bic|blz|swift|bank\w*|sparkasse|volksbank)\b/;
const bankAccount = (ctx: ExtractContext, { label, line }: Pair) =>
  ACCOUNT_WORD.test(label) &&
  ctx.lines
    .slice(Math.max(0, line.index - 2), line.index + 3)
    .some((l) => l.page === line.page && BANK_WORD.test(norm(l.text)));

/** The cell of a line that starts where a cell of the line above starts (a band's value under its label). */
const cellUnder = (l: Line | undefined, c: Cell) => l?.cells.find((b) => Math.abs(b.x0 - c.x0) < 0.02);

/** A line of two or more label cells and nothing else: a band's labels. */
const labelRow = (l: Line | undefined) =>
  !!l && l.cells.length >= 2 && l.cells.every((c) => LABEL_ONLY.test(c.text.trim()));

/**
 * The label/value pairs of a line: "Label: value" in one cell, a label cell followed by its value cell, or a
 * label cell over its value in the next line (a band of header columns), also where the label wraps onto a
 * second line of label words above the value ("Date | d'impression" over "03.07.2020": the label is both lines,
 * and the second line's words alone are no label).
 */
function pairs(ctx: ExtractContext, line: Line, top: number): Pair[] {
  const out: Pair[] = [];
  // a line under the header area is the item table's (a column heading over its first row is no label)
  const inHeader = (l: Line | undefined) => (l && l.y1 <= top ? l : undefined);
  const next = inHeader(closeLine(ctx, line, 1));
  // a band's labels wrapped onto two lines: the lower line's words are the ends of the upper line's labels
  const upper = labelRow(line) && labelRow(closeLine(ctx, line, -1));
  const wrapped = labelRow(line) && labelRow(next);
  line.cells.forEach((c, i) => {
    const text = c.text.trim();
    // the value of the label cell before it ("Währung: | EUR", "URN: | urn:cen.eu:…"), never a label itself, also
    // far right of it in a column of values, as the line's last cell without a colon of its own (a block's
    // heading "Klant:" may share a line with header fields: "Registratienr. | FA-21.2254", "Vorgang: RE-49937");
    // and no "Label: value" cell where it is an address of a resource ("urn:cen.eu:…")
    const left = line.cells[i - 1];
    const last = i === line.cells.length - 1 && !text.includes(':');
    const valueOfLeft = left && /:$/.test(left.text.trim()) && (c.x0 - left.x1 < 0.25 || last);
    if (valueOfLeft || NO_FIELD_VALUE.test(text)) return;
    const m = /^([^:]{2,40}):\s*(\S.*)$/.exec(text);
    if (m && /\p{L}{2}/u.test(m[1]!)) {
      out.push({ label: labelText(m[1]!), printedLabel: m[1]!.trim(), value: m[2]!.trim(), cell: c, line });
      return;
    }
    if (!LABEL_ONLY.test(text) || upper) return;
    const printedLabel = text.replace(/\s*:$/, '');
    const label = labelText(printedLabel);
    const right = line.cells[i + 1];
    if (right && /\d/.test(right.text) && right.x0 - c.x1 < 0.25)
      out.push({ label, printedLabel, value: right.text.trim(), cell: right, line });
    const below = cellUnder(next, c);
    if (below && /\d/.test(below.text))
      out.push({ label, printedLabel, value: below.text.trim(), cell: below, line });
    if (!wrapped) return;
    // the label's end under it, or none (a one-line label in a wrapped band), then the value
    const end = below && !/\d/.test(below.text) ? below : undefined;
    const value = cellUnder(inHeader(closeLine(ctx, next!, 1)), c);
    const joined = `${text} ${end?.text.trim() ?? ''}`.trim().replace(/\s*:$/, '');
    if (value && /\d/.test(value.text))
      out.push({
        label: labelText(joined),
        printedLabel: joined,
        value: value.text.trim(),
        cell: value,
        line,
      });
  });
  return out;
}

/**
 * The labelled values of the first page's header area (above the first line item, or the top half of a page
 * without a table; above the item table's heading row where the first item's description starts lines above
 * its numbers) that no field took, in reading order.
 */
function unusedHeaderPairs(ctx: ExtractContext, r: TReaderResult): Pair[] {
  const used = [
    ...Object.values(r.headers),
    ...[r.vendor, r.invoiceTo, r.recipient].flatMap((p) => Object.values(p ?? {})),
  ]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map(compact);
  const firstItem = Object.entries(r.boxes)
    .filter(([k, b]) => k.startsWith('items.') && b.page === 1)
    .map(([, b]) => b.y);
  const firstRow = firstItem.length ? Math.min(...firstItem) : 0.5;
  const heading = ctx.lines.filter((l) => l.page === 1 && l.y1 <= firstRow && findHeader(ctx, l)).at(-1);
  const top = heading?.y0 ?? firstRow;
  return ctx.lines
    .filter((line) => line.page === 1 && line.y0 < top)
    .flatMap((line) => pairs(ctx, line, top))
    .filter(({ value }) => {
      const v = compact(value);
      if (v.length < 3 || used.some((u) => u === v || (v.length >= 5 && u.includes(v)))) return false;
      // a date a field took, printed in another form than the field's ISO one
      return !(['dmy', 'mdy'] as const).some((o) =>
        findDates(value, o).some((d) => used.includes(compact(d.iso))),
      );
    });
}

/**
 * A value no header field ever has: an address of a resource ("urn:cen.eu:en16931:2017", "https://…", an e-mail)
 * or a file's name ("EN16931_Rabatte.xml"), as the metadata pages of e-invoice viewers print them.
 */
const NO_FIELD_VALUE = /^(?:urn:|https?:\/\/|www\.)|@|^\S+\.(?:xml|pdf|xsl|xslt|json|txt|csv)$/i;

/**
 * A value that names its own kind in brackets, as one of the values that are none of the output's fields
 * ("4000001123452 (GLN)").
 */
const otherKind = (value: string) => {
  const kind = /\(([^()]+)\)\s*$/.exec(value)?.[1];
  return !!kind && OTHER_FIELD.test(norm(kind));
};

/** A value of an id's shape: digits in one or two words, no date. */
const idShaped = (value: string) =>
  /\d/.test(value) && value.split(/\s+/).length <= 2 && !findDates(value).length;

/**
 * Labelled values of the page's header area that may be a header field the reader left empty, and that no
 * field took: the label holds that field's word stem and the value has its shape ("Réf. commande: PO-7259"
 * when only "N° de commande" is known), or the reader does not know the label at all and the value is a date or
 * an id while the due date, customer or order number is empty ("Ledger no.: 30431"). Such a document may have
 * lost a field the page prints, so it goes to a person however sure the fields it did read are. Values under
 * labels the reader knows for other things (contract, tender, GLN, delivery note, print date) count for nothing.
 */
export function unreadLabelledValues(ctx: ExtractContext, r: TReaderResult): string[] {
  const out: string[] = [];
  let lastLine: Line | undefined;
  for (const pair of unusedHeaderPairs(ctx, r)) {
    const { label, printedLabel, value, line } = pair;
    // one value a line is enough to say the line was not read
    if (line === lastLine) continue;
    if (NO_FIELD_VALUE.test(value) || otherKind(value)) continue;
    const isDate = findDates(value).length > 0;
    const unreadDue = isDate && !r.headers.dueDate && PAYING_STEM.test(label);
    if ((OTHER_LABEL.test(label) || bankAccount(ctx, pair)) && !unreadDue) continue;
    const id = idShaped(value);
    // under a label the reader does not know at all, a date or an id may be the due date, the customer or
    // the order number it left empty ("Spätestens am", "Ledger no.", "Relatienummer")
    const unknownValue =
      !knownLabel(label, isDate) &&
      (isDate
        ? !r.headers.dueDate
        : id && !isMoneyText(value) && (!r.headers.shopAccount || !r.headers.orderNum));
    const missed =
      unreadDue ||
      unknownValue ||
      FIELD_STEMS.some(
        ([field, stem, shape]) => !r.headers[field] && stem.test(label) && (shape === 'date' ? isDate : id),
      );
    if (missed) {
      out.push(`${printedLabel}: ${value}`.slice(0, 60));
      lastLine = line;
    }
  }
  return out;
}

/**
 * The raw confidence of a header field guessed from its value's shape and place under a label the reader does not
 * know. calibrate.ts keeps it as it is: the calibration set measured labelled values, and a guess is never sure.
 */
export const GUESSED = 0.3;
/** The start of the issue that names a guessed field's label and value, for a person to confirm. */
export const GUESS_ISSUE = 'Guessed from a label the reader does not know';

/** A header field guessed from a value no label names: its value (ISO for a date), the label and value as printed. */
export interface Guess {
  field: HeaderField;
  value: string;
  label: string;
  printed: string;
  cell: Cell;
}
/** A labelled value read as a field's value would be (a date in ISO, an id cleaned). */
type Read = { pair: Pair; value: string };

/** A word of "your" in four languages: a label of the buyer's own reference. */
const YOUR = /\b(?:your|ihre?|ihren|votre|vos|uw)\b/;
/**
 * A word of the buyer or of buying in four languages ("Buyer ref.", "Réf. acheteur", "Referenz Käufer", "Ref.
 * koper", "Purchase no.", "Einkaufsnummer", "N° d'achat", "Inkoopnummer"): a label of the buyer's order.
 */
const BUYER_WORD =
  /\b(?:buyer|purchaser?|procurement|acheteur|achat|kaufer|besteller|einkaufs?\w*|koper|inkoper|inkoop\w*)\b/;
/** An order number's own shape: "PO-4711", "PO 4711", "P.O. 4711". */
const PO_SHAPE = /^P\.?O\.?(?:[-\s/#]|(?=\d))/i;

/**
 * An id that carries a year among its parts ("2024-4646/73", "INV/2025/77343"): a document's number, never a
 * customer's, which stays the same from year to year.
 */
const YEAR_PART = /(?:^|[^\d])(?:19[89]\d|20[0-4]\d)(?:[^\d]|$)/;
const yearStamped = (v: string) => /[-/.\s]/.test(v) && YEAR_PART.test(v);

const mostlyDigits = (v: string) =>
  (v.match(/\p{L}/gu)?.length ?? 0) <= Math.max(4, (v.match(/\d/g)?.length ?? 0) / 2);

/** How long after the document's date a due date may fall: a year of payment terms at most. */
const DUE_SPAN_MS = 366 * 86_400_000;

/**
 * Header fields the reader left empty, guessed from the values of the header area that no field took, where
 * the labels do not name them (other software's words):
 * - a label holding one field's word stem names that field ("Client key" the customer number) when the value has
 *   the field's shape;
 * - a date under a word of paying, or else the one date under a label the reader does not know that falls on or
 *   after the document's date and within a year of it, is the due date;
 * - the first id under a label the reader does not know is the document's number: software prints its number
 *   first among the header values;
 * - an id under a label of the buyer's own reference or of buying ("Your key", "Clé acheteur", "Purchase no."),
 *   of an order number's shape ("PO-4711"), or carrying a year ("2024-4646/73"), is the order number;
 * - one id left is the customer number when that is empty and the id carries no year, else the order number when
 *   that is empty.
 * Each guess keeps the confidence GUESSED, so a person confirms it; an empty field would cost them the typing.
 */
export function guessUnlabelled(ctx: ExtractContext, r: TReaderResult): Guess[] {
  const out: Guess[] = [];
  const open = (f: HeaderField) => !r.headers[f] && !out.some((g) => g.field === f);
  const take = (field: HeaderField, { pair, value }: Read) =>
    out.push({ field, value, label: pair.printedLabel, printed: pair.value, cell: pair.cell });
  const issued = r.headers.invoiceDate ? Date.parse(r.headers.invoiceDate) : undefined;
  const dueDates: (Read & { paying: boolean })[] = [];
  const ids: (Read & { ordered: boolean })[] = [];
  for (const pair of unusedHeaderPairs(ctx, r)) {
    const { label, value } = pair;
    const date = findDates(value, ctx.dateOrder)[0];
    // the value starts with the date ("2.6 vom 10.11.2025" is a version, not a date)
    const isDate = !!date && date.index === 0;
    const id = !date && idShaped(value) && !isMoneyText(value) && !vatIdsOf(value).length;
    // a document's or customer's number is mostly digits ("EN16931_Rechnung.xml" is a file's name)
    const cleaned = id && mostlyDigits(value) ? cleanId(value) : undefined;
    if (isDate && PAYING_STEM.test(label)) dueDates.push({ pair, value: date.iso, paying: true });
    // a value that names what it is beside its number ("4000001123452 (GLN)") is that, whatever the label
    if (OTHER_LABEL.test(label) || bankAccount(ctx, pair) || OTHER_FIELD.test(norm(value))) continue;
    const stem = FIELD_STEMS.find(
      ([, re, shape]) => re.test(label) && (shape === 'date' ? isDate : !!cleaned),
    );
    // a customer's word over an order's own shape ("Kundenauftrag: PO-4711") names the customer's order: a
    // customer's number carries no year and no PO
    if (stem?.[0] === 'shopAccount' && cleaned && (yearStamped(value) || PO_SHAPE.test(cleaned))) {
      ids.push({ pair, value: cleaned, ordered: true });
      continue;
    }
    if (stem) {
      const [field] = stem;
      if (field === 'dueDate') dueDates.push({ pair, value: date!.iso, paying: true });
      else if (open(field)) take(field, { pair, value: cleaned! });
      continue;
    }
    // the buyer's own reference is their order number, whatever else the label says
    if (cleaned && (YOUR.test(label) || BUYER_WORD.test(label)) && !OTHER_FIELD.test(label)) {
      ids.push({ pair, value: cleaned, ordered: true });
      continue;
    }
    if (knownLabel(label, isDate)) continue;
    if (isDate) dueDates.push({ pair, value: date.iso, paying: false });
    else if (cleaned) ids.push({ pair, value: cleaned, ordered: PO_SHAPE.test(cleaned) });
  }
  if (open('dueDate') && issued !== undefined) {
    const inTerm = dueDates.filter((d) => {
      const t = Date.parse(d.value);
      return t >= issued && t - issued <= DUE_SPAN_MS;
    });
    const due = inTerm.find((d) => d.paying) ?? (inTerm.length === 1 ? inTerm[0] : undefined);
    if (due) take('dueDate', due);
  }
  const numberField: HeaderField = r.documentType === 'order' ? 'orderNum' : 'invoiceNum';
  const left = () => ids.filter((i) => !out.some((g) => g.value === i.value));
  // on an order, the buyer's reference is the order's own number
  const first = left().find((i) => numberField === 'orderNum' || !i.ordered);
  if (open(numberField) && first) take(numberField, first);
  const yours = left().find((i) => i.ordered);
  if (open('orderNum') && yours) take('orderNum', yours);
  // an id carrying a year is an order's number, not a customer's
  const dated = left().find((i) => yearStamped(i.pair.value));
  if (open('orderNum') && dated) take('orderNum', dated);
  // one id left: the one of the two fields it may be that is still empty, or, both empty, the customer's
  // number, which most headers print and which carries no year
  const rest = left();
  if (rest.length === 1) {
    const [id] = rest;
    if (open('shopAccount') && !yearStamped(id!.pair.value)) take('shopAccount', id!);
    else if (open('orderNum')) take('orderNum', id!);
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

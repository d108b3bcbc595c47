import {
  boxOf,
  cellAt,
  cleanId,
  type ExtractContext,
  type Found,
  isMoneyText,
  labelMatch,
  lineNumbers,
  ocrHeadingMatch,
  rawIndex,
} from './context.js';
import { DOC_TYPE, HEADER_LABELS, LEGAL_FORM, PARTY_LABELS } from './labels.js';
import { type Cell, type Line, xOverlap } from './layout.js';
import { isOwnAddress, isOwnName, type OwnCompany, vatKey } from './own-company.js';
import { compact, editDistance, findDates, looksNumeric, norm } from './parse.js';
import type { TBox, TParty, Word } from './types.js';
import { vatRepair } from './vat-id.js';

const VAT_ID =
  /\b(?:ATU\d{8}|BE\s?0?\d{3}\.?\d{3}\.?\d{3}|DE\s?\d{3}\s?\d{3}\s?\d{3}|FR\s?[0-9A-Z]{2}\s?\d{3}\s?\d{3}\s?\d{3}|NL\s?\d{9}\s?B\s?\d{2}|LU\s?\d{8}|GB\s?\d{3}\s?\d{4}\s?\d{2}|ES\s?[A-Z0-9]\d{7}[A-Z0-9]|IT\s?\d{11}|CHE[-\s]?\d{3}\.?\d{3}\.?\d{3})\b/g;
const BUYER_HINT =
  /\b(?:client|kunde|kunden|customer|buyer|acheteur|kaufer|ihre|votre|uw|klant|afnemer|empfanger|destinataire|ship\s+to|deliver\w*|livraison|your)\b/;
const SELLER_HINT =
  /\b(?:seller|vendor|supplier|lieferant|verkaufer|fournisseur|vendeur|leverancier|our|unsere|notre|onze)\b/;

/** A VAT id printed after its label even when it does not have the usual length ("USt-IdNr.: DE1234567"). */
const LABELLED_VAT_ID =
  /\b(?:ust\.?\s*-?\s*id\.?\s*-?\s*(?:nr\.?)?|umsatzsteuer\s*-?\s*id\w*|vat\s*(?:id|no|number|reg\w*)\.?|n[°o]?\s*(?:de\s+)?tva(?:\s+intra\w*)?|tva\s+intra\w*|btw\s*-?\s*(?:nr|nummer|id)\.?)\.?\s*:?\s*([A-Z]{2}\s?[0-9A-Z]{2,14}(?:[\s.]\d{2,4})*)\b/gi;

/** The countries whose VAT ids VAT_ID knows by their national pattern. */
const NATIONAL_PREFIX = /^(?:AT|BE|DE|FR|NL|LU|GB|ES|IT|CH)/;
const NATIONAL_ID = new RegExp(`^(?:${VAT_ID.source})$`);
/**
 * Whether a VAT id has its country's pattern, where the pattern is known: an id read after a VAT label may break
 * it ("NL716364383B818", a digit OCR doubled).
 */
export const vatIdShaped = (id: string) =>
  !NATIONAL_PREFIX.test(id) || NATIONAL_ID.test(id.replace(/[\s.-]/g, ''));

/**
 * A scan's word that may be a VAT id with digits OCR read as letters ("DEO76346592"): a country code and 9–12 more,
 * the code apart where it was printed or read apart ("NL 127987999857").
 */
const OCR_VAT_WORD = /\b[A-Z]{2}\s?[0-9A-Z]{9,12}\b/g;

/** The word is a VAT id of its national pattern once the digits OCR read as letters are put back. */
function vatOnceRead(word: string): boolean {
  const fixed = vatDigits(word);
  return (word.match(/\d/g)?.length ?? 0) >= 6 && fixed.match(VAT_ID)?.[0] === fixed;
}

/**
 * The VAT ids printed on a line: by their national pattern, else by their label; on a scan (`ocr`) also a word
 * that has the national pattern once `vatDigits` puts back the digits OCR read as letters, with its label lost or
 * garbled ("BIW-nummer NLS51942398B45") or none (a footer's "DEO76346592").
 */
export function vatIdsOf(text: string, ocr?: boolean): { id: string; index: number }[] {
  const out: { id: string; index: number }[] = [];
  for (const m of text.matchAll(VAT_ID)) out.push({ id: m[0].replace(/[\s.-]/g, ''), index: m.index });
  if (ocr)
    for (const m of text.matchAll(OCR_VAT_WORD)) {
      const id = m[0].replace(/\s/g, '');
      if (vatOnceRead(id) && !out.some((o) => Math.abs(o.index - m.index) < 3))
        out.push({ id, index: m.index });
    }
  for (const m of text.matchAll(LABELLED_VAT_ID)) {
    const id = m[1]!.replace(/[\s.]/g, '');
    const index = m.index + m[0].length - m[1]!.length;
    // a country code in capitals, digits, no longer than the longest national format
    const valid = /^[A-Z]{2}/.test(id) && (id.match(/\d/g)?.length ?? 0) >= 7 && id.length <= 15;
    if (valid && !out.some((o) => Math.abs(o.index - index) < 3)) out.push({ id, index });
  }
  return out;
}

/** A cell that is an amount with its cents ("31,80", "1.156,27 €"): an item row's or a total's, no party's. */
const isAmount = (c: Cell) => looksNumeric(c.text) && /\d[.,]\d{2}\b/.test(c.text);

/**
 * Whose block a line sits in: the nearest party heading above it ("Verkäufer", "Käufer", "Bill to", "Client"),
 * in the same column. +1 seller, -1 buyer, 0 unknown. A line with amounts (an item row, a total) ends the
 * search: a heading above the item table is not that of a footer below it.
 */
function partySide(ctx: ExtractContext, line: Line, x: number): number {
  for (let j = line.index - 1; j >= Math.max(0, line.index - 14); j--) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page || l.cells.some(isAmount)) break;
    // the heading of this column: the rightmost cell that starts left of the value
    const cell = l.cells.filter((c) => c.x0 <= x + 0.02).pop();
    if (!cell) continue;
    const n = norm(cell.text);
    if (n.length > 40 || /\d/.test(n)) continue;
    const seller = partyHeading(ctx, cell.text, PARTY_LABELS.vendor);
    const buyer =
      partyHeading(ctx, cell.text, PARTY_LABELS.invoiceTo) ??
      partyHeading(ctx, cell.text, PARTY_LABELS.recipient);
    if (seller && seller.index <= 3 && !(buyer && buyer.index < seller.index)) return 1;
    if (buyer && buyer.index <= 3) return -1;
  }
  return 0;
}

/** How many digits follow the country code of the VAT ids that are all digits after it. */
const VAT_DIGITS: Record<string, number[]> = {
  DE: [9],
  GB: [9, 12],
  BE: [10],
  IT: [11],
  DK: [8],
  FI: [8],
  PL: [10],
};

/**
 * A scanned VAT id with the letters OCR read for digits put back: in the digit places of its national format
 * a letter is a misread digit ("GBA09992556" → "GB409992556") or, when the id is one character too long, a
 * speck read as a letter ("GBS505562276" → "GB505562276").
 */
export function vatDigits(id: string): string {
  const fix = (t: string) =>
    t
      .replace(/[ODQo]/g, '0')
      .replace(/[Il|]/g, '1')
      .replace(/Z/g, '2')
      .replace(/A/g, '4')
      .replace(/S/g, '5')
      .replace(/G/g, '6')
      .replace(/B/g, '8');
  const cc = id.slice(0, 2);
  const rest = id.slice(2);
  // a Dutch id's B between its digits read as an 8 ("NL895907273835")
  const nl = /^(.{9})[B8](.{2})$/.exec(rest);
  if (cc === 'NL' && nl) return `NL${fix(nl[1]!)}B${fix(nl[2]!)}`;
  // a French key is two digits or letters, but never O or I (the format leaves them out): those are 0 and 1
  if (cc === 'FR' && rest.length === 11)
    return `FR${rest.slice(0, 2).replace(/O/g, '0').replace(/I/g, '1')}${fix(rest.slice(2))}`;
  const lengths = VAT_DIGITS[cc];
  if (!lengths || /^\d+$/.test(rest)) return id;
  const dropped = rest.replace(/[A-Z]/g, '');
  if (
    rest.length - dropped.length === 1 &&
    lengths.includes(dropped.length) &&
    !lengths.includes(rest.length)
  )
    return cc + dropped;
  return lengths.includes(rest.length) ? cc + fix(rest) : id;
}

/**
 * The vendor's VAT number: VAT ids on the page, preferring those not labelled as the buyer's. The uploading
 * company's own VAT id is never the vendor's when it is the buyer, and is the vendor's when it is the supplier.
 */
export function extractVat(
  ctx: ExtractContext,
  buyerZone: Set<number>,
  own?: OwnCompany,
): Found<string> | undefined {
  const cands: { id: string; score: number; line: Line }[] = [];
  const ownVat = own?.vatId ? vatKey(own.vatId) : '';
  for (const line of ctx.lines) {
    for (const m of vatIdsOf(line.text, ctx.ocr)) {
      // on a scan, letters OCR read for digits put back, and an id whose check digits fail repaired where one
      // slip explains it; a text layer's id is taken as printed (sample documents print made-up ids)
      const id = ctx.ocr ? (vatRepair(m.id, vatDigits) ?? vatDigits(m.id)) : m.id;
      const mine = ownVat.length > 4 && vatKey(id) === ownVat;
      if (mine && own?.role === 'buyer') continue;
      const before = norm(line.text.slice(0, m.index));
      const prevLine = ctx.lines[line.index - 1];
      let score = 1;
      if (BUYER_HINT.test(before.slice(-40))) score -= 2;
      if (SELLER_HINT.test(before.slice(-40))) score += 2;
      if (buyerZone.has(line.index)) score -= 1.5;
      if (prevLine && BUYER_HINT.test(norm(prevLine.text)) && !before) score -= 0.5;
      if (/\b(?:ust|vat|tva|btw|mwst|umsatzsteuer)/.test(before)) score += 0.5;
      score += 1.5 * partySide(ctx, line, cellAt(line, m.index).x0);
      if (mine) score += 3;
      cands.push({ id, score, line });
    }
  }
  cands.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
  const c = cands[0];
  if (!c || c.score < 0) return undefined;
  // another VAT id that scores about as well makes the choice uncertain
  const rival = cands.find((o) => o.id !== c.id && o.score >= c.score - 1);
  return { value: c.id, conf: c.score >= 1 && !rival ? 0.88 : 0.6, box: boxOf(c.line) };
}

/** A contact person's line in a party block ("Contact: …", "z. Hd. …"), printed before or after the name. */
const CONTACT_LINE =
  /\b(?:contact|attn|attention|a l'attention|z\.?\s?hd\.?|zu handen|ansprechpartner\w*|kontakt|contactpersoon|t\.?a\.?v\.?|herrn|frau|afdeling|abteilung|department|accounts payable|service comptabilite)\b/;

/** A line for the attention of a person ("z. Hd. …", "Attn: …", "T.a.v. …"): a party's, never its name. */
const ATTENTION_LINE = /^(?:attn|attention|a l'attention|z\.?\s?hd\.?|zu handen|t\.?a\.?v\.?|c\/o)\b/;

/**
 * A header field's label without its value: a text that ends in a colon ("Rechnungsdatum:"), a label of the
 * header fields as the whole text ("Invoice number", "Kundennr."), or a date or period label ("Delivery date",
 * "Lieferdatum", "Zeitraum"). Printed beside an address window, it shares a line with the window's name.
 */
function isFieldLabel(t: string, n: string): boolean {
  if (/:$/.test(t.trim())) return true;
  if (n.split(' ').length > 3) return false;
  if (/(?:date|datum)$|^(?:period|periode|zeitraum|leistungszeitraum)$/.test(n)) return true;
  return Object.values(HEADER_LABELS).some((labels) =>
    labels.some(([re]) => {
      const m = re.exec(n);
      return m !== null && m.index <= 1 && n.length <= m.index + m[0].length + 2;
    }),
  );
}

/** A party heading `re` at a cell's text; on a scan also with its words OCR read a letter off. */
function partyHeading(ctx: ExtractContext, text: string, re: RegExp): RegExpExecArray | undefined {
  return re.exec(norm(text)) ?? (ctx.ocr ? ocrHeadingMatch(text, re) : undefined);
}

/** A form of address alone on the line over an addressee's name ("Firma", "Herrn", "Messrs"): no name itself. */
function isAddressForm(t: string): boolean {
  return /^(?:firma|fa|herrn?|frau|messrs|mr|mrs|ms|m|mme|monsieur|madame|societe|dhr|mevr|de heer|mevrouw)\.?$/.test(
    norm(t).trim(),
  );
}

export function isNoiseName(t: string): boolean {
  const n = norm(t);
  if (n.length < 3 || !/[a-z]{2}/.test(n)) return true;
  // a number after a short prefix ("DE483023865", a VAT id under a heading that names the customer)
  if (/^[a-z]{0,3}\s?\d[\d\s./-]*[a-z]?\d*$/.test(n)) return true;
  if (isAddressForm(t)) return true;
  if (isFieldLabel(t, n)) return true;
  for (const [re] of DOC_TYPE) if (re.test(n) && n.split(' ').length <= 3) return true;
  if (/^(?:page|seite|tel|fax|phone|date|datum|www|http|e-?mail|iban|bic)\b/.test(n)) return true;
  // a department of the company ("Afdeling crediteuren", "Accounts payable") names no company
  if (/^(?:afdeling|abteilung|department|dept|accounts payable|service comptabilite)\b/.test(n)) return true;
  if (/@|www\.|https?:/.test(n)) return true;
  if (
    /\b(?:nummer|number|nr|gln|gtin|siren|siret|iban)\b/.test(n) ||
    /^[\p{L} .-]{2,30}:\s*\S/u.test(t.trim())
  )
    return true;
  if (findDates(t).length) return true;
  // a sentence ("Thank you for your business.", "Paiement à 30 jours."): four words or more ending in a full stop
  // after a lower-case word, no legal form
  if (/\p{Ll}{3}\.$/u.test(t.trim()) && t.trim().split(/\s+/).length >= 4 && !LEGAL_FORM.test(t)) return true;
  // an identifier ("CONTRACT-12345", "KD-4711") names no one
  if (/^[A-Z0-9]+(?:[-/_.][A-Z0-9]+)+$/.test(t.trim()) && /\d/.test(t)) return true;
  // a line of an address: a post box, a suite or building, a street line ("456 Main St", "12 rue de la Paix")
  if (/^(?:suite|unit|floor|building|bldg|apt|postfach|po box|p\.o\. box|bp|boite postale)\b/.test(n))
    return true;
  // a street line ("456 Main St", "12 rue de la Paix", "Hauptstraße 12") is an address, not a name
  if (STREET.test(n) && (/^\d/.test(n) || /\d+[a-z]?$/.test(n)) && !LEGAL_FORM.test(t)) return true;
  // a party heading alone ("Supplier:", "Rechnungsadresse") names no one
  const label = [PARTY_LABELS.vendor, PARTY_LABELS.invoiceTo, PARTY_LABELS.recipient]
    .map((re) => re.exec(n))
    .find((m) => m && m.index <= 1);
  if (label && n.length <= label.index + label[0].length + 2) return true;
  return false;
}

const STREET =
  /\b(?:st|street|rd|road|ave|avenue|lane|drive|blvd|way|rue|boulevard|chemin|place|allee|str|strasse|straße|weg|gasse|platz|laan|straat|plein|gracht|kade)\b|(?:strasse|straße|str\.|weg|straat|laan|gracht)\s*\d/;

/** A register entry or bank account that only the issuer of a document prints about itself. */
const REGISTRY =
  /\b(?:iban|hrb|hra|amtsgericht|handelsregister|registergericht|rcs|siret|siren|kvk|kamer van koophandel|company\s+(?:no|number|reg\w*)|registered\s+in|registration\s+no)\b/;

/** Legal forms by their letters (case and points aside), written as the names the reader gives back print them. */
const LEGAL_FORM_LETTERS: Record<string, string> = {
  gmbh: 'GmbH',
  limited: 'Limited',
  ltd: 'Ltd',
  bv: 'B.V.',
  nv: 'N.V.',
  vof: 'V.O.F.',
  bvba: 'BVBA',
  sarl: 'SARL',
  llc: 'LLC',
  inc: 'Inc.',
  corp: 'Corp.',
  plc: 'plc',
};

/**
 * The legal form a scan's word after a name is once OCR's slips are undone: glyphs OCR takes for one another
 * ("GmbI-I" for GmbH, "8.V," for B.V., "ple" for plc) or, in a form of six letters or more, one letter ("Limitcd"). A shorter
 * word a letter off a form is as likely another word, and a number with a unit ("8V") is no form.
 */
export function ocrLegalForm(word: string): string | undefined {
  if (LEGAL_FORM.test(word) || /^\d+\p{L}{0,2}$/u.test(word)) return undefined;
  const letters = word
    .toLowerCase()
    .replace(/[il1|]-[il1|]/g, 'h')
    .replace(/[.,]/g, '')
    .replace(/^8/, 'b')
    .replace(/0/g, 'o')
    .replace(/[1|]/g, 'l');
  // (a final "c" OCR read as "e", an "l" as "i": "ple", "pic", "Ine.")
  const exact =
    LEGAL_FORM_LETTERS[letters] ??
    LEGAL_FORM_LETTERS[letters.replace(/e$/, 'c')] ??
    LEGAL_FORM_LETTERS[letters.replace(/i/g, 'l')];
  if (exact || letters.length < 6) return exact;
  const near = Object.keys(LEGAL_FORM_LETTERS).filter(
    (k) => k.length === letters.length && editDistance(k, letters) === 1,
  );
  return near.length === 1 ? LEGAL_FORM_LETTERS[near[0]!] : undefined;
}

/**
 * A scan's words with the legal form that ends a name put back where OCR slipped on it (`ocrLegalForm`): the last
 * word of a cell without digits, after a capitalised word ("Atlas Textiles 8.V,"). The party rules know a company
 * by its legal form, and the name is given back as printed.
 */
export function withLegalForms(words: Word[], lines: Line[]): Word[] {
  const fixed = new Map<Word, string>();
  for (const cell of lines.flatMap((l) => l.cells)) {
    const ws = cell.words;
    const last = ws[ws.length - 1]!;
    if (
      ws.length < 2 ||
      /\d/.test(cell.text.slice(0, -last.text.length)) ||
      !/^\p{Lu}/u.test(ws[ws.length - 2]!.text)
    )
      continue;
    const form = ocrLegalForm(last.text);
    if (form) fixed.set(last, form);
  }
  return fixed.size ? words.map((w) => (fixed.has(w) ? { ...w, text: fixed.get(w)! } : w)) : words;
}

/** A name without its legal form and punctuation, to recognise one company printed twice. */
function nameKey(t: string): string {
  return norm(t)
    .replace(new RegExp(LEGAL_FORM.source, 'giu'), ' ')
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * One company's name as two OCR readings print it ("Riviera Trading plc", "Riviers Trading pic"): letters and
 * digits alike but for about one slip in six, legal forms included (OCR misreads those too: "Geb" for GmbH).
 */
export function ocrSameName(a: string, b: string): boolean {
  const x = compact(a);
  const y = compact(b);
  if (Math.min(x.length, y.length) < 8) return false;
  return editDistance(x, y) <= Math.floor(Math.max(x.length, y.length) / 6);
}

/**
 * Names printed in a block that also holds a VAT id, an IBAN or a register number (a letterhead, a footer):
 * evidence that the company is the document's issuer. Blocks under a buyer heading do not count. `band` gets
 * every name-like cell of those blocks, legal form or not (a scan's footer may have lost it).
 */
function issuerEvidence(ctx: ExtractContext, buyerZone: Set<number>, band: string[] = []): Set<string> {
  const out = new Set<string>();
  for (const line of ctx.lines) {
    const n = norm(line.text);
    if (!(REGISTRY.test(n) || vatIdsOf(line.text).length) || buyerZone.has(line.index)) continue;
    if (BUYER_HINT.test(n)) continue;
    for (let j = Math.max(0, line.index - 4); j <= Math.min(ctx.lines.length - 1, line.index + 4); j++) {
      const l = ctx.lines[j]!;
      if (l.page !== line.page || buyerZone.has(l.index)) continue;
      // an item row over the footer ("Wall plug 8 mm (100 pcs) kg | 80 | 9.318 | 745.440": its unit is no legal
      // form) prints amounts, no block of the company does
      const money = lineNumbers(l, ctx.decimal).filter(
        (x) => !x.pct && isMoneyText(x.cell.text, ctx.wholeUnits),
      );
      if (j !== line.index && money.length >= 2) continue;
      for (const c of l.cells) {
        // a block's head line, or a company name anywhere in the band (footers print several columns)
        const part = c.text.split(SENDER_SPLIT)[0]!;
        if (namesBank(ctx, l, c)) continue;
        if (!isNoiseName(part) && LEGAL_FORM.test(part)) out.add(nameKey(part));
        if (!isNoiseName(part) && /^\p{L}/u.test(part)) band.push(part);
      }
    }
  }
  out.delete('');
  return out;
}

/** A name printed larger than the rest of its line may fall apart into cells: join the words close to it. */
function wholeName(line: Line, cell: Cell): Cell {
  let out = cell;
  for (const c of line.cells.slice(line.cells.indexOf(cell) + 1)) {
    if (c.x0 - out.x1 > out.y1 - out.y0) break;
    out = {
      ...out,
      text: `${out.text} ${c.text}`,
      words: [...out.words, ...c.words],
      x1: c.x1,
      y0: Math.min(out.y0, c.y0),
      y1: Math.max(out.y1, c.y1),
    };
  }
  return out;
}

/** Address lines after a name line: until a phone/email/VAT line or a gap. */
export function addressAfter(
  ctx: ExtractContext,
  start: Line,
  cell: Cell,
  maxLines: number,
): { lines: Line[]; cells: Cell[] } {
  const lines: Line[] = [];
  const cells: Cell[] = [];
  let prev: { y1: number; h: number } = { y1: cell.y1, h: cell.y1 - cell.y0 };
  for (let j = start.index + 1; j < ctx.lines.length && lines.length < maxLines; j++) {
    const l = ctx.lines[j]!;
    if (l.page !== start.page) break;
    if (l.y0 - prev.y1 > prev.h * 1.8) break;
    const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.03 || xOverlap(c, cell) > 0.6);
    if (!c) continue;
    const n = norm(c.text);
    // a contact person's line ("Attn: …", "z. Hd. …") belongs to the block but is no address line; right under
    // the name, the block's street is measured from it (after the address it ends the block)
    if (CONTACT_LINE.test(n)) {
      if (!lines.length) prev = { y1: c.y1, h: c.y1 - c.y0 };
      continue;
    }
    if (
      /\b(?:tel|phone|fax|e-?mail|www|gst|vat|tva|ust|btw|iban|siren|siret|rcs|date|invoice|receipt|tax|hrb|steuer)\b|@|:/.test(
        n,
      )
    )
      break;
    lines.push(l);
    cells.push(c);
    prev = { y1: c.y1, h: c.y1 - c.y0 };
  }
  return { lines, cells };
}

/**
 * A bank's name: a name whose next line in its column is an account of it (IBAN, BIC, account number), not an
 * address. A footer prints the issuer's bank so, a company with a legal form that is no party to the document.
 */
function namesBank(ctx: ExtractContext, start: Line, cell: Cell): boolean {
  const h = cell.y1 - cell.y0;
  for (let j = start.index + 1; j < ctx.lines.length && j <= start.index + 3; j++) {
    const l = ctx.lines[j]!;
    if (l.page !== start.page || l.y0 - cell.y1 > h * 1.8) return false;
    const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.03 || xOverlap(c, cell) > 0.6);
    if (!c) continue;
    const n = norm(c.text);
    if (/^(?:iban|bic|swift|blz|konto\w*|account|acct|sort code|rib|bank code)\b/.test(n)) return true;
    // on a scan, an "IBAN" whose first letter OCR lost or read as a bracket or bar ("BAN GB85 6972 …",
    // "[BAN NL93 …"), before an account number of four-character groups
    return !!ctx.ocr && /^[[|!l1i]?ban\s+[a-z0-9]{4}(?:\s+[a-z0-9[|]{3,4}){2,}/.test(n);
  }
  return false;
}

/** The separators of a sender line "Name · Street · City" above the address window. */
const SEPARATORS = /[·•●|]/;
export const SENDER_SPLIT = /\s*[·•●|]\s*|\s+-\s+/;

/**
 * Parts of a sender line: split at its separators and where OCR split it into cells ("Name - Street" and
 * "Postcode Town" as two cells, the last separator read as a gap).
 */
function senderParts(line: Line): string[] {
  // the cell that holds the separators: header fields may share the sender line, left of it ("Re.-Nr.: 7618")
  const own = line.cells.map((c) => c.text.split(SENDER_SPLIT)).find((p) => p.length >= 3);
  if (own) return own;
  const parts = line.text.split(SENDER_SPLIT);
  if (parts.length >= 3) return parts;
  const cut = line.cells.flatMap((c) => c.text.split(SENDER_SPLIT)).filter((t) => t.trim().length > 0);
  // split into cells by OCR: still a separator in it, a name first (not an item row's code), not two cells of
  // bare numbers (an item row's quantity, price, amount; a postcode OCR cut from its town is one), and a town
  // with its postcode (a band of header values with a period "01/01/2025 - 31/01/2025" is no address)
  const numbers = line.cells.filter((c) => looksNumeric(c.text)).length;
  const town = cut.some((t) => POSTCODE_CITY.test(t.trim()) || POSTCODE_CITY.test(asDigits(t.trim())));
  return cut.length >= 3 && SENDER_SPLIT.test(line.text) && !isNoiseName(cut[0]!) && numbers < 2 && town
    ? cut
    : parts;
}

/** A line OCR made of specks (a rule's dots, a separator read below its line): no word of two letters. */
const specks = (line: Line) => !/\p{L}{2}/u.test(line.text);

/** Whether address lines include a "postcode city" line. */
function hasPostcodeLine(cells: Cell[], ocr = false): boolean {
  return cells.some(
    (c) => POSTCODE_CITY.test(c.text.trim()) || (ocr && POSTCODE_CITY.test(asDigits(c.text.trim()))),
  );
}

/**
 * A street line: a street word with its number ("Gartenweg 27", "12 rue de la Paix", "Hauptstraße 12") or a
 * unit, suite or post box ("Unit 5, Riverside Park").
 */
function streetLine(t: string): boolean {
  const n = norm(t);
  return (
    (STREET.test(n) && /\d/.test(n)) ||
    /^(?:suite|unit|floor|building|bldg|postfach|po box|p\.o\. box|bp|boite postale)\b/.test(n)
  );
}

/** A scanned line with the letters OCR reads for digits back as digits ("ECIA 1BB" → "EC1A 1BB", "O4109"). */
const asDigits = (t: string) => t.replace(/[Il|]/g, '1').replace(/[Oo]/g, '0');

// "10115 Berlin", "1012 AB Amsterdam", "Springfield 12345", "Bristol BS1 4DJ" (a British postcode after the town)
const POSTCODE_CITY =
  /^(?:(?:[A-Z]{1,2}-?)?(\d{4,5}|\d{4}\s?[A-Z]{2})\s+(.+)|(.+?)\s+(\d{5}|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2})\s*$)/;
export function partyFromLines(name: string, addr: string[]): TParty {
  const p: TParty = { name: name.trim() };
  const rest: string[] = [];
  for (const a of addr) {
    const m = POSTCODE_CITY.exec(a.trim());
    if (m && !p.postCode) {
      p.postCode = (m[1] ?? m[4])!;
      const city = (m[2] ?? m[3])!.replace(/,\s*[A-Z]{2}$/, (x) => {
        p.country = x.replace(/[, ]/g, '');
        return '';
      });
      p.city = city.trim();
    } else rest.push(a.trim());
  }
  if (rest.length) p.address = rest.join(', ');
  return p;
}
const ACCOUNT_LABEL =
  /^(?:(?:nummer|number|num[eé]ro|id|kundennummer)\b|kunden\s*-?\s*nr\b\.?|customer\s+(?:no|id)\b\.?)\s*(?::|$)/i;

/**
 * The buyer's number at the supplier, printed inside the buyer block under its first line (its heading, or its
 * name where it has none): "Nummer: 40917733", "ID: K-0815 - Global ID: …". The block ends at the next party
 * heading in its column.
 */
function accountInBlock(
  ctx: ExtractContext,
  top: Line,
  cell: Cell,
): { value: string; box: TBox } | undefined {
  for (let j = top.index + 1; j < Math.min(ctx.lines.length, top.index + 10); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== top.page) break;
    const k = l.cells.findIndex((c) => Math.abs(c.x0 - cell.x0) < 0.05 || xOverlap(c, cell) > 0.5);
    if (k < 0) continue;
    const text = l.cells[k]!.text.trim();
    const n = norm(text);
    if (PARTY_LABELS.vendor.test(n) || PARTY_LABELS.recipient.test(n)) break;
    const m = ACCOUNT_LABEL.exec(text);
    if (!m) continue;
    const rest = text.slice(m[0].length).trim();
    const v = cleanId(rest || (l.cells[k + 1]?.text ?? ''));
    if (v) return { value: v, box: boxOf(l) };
  }
  return undefined;
}

/**
 * A sender line whose street OCR lost, the separator after it with it: "Name KG - 27 10115 Berlin", a company
 * name with its legal form, then a postcode and town.
 */
function streetLost(line: Line): boolean {
  const cut = line.cells.flatMap((c) => c.text.split(SENDER_SPLIT)).filter((t) => t.trim().length > 0);
  return (
    cut.length >= 2 && LEGAL_FORM.test(cut[0]!) && /^(?:\d+\w?\s+)?\d{4,5}\s+\p{L}{2,}/u.test(cut[1]!.trim())
  );
}

/**
 * First lines of blocks that are addressed to someone: the block right under a sender line ("Name · Street ·
 * City", the window envelope's return address) and a name followed by a contact person's line ("z. Hd. …",
 * "Attn: …", "T.a.v. …"). Such a block is the document's addressee, never its issuer.
 */
function addressedBlocks(ctx: ExtractContext, first: Line[]): Set<number> {
  const out = new Set<number>();
  for (const line of first) {
    // a scan reads the sender line's dots as dashes
    const separated = SEPARATORS.test(line.text) || (ctx.ocr && SENDER_SPLIT.test(line.text));
    if (line.y0 < 0.35 && separated && (senderParts(line).length >= 3 || streetLost(line))) {
      const below = first.filter((l) => l.index > line.index && !specks(l));
      if (below[0]) out.add(/:\s*$/.test(below[0].text) && below[1] ? below[1].index : below[0].index);
    }
    const next = ctx.lines[line.index + 1];
    // the contact line stands right under the name, in its column
    const contacts =
      next && next.page === line.page ? next.cells.filter((c) => CONTACT_LINE.test(norm(c.text))) : [];
    if (contacts.some((k) => line.cells.some((c) => Math.abs(c.x0 - k.x0) < 0.03 && !isNoiseName(c.text))))
      out.add(line.index);
  }
  return out;
}

/**
 * The own company's block on the first page: a name that is the own company's (legal form, case, accents and an
 * OCR slip aside), else a block printing its VAT id or its street under a name. The block's printed name is
 * what is read, never the name the platform knows.
 */
interface OwnBlock {
  line: Line;
  cell: Cell;
  /** the block's address as printed, and the indexes of its lines (the name's first) */
  addr: string[];
  lines: number[];
  /** found in the sender line above the address window: the own company sends the document */
  sender: boolean;
}

function findOwn(ctx: ExtractContext, first: Line[], own: OwnCompany): OwnBlock | undefined {
  let best: { line: Line; cell: Cell; score: number; sender?: string[] } | undefined;
  const take = (line: Line, cell: Cell, score: number, sender?: string[]) => {
    if (!best || score > best.score) best = { line, cell, score, sender };
  };
  const ownVat = own.vatId ? vatKey(own.vatId) : '';
  for (const line of first) {
    // a sender line "Name · Street · City" names its company first
    const parts = senderParts(line);
    if (parts.length >= 3 && isOwnName(parts[0]!, own.name))
      take(line, { ...line.cells[0]!, text: parts[0]! }, 2, parts.slice(1));
    for (const cell of line.cells) {
      if (isNoiseName(cell.text) || cell.text.length > 80) continue;
      if (isOwnName(cell.text, own.name)) take(line, cell, 3);
      else if (
        own.address &&
        isOwnAddress(
          addressAfter(ctx, line, cell, 4).cells.map((c) => c.text),
          own,
        )
      )
        take(line, cell, 1);
    }
    // the own VAT id printed in a block: its name heads the block, a few lines up in the same column
    if (ownVat.length <= 4 || best) continue;
    for (const m of vatIdsOf(line.text)) {
      if (vatKey(ctx.ocr ? vatDigits(m.id) : m.id) !== ownVat) continue;
      const at = cellAt(line, m.index);
      let head: { line: Line; cell: Cell } | undefined;
      let below = line;
      for (let j = line.index - 1; j >= Math.max(0, line.index - 6); j--) {
        const l = ctx.lines[j]!;
        if (l.page !== line.page || below.y0 - l.y1 > (below.y1 - below.y0) * 1.8) break;
        const c = l.cells.find((c) => Math.abs(c.x0 - at.x0) < 0.03 || xOverlap(c, at) > 0.6);
        if (!c) break;
        if (!isNoiseName(c.text) && !/^\d/.test(c.text.trim())) head = { line: l, cell: c };
        below = l;
      }
      if (head) take(head.line, head.cell, 1.5);
    }
  }
  const found = best as { line: Line; cell: Cell; score: number; sender?: string[] } | undefined;
  if (!found) return undefined;
  if (found.sender)
    return {
      line: found.line,
      cell: found.cell,
      addr: found.sender,
      lines: [found.line.index],
      sender: true,
    };
  const a = addressAfter(ctx, found.line, found.cell, 4);
  return {
    line: found.line,
    cell: found.cell,
    addr: a.cells.map((c) => c.text),
    lines: [found.line.index, ...a.lines.map((l) => l.index)],
    sender: false,
  };
}

export interface Parties {
  vendor: TParty;
  invoiceTo: TParty;
  recipient: TParty;
  boxes: Record<string, TBox>;
  conf: Record<string, number>;
  buyerZone: Set<number>;
  account?: { value: string; box: TBox };
  /**
   * a number inside the supplier's block under its heading ("Fournisseur:" over "ID: 84977"): on an order, which
   * the buyer writes, the number the buyer keeps the supplier's account under
   */
  supplierAccount?: { value: string; box: TBox };
}

/**
 * Vendor, invoice-to and deliver-to parties of an invoice or order (receipts: receiptParties). `own`, the
 * uploading company, takes its role wherever its block is found and is never read as the other party.
 */
export function extractParties(ctx: ExtractContext, own?: OwnCompany): Parties {
  const boxes: Record<string, TBox> = {};
  const conf: Record<string, number> = {};
  const buyerZone = new Set<number>();
  let account: { value: string; box: TBox } | undefined;
  let supplierAccount: { value: string; box: TBox } | undefined;
  const first = ctx.lines.filter((l) => l.page === 1);
  const isOwn = (text: string) => !!own && isOwnName(text, own.name);
  /** a name that is the own company's while the own company has the other role: never the party of `role` */
  const notFor = (role: OwnCompany['role'], text: string) => !!own && own.role !== role && isOwn(text);
  const labelled = (
    re: RegExp,
    avoid: RegExp,
    buyer: boolean,
  ): { party: TParty; line: Line; cell: Cell } | undefined => {
    for (const line of first) {
      for (let ci = 0; ci < line.cells.length; ci++) {
        const cell = line.cells[ci]!;
        const n = norm(cell.text);
        const m = partyHeading(ctx, cell.text, re);
        if (!m || m.index > 3 || n.length > m[0].length + 40) continue;
        if (avoid.test(n)) continue;
        // "Customer code", "Customer account": the shop's account number's label (its value may stand a space
        // apart, "KD 04466"), not a party block's heading
        if (labelMatch(cell.text, HEADER_LABELS.shopAccount)) continue;
        // "To" heads a block alone or before its colon; "To pay" is a total's label
        if (m[0] === 'to' && !/^\s*(?::|$)/.test(n.slice(m.index + 2))) continue;
        // "N° client", "Kd.-Nr." label a number, not a party block
        if (/\b(?:no|nr|n°|numero|num)\.?\s*$/.test(n.slice(0, m.index))) continue;
        if (
          /\b(?:no|nr|number|nummer|n°|id|vat|tva|ust|date|datum|ref)\b/.test(
            n.slice(m.index + m[0].length, m.index + m[0].length + 12),
          )
        )
          continue;
        // value on the same cell after a colon, else the cell below
        const after = cell.text.slice(rawIndex(cell.text, m.index + m[0].length));
        const rest = /^\s*:/.test(after) ? after.replace(/^[\s:]+/, '').trim() : '';
        // "Customer: 10442" labels a number, not a party block; so does "Customer code | 56899", its value the
        // next cell of the line, and "Customer PO | BE 901836", a number after a prefix of capitals
        const idValue = /^(?:\p{Lu}{1,4}\s)?\S*\d\S*$/u;
        if (idValue.test(rest) || (!rest && idValue.test(line.cells[ci + 1]?.text.trim() ?? ''))) continue;
        let nameCell: Cell | undefined;
        let nameLine = line;
        // a block with its own "Name:" row
        for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 5) && !rest; j++) {
          const l = ctx.lines[j]!;
          if (l.page !== line.page) break;
          const k = l.cells.findIndex((c) =>
            /^(?:name|nom|naam|firma|raison sociale)\s*:?$/i.test(c.text.trim()),
          );
          // its value beside it, not a header field's label on its line ("Firma" alone over the name; "Firma |
          // Belegtag | 06.02.2021": without a colon, a cell a column away is the band's label, one the reader
          // does not know)
          const label = l.cells[k];
          const v = l.cells[k + 1];
          const beside = !!label && !!v && (/:\s*$/.test(label.text) || v.x0 - label.x1 < 0.2);
          if (v && beside && !isNoiseName(v.text)) {
            nameCell = v;
            nameLine = l;
            break;
          }
        }
        if (nameCell) {
          // found through the Name: row
        } else if (rest.length > 2 && !/^(?:address|adresse|anschrift)/i.test(rest))
          nameCell = { ...cell, text: rest };
        else {
          for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 4); j++) {
            const l = ctx.lines[j]!;
            if (l.page !== line.page) break;
            const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.04 || xOverlap(c, cell) > 0.5);
            if (c && !isNoiseName(c.text) && !CONTACT_LINE.test(norm(c.text))) {
              nameCell = c;
              nameLine = l;
              break;
            }
          }
        }
        if (!nameCell || notFor(buyer ? 'buyer' : 'supplier', nameCell.text)) continue;
        const a = addressAfter(ctx, nameLine, nameCell, 5);
        for (const l of a.lines) buyerZone.add(l.index);
        buyerZone.add(nameLine.index);
        if (buyer) account ??= accountInBlock(ctx, line, cell);
        else supplierAccount ??= accountInBlock(ctx, line, cell);
        const p = partyFromLines(
          nameCell.text,
          a.cells.map((c) => c.text),
        );
        return { party: p, line: nameLine, cell: nameCell };
      }
    }
    return undefined;
  };
  const inv = labelled(PARTY_LABELS.invoiceTo, /\b(?:no|nr|number|nummer|id|vat|tva)\b/, true);
  const zoneBeforeRecipient = new Set(buyerZone);
  const rec = labelled(PARTY_LABELS.recipient, /\b(?:date|datum|conditions|bedingungen)\b/, true);
  const vendorByLabel = labelled(PARTY_LABELS.vendor, /\b(?:no|nr|number|id)\b/, false);
  const ownHit = own ? findOwn(ctx, first, own) : undefined;
  const ownBlock = ownHit?.lines ?? [];
  // the own company found as the buyer: its block is the buyer's zone (its VAT id is not the vendor's)
  if (own?.role === 'buyer') for (const i of ownBlock) buyerZone.add(i);
  // vendor: a labelled seller block, else a line with a legal form outside the buyer blocks, else the top line
  let vendor: TParty = {};
  let vBox: TBox | undefined;
  let vConf = 0.5;
  /**
   * the vendor found by position: its line, and whether it is a company name alone that no other one rivals
   * outside the blocks addressed to someone
   */
  let letterhead: { line: Line; alone: boolean } | undefined;
  if (vendorByLabel) {
    vendor = vendorByLabel.party;
    vBox = boxOf(vendorByLabel.cell);
    // the uploading supplier's own name under the seller heading: as sure as a read name gets
    vConf = own?.role === 'supplier' && isOwn(vendor.name ?? '') ? 0.95 : 0.9;
    for (const l of ctx.lines)
      if (l.index >= vendorByLabel.line.index && l.index <= vendorByLabel.line.index + 5)
        buyerZone.delete(l.index);
  } else if (own?.role === 'supplier' && ownHit) {
    // the uploading supplier's own block is the vendor, wherever it is printed
    vendor = partyFromLines(ownHit.cell.text, ownHit.addr);
    vBox = boxOf(ownHit.cell);
    vConf = 0.95;
    for (const i of ownBlock) buyerZone.delete(i);
  } else {
    const cands: { cell: Cell; line: Line; score: number }[] = [];
    const band: string[] = [];
    const evidence = issuerEvidence(ctx, buyerZone, band);
    // on a scan, a company name with its legal form whose VAT-id block prints it with an OCR slip or two
    const proves = (t: string) =>
      evidence.has(nameKey(t)) || (!!ctx.ocr && LEGAL_FORM.test(t) && band.some((b) => ocrSameName(t, b)));
    const addressed = addressedBlocks(ctx, first);
    // the return addresses over the window, and the companies they name (the first part, with a legal form)
    const senderLines = first.filter((l) => l.y0 < 0.35 && (senderParts(l).length >= 3 || streetLost(l)));
    const senders = new Set(
      senderLines
        .map((l) => l.cells.flatMap((c) => c.text.split(SENDER_SPLIT))[0] ?? '')
        .filter((t) => LEGAL_FORM.test(t))
        .map(nameKey),
    );
    const heights = first.flatMap((l) => l.cells.map((c) => c.y1 - c.y0)).sort((a, b) => a - b);
    const bodyHeight = heights[Math.floor(heights.length / 2)] ?? 0.01;
    for (const line of first) {
      if (buyerZone.has(line.index) || zoneBeforeRecipient.has(line.index)) continue;
      for (const cell of line.cells) {
        if (isNoiseName(cell.text) || cell.text.length > 60 || notFor('supplier', cell.text)) continue;
        if (namesBank(ctx, line, cell)) continue;
        // a sender line "Name · Street · Town" is no name: its first part stands for it (below)
        if (cell.text.split(SEPARATORS).length >= 3) continue;
        let score = 0;
        if (LEGAL_FORM.test(cell.text)) score += 2;
        if (line.y0 < 0.2) score += 1;
        if (line.y0 > 0.85) score += 0.3;
        // larger print (a title or letterhead) counts; a descender or OCR jitter in body text does not
        const h = cell.y1 - cell.y0;
        score += Math.min(1.5, (h > bodyHeight * 1.25 ? h : bodyHeight) * 60);
        if (/\d{3,}/.test(cell.text)) score -= 1;
        if (SEPARATORS.test(cell.text)) score -= 1;
        // a company name heads its address block
        if (hasPostcodeLine(addressAfter(ctx, line, cell, 4).cells, ctx.ocr)) score += 0.7;
        // the same company printed with the VAT id, IBAN or register number is the issuer
        if (proves(cell.text)) score += 2.5;
        // named again by the return address over the window: two printings of the issuer agree
        if (senders.has(nameKey(cell.text)) && !senderLines.includes(line)) score += 1.5;
        // a block addressed to someone (under the sender line, or with a contact person's line) is the addressee;
        // when the uploading shop itself sends the document (its order), the addressee is its supplier
        if (addressed.has(line.index)) score += own?.role === 'buyer' && ownHit?.sender ? 1.5 : -3;
        // the company the goods are delivered to (under the deliver-to heading) is the buyer, not the vendor: a
        // block of its name elsewhere is its billing address
        if (
          rec?.party.name &&
          nameKey(rec.party.name).length > 3 &&
          nameKey(cell.text) === nameKey(rec.party.name) &&
          !(line.index >= rec.line.index && line.index <= rec.line.index + 5)
        )
          score -= 3;
        if (score > 0) cands.push({ cell, line, score });
      }
    }
    // a company block under another company's name printed above it in clearly larger print (a letterhead) is the
    // letterhead's addressee, however well its address block marks it
    const isLetterhead = (c: { cell: Cell; line: Line }) => c.line.y0 < 0.2 && LEGAL_FORM.test(c.cell.text);
    for (const c of cands) {
      const h = c.cell.y1 - c.cell.y0;
      const above = cands.some(
        (o) =>
          isLetterhead(o) &&
          o.line.y0 < c.line.y0 &&
          o.cell.y1 - o.cell.y0 > h * 1.25 &&
          nameKey(o.cell.text) !== nameKey(c.cell.text),
      );
      if (above && hasPostcodeLine(addressAfter(ctx, c.line, c.cell, 4).cells, ctx.ocr)) c.score -= 1.5;
    }
    // a sender line "Name · Street · City" above the address window names the vendor too
    for (const line of first.filter((l) => l.y0 < 0.35)) {
      const parts = senderParts(line);
      if (parts.length >= 3 && LEGAL_FORM.test(parts[0]!) && !notFor('supplier', parts[0]!)) {
        const at = line.cells.find((c) => c.text.startsWith(parts[0]!.trim())) ?? line.cells[0]!;
        cands.push({ cell: { ...at, text: parts[0]! }, line, score: 2.8 });
      }
    }
    cands.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
    // the same company printed in full elsewhere (a letterhead word "POLARIS", "Polaris Trading Ltd" in the
    // footer): its name is the full one
    const top = cands[0];
    const full =
      top && !LEGAL_FORM.test(top.cell.text)
        ? cands.find((c) => LEGAL_FORM.test(c.cell.text) && nameKey(c.cell.text) === nameKey(top.cell.text))
        : undefined;
    const best = full ?? top;
    if (best) {
      const a = addressAfter(ctx, best.line, best.cell, 4);
      vendor = partyFromLines(
        best.cell.text,
        a.cells.map((c) => c.text),
      );
      vBox = boxOf(best.cell);
      // a company name at the top is the supplier on most pages, but not sure enough to skip a person (on
      // generated layouts it was the buyer's address window one time in ten): sure only when the same company
      // is printed with its VAT id, IBAN or register number, and no rival is
      vConf = LEGAL_FORM.test(best.cell.text) ? (best.line.y0 < 0.2 ? 0.8 : 0.75) : 0.45;
      const proven = cands.filter((c) => proves(c.cell.text));
      if (proven.length && proven.every((c) => nameKey(c.cell.text) === nameKey(best.cell.text))) vConf = 0.9;
      // the buyer's block is known (the uploading shop's own) and left out: a company name that no other
      // company name rivals is the vendor, when it is a name alone (no label, number or other cell run into it)
      const rivals = cands.filter(
        (c) => LEGAL_FORM.test(c.cell.text) && nameKey(c.cell.text) !== nameKey(best.cell.text),
      );
      const clean = LEGAL_FORM.test(best.cell.text) && !/[:\d]/.test(best.cell.text);
      // another company name competing by position alone: which of them supplies is a guess (weaker evidence
      // than a lone letterhead company, so that calibration can tell the two apart)
      if (vConf < 0.9 && rivals.length) vConf = Math.min(vConf, 0.7);
      if (own?.role === 'buyer' && ownHit && clean && !rivals.length) vConf = Math.max(vConf, 0.9);
      // (a company in a block addressed to someone, under the sender line, is the addressee, and the sender
      // line itself no company name: neither is a rival)
      letterhead = {
        line: best.line,
        alone:
          clean &&
          !SEPARATORS.test(best.cell.text) &&
          !rivals.some((c) => !addressed.has(c.line.index) && !SEPARATORS.test(c.cell.text)),
      };
      // the same when the buyer's block stands under its own heading ("Bill to:", "Rechnungsadresse"): two
      // roles decided from separate evidence agree, and no third company name competes for the vendor's
      if (
        inv?.party.name &&
        clean &&
        !SEPARATORS.test(best.cell.text) &&
        !rivals.length &&
        nameKey(inv.party.name) !== nameKey(best.cell.text)
      )
        vConf = Math.max(vConf, 0.9);
    }
  }
  if (vBox) boxes['vendor.name'] = vBox;
  conf['vendor.name'] = vConf;
  // without an invoice-to label, a German-style address window (left, top quarter) holds the buyer
  let invoiceTo = inv?.party ?? {};
  // the name of an order's sender line when the block under it is the supplier's: the buyer, when nothing
  // better names it
  let senderBuyer: { name: string; cell: Cell } | undefined;
  if (inv) {
    boxes['invoiceTo.name'] = boxOf(inv.cell);
    conf['invoiceTo.name'] = own?.role === 'buyer' && isOwn(inv.party.name ?? '') ? 0.95 : 0.9;
  } else if (own?.role === 'buyer' && ownHit) {
    // the uploading shop's own block is the buyer: its name as printed
    invoiceTo = partyFromLines(ownHit.cell.text, ownHit.addr);
    boxes['invoiceTo.name'] = boxOf(ownHit.cell);
    conf['invoiceTo.name'] = 0.95;
  } else {
    // the sender line names the vendor and its address; OCR may have lost its separators ("Name GmbH Am
    // Markt 3 04109 Leipzig"): then it is a line that starts with the vendor's name and goes on with a postcode
    const vendorKey = nameKey(vendor.name ?? '');
    const sender = first.find((l) => {
      if (l.y0 >= 0.3) return false;
      if (senderParts(l).length >= 3 || streetLost(l)) return true;
      // below the vendor's own name (a letterhead may print its address on the name's line)
      if (vendorKey.length <= 3 || (vBox && l.y0 <= vBox.y + vBox.h)) return false;
      return nameKey(l.text).startsWith(vendorKey) && /\b\d{4,5}\b/.test(l.text.slice(vendor.name!.length));
    });
    if (sender) {
      // a heading under the sender line ("Adresse de facturation:") stands over the buyer's name; specks a
      // scan left between them are no line
      const below = first.filter((l) => l.index > sender.index && !specks(l));
      // under the sender line's own cell: header fields may share its line and the window's lines on the left
      // (its first cell: one holding separators, or one a cell of a separator alone follows)
      const alone = (c?: Cell) => !!c && c.text.trim().length === 1 && SEPARATORS.test(c.text);
      const senderX = (
        sender.cells.find((c, k) => SEPARATORS.test(c.text) || alone(sender.cells[k + 1])) ?? sender
      ).x0;
      const under = (l?: Line) => l?.cells.find((c) => Math.abs(c.x0 - senderX) < 0.08);
      let next = below[0];
      // so does a form of address alone ("Firma"), on its line or in its cell where a header field shares the
      // line ("Firma … Datum: 11.01.2020")
      const heading = (t?: string) => !!t && (/:\s*$/.test(t) || isAddressForm(t));
      if (next && (heading(next.text) || heading(under(next)?.text))) next = below[1];
      const start = under(next);
      const cell = next && start ? wholeName(next, start) : undefined;
      // an order's window holds the supplier under its heading ("Leverancier:"): the sender line is the buyer's
      const vendorsBlock = !!vendorByLabel && !!next && vendorByLabel.line.index === next.index;
      if (vendorsBlock) {
        const senderCell = sender.cells.find((c) => SENDER_SPLIT.test(c.text)) ?? sender.cells[0]!;
        const name = senderCell.text.split(SENDER_SPLIT)[0]?.trim();
        if (name && LEGAL_FORM.test(name) && !notFor('buyer', name)) senderBuyer = { name, cell: senderCell };
      } else if (
        next &&
        cell &&
        !isNoiseName(cell.text) &&
        !ATTENTION_LINE.test(norm(cell.text)) &&
        !notFor('buyer', cell.text)
      ) {
        const a = addressAfter(ctx, next, cell, 4);
        invoiceTo = partyFromLines(
          cell.text,
          a.cells.map((c) => c.text),
        );
        boxes['invoiceTo.name'] = boxOf(cell);
        conf['invoiceTo.name'] = 0.8;
        buyerZone.add(next.index);
        for (const l of a.lines) buyerZone.add(l.index);
        // the sender line over the buyer's window names the letterhead's company again: two printings agree
        if (
          letterhead?.alone &&
          letterhead.line !== sender &&
          vendorKey.length > 3 &&
          nameKey(sender.text).startsWith(vendorKey)
        )
          conf['vendor.name'] = Math.max(conf['vendor.name'] ?? 0, 0.9);
      }
    }
  }
  // still no buyer: the other company block of the first page's upper half (an address window without a
  // heading; on an order, which the buyer writes, its letterhead), never the vendor's block
  if (!invoiceTo.name) {
    const vendorKey = nameKey(vendor.name ?? '');
    // a scan may garble the postcode line; a block addressed to a contact person ("Attn: …") is one all the same
    const addressed = ctx.ocr ? addressedBlocks(ctx, first) : new Set<number>();
    let best: { cell: Cell; line: Line; score: number } | undefined;
    for (const line of first) {
      if (line.y0 > 0.5 || zoneBeforeRecipient.has(line.index)) continue;
      if (rec && line.index >= rec.line.index && line.index <= rec.line.index + 5) continue;
      for (const cell of line.cells) {
        if (isNoiseName(cell.text) || cell.text.length > 60 || CONTACT_LINE.test(norm(cell.text))) continue;
        if (
          !vendorKey ||
          nameKey(cell.text) === vendorKey ||
          SEPARATORS.test(cell.text) ||
          notFor('buyer', cell.text)
        )
          continue;
        // the vendor's name again as OCR misread it elsewhere on the page
        if (ctx.ocr && ocrSameName(cell.text, vendor.name ?? '')) continue;
        // "Adresse de facturation:" heads the block: a heading, never the name
        if (/:\s*$/.test(cell.text)) continue;
        const a = addressAfter(ctx, line, cell, 4);
        // on a scan, a company's name over its street line is an address block whose postcode line OCR may have
        // garbled ("80331 München" read as "apg cinch")
        const street =
          !!ctx.ocr &&
          LEGAL_FORM.test(cell.text) &&
          !/\d{3}/.test(cell.text) &&
          a.cells[0] !== undefined &&
          streetLine(a.cells[0].text);
        if (
          !hasPostcodeLine(a.cells, ctx.ocr) &&
          !(addressed.has(line.index) && LEGAL_FORM.test(cell.text)) &&
          !street
        )
          continue;
        // a company block (legal form) in the address window's place, left of the page's middle
        const score =
          (LEGAL_FORM.test(cell.text) ? 2 : 0) + (cell.x0 < 0.5 ? 1 : 0) + (line.y0 > 0.1 ? 0.5 : 0);
        if (score >= 2 && (!best || score > best.score)) best = { cell, line, score };
      }
    }
    if (best) {
      const a = addressAfter(ctx, best.line, best.cell, 4);
      invoiceTo = partyFromLines(
        best.cell.text,
        a.cells.map((c) => c.text),
      );
      boxes['invoiceTo.name'] = boxOf(best.cell);
      conf['invoiceTo.name'] = 0.7;
    }
  }
  // an order names its supplier under a heading, and the buyer who wrote it is its letterhead: the company in
  // the largest print at the top of the page, with or without an address under it
  if (!invoiceTo.name && vendorByLabel) {
    const vendorKey = nameKey(vendor.name ?? '');
    let best: { cell: Cell; line: Line } | undefined;
    for (const line of first) {
      if (line.y0 > 0.15 || line.index >= vendorByLabel.line.index - 1) continue;
      for (const cell of line.cells) {
        if (
          isNoiseName(cell.text) ||
          !LEGAL_FORM.test(cell.text) ||
          nameKey(cell.text) === vendorKey ||
          notFor('buyer', cell.text)
        )
          continue;
        if (!best || cell.y1 - cell.y0 > best.cell.y1 - best.cell.y0) best = { cell, line };
      }
    }
    // a letterhead of initials or a logo names no company: the writer's name is then its footer's, the company
    // printed with its VAT id, IBAN or register number
    // (the name with its legal form: a letterhead word "MERIDIAN" shares its key with "Meridian Trading B.V.")
    if (!best) {
      const issuers = issuerEvidence(ctx, buyerZone);
      issuers.delete(vendorKey);
      const head = (c: Cell) => c.text.split(SENDER_SPLIT)[0]!.trim();
      const printed = (legal: boolean) => {
        for (const line of ctx.lines) {
          const cell = line.cells.find(
            (c) => issuers.has(nameKey(head(c))) && (!legal || LEGAL_FORM.test(head(c))),
          );
          if (cell && !notFor('buyer', cell.text)) return { cell: { ...cell, text: head(cell) }, line };
        }
        return undefined;
      };
      best = printed(true) ?? printed(false);
    }
    if (best) {
      const a = addressAfter(ctx, best.line, best.cell, 4);
      invoiceTo = partyFromLines(
        best.cell.text,
        a.cells.map((c) => c.text),
      );
      boxes['invoiceTo.name'] = boxOf(best.cell);
      conf['invoiceTo.name'] = 0.7;
    }
  }
  if (!invoiceTo.name && senderBuyer) {
    invoiceTo = { name: senderBuyer.name };
    boxes['invoiceTo.name'] = boxOf(senderBuyer.cell);
    conf['invoiceTo.name'] = 0.7;
  }
  // the buyer's number printed in its block however the block was found (an address window without a heading:
  // "Nummer: 58" under the address)
  const nameBox = boxes['invoiceTo.name'];
  if (!account && nameBox) {
    const at = (c: Cell) => Math.abs(c.x0 - nameBox.x) < 0.001 && Math.abs(c.y0 - nameBox.y) < 0.001;
    const line = first.find((l) => l.cells.some(at));
    if (line) account = accountInBlock(ctx, line, line.cells.find(at)!);
  }
  const recipient = rec?.party ?? {};
  if (rec) boxes['recipient.name'] = boxOf(rec.cell);
  return { vendor, invoiceTo, recipient, boxes, conf, buyerZone, account, supplierAccount };
}

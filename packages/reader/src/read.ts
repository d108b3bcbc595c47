import { calibrate, capByOcr, capByVatCheck, DERIVED_SUBTOTAL, STRAIGHT_THROUGH } from './calibrate.js';
import { type CheckOptions, linesAddUp, runChecks } from './checks.js';
import {
  GUESS_ISSUE,
  GUESSED,
  guessUnlabelled,
  unreadLabelledValues,
  vendorVatUnread,
} from './completeness.js';
import { boxOf, type ExtractContext } from './context.js';
import { parseEInvoice, pickEInvoiceAttachment } from './einvoice.js';
import {
  adjustmentRows,
  documentType,
  extractCurrency,
  extractTotals,
  headersInDateOrder,
  ocrDateValues,
  settleTotals,
  vatCodesOfItems,
} from './extract.js';
import { identify } from './identify.js';
import {
  adaptiveBinarize,
  type Box,
  cleanScan,
  crop,
  decodeImage,
  type Gray,
  isGrainy,
  paperOf,
  placeOnWhite,
  ReaderError,
  renderPdfPage,
  scaleToLetters,
} from './image.js';
import { rowConfidence } from './item-confidence.js';
import { AMOUNT_ALONE, extractItems } from './items.js';
import { buildLines, type Line, OCR_WORD_GAP } from './layout.js';
import { type ModelOptions, readWithModel } from './model.js';
import { type OcrOptions, ocrImage, ocrPage, warmOcr, wordsOf } from './ocr.js';
import type { OwnCompany } from './own-company.js';
import { PAGE_WIDTH, pageNeedsAnotherReading, preparePage, readPagesAgain } from './page-passes.js';
import { dateOrderKnown, guessDateOrder, guessDecimalStyle, norm, round2, wholeUnits } from './parse.js';
import { extractParties, extractVat, withLegalForms } from './parties.js';
import { readPdfText } from './pdf-text.js';
import { applyProfile, type SupplierProfile } from './profile.js';
import {
  type KnownVendor,
  namesAgree,
  readingsSettled,
  receiptParties,
  voteReadings,
  withKnownVendor,
} from './receipt.js';
import { missingTotals, totalsByArithmetic } from './totals-arithmetic.js';
import { emptyResult, type PageWords, type TIssue, type TReaderResult, type Word } from './types.js';
import { betterBuyer, weakBuyerName, windowBand, withWindowWords } from './window-pass.js';

export interface ReaderLimits {
  maxBytes: number;
  maxPages: number;
  maxPixels: number;
}
export const DEFAULT_LIMITS: ReaderLimits = {
  maxBytes: 40 * 1024 * 1024,
  maxPages: 30,
  maxPixels: 60_000_000,
};

export interface ReadOptions extends CheckOptions {
  fileName?: string;
  /** the supplier's learned layout, when there is one */
  profile?: SupplierProfile;
  /** the caller knows the supplier (a profile will be expected) */
  supplierKey?: string;
  limits?: Partial<ReaderLimits>;
  ocrEngine?: OcrOptions['engine'];
  /** the longest one native OCR call may run (60 s unless given); the reader pool passes its per-document limit */
  ocrTimeoutMs?: number;
  /** confidence below which a document goes to review */
  threshold?: number;
  /** OCR passes for images: more passes, better receipts, more time */
  maxOcrPasses?: number;
  /** read with an OpenAI-compatible model instead of the built-in reader */
  model?: ModelOptions;
  /** vendors seen before: a receipt's OCR'd vendor close to one of them takes the remembered spelling */
  knownVendors?: KnownVendor[];
  /**
   * the uploading company (a shop is the buyer of what it uploads, a supplier the vendor): a block printing its
   * name (legal form, accents, an OCR slip aside), VAT id or street takes its role and never the other one
   */
  ownCompany?: OwnCompany;
  /** keep each field's raw confidence (its evidence) instead of the calibrated one: to measure calibration */
  rawConfidence?: boolean;
  /** called as each page's words are ready (`page` of `pages`), for progress shown while a document is read */
  onPage?: (page: number, pages: number) => void;
}

/** A document's words, ready for extraction. */
export interface DocumentWords {
  pages: PageWords[];
  numPages: number;
  source: TReaderResult['source'];
  attachments: { name: string; content: Uint8Array }[];
  kind: 'pdf' | 'png' | 'jpeg' | 'xml';
  /** an image document: the size of the paper read (a slip on a scanner bed: the slip's, not the bed's) */
  image?: { width: number; height: number };
  /** the cleaned scans (contrast, deskew) of the OCR'd pages by page number, kept for more OCR passes */
  scans?: Map<number, Gray>;
}

const MIN_WORDS_TEXT_PAGE = 8;

/** A longer scan keeps its first reading: a second pass costs 2–3 s a page. */
const MAX_PAGES_READ_AGAIN = 3;
/** Above this, images are scaled down while decoding (an A4 page at 300 dpi is 8.7 MP). */
const OCR_MAX_PIXELS = 9_000_000;
/** Letter height (px) receipts are scaled to for OCR. */
const RECEIPT_LETTER_PX = 24;
export interface ReceiptPass {
  psm: number;
  /** locally thresholded (keeps faint thermal print) rather than grey */
  adaptive: boolean;
  letterPx: number;
  /** only when the readings so far disagree on the total or found no date */
  whenUnsure?: boolean;
}
/**
 * Receipt passes after the first (psm 6 on the grey scan): psm 4 (one column of lines of varying size) on a
 * thresholded copy segments the totals block differently; a third, larger reading only settles receipts
 * the first two disagree on, so that easy receipts cost two passes.
 */
export const RECEIPT_PASSES: ReceiptPass[] = [
  { psm: 4, adaptive: true, letterPx: RECEIPT_LETTER_PX },
  { psm: 6, adaptive: false, letterPx: 32, whenUnsure: true },
];

const STOPWORDS: Record<string, RegExp> = {
  deu: /^(?:und|der|die|das|rechnung|datum|menge|preis|betrag|summe|gesamt|mwst|ust|netto|brutto|nr|fur|mit|bei|zahlbar|kunde|lieferung)$/,
  fra: /^(?:le|la|les|de|des|du|et|facture|date|montant|total|ttc|ht|tva|prix|quantite|client|paiement|echeance)$/,
  nld: /^(?:de|het|een|en|van|factuur|datum|bedrag|totaal|btw|prijs|aantal|klant|betaling|excl|incl)$/,
  eng: /^(?:the|and|of|invoice|date|total|amount|price|qty|quantity|tax|customer|payment|due|to|for)$/,
};

/** The OCR language to add to English, guessed from common words of a first reading. */
export function guessLang(words: Word[]): string | undefined {
  const count: Record<string, number> = { deu: 0, fra: 0, nld: 0, eng: 0 };
  for (const w of words) {
    const t = norm(w.text).replace(/[^a-z]/g, '');
    for (const [l, re] of Object.entries(STOPWORDS)) if (re.test(t)) count[l]!++;
  }
  const best = Object.entries(count).sort((a, b) => b[1] - a[1])[0]!;
  return best[0] !== 'eng' && best[1] >= 3 && best[1] > count.eng! * 0.8 ? best[0] : undefined;
}

/** The OCR engine a document is read with, and how long one call of it may run. */
const ocrEngineOf = (opts: ReadOptions): Pick<OcrOptions, 'engine' | 'timeoutMs'> => ({
  engine: opts.ocrEngine,
  timeoutMs: opts.ocrTimeoutMs,
});

/** OCR with English first; a page in German, French or Dutch is read again with that language too. */
async function ocrWithLang(img: Gray, page: number, psm: number, opts: ReadOptions): Promise<Word[]> {
  const first = wordsOf(await ocrImage(img, page, { ...ocrEngineOf(opts), psm, langs: ['eng'] }));
  const lang = guessLang(first);
  if (!lang) return first;
  return wordsOf(await ocrImage(img, page, { ...ocrEngineOf(opts), psm, langs: ['eng', lang] }));
}

/** One more OCR pass over the text area of a receipt; words in page fractions. */
export async function receiptPass(
  region: Gray,
  area: { x0: number; y0: number; x1: number; y1: number },
  p: ReceiptPass,
  lang: string | undefined,
  opts: ReadOptions,
  maxScale = 2,
): Promise<Word[]> {
  const sized = scaleToLetters(region, p.letterPx, maxScale);
  const g = p.adaptive ? adaptiveBinarize(sized, p.letterPx * 2) : sized;
  const ws = await ocrImage(g, 1, {
    ...ocrEngineOf(opts),
    psm: p.psm,
    langs: ['eng', ...(lang ? [lang] : [])],
  });
  return wordsOf(ws).map((w) => ({
    ...w,
    x0: area.x0 + w.x0 * (area.x1 - area.x0),
    x1: area.x0 + w.x1 * (area.x1 - area.x0),
    y0: area.y0 + w.y0 * (area.y1 - area.y0),
    y1: area.y0 + w.y1 * (area.y1 - area.y0),
  }));
}

/** The page fractions holding the words read with some confidence, with a margin; the whole page when none. */
export function textArea(words: Word[]): { x0: number; y0: number; x1: number; y1: number } {
  const sure = words.filter((w) => (w.conf ?? 1) > 0.5);
  if (sure.length < 5) return { x0: 0, y0: 0, x1: 1, y1: 1 };
  const m = 0.03;
  return {
    x0: Math.max(0, Math.min(...sure.map((w) => w.x0)) - m),
    y0: Math.max(0, Math.min(...sure.map((w) => w.y0)) - m),
    x1: Math.min(1, Math.max(...sure.map((w) => w.x1)) + m),
    y1: Math.min(1, Math.max(...sure.map((w) => w.y1)) + m),
  };
}

/** Lines of a receipt's first reading the header pass reads again: the name, its address and contact lines. */
const HEADER_LINES = 8;

/**
 * The band of a receipt's first reading that holds its header (the first `HEADER_LINES` lines of three letters
 * or digits read with some confidence, so that a logo read as specks does not count; from the top of the text
 * area to half a line under the last), in page fractions; undefined when the reading has too few lines to tell
 * a header from the rest.
 */
export function headerBand(words: Word[]): Box | undefined {
  const area = textArea(words);
  const lines = buildLines(words.filter((w) => w.page === 1 && (w.conf ?? 1) > 0.5)).filter(
    (l) => l.text.replace(/[^\p{L}\p{N}]/gu, '').length >= 3,
  );
  if (lines.length < HEADER_LINES + 4) return undefined;
  const last = lines[HEADER_LINES - 1]!;
  const y1 = Math.min(area.y1, last.y1 + (last.y1 - last.y0) / 2);
  return { x0: area.x0, y0: area.y0, x1: area.x1, y1 };
}

/** The most a header band is enlarged (a whole receipt, at most 2×). */
const HEADER_MAX_SCALE = 3;
/** The header pass: one uniform block on the grey scan, letters larger than the receipt passes'. */
export const HEADER_PASS: ReceiptPass = { psm: 6, adaptive: false, letterPx: 36 };

/** One more OCR reading of a receipt's header band only, letters larger; words in page fractions. */
export async function headerPass(
  scan: Gray,
  band: Box,
  p: ReceiptPass,
  lang: string | undefined,
  opts: ReadOptions,
): Promise<Word[]> {
  const region = crop(scan, band.x0, band.y0, band.x1, band.y1);
  return receiptPass(region, band, p, lang, opts, HEADER_MAX_SCALE);
}

/** The header pass's words in place of the first reading's words in the band; the rest of the reading kept. */
export function withHeaderWords(words: Word[], band: Box, header: Word[]): Word[] {
  const below = words.filter((w) => w.page !== 1 || (w.y0 + w.y1) / 2 > band.y1);
  return [...header, ...below];
}

/** A narrow or long image is a till receipt rather than a page (A4 is 1.41 long, a 150 dpi page 1240 wide). */
function receiptShaped(img: { width: number; height: number }): boolean {
  return img.height / img.width > 1.55 || img.width < 1100;
}

/** Extracts words with positions: text layer where there is one, OCR elsewhere. */
export async function readWords(bytes: Uint8Array, opts: ReadOptions = {}, psm = 3): Promise<DocumentWords> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  if (bytes.length > limits.maxBytes)
    throw new ReaderError(
      'too-large',
      `The file is ${(bytes.length / 1048576).toFixed(1)} MB, above the ${(limits.maxBytes / 1048576).toFixed(0)} MB limit`,
    );
  const kind = identify(bytes);
  if (kind === 'unknown')
    throw new ReaderError('unsupported', 'The file is not a PDF, PNG, JPEG or e-invoice XML');
  if (kind === 'xml')
    return {
      pages: [],
      numPages: 0,
      source: 'embedded-xml',
      attachments: [{ name: 'invoice.xml', content: bytes }],
      kind,
    };
  if (kind === 'pdf') {
    let text: Awaited<ReturnType<typeof readPdfText>>;
    try {
      text = await readPdfText(bytes, { maxPages: limits.maxPages });
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === 'PasswordException')
        throw new ReaderError('encrypted', 'The PDF is protected by a password');
      throw new ReaderError('malformed', `The PDF cannot be read: ${(e as Error).message}`);
    }
    // scanned pages read as page images, at the same resolution; the scans of a short document are kept for
    // the second pass
    const scans = new Map<number, Gray>();
    let ocrPages = 0;
    for (const p of text.pages) {
      if (p.words.length >= MIN_WORDS_TEXT_PAGE) {
        opts.onPage?.(p.page, text.pages.length);
        continue;
      }
      warmOcr(['eng'], opts.ocrEngine);
      const dpi = Math.min(300, (PAGE_WIDTH * 72) / p.width);
      const img = await renderPdfPage(bytes, p.page, dpi, limits.maxPixels / 2);
      const { words, scan, grainy } = await ocrScan(img, p.page, psm, opts);
      p.words = words;
      p.source = 'ocr';
      p.grainy = grainy;
      ocrPages++;
      if (text.pages.length <= MAX_PAGES_READ_AGAIN) scans.set(p.page, scan);
      opts.onPage?.(p.page, text.pages.length);
    }
    const source = ocrPages === 0 ? 'text' : ocrPages === text.pages.length ? 'ocr' : 'mixed';
    return { pages: text.pages, numPages: text.numPages, source, attachments: text.attachments, kind, scans };
  }
  // the OCR engine starts while the image is decoded and cleaned
  warmOcr(['eng'], opts.ocrEngine);
  const img = await decodeImage(bytes, limits.maxPixels, OCR_MAX_PIXELS);
  const { words, scan, grainy, paper } = await ocrScan(img, 1, psm, opts);
  opts.onPage?.(1, 1);
  return {
    pages: [{ page: 1, width: img.width, height: img.height, words, source: 'ocr', grainy }],
    numPages: 1,
    source: 'ocr',
    attachments: [],
    kind,
    // the shape of the paper read (a slip on a scanner bed is a receipt)
    image: { width: paper.width, height: paper.height },
    scans: new Map([[1, scan]]),
  };
}

/** The first OCR reading of a scanned page or photo, and the cleaned scan later passes read again. */
async function ocrScan(
  img: Gray,
  page: number,
  psm: number,
  opts: ReadOptions,
): Promise<{ words: Word[]; scan: Gray; grainy: boolean; paper: { width: number; height: number } }> {
  // a page image (A4, letter at 130–300 dpi) keeps layout analysis and is enlarged to about 225 dpi, because
  // small print is lost at 150 dpi; narrow or tall scans (receipts) read best as one uniform block
  const pageImage = !receiptShaped(img) && img.width <= 2600;
  // a till slip scanned on an A4 bed is read as the receipt it is
  const slip = pageImage ? paperOf(img) : undefined;
  if (slip) return ocrSlip(img, slip, page, psm, opts);
  const scan = cleanScan(img);
  const uniformBlock = !pageImage && (img.height / img.width > 1.3 || img.width < 1000);
  const prepared = pageImage ? preparePage(scan) : scaleToLetters(scan, RECEIPT_LETTER_PX);
  // a page costs 2–3 s a pass: it is read once in English here, and again in its own language (page-passes)
  // only when that reading does not add up; a receipt is small enough to be read in its language at once
  const words = pageImage
    ? wordsOf(await ocrPage(prepared, page, { ...ocrEngineOf(opts), psm, langs: ['eng'] }))
    : await ocrWithLang(prepared, page, uniformBlock ? 6 : psm, opts);
  // a page that read as nearly empty may be a slip on a white bed, too faint for layout analysis at this size
  const onWhite = pageImage && sureWords(words) < NEARLY_EMPTY ? paperOf(img, true) : undefined;
  if (onWhite) {
    const asSlip = await ocrSlip(img, onWhite, page, psm, opts);
    if (sureWords(asSlip.words) > sureWords(words)) return asSlip;
  }
  return { words, scan, grainy: isGrainy(img), paper: img };
}

/** Fewer words read with some confidence than this, and a page image read as nearly empty. */
const NEARLY_EMPTY = 25;
const sureWords = (words: Word[]) => words.filter((w) => (w.conf ?? 1) > 0.5).length;

/** Reads the slip at `slip` of a scanner bed as a receipt; its words keep their place on the page. */
async function ocrSlip(img: Gray, slip: Box, page: number, psm: number, opts: ReadOptions) {
  const read = await ocrScan(crop(img, slip.x0, slip.y0, slip.x1, slip.y1), page, psm, opts);
  return {
    ...read,
    words: read.words.map((w) => ({
      ...w,
      x0: slip.x0 + w.x0 * (slip.x1 - slip.x0),
      x1: slip.x0 + w.x1 * (slip.x1 - slip.x0),
      y0: slip.y0 + w.y0 * (slip.y1 - slip.y0),
      y1: slip.y0 + w.y1 * (slip.y1 - slip.y0),
    })),
    scan: placeOnWhite(img, read.scan, slip),
  };
}

/** Words of a till receipt in EN/MS/DE/FR/NL (a photographed receipt need not be narrow). */
const RECEIPT_WORDS =
  /\b(?:cash|change|rounding|tunai|cashier|kembali|receipt|qty\s+price|gst\s+summary|thank\s+you|zu\s*zahlen|r[uü]ckgeld|wechselgeld|kassenbon|quittung|kasse|bon\s*-?nr|caissier|ticket|esp[eè]ces|rendu|kassabon|wisselgeld|merci\s+de\s+votre\s+visite)\b/;

/**
 * The word that names an invoice. "Im Namen und auf Rechnung der Westfalen AG" (sold on behalf of, as a filling
 * station's receipt says at its foot) names none.
 */
const INVOICE_WORD = /(?<!\b(?:auf|für|fur)\s)\b(?:rechnung(?!\s(?:der|des)\b)|facture|factuur)\b/;

/**
 * The most characters a till printer puts on one line (80 mm paper in its small font prints 56–64); lines of a
 * page wider than this by a quarter, in widths of the page's own letters, are no receipt's.
 */
const RECEIPT_MAX_CHARS = 64;

/**
 * Whether the page prints lines wider than any till receipt: at least three lines span more than 1.25 ×
 * `RECEIPT_MAX_CHARS` letter widths (the median width per letter of the words of four letters or more). An A4
 * invoice's table rows and its blocks side by side span 90–130 letters; a receipt stays narrow however it was
 * scanned or photographed (on an A4 scanner bed, with wide margins), since both measures scale together.
 */
export function widerThanReceipt(words: Word[], lines: Line[]): boolean {
  const perLetter = words
    .filter((w) => w.text.length >= 4)
    .map((w) => (w.x1 - w.x0) / w.text.length)
    .sort((a, b) => a - b);
  const letter = perLetter[Math.floor(perLetter.length / 2)];
  if (!letter || perLetter.length < 10) return false;
  return lines.filter((l) => (l.x1 - l.x0) / letter > RECEIPT_MAX_CHARS * 1.25).length >= 3;
}

/** The label word "ID:" as OCR may read its capital I: "1D:", "lD:". */
const OCR_ID_LABEL = /^[1l]D:$/;

/** Builds the extraction context of a document. */
export function contextOf(doc: DocumentWords): ExtractContext {
  const words = doc.pages.flatMap((p) => p.words);
  let lines = buildLines(words);
  const texts = lines.map((l) => l.text);
  const all = norm(texts.join(' '));
  const tall = doc.image ? receiptShaped(doc.image) : false;
  // receipt words ("thank you", "cash") on a page whose lines run wider than a till's are an invoice's
  const isReceipt =
    doc.kind !== 'pdf' &&
    (tall || (RECEIPT_WORDS.test(all) && !widerThanReceipt(words, lines))) &&
    !INVOICE_WORD.test(all);
  // a phone scan's page keeps the words of a label, a name or an amount together (the lines' texts are the
  // same); a clean render's columns can stand closer than the spaces of a blurred scan
  const gap = !isReceipt && doc.pages.some((p) => p.grainy) ? OCR_WORD_GAP : 0;
  if (gap) lines = buildLines(words, gap);
  const ocr = doc.source === 'ocr' || doc.source === 'mixed';
  if (ocr && !isReceipt) {
    // a label's "ID:" OCR read as "1D:" ("invoice 1D:", "1D: 48184" in a party's block) is read back: as read, the
    // label before it took it for its value
    const ids = words.some((w) => OCR_ID_LABEL.test(w.text))
      ? words.map((w) => (OCR_ID_LABEL.test(w.text) ? { ...w, text: 'ID:' } : w))
      : words;
    if (ids !== words) lines = buildLines(ids, gap);
    // a legal form OCR slipped on ("Atlas Textiles 8.V,"): the same lines, the form's word read back
    const read = withLegalForms(ids, lines);
    if (read !== ids) lines = buildLines(read, gap);
  }
  // a scan's date label whose value OCR slipped on ("0520/2021") still tells the page's date order
  const dated = ocr ? [...texts, ...ocrDateValues(lines)] : texts;
  const known = dateOrderKnown(dated);
  return {
    lines,
    decimal: guessDecimalStyle(texts),
    dateOrder: guessDateOrder(dated),
    dateOrderKnown: known,
    // the guess without evidence is day-first already: the language only makes it surer
    dateOrderByLanguage: !known && guessLang(words) !== undefined,
    isReceipt,
    wholeUnits: !isReceipt && wholeUnits(texts, ocr),
    ocr,
  };
}

/** Extraction of one more OCR reading of a receipt's first page. */
export function receiptReading(
  doc: DocumentWords,
  words: Word[],
  file: string,
): { r: TReaderResult; ctx: ExtractContext } {
  const d2: DocumentWords = { ...doc, pages: [{ ...doc.pages[0]!, words }] };
  const ctx = contextOf(d2);
  ctx.isReceipt = true;
  return { r: extractAll(ctx, d2, file), ctx };
}

/** Runs field extraction on words (no checks); `own` is the uploading company (ReadOptions.ownCompany). */
export function extractAll(
  ctx: ExtractContext,
  doc: DocumentWords,
  file: string,
  own?: OwnCompany,
): TReaderResult {
  const r = emptyResult(file);
  r.pages = doc.numPages;
  r.source = doc.source;
  r.documentType = documentType(ctx);
  const fconf: Record<string, number> = {};
  const parties = ctx.isReceipt ? receiptParties(ctx) : extractParties(ctx, own);
  r.vendor = parties.vendor;
  r.invoiceTo = parties.invoiceTo;
  r.recipient = parties.recipient;
  Object.assign(r.boxes, parties.boxes);
  Object.assign(fconf, parties.conf);
  const vat = extractVat(ctx, parties.buyerZone, ctx.isReceipt ? undefined : own);
  if (vat) {
    r.vendor.vatNumber = vat.value;
    fconf['vendor.vatNumber'] = vat.conf;
    if (vat.box) r.boxes['vendor.vatNumber'] = vat.box;
  }
  const headers = headersInDateOrder(ctx);
  for (const [k, v] of Object.entries(headers)) {
    if (!v) continue;
    (r.headers as Record<string, string>)[k] = v.value;
    fconf[`headers.${k}`] = v.conf;
    if (v.box) r.boxes[`headers.${k}`] = v.box;
  }
  // the buyer's number printed in its address block, where no label named one among the header fields; OCR may
  // slip a digit of it that no check catches (one scan of 58 such numbers did in the round 32 fit), a text layer
  // cannot, so a scan's stands lower and the calibration measures the two apart
  if (!r.headers.shopAccount && parties.account) {
    r.headers.shopAccount = parties.account.value;
    r.boxes['headers.shopAccount'] = parties.account.box;
    fconf['headers.shopAccount'] = ctx.ocr ? BLOCK_ACCOUNT - OCR_SLIP : BLOCK_ACCOUNT;
  }
  // an order's number inside the supplier's block is the account the buyer keeps the supplier under, not the
  // order's number ("Numéro: 77795" under "Fournisseur:")
  const supplier = r.documentType === 'order' ? parties.supplierAccount : undefined;
  if (supplier) {
    for (const k of ['orderNum', 'invoiceNum'] as const)
      if (r.headers[k] === supplier.value) {
        delete r.headers[k];
        delete r.boxes[`headers.${k}`];
        delete fconf[`headers.${k}`];
      }
    if (!r.headers.shopAccount) {
      r.headers.shopAccount = supplier.value;
      r.boxes['headers.shopAccount'] = supplier.box;
      fconf['headers.shopAccount'] = BLOCK_ACCOUNT;
    }
  }
  if (r.documentType === 'order' && !r.headers.orderNum && r.headers.invoiceNum) {
    r.headers.orderNum = r.headers.invoiceNum;
    delete r.headers.invoiceNum;
  }
  const totals = extractTotals(ctx);
  for (const [k, v] of Object.entries(totals)) {
    if (!v) continue;
    (r.totals as Record<string, number>)[k] = v.value;
    fconf[`totals.${k}`] = v.conf;
    if (v.box) r.boxes[`totals.${k}`] = v.box;
  }
  if (!ctx.isReceipt) {
    const read = extractItems(ctx);
    // the document's allowance and charge rows among the items are no items (settleTotals takes their amounts)
    // (a row whose amount was printed alone: solved by no quantity and price of its own)
    const alone = (i: number) =>
      read.evidence[i]?.arithmetic === AMOUNT_ALONE && read.evidence[i]?.solvedIn === undefined;
    const adjustments = adjustmentRows(read.items, r.totals, alone);
    const kept = <T>(xs: T[], out: Set<number>) => xs.filter((_, i) => !out.has(i));
    const keep = (out: Set<number>) => ({
      items: kept(read.items, out),
      boxes: kept(read.boxes, out),
      evidence: kept(read.evidence, out),
    });
    let items = keep(adjustments);
    r.items = items.items;
    vatCodesOfItems(ctx, r.items);
    items.boxes.forEach((b, i) => {
      r.boxes[`items.${i}`] = b;
    });
    let sum = round2(r.items.reduce((a, it) => a + (it.amount ?? 0), 0));
    // totals whose labels OCR garbled or the reader does not know, or whose decimal points OCR lost: the printed
    // amounts the lines lead to by arithmetic (net, one VAT rate of it, their sum), never sure
    const byArithmetic = totalsByArithmetic(ctx, r.items.length ? sum : undefined, r.totals, items.boxes);
    if (byArithmetic)
      for (const k of ['net', 'vat', 'invoiceTotal'] as const) {
        r.totals[k] = byArithmetic[k].value;
        r.boxes[`totals.${k}`] = boxOf(byArithmetic[k].cell);
        fconf[`totals.${k}`] = 0.8;
      }
    // the net, VAT or total under a label no rule knows, completing net + VAT = total
    for (const { field, amount } of missingTotals(
      ctx,
      r.totals,
      items.boxes,
      r.items.length ? sum : undefined,
    )) {
      r.totals[field] = amount.value;
      r.boxes[`totals.${field}`] = boxOf(amount.cell);
      fconf[`totals.${field}`] = 0.8;
    }
    // a net under a label no rule knows, found by the arithmetic above (the rows' sum with a charge row among
    // them): the allowance and charge rows that lead to it are no items either
    const later =
      adjustments.size || !r.totals.net ? new Set<number>() : adjustmentRows(read.items, r.totals, alone);
    if (later.size) {
      for (let i = 0; i < r.items.length; i++) delete r.boxes[`items.${i}`];
      items = keep(later);
      r.items = items.items;
      items.boxes.forEach((b, i) => {
        r.boxes[`items.${i}`] = b;
      });
      sum = round2(r.items.reduce((a, it) => a + (it.amount ?? 0), 0));
    }
    const settled = r.items.length ? settleTotals(ctx, sum, r.totals) : {};
    // a derived subtotal is never sure; a discount or charge comes from a printed row that fits the arithmetic
    for (const [k, v] of Object.entries(settled)) {
      (r.totals as Record<string, number>)[k] = v;
      fconf[`totals.${k}`] = k === 'subtotal' ? DERIVED_SUBTOTAL : 0.8;
    }
    // each row's evidence, with the document's: rows that add up to a printed total lost and gained none
    const addUp = linesAddUp(r);
    items.evidence.forEach((e, i) => {
      fconf[`items.${i}`] = rowConfidence(e, r.items[i] ?? {}, addUp);
    });
  }
  // header fields under labels no rule knows, guessed from their values' shape and place, for a person to confirm
  if (!ctx.isReceipt)
    for (const g of guessUnlabelled(ctx, r)) {
      r.headers[g.field] = g.value;
      r.boxes[`headers.${g.field}`] = boxOf(g.cell);
      fconf[`headers.${g.field}`] = GUESSED;
      r.issues.push({
        table: 'headers',
        column: g.field,
        description: `${GUESS_ISSUE}: "${g.label}: ${g.printed}"`.slice(0, 120),
      });
    }
  r.currency = extractCurrency(ctx);
  if (!r.currency && ctx.decimal === 'comma') r.currency = 'EUR';
  r.confidence.fields = fconf;
  return r;
}

/** The raw confidence of the buyer's number found in its address block (parties.ts `accountInBlock`). */
const BLOCK_ACCOUNT = 0.8;
/** How much lower a value OCR read stands where a slipped character would pass every check. */
const OCR_SLIP = 0.02;

/**
 * Receipts keep their own, uncalibrated scale (agreement between OCR passes, a vendor a person confirmed before):
 * they go through only with such a vendor (bench/RESULTS.md).
 */
const RECEIPT_STRAIGHT_THROUGH = 0.85;

/** Confidence and review decision. */
export function finish(r: TReaderResult, opts: ReadOptions, ctx?: ExtractContext): TReaderResult {
  // a guess that a learned layout confirmed or replaced since is none any more
  r.issues = r.issues.filter(
    (i) =>
      !i.description.startsWith(GUESS_ISSUE) || (r.confidence.fields[`headers.${i.column}`] ?? 0) <= GUESSED,
  );
  r.issues.push(...runChecks(r, opts));
  // a labelled value of the header area that no field took: the page may print a field the reader missed
  if (ctx && !ctx.isReceipt && r.source !== 'embedded-xml')
    for (const line of unreadLabelledValues(ctx, r).slice(0, 3))
      r.issues.push({
        table: 'headers',
        column: '',
        description: `Printed but not read into any field: "${line}"`,
      });
  const f = r.confidence.fields;
  // the fields a document cannot be processed without; a receipt also needs its supplier's address
  const key =
    r.documentType === 'receipt'
      ? ['totals.invoiceTotal', 'vendor.name', 'vendor.address', 'headers.invoiceDate']
      : [
          'totals.invoiceTotal',
          'totals.net',
          'totals.vat',
          r.documentType === 'order' ? 'headers.orderNum' : 'headers.invoiceNum',
          'headers.invoiceDate',
          'vendor.name',
        ];
  // optional fields count when they were read, at their own calibrated worth like the key fields: a doubtful VAT
  // id, or an account number read from a sentence, also needs a person. The buyer is optional: the shop that
  // uploads the document is the buyer, and many pages print no buyer block.
  const optional = [
    'invoiceTo.name',
    'vendor.vatNumber',
    'headers.shopAccount',
    'headers.orderNum',
    'headers.dueDate',
  ].filter((k) => f[k] !== undefined && !key.includes(k));
  const vals = key
    .map((k) => f[k] ?? (k === 'headers.invoiceDate' ? f['headers.orderDate'] : undefined) ?? 0)
    .concat(optional.map((k) => f[k]!));
  const itemConfs = Object.entries(f)
    .filter(([k]) => k.startsWith('items.'))
    .map(([, v]) => v);
  let overall = Math.min(...vals);
  if (itemConfs.length) overall = Math.min(overall, ...itemConfs);
  // an item table that adds up to no printed total may have lost a row: a person looks
  if (r.documentType !== 'receipt' && !linesAddUp(r)) overall = Math.min(overall, 0.7);
  // the buyer is printed on nearly every invoice and order: when none was found, a block was probably missed
  // (on generated layouts, an order's letterhead; an address window under a heading the reader does not know)
  if (r.documentType !== 'receipt' && !r.invoiceTo.name && !r.recipient.name)
    overall = Math.min(overall, 0.8);
  // a scan that prints a vendor VAT id the reader did not read: the id is missing from a document sent through
  if (ctx && vendorVatUnread(ctx, r)) overall = Math.min(overall, 0.8);
  if (r.issues.length) overall *= 0.6;
  r.confidence.overall = round2(overall);
  const threshold =
    opts.threshold ?? (r.documentType === 'receipt' ? RECEIPT_STRAIGHT_THROUGH : STRAIGHT_THROUGH);
  r.pendingReview = r.issues.length > 0 || overall < threshold || r.inTraining === true;
  return r;
}

function fromEInvoice(r: TReaderResult, xml: Uint8Array): boolean {
  const e = parseEInvoice(xml);
  if (!e) return false;
  const { format: _format, ...rest } = e;
  Object.assign(r, rest);
  r.source = 'embedded-xml';
  // every value the XML states is as sure as it gets; what it does not state stays unknown
  r.confidence.fields = {};
  for (const group of ['headers', 'totals', 'vendor', 'invoiceTo', 'recipient'] as const)
    for (const [k, v] of Object.entries(r[group] as Record<string, unknown>))
      if (v !== undefined && v !== '') r.confidence.fields[`${group}.${k}`] = 0.99;
  r.items.forEach((_, i) => {
    r.confidence.fields[`items.${i}`] = 0.99;
  });
  return true;
}

/** Reads one document in this thread (use createReader for isolation and time limits). */
export async function readDocument(bytes: Uint8Array, opts: ReadOptions = {}): Promise<TReaderResult> {
  const file = opts.fileName ?? 'document';
  const r0 = emptyResult(file);
  let doc: DocumentWords;
  try {
    doc = await readWords(bytes, opts, 3);
  } catch (e) {
    return failed(r0, e);
  }
  if (doc.kind === 'xml') {
    if (fromEInvoice(r0, bytes)) {
      r0.pages = 0;
      return finish(r0, opts);
    }
    return failed(r0, new ReaderError('unsupported', 'The XML file is not a CII or UBL e-invoice'));
  }
  let modelFailure: TIssue | undefined;
  if (opts.model) {
    try {
      const m = await readWithModel(bytes, doc, file, opts.model);
      m.issues = runChecks(m, opts);
      m.pendingReview = m.issues.length > 0;
      m.confidence.overall = m.issues.length ? 0.5 : 0.9;
      return m;
    } catch (e) {
      // the built-in reader still reads the document; the issue tells the reviewer the model was not used
      modelFailure = { table: 'document', column: 'model', description: (e as Error).message };
    }
  }
  let ctx = contextOf(doc);
  let r = extractAll(ctx, doc, file, opts.ownCompany);
  const maxPages = { ...DEFAULT_LIMITS, ...opts.limits }.maxPages;
  if (doc.numPages > maxPages)
    r.issues.push({
      table: 'document',
      column: 'pages',
      description: `Only the first ${maxPages} of ${doc.numPages} pages were read`,
    });
  // embedded e-invoice: the XML is authoritative, the page text cross-checks it
  const att = pickEInvoiceAttachment(doc.attachments);
  if (att) {
    const fromPage = r;
    const x = emptyResult(file);
    if (fromEInvoice(x, att.content)) {
      x.pages = doc.numPages;
      x.boxes = fromPage.boxes;
      if (
        fromPage.totals.invoiceTotal !== undefined &&
        x.totals.invoiceTotal !== undefined &&
        Math.abs(fromPage.totals.invoiceTotal - x.totals.invoiceTotal) > 0.011
      )
        x.issues.push({
          table: 'totals',
          column: 'invoiceTotal',
          description: `The embedded XML says ${x.totals.invoiceTotal.toFixed(2)} but the page shows ${fromPage.totals.invoiceTotal.toFixed(2)}`,
        });
      r = x;
    }
  }
  // more OCR passes for scans (other segmentation modes, larger, thresholded); fields are voted across readings
  const receiptScan = doc.scans?.get(1);
  if (receiptScan && r.source !== 'embedded-xml' && ctx.isReceipt) {
    const passes = opts.maxOcrPasses ?? 3;
    const lang = guessLang(doc.pages[0]?.words ?? []);
    const readings: { r: TReaderResult; ctx: ExtractContext }[] = [{ r, ctx }];
    let header: { r: TReaderResult; ctx: ExtractContext } | undefined;
    try {
      // later passes read only where the first found text: a receipt scanned on an A4 page is mostly margin
      const area = textArea(doc.pages[0]?.words ?? []);
      const region = crop(receiptScan, area.x0, area.y0, area.x1, area.y1);
      for (const p of RECEIPT_PASSES.slice(0, passes - 1)) {
        if (p.whenUnsure && readingsSettled(readings)) break;
        readings.push(receiptReading(doc, await receiptPass(region, area, p, lang, opts), file));
      }
      // readings that name different vendors (OCR slips in the name line): the header band alone, its letters
      // larger, is one more vote for the name and address
      const words = doc.pages[0]?.words ?? [];
      const band = passes > 1 && !namesAgree(readings) ? headerBand(words) : undefined;
      if (band) {
        const again = await headerPass(receiptScan, band, HEADER_PASS, lang, opts);
        header = receiptReading(doc, withHeaderWords(words, band, again), file);
      }
    } catch {
      // a failed extra pass keeps the readings made so far
    }
    r = voteReadings(readings, header);
    if (opts.knownVendors?.length) r = withKnownVendor(r, ctx, opts.knownVendors);
  }
  // scanned pages whose items or totals do not add up are read again (another segmentation mode)
  const morePasses = (opts.maxOcrPasses ?? 3) > 1;
  const scans = doc.scans;
  if (
    scans?.size &&
    morePasses &&
    !ctx.isReceipt &&
    r.source !== 'embedded-xml' &&
    pageNeedsAnotherReading(r)
  ) {
    const lang = guessLang(doc.pages.flatMap((p) => (scans.has(p.page) ? p.words : [])));
    const langs = ['eng', ...(lang ? [lang] : [])];
    ({ r, ctx } = await readPagesAgain({ r, ctx }, scans, { ...ocrEngineOf(opts), langs }, (again) => {
      const pages = doc.pages.map((p) => {
        const ws = again.get(p.page);
        return ws ? { ...p, words: wordsOf(ws) } : p;
      });
      const d2: DocumentWords = { ...doc, pages };
      const c2 = contextOf(d2);
      return { r: extractAll(c2, d2, file, opts.ownCompany), ctx: c2 };
    }));
  }
  // a scanned first page whose buyer is missing or a fragment: its address window read again on its own
  const firstScan = scans?.get(1);
  if (
    firstScan &&
    morePasses &&
    !ctx.isReceipt &&
    r.source !== 'embedded-xml' &&
    doc.pages[0]?.source === 'ocr' &&
    weakBuyerName(r.invoiceTo.name)
  ) {
    try {
      await buyerFromWindow(doc, r, ctx, firstScan, file, opts);
    } catch {
      // a failed pass keeps the buyer read
    }
  }
  // what the evidence of each field is worth, as measured on the calibration set (generated layouts, dev corpus)
  if (r.source !== 'embedded-xml' && !ctx.isReceipt && !opts.rawConfidence) {
    r.confidence.fields = calibrate(r.confidence.fields);
    if (r.source !== 'text')
      r.confidence.fields = capByOcr(
        r.confidence.fields,
        r.boxes,
        ctx.lines.flatMap((l) => l.words),
      );
    if (ctx.ocr) r.confidence.fields = capByVatCheck(r.confidence.fields, r.vendor.vatNumber);
  }
  if (opts.profile) r = applyProfile(r, ctx, opts.profile);
  else if (opts.supplierKey) r.inTraining = true;
  if (modelFailure) r.issues.unshift(modelFailure);
  return finish(r, opts, ctx);
}

/**
 * The address window of a scanned first page read again alone (one uniform block, letters larger: `headerPass`),
 * its words in place of the reading's in the window; the buyer that reading names replaces a missing or garbled
 * one when it is a company with its legal form and not the vendor (`betterBuyer`). Nothing else changes.
 */
async function buyerFromWindow(
  doc: DocumentWords,
  r: TReaderResult,
  ctx: ExtractContext,
  scan: Gray,
  file: string,
  opts: ReadOptions,
): Promise<void> {
  const band = windowBand(ctx.lines, r.boxes['invoiceTo.name']);
  if (!band) return;
  const lang = guessLang(doc.pages[0]?.words ?? []);
  const again = await headerPass(scan, band, HEADER_PASS, lang, opts);
  const words = withWindowWords(
    ctx.lines.flatMap((l) => l.words),
    band,
    again,
  );
  const d2: DocumentWords = {
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, words: words.filter((w) => w.page === p.page) })),
  };
  const r2 = extractAll(contextOf(d2), d2, file, opts.ownCompany);
  const buyer = betterBuyer(r.invoiceTo, r2.invoiceTo, r.vendor);
  if (!buyer) return;
  r.invoiceTo = buyer;
  const box = r2.boxes['invoiceTo.name'];
  if (box) r.boxes['invoiceTo.name'] = box;
  else delete r.boxes['invoiceTo.name'];
  r.confidence.fields['invoiceTo.name'] = Math.min(0.8, r2.confidence.fields['invoiceTo.name'] ?? 0.8);
}

/** An output for a file that could not be read: the reason as an issue, always sent to review. */
export function failed(r: TReaderResult, e: unknown): TReaderResult {
  const msg =
    e instanceof ReaderError
      ? e.message
      : `The document could not be read: ${(e as Error)?.message ?? String(e)}`;
  r.issues.push({ table: 'document', column: e instanceof ReaderError ? e.code : 'error', description: msg });
  r.pendingReview = true;
  r.confidence.overall = 0;
  return r;
}

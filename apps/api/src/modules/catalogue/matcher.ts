/**
 * Matching read order lines to the shop's POS products, in memory: the supplier's own code (a linked supplier
 * product's SKU, or a code the shop confirmed before), the barcode (a GTIN with a valid check digit; a case
 * barcode means a case), a learned description alias, then a fuzzy description match weighted by how rare each
 * word is. Pure and synchronous, so the benchmark measures exactly what the API runs.
 */

export type TMatchProduct = {
  id: number;
  productCode: string;
  description: string;
  posDescription: string | null;
  barcode: string | null;
  boxBarcode: string | null;
  caseQty: number;
};

export type TMatchLine = {
  itemCode: string | null;
  unitBarcode: string | null;
  itemDesc: string | null;
  pack: string | null;
  unitOfMeasure: string | null;
};

export type TMatchResult = {
  posProductId: number | null;
  method: 'code' | 'barcode' | 'alias' | 'description' | 'none';
  confidence: number;
  /** POS units one ordered unit of the line stands for. */
  unitsPerLine: number;
};

export type TMatchIndexInput = {
  products: TMatchProduct[];
  /** Supplier codes: a linked supplier product's SKU (with its pack size) or a confirmed code alias. */
  codes: { code: string; posProductId: number; packSize: number | null }[];
  /** Confirmed descriptions (already normalised by `normaliseDescription`). */
  descriptions: { value: string; posProductId: number }[];
};

/** Below this fuzzy score a description match is not offered. */
const FUZZY_MIN = 0.5;
/** Words in more than this share of the catalogue say nothing about which product is meant. */
const COMMON_WORD_SHARE = 0.02;
const CASE_UNITS = /^(cs|cse|case|cases|ctn|carton|box|bx|tray|pk|pack|krat|doos|colli)$/i;

export const normaliseCode = (code: string) =>
  code
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');

/** Upper case, digits split from letters ("24X330ML" → "24 X 330 ML"), punctuation removed. */
export function normaliseDescription(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/(\d)([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(\d)/g, '$1 $2')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

const words = (text: string) =>
  [...new Set(normaliseDescription(text).split(' '))].filter((w) => w.length > 1 || /\d/.test(w));

/** A GTIN-8/12/13/14 with a valid check digit, as 14 digits; anything else is null. */
export function gtin(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\s/g, '');
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return null;
  const padded = digits.padStart(14, '0');
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(padded[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(padded[13]) ? padded : null;
}

/** The units in one ordered unit of a line as it prints them: "24", "24x330ml", "1x24", "case of 12". */
export function packOf(line: Pick<TMatchLine, 'pack' | 'itemDesc'>): number | null {
  const fromPack = line.pack?.match(/^\s*(\d+)\s*(?:[xX*]\s*(\d+)?)?/);
  if (fromPack) {
    const [, a, b] = fromPack;
    const n = b && Number(a) === 1 ? Number(b) : Number(a);
    if (n > 0) return n;
  }
  const fromDesc = line.itemDesc?.match(/\b(\d{1,3})\s*[xX*]\s*\d/);
  return fromDesc ? Number(fromDesc[1]) : null;
}

export type TMatchIndex = ReturnType<typeof buildMatchIndex>;

/** Builds the lookup maps once per shop and supplier; matching a line then reads only a few entries. */
export function buildMatchIndex(input: TMatchIndexInput) {
  const byId = new Map(input.products.map((p) => [p.id, p]));
  const codes = new Map<string, { posProductId: number; packSize: number | null }>();
  for (const c of input.codes) codes.set(normaliseCode(c.code), c);
  const barcodes = new Map<string, { posProductId: number; units: number }>();
  for (const p of input.products) {
    const box = gtin(p.boxBarcode);
    if (box) barcodes.set(box, { posProductId: p.id, units: Math.max(1, p.caseQty) });
  }
  // Unit barcodes win over case barcodes when a POS lists one number as both.
  for (const p of input.products) {
    const unit = gtin(p.barcode);
    if (unit) barcodes.set(unit, { posProductId: p.id, units: 1 });
  }
  const aliases = new Map(input.descriptions.map((d) => [d.value, d.posProductId]));
  const postings = new Map<string, number[]>();
  const weightOf = new Map<number, number>();
  const productWords = new Map<number, Set<string>>();
  for (const p of input.products) {
    const ws = words(`${p.description} ${p.posDescription ?? ''}`);
    productWords.set(p.id, new Set(ws));
    for (const w of ws) {
      const list = postings.get(w);
      if (list) list.push(p.id);
      else postings.set(w, [p.id]);
    }
  }
  const n = Math.max(1, input.products.length);
  const idf = new Map<string, number>();
  for (const [w, list] of postings) idf.set(w, Math.log(1 + n / list.length));
  for (const [id, ws] of productWords) {
    let weight = 0;
    for (const w of ws) weight += idf.get(w)!;
    weightOf.set(id, weight);
  }
  const commonLimit = Math.max(50, n * COMMON_WORD_SHARE);
  return { byId, codes, barcodes, aliases, postings, productWords, weightOf, idf, commonLimit };
}

/**
 * POS units per ordered unit of a line for a product sold in cases of `caseQty`: the known pack (a supplier
 * product's pack size, a case barcode) when there is one, else cases when the line's unit says case or its pack
 * equals the case size ("24x330ml" for cases of 24), else single units.
 */
export function lineUnits(
  line: Pick<TMatchLine, 'pack' | 'itemDesc' | 'unitOfMeasure'>,
  caseQty: number,
  known: number | null = null,
) {
  if (known && known > 0) return known;
  if (caseQty <= 1) return 1;
  if (line.unitOfMeasure && CASE_UNITS.test(line.unitOfMeasure.trim())) return caseQty;
  return packOf(line) === caseQty ? caseQty : 1;
}

/** Matches one read line to a POS product. */
export function matchLine(index: TMatchIndex, line: TMatchLine): TMatchResult {
  const result = (
    posProductId: number,
    method: TMatchResult['method'],
    confidence: number,
    units: number | null,
  ): TMatchResult => ({
    posProductId,
    method,
    confidence,
    unitsPerLine: lineUnits(line, index.byId.get(posProductId)?.caseQty ?? 1, units),
  });

  const code = line.itemCode ? index.codes.get(normaliseCode(line.itemCode)) : undefined;
  if (code && index.byId.has(code.posProductId)) return result(code.posProductId, 'code', 1, code.packSize);
  for (const candidate of [line.unitBarcode, line.itemCode]) {
    const g = gtin(candidate);
    const hit = g ? index.barcodes.get(g) : undefined;
    if (hit) return result(hit.posProductId, 'barcode', 0.99, hit.units);
  }
  if (!line.itemDesc) return { posProductId: null, method: 'none', confidence: 0, unitsPerLine: 1 };
  const normal = normaliseDescription(line.itemDesc);
  const alias = index.aliases.get(normal);
  if (alias !== undefined && index.byId.has(alias)) return result(alias, 'alias', 0.95, null);

  // Candidates come from the line's rarer words (or, when it has none, its rarest); every shared word counts.
  const lineWords = words(line.itemDesc);
  const known = lineWords
    .filter((w) => index.postings.has(w))
    .sort((a, b) => index.postings.get(a)!.length - index.postings.get(b)!.length);
  let lineWeight = 0;
  for (const w of lineWords) lineWeight += index.idf.get(w) ?? Math.log(1 + index.byId.size / 0.5);
  const rare = known.filter((w, i) => i === 0 || index.postings.get(w)!.length <= index.commonLimit);
  const common = known.filter((w) => !rare.includes(w));
  const scores = new Map<number, number>();
  for (const w of rare) {
    const weight = index.idf.get(w)!;
    for (const id of index.postings.get(w)!) scores.set(id, (scores.get(id) ?? 0) + weight);
  }
  let best = -1;
  let bestScore = 0;
  for (const [id, rareShared] of scores) {
    let shared = rareShared;
    const own = index.productWords.get(id)!;
    for (const w of common) if (own.has(w)) shared += index.idf.get(w)!;
    const score = (2 * shared) / (lineWeight + index.weightOf.get(id)!);
    if (score > bestScore) {
      bestScore = score;
      best = id;
    }
  }
  if (best < 0 || bestScore < FUZZY_MIN)
    return { posProductId: null, method: 'none', confidence: 0, unitsPerLine: 1 };
  return result(best, 'description', Math.round(bestScore * 0.9 * 100) / 100, null);
}

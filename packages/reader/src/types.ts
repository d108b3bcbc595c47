import { z } from 'zod';

/** A party (vendor, deliver-to, invoice-to) as the output schema describes it. */
export const ZPartySchema = z.object({
  name: z.string().optional(),
  branch: z.string().optional(),
  houseNum: z.string().optional(),
  address: z.string().optional(),
  county: z.string().optional(),
  city: z.string().optional(),
  postCode: z.string().optional(),
  country: z.string().optional(),
  state: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  fax: z.string().optional(),
  website: z.string().optional(),
  vatNumber: z.string().optional(),
});
export type TParty = z.infer<typeof ZPartySchema>;

export const ZItemSchema = z.object({
  itemCode: z.string().optional(),
  unitBarcode: z.string().optional(),
  itemQty: z.number().optional(),
  itemDesc: z.string().optional(),
  unitOfMeasure: z.string().optional(),
  pack: z.string().optional(),
  price: z.number().optional(),
  discount: z.number().optional(),
  vat: z.number().optional(),
  vatCode: z.string().optional(),
  amount: z.number().optional(),
});
export type TItem = z.infer<typeof ZItemSchema>;

export const ZIssueSchema = z.object({
  table: z.string(),
  column: z.string().optional(),
  item: z.number().optional(),
  description: z.string(),
});
export type TIssue = z.infer<typeof ZIssueSchema>;

export const ZBoxSchema = z.object({
  page: z.number(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type TBox = z.infer<typeof ZBoxSchema>;

export const ZHeadersSchema = z.object({
  invoiceNum: z.string().optional(),
  orderNum: z.string().optional(),
  invoiceDate: z.string().optional(),
  orderDate: z.string().optional(),
  dueDate: z.string().optional(),
  shopVat: z.string().optional(),
  shopAccount: z.string().optional(),
  reference: z.string().optional(),
});
export type THeaders = z.infer<typeof ZHeadersSchema>;

export const ZTotalsSchema = z.object({
  goods: z.number().optional(),
  subtotal: z.number().optional(),
  discount: z.number().optional(),
  /** document-level charges (shipping, fees) added before VAT: net = subtotal − discount + charges */
  charges: z.number().optional(),
  net: z.number().optional(),
  vat: z.number().optional(),
  invoiceTotal: z.number().optional(),
});
export type TTotals = z.infer<typeof ZTotalsSchema>;

export const ZDocumentTypeSchema = z.enum([
  'invoice',
  'creditNote',
  'order',
  'deliveryNote',
  'receipt',
  'unknown',
]);
export type TDocumentType = z.infer<typeof ZDocumentTypeSchema>;

/** One JSON object per document, as EXTRACTION.md "Output schema" describes. */
export const ZReaderResultSchema = z.object({
  file: z.string(),
  pages: z.number(),
  source: z.enum(['text', 'ocr', 'embedded-xml', 'mixed', 'model', 'none']),
  documentType: ZDocumentTypeSchema,
  currency: z.string().optional(),
  vendor: ZPartySchema,
  recipient: ZPartySchema,
  invoiceTo: ZPartySchema,
  headers: ZHeadersSchema,
  totals: ZTotalsSchema,
  items: z.array(ZItemSchema),
  issues: z.array(ZIssueSchema),
  confidence: z.object({ overall: z.number(), fields: z.record(z.string(), z.number()) }),
  boxes: z.record(z.string(), ZBoxSchema),
  pendingReview: z.boolean(),
  inTraining: z.boolean().optional(),
  profileUsed: z.string().optional(),
});
export type TReaderResult = z.infer<typeof ZReaderResultSchema>;

/** A word with its position; coordinates are fractions of the page, y grows downwards. */
export interface Word {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  conf?: number;
}

/** Words of one page plus how they were obtained. */
export interface PageWords {
  page: number;
  width: number;
  height: number;
  words: Word[];
  source: 'text' | 'ocr';
  /** a scan on grainy paper (a phone scan), smoothed before OCR: its blur widens the spaces between words */
  grainy?: boolean;
}

export function emptyResult(file: string): TReaderResult {
  return {
    file,
    pages: 0,
    source: 'none',
    documentType: 'unknown',
    vendor: {},
    recipient: {},
    invoiceTo: {},
    headers: {},
    totals: {},
    items: [],
    issues: [],
    confidence: { overall: 0, fields: {} },
    boxes: {},
    pendingReview: true,
  };
}

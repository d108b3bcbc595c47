import { decodeImage, loadMuPdf, resize, toPng } from './image.js';
import type { DocumentWords } from './read.js';
import { emptyResult, type TReaderResult, ZReaderResultSchema } from './types.js';

/** An OpenAI-compatible chat-completions endpoint (READER_MODEL_URL, READER_MODEL, READER_MODEL_KEY). */
export interface ModelOptions {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  retries?: number;
  /** also send the page images (for vision models), not only the words with positions */
  vision?: boolean;
  fetch?: typeof fetch;
}

/** Pages sent to a vision model: enough to read a long invoice, few enough to keep the request small. */
const VISION_MAX_PAGES = 5;
const VISION_DPI = 110;
const VISION_MAX_IMAGE_BYTES = 4 * 1024 * 1024;

const SCHEMA = {
  type: 'object',
  properties: {
    documentType: {
      type: 'string',
      enum: ['invoice', 'creditNote', 'order', 'deliveryNote', 'receipt', 'unknown'],
    },
    currency: { type: 'string' },
    vendor: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: { type: 'string' },
        city: { type: 'string' },
        postCode: { type: 'string' },
        country: { type: 'string' },
        vatNumber: { type: 'string' },
      },
    },
    invoiceTo: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: { type: 'string' },
        city: { type: 'string' },
        postCode: { type: 'string' },
      },
    },
    recipient: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: { type: 'string' },
        city: { type: 'string' },
        postCode: { type: 'string' },
      },
    },
    headers: {
      type: 'object',
      properties: {
        invoiceNum: { type: 'string' },
        orderNum: { type: 'string' },
        invoiceDate: { type: 'string' },
        orderDate: { type: 'string' },
        dueDate: { type: 'string' },
      },
    },
    totals: {
      type: 'object',
      properties: {
        subtotal: { type: 'number' },
        discount: { type: 'number' },
        charges: { type: 'number' },
        net: { type: 'number' },
        vat: { type: 'number' },
        invoiceTotal: { type: 'number' },
      },
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          itemCode: { type: 'string' },
          itemDesc: { type: 'string' },
          itemQty: { type: 'number' },
          price: { type: 'number' },
          vat: { type: 'number' },
          amount: { type: 'number' },
        },
      },
    },
  },
  required: ['documentType', 'headers', 'totals', 'items'],
};

const PROMPT =
  'You read supplier documents (invoices, credit notes, orders, delivery notes, receipts). You get the words of a document as lines "page y x: text" (coordinates are fractions of the page). Answer with one JSON object following the schema: dates as YYYY-MM-DD, money as plain numbers, item price is the net unit price, amount the net line amount. Omit what the document does not show.';

const VISION_PROMPT =
  'The page images follow the words; where the words and an image disagree (OCR errors), trust the image.';

/** The words as compact lines for the prompt. */
export function wordsAsText(doc: DocumentWords, maxChars = 60_000): string {
  const out: string[] = [];
  for (const p of doc.pages) {
    const ws = p.words.slice().sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    let cur: string[] = [];
    let y = -1;
    let x = 0;
    for (const w of ws) {
      if (Math.abs(w.y0 - y) > 0.005) {
        if (cur.length) out.push(`${p.page} ${y.toFixed(3)} ${x.toFixed(3)}: ${cur.join(' ')}`);
        cur = [];
        y = w.y0;
        x = w.x0;
      }
      cur.push(w.text);
    }
    if (cur.length) out.push(`${p.page} ${y.toFixed(3)} ${x.toFixed(3)}: ${cur.join(' ')}`);
  }
  return out.join('\n').slice(0, maxChars);
}

/** The document's pages as PNG/JPEG data URLs: PDF pages rendered, images as uploaded unless very large. */
export async function pageImages(bytes: Uint8Array, doc: DocumentWords): Promise<string[]> {
  const dataUrl = (mime: string, b: Uint8Array) => `data:${mime};base64,${Buffer.from(b).toString('base64')}`;
  if (doc.kind === 'png' || doc.kind === 'jpeg') {
    if (bytes.length <= VISION_MAX_IMAGE_BYTES) return [dataUrl(`image/${doc.kind}`, bytes)];
    const img = await decodeImage(bytes, Number.POSITIVE_INFINITY);
    return [dataUrl('image/png', await toPng(resize(img, Math.min(1, 1700 / img.width))))];
  }
  if (doc.kind !== 'pdf') return [];
  const mupdf = await loadMuPdf();
  const pdf = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const out: string[] = [];
    for (let i = 0; i < Math.min(pdf.countPages(), VISION_MAX_PAGES); i++) {
      const page = pdf.loadPage(i);
      const s = VISION_DPI / 72;
      const pix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceRGB, false, true);
      out.push(dataUrl('image/png', pix.asPNG().slice()));
      pix.destroy();
      page.destroy();
    }
    return out;
  } finally {
    pdf.destroy();
  }
}

async function callOnce(opts: ModelOptions, body: unknown): Promise<unknown> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? 60_000);
  try {
    const res = await (opts.fetch ?? fetch)(`${opts.url.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
    if (!res.ok)
      throw Object.assign(new Error(`model endpoint answered ${res.status}`), { status: res.status });
    const json = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = json.choices?.[0]?.message?.content;
    if (!content) throw new Error('model answer has no content');
    return JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a document with an external model (the caller runs the checks); throws when the model cannot answer. */
export async function readWithModel(
  bytes: Uint8Array,
  doc: DocumentWords,
  file: string,
  opts: ModelOptions,
): Promise<TReaderResult> {
  const words = wordsAsText(doc);
  const user = opts.vision
    ? [
        { type: 'text', text: words },
        ...(await pageImages(bytes, doc)).map((url) => ({ type: 'image_url', image_url: { url } })),
      ]
    : words;
  const body = {
    model: opts.model,
    temperature: 0,
    messages: [
      { role: 'system', content: opts.vision ? `${PROMPT} ${VISION_PROMPT}` : PROMPT },
      { role: 'user', content: user },
    ],
    response_format: { type: 'json_schema', json_schema: { name: 'document', schema: SCHEMA } },
  };
  const retries = opts.retries ?? 2;
  let lastErr: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      const answer = (await callOnce(opts, body)) as Partial<TReaderResult>;
      const r = emptyResult(file);
      r.pages = doc.numPages;
      const merged = {
        ...r,
        ...answer,
        file,
        pages: doc.numPages,
        source: 'model' as const,
        issues: [],
        boxes: {},
        confidence: { overall: 0.9, fields: {} },
        pendingReview: true,
      };
      merged.vendor ??= {};
      merged.invoiceTo ??= {};
      merged.recipient ??= {};
      merged.items = Array.isArray(merged.items) ? merged.items : [];
      const parsed = ZReaderResultSchema.safeParse(merged);
      if (!parsed.success)
        throw new Error(`model answer does not fit the schema: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    } catch (e) {
      lastErr = e;
      const status = (e as { status?: number }).status;
      if (status && status < 500 && status !== 429) break;
      if (attempt < retries) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
  throw new Error(`The model reader failed: ${(lastErr as Error)?.message ?? lastErr}`);
}

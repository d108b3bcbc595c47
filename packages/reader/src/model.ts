import { runChecks } from './checks.js';
import type { DocumentWords } from './read.js';
import { emptyResult, type TReaderResult, ZReaderResultSchema } from './types.js';

/** An OpenAI-compatible chat-completions endpoint (READER_MODEL_URL, READER_MODEL, READER_MODEL_KEY). */
export interface ModelOptions {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  retries?: number;
  fetch?: typeof fetch;
}

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

/** Reads a document with an external model; its answer goes through the same checks as the built-in reader. */
export async function readWithModel(
  doc: DocumentWords,
  file: string,
  opts: ModelOptions,
): Promise<TReaderResult> {
  const body = {
    model: opts.model,
    temperature: 0,
    messages: [
      { role: 'system', content: PROMPT },
      { role: 'user', content: wordsAsText(doc) },
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
      const out = parsed.data;
      out.issues = runChecks(out);
      out.pendingReview = out.issues.length > 0;
      out.confidence.overall = out.issues.length ? 0.5 : 0.9;
      return out;
    } catch (e) {
      lastErr = e;
      const status = (e as { status?: number }).status;
      if (status && status < 500 && status !== 429) break;
      if (attempt < retries) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
  const r = emptyResult(file);
  r.source = 'model';
  r.pages = doc.numPages;
  r.issues.push({
    table: 'document',
    column: 'model',
    description: `The model reader failed: ${(lastErr as Error)?.message ?? lastErr}`,
  });
  return r;
}

import { ZErrorEnvelopeSchema } from '@orderbridge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from './demo/invoice-pdf.js';
import { fuzzRequest, LEAK_PATTERNS, seededRandom, type TFuzzContext } from './test/fuzz.js';
import {
  bearer,
  createCompany,
  createTestApp,
  signIn,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from './test/harness.js';
import { multipart } from './test/multipart.js';

/** FUZZ_RUNS=100000 FUZZ_SEED=7 for a longer or different walk; CI uses the fixed defaults. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
}, 180_000);
afterAll(() => t.close());

/** A user with a shop and a supplier linked to it, an order made from a read invoice, and a stranger's companies. */
async function seed(): Promise<{ session: TSession; ctx: TFuzzContext }> {
  const session = await signUp(t.app);
  const shopId = await createCompany(t.app, session, 'shops');
  const supplierEmail = uniqueEmail('supplier');
  const onboarded = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/company',
    headers: bearer(session.token),
    payload: { companyName: 'Fuzz Foods', companyType: 'suppliers', companyMainEmail: supplierEmail },
  });
  const supplierId = onboarded.json().data.companyId as number;
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/suppliers`,
    headers: bearer(session.token),
    payload: { supplierEmail, supplierName: 'Fuzz Foods' },
  });
  const linkId = link.json().data.shopSupplierId as number;
  const pdf = await invoicePdf({
    vendor: 'Fuzz Foods',
    invoiceNum: 'INV-1',
    orderNum: 'PO-1',
    date: '2026-11-02',
    lines: [{ code: 'A1', description: 'Apples 1kg', qty: 3, price: 2.5 }],
  });
  const form = multipart(
    { ShopSupplierId: String(linkId) },
    { field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/orders/upload`,
    headers: { ...bearer(session.token), ...form.headers },
    payload: form.payload,
  });
  const documentId = uploaded.json().data.tempOrderId as number;
  let orderId = documentId;
  for (let i = 0; i < 240; i++) {
    const doc = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${shopId}/orders/pending-review/${documentId}`,
      headers: bearer(session.token),
    });
    if (doc.json().data.status !== 'reading') {
      const processed = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/orders/pending-review/${documentId}/process`,
        headers: bearer(session.token),
        payload: {},
      });
      orderId = processed.json().data?.orderId ?? orderId;
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stranger = await signUp(t.app);
  const foreign = {
    shops: await createCompany(t.app, stranger, 'shops'),
    suppliers: await createCompany(t.app, stranger, 'suppliers'),
  };
  return {
    session,
    ctx: {
      own: { shops: shopId, suppliers: supplierId },
      foreign,
      ids: [...new Set([1, 2, documentId, orderId, linkId, shopId, supplierId])],
      token: session.token,
    },
  };
}

type TFinding = { request: string; status: number; body: string; why: string };

describe('hostile input', () => {
  it(`answers ${RUNS} generated bad requests over every registered route without a 5xx or a leak`, async () => {
    const { session, ctx } = await seed();
    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    const random = seededRandom(SEED);
    const findings: TFinding[] = [];
    const statuses = new Map<number, number>();
    for (let run = 0; run < RUNS; run++) {
      const route = routes[run % routes.length]!;
      const request = fuzzRequest(route, ctx, random);
      const res = await t.app.inject(request);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const describe = `${request.method} ${String(request.url).slice(0, 200)} ${JSON.stringify(request.query ?? {}).slice(0, 200)} ${String(request.payload ?? '').slice(0, 300)}`;
      const note = (why: string) =>
        findings.push({ request: describe, status: res.statusCode, body: res.body.slice(0, 500), why });
      if (res.statusCode >= 500) note('server error');
      if (res.statusCode >= 400) {
        let parsed: unknown;
        try {
          parsed = res.json();
        } catch {
          parsed = undefined;
        }
        const envelope = ZErrorEnvelopeSchema.safeParse(parsed);
        if (!envelope.success || !envelope.data.message.trim()) note('error reply outside the envelope');
      }
      // The built web app's own scripts (served when apps/web/dist exists) are public code, not a leak.
      const isWebAsset = String(res.headers['content-type'] ?? '').includes('javascript');
      const leak = isWebAsset ? undefined : LEAK_PATTERNS.find((p) => p.test(res.body));
      if (leak) note(`leaks internals (${leak})`);
      // Requests to the account routes may sign the user out (sign-out, sign-out-everywhere): sign in again.
      if (request.url?.toString().toLowerCase().startsWith('/api/account/') && res.statusCode < 300) {
        ctx.token = (await signIn(t.app, session.email)).token;
      }
    }
    const byRoute = new Map<string, TFinding[]>();
    for (const f of findings) {
      const key = `${f.why}: ${f.request.split(' ').slice(0, 2).join(' ')}`;
      byRoute.set(key, [...(byRoute.get(key) ?? []), f]);
    }
    // One example of each kind of finding, so a failure says what to fix.
    expect(
      [...byRoute.entries()].map(([key, list]) => ({ key, count: list.length, example: list[0] })),
      `statuses seen: ${JSON.stringify(Object.fromEntries(statuses))}`,
    ).toEqual([]);
    // The walk must reach the handlers, not only the validator and the guard.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
  }, 1_800_000);
});

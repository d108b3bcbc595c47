import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/index.js';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  lastMailTo,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (s: TSession, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(s.token), payload });

const invitationOf = async (email: string) =>
  new URL((await lastMailTo(t.app, email)).links[0]!).searchParams.get('invitation')!;

let invoiceNo = 7000;
const LINES = [
  { code: 'A1', description: 'Apples 1kg', qty: 10, price: 2.5 },
  { code: 'B2', description: 'Eggs x12', qty: 5, price: 3.2 },
];

type TWorld = {
  owner: TSession;
  colleague: TSession;
  shopId: number;
  supplier: TSession;
  supplierId: number;
  linkId: number;
};

/** A shop with two members, a supplier company with its own user, and the link between them. */
async function world(): Promise<TWorld> {
  const owner = await signUp(t.app);
  const shopId = await createCompany(t.app, owner, 'shops');
  const colleagueEmail = uniqueEmail('colleague');
  await call(owner, 'POST', `/api/shops/${shopId}/users/invite`, { email: colleagueEmail, role: 'member' });
  const colleague = await signUp(t.app, {
    email: colleagueEmail,
    invitation: await invitationOf(colleagueEmail),
  });
  const supplier = await signUp(t.app);
  const supplierEmail = uniqueEmail('supplier');
  const supplierId = (
    await call(supplier, 'POST', '/api/onboarding/company', {
      companyName: 'Fresh Farm Foods',
      companyType: 'suppliers',
      companyMainEmail: supplierEmail,
    })
  ).json().data.companyId as number;
  const link = await call(owner, 'POST', `/api/shops/${shopId}/suppliers`, {
    supplierEmail,
    supplierName: 'Fresh Farm',
  });
  return { owner, colleague, shopId, supplier, supplierId, linkId: link.json().data.shopSupplierId };
}

async function upload(w: TWorld, invoiceNum = `N-${invoiceNo++}`) {
  const bytes = await invoicePdf({
    vendor: 'Fresh Farm Foods',
    invoiceNum,
    date: '2026-11-02',
    lines: LINES,
  });
  const form = multipart(
    { ShopSupplierId: String(w.linkId) },
    { field: 'File', name: `${invoiceNum}.pdf`, type: 'application/pdf', bytes },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shopId}/orders/upload`,
    headers: { ...bearer(w.owner.token), ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.tempOrderId as number;
}

// biome-ignore lint/suspicious/noExplicitAny: reply rows of the list; the assertions check them.
type TRow = Record<string, any>;
const list = async (s: TSession, base: string, query = '') => {
  const res = await call(s, 'GET', `${base}/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { total: number; unread: number; data: TRow[] };
};

/** Waits until the user has at least `n` notifications in the company. */
async function notified(s: TSession, base: string, n = 1) {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const page = await list(s, base);
    if (page.total >= n) return page;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no notification for ${s.email}`);
}

describe('notifications of reading', () => {
  it('a document ready for review notifies every member of the shop, and nobody else', async () => {
    const w = await world();
    const other = await world();
    const id = await upload(w, 'INV-READY-1');
    const shop = `/api/shops/${w.shopId}`;

    const mine = await notified(w.owner, shop);
    expect(mine.data[0]).toMatchObject({
      kind: 'document_ready',
      companyId: w.shopId,
      title: 'Invoice INV-READY-1 from Fresh Farm is ready for review',
      link: `/shops/${w.shopId}/orders/review/${id}`,
      isRead: false,
    });
    expect(mine.unread).toBe(1);
    const theirs = await list(w.colleague, shop);
    expect(theirs.data.map((n) => n.title)).toEqual([mine.data[0]!.title]);
    // Not the supplier (its company saw nothing happen) and not another shop.
    expect((await list(w.supplier, `/api/suppliers/${w.supplierId}`)).total).toBe(0);
    expect((await list(other.owner, `/api/shops/${other.shopId}`)).total).toBe(0);
    // A member of another company cannot read this shop's list at all.
    expect((await call(other.owner, 'GET', `${shop}/notifications`)).statusCode).toBe(403);
  }, 120_000);

  it('a document processed straight through says so and links to its order', async () => {
    const w = await world();
    await call(w.owner, 'PATCH', `/api/shops/${w.shopId}/suppliers/${w.linkId}`, { isAutoProcessed: true });
    const first = await upload(w);
    const shop = `/api/shops/${w.shopId}`;
    await notified(w.owner, shop, 1);
    expect(
      (await call(w.owner, 'POST', `${shop}/orders/pending-review/${first}/process`, {})).statusCode,
    ).toBe(200);
    // The learning job runs after processing; later documents of the supplier go straight through.
    const end = Date.now() + 60_000;
    let processed: TRow | undefined;
    while (!processed && Date.now() < end) {
      const id = await upload(w);
      const page = await notified(w.owner, shop, (await list(w.owner, shop)).total + 1);
      const newest = page.data.find(
        (n) => n.link.includes(`/review/${id}`) || n.kind === 'document_processed',
      );
      if (newest?.kind === 'document_processed') processed = newest;
    }
    expect(processed).toMatchObject({
      kind: 'document_processed',
      title: expect.stringMatching(/^Invoice N-\d+ from Fresh Farm was processed$/),
      link: expect.stringMatching(new RegExp(`^/shops/${w.shopId}/orders/\\d+$`)),
    });
  }, 180_000);

  it('a document whose file is gone fails, and the shop is told', async () => {
    const w = await world();
    const id = await upload(w, 'INV-GONE');
    const shop = `/api/shops/${w.shopId}`;
    await notified(w.owner, shop);
    // Read again with its stored file missing: the job's real failure path.
    await t.app.db
      .update(documents)
      .set({ status: 'reading', fileKey: 'documents/missing.pdf' })
      .where(eq(documents.id, id));
    await t.app.services.documents.read(id);
    const page = await list(w.colleague, shop);
    expect(page.data[0]).toMatchObject({
      kind: 'document_failed',
      title: 'INV-GONE.pdf could not be read',
      body: expect.stringContaining('The stored file is missing.'),
      isRead: false,
    });
  }, 120_000);
});

describe('reading state', () => {
  it('lists unread first, marks one and all read, and only the user’s own', async () => {
    const w = await world();
    const shop = `/api/shops/${w.shopId}`;
    await upload(w);
    await notified(w.owner, shop, 1);
    await upload(w);
    const page = await notified(w.owner, shop, 2);
    expect(page.unread).toBe(2);
    const [newest, older] = page.data as [TRow, TRow];
    expect(newest.id).toBeGreaterThan(older.id);

    // The older one read: it moves below the unread one.
    const read = await call(w.owner, 'POST', `${shop}/notifications/${older.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: older.id, isRead: true });
    const after = await list(w.owner, shop);
    expect(after.unread).toBe(1);
    expect(after.data.map((n) => [n.id, n.isRead])).toEqual([
      [newest.id, false],
      [older.id, true],
    ]);
    expect((await list(w.owner, shop, '?unread=true')).data.map((n) => n.id)).toEqual([newest.id]);
    expect((await call(w.owner, 'GET', `${shop}/notifications/unread-count`)).json().data).toEqual({
      unread: 1,
    });
    // The colleague's copies are untouched.
    expect((await list(w.colleague, shop)).unread).toBe(2);

    // Someone else's notification is not found, whatever its id.
    const colleagues = await list(w.colleague, shop);
    expect(
      (await call(w.owner, 'POST', `${shop}/notifications/${colleagues.data[0]!.id}/read`)).statusCode,
    ).toBe(404);
    const all = await call(w.owner, 'POST', `${shop}/notifications/read-all`);
    expect(all.json()).toMatchObject({ data: { marked: 1 }, message: '1 notification marked as read.' });
    expect((await list(w.owner, shop)).unread).toBe(0);
    expect((await list(w.colleague, shop)).unread).toBe(2);
  }, 120_000);

  it('refuses bad input with a clear 400', async () => {
    const w = await world();
    const shop = `/api/shops/${w.shopId}`;
    const bad = await call(w.owner, 'POST', `${shop}/notifications/abc/read`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: { id: ['Notification id must be a number'] },
    });
    const badQuery = await call(w.owner, 'GET', `${shop}/notifications?unread=maybe&PerPage=500`);
    expect(badQuery.statusCode).toBe(400);
    expect(Object.keys(badQuery.json().errors).sort()).toEqual(['perpage', 'unread']);
    expect((await call(w.owner, 'POST', `${shop}/notifications/999999/read`)).statusCode).toBe(404);
  }, 60_000);
});

describe('supplier invitation claimed', () => {
  it('tells the shop when the supplier it invited joins', async () => {
    const owner = await signUp(t.app);
    const shopId = await createCompany(t.app, owner, 'shops');
    const supplierEmail = uniqueEmail('new-supplier');
    await call(owner, 'POST', `/api/shops/${shopId}/suppliers`, {
      supplierEmail,
      supplierName: 'Baker Bros',
    });
    const supplier = await signUp(t.app, {
      email: supplierEmail,
      invitation: await invitationOf(supplierEmail),
    });
    const page = await list(owner, `/api/shops/${shopId}`);
    expect(page.data).toEqual([
      expect.objectContaining({
        kind: 'supplier_joined',
        title: 'Baker Bros joined OrderBridge',
        link: `/shops/${shopId}/config/suppliers`,
      }),
    ]);
    // The supplier's own first member is not told about themselves.
    const companies = (await call(supplier, 'GET', '/api/profile/companies')).json().data as { id: number }[];
    expect((await list(supplier, `/api/suppliers/${companies[0]!.id}`)).total).toBe(0);
  }, 60_000);
});

describe('dashboard counts', () => {
  it('counts orders and unprocessed documents per company and across the user’s companies', async () => {
    const w = await world();
    const shop = `/api/shops/${w.shopId}`;
    const first = await upload(w);
    await notified(w.owner, shop, 1);
    await upload(w);
    await notified(w.owner, shop, 2);
    expect(
      (await call(w.owner, 'POST', `${shop}/orders/pending-review/${first}/process`, {})).statusCode,
    ).toBe(200);

    const counts = { noOfDispute: 0, noOfMessage: 0, noOfOrders: 1, noOfUnprocessedOrders: 1 };
    expect((await call(w.owner, 'GET', `${shop}/dashboard`)).json().data).toEqual(counts);
    // The supplier sees the same order and the document addressed to it.
    expect((await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/dashboard`)).json().data).toEqual(
      counts,
    );
    // Across companies: the owner's second, empty shop adds nothing.
    await createCompany(t.app, w.owner, 'shops');
    expect((await call(w.owner, 'GET', '/api/Dashboard')).json().data).toEqual(counts);
    expect((await call(w.colleague, 'GET', '/api/dashboard')).json().data).toEqual(counts);
    expect((await t.app.inject({ method: 'GET', url: '/api/Dashboard' })).statusCode).toBe(401);
    expect((await call(w.supplier, 'GET', `${shop}/dashboard`)).statusCode).toBe(403);
  }, 120_000);
});

describe('the Home screen', () => {
  it('shows what needs attention, this month’s orders, credits outstanding and the reading per day', async () => {
    const w = await world();
    const shop = `/api/shops/${w.shopId}`;
    const supplier = `/api/suppliers/${w.supplierId}`;
    const first = await upload(w, 'INV-HOME-1');
    await notified(w.owner, shop, 1);
    await upload(w, 'INV-HOME-2');
    await notified(w.owner, shop, 2);
    expect(
      (await call(w.owner, 'POST', `${shop}/orders/pending-review/${first}/process`, {})).statusCode,
    ).toBe(200);
    const orderId = (await call(w.owner, 'GET', `${shop}/orders`)).json().data.data[0].id as number;
    const items = (await call(w.owner, 'GET', `${shop}/orders/${orderId}/items`)).json().data.data as TRow[];
    const eggs = items.find((i) => i.itemCode === 'B2')!;
    const disputed = await call(w.owner, 'POST', `${shop}/disputes`, {
      orderId,
      itemId: eggs.id,
      reason: 'damaged',
      quantity: 2,
    });
    expect(disputed.statusCode).toBe(201);

    const home = (await call(w.owner, 'GET', `${shop}/home`)).json().data;
    expect(home.counts).toEqual({ noOfDispute: 1, noOfMessage: 0, noOfOrders: 1, noOfUnprocessedOrders: 1 });
    expect(home.toReview.total).toBe(1);
    expect(home.toReview.items[0]).toMatchObject({
      fileName: 'INV-HOME-2.pdf',
      supplierName: 'Fresh Farm',
      status: 'pending_review',
    });
    // The shop waits for nothing yet: its dispute is the supplier's to answer.
    expect(home.disputesWaiting.total).toBe(0);
    // The invoice's total: 10 × 2.50 + 5 × 3.20 = 41.00 net, 49.20 with VAT, bought from Fresh Farm this month.
    expect(home.month).toEqual({
      // The invoice prints no currency.
      totals: [{ currency: null, total: 49.2 }],
      byPartner: [{ name: 'Fresh Farm', currency: null, total: 49.2, orders: 1 }],
    });
    expect(home.creditsOutstanding).toEqual({ amounts: [{ currency: null, amount: 6.4 }], disputes: 1 });
    expect(home.documentsPerDay).toHaveLength(14);
    const today = new Date().toISOString().slice(0, 10);
    expect(home.documentsPerDay.at(-1)).toEqual({ date: today, read: 2, straightThrough: 0 });
    expect(home.documentsPerDay.slice(0, -1).every((d: TRow) => d.read === 0)).toBe(true);

    const theirs = (await call(w.supplier, 'GET', `${supplier}/home`)).json().data;
    expect(theirs.toReview).toEqual({ total: 0, items: [] });
    expect(theirs.disputesWaiting.total).toBe(1);
    expect(theirs.disputesWaiting.items[0]).toMatchObject({
      item: 'Eggs x12',
      status: 'open',
      disputeVal: 6.4,
    });
    expect(theirs.month.byPartner).toEqual([
      { name: expect.stringMatching(/^Company \d+$/), currency: null, total: 49.2, orders: 1 },
    ]);
    expect((await call(w.supplier, 'GET', `${shop}/home`)).statusCode).toBe(403);
  }, 180_000);

  it('never adds money of different currencies: one total per currency', async () => {
    const w = await world();
    const shop = `/api/shops/${w.shopId}`;
    const euros = await upload(w, 'INV-CUR-1');
    await notified(w.owner, shop, 1);
    const pounds = await upload(w, 'INV-CUR-2');
    await notified(w.owner, shop, 2);
    // The invoices print no currency: a person sets one on each.
    for (const [id, currency] of [
      [euros, 'EUR'],
      [pounds, 'GBP'],
    ] as const) {
      const set = await call(w.owner, 'PATCH', `${shop}/orders/pending-review/${id}`, { currency });
      expect(set.statusCode).toBe(200);
    }
    for (const id of [euros, pounds]) {
      const done = await call(w.owner, 'POST', `${shop}/orders/pending-review/${id}/process`, {
        override: true,
      });
      expect(done.statusCode).toBe(200);
    }

    const home = (await call(w.owner, 'GET', `${shop}/home`)).json().data;
    expect(home.month.totals).toHaveLength(2);
    expect(home.month.totals).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', total: 49.2 },
        { currency: 'GBP', total: 49.2 },
      ]),
    );
    expect(home.month.byPartner).toEqual(
      expect.arrayContaining([
        { name: 'Fresh Farm', currency: 'EUR', total: 49.2, orders: 1 },
        { name: 'Fresh Farm', currency: 'GBP', total: 49.2, orders: 1 },
      ]),
    );
  }, 180_000);
});

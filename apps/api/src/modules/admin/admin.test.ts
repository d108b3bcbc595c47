import { AUDIT_REASON_HEADER } from '@orderbridge/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/index.js';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  PASSWORD,
  signIn,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { operatorCommand } from './operators.js';

let t: TTestApp;
let operator: TSession;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signUp(t.app, { firstName: 'Olga' });
  expect((await operatorCommand(t.app.db, 'http://orderbridge.test', ['add', operator.email])).code).toBe(0);
});
afterAll(() => t.close());

const REASON = 'Support ticket 4711';
type TCall = { method?: 'GET' | 'POST' | 'PATCH'; payload?: object; reason?: string | null; token?: string };
/** An operator call (with a reason unless told otherwise). */
const op = (url: string, { method = 'GET', payload, reason = REASON, token = operator.token }: TCall = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(reason === null ? {} : { [AUDIT_REASON_HEADER]: reason }) },
    ...(payload ? { payload } : {}),
  });

const lastAudit = async () => (await op('/api/admin/audit?PerPage=1')).json().data.data[0];

describe('operators are made only on the command line', () => {
  it('adds an existing account, makes a new one with a set-password link, lists and removes', async () => {
    const db = t.app.db;
    const person = await signUp(t.app);
    expect((await op('/api/admin/me', { token: person.token })).statusCode).toBe(403);
    expect(await operatorCommand(db, 'http://ob.test', ['add', person.email])).toEqual({
      code: 0,
      lines: [`${person.email} is now an operator.`],
    });
    const me = await op('/api/admin/me', { token: person.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual({ userId: person.userId, email: person.email });
    expect((await operatorCommand(db, 'http://ob.test', ['add', person.email])).lines[0]).toContain(
      'was already an operator',
    );

    // No account yet: one is made, and its owner sets the password through the printed link.
    const fresh = uniqueEmail('ops');
    const added = await operatorCommand(db, 'http://ob.test', ['add', fresh]);
    expect(added.code).toBe(0);
    const link = new URL(added.lines.at(-1)!);
    expect(link.pathname).toBe('/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token: link.searchParams.get('token'), password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const session = await signIn(t.app, fresh);
    expect((await op('/api/admin/me', { token: session.token })).statusCode).toBe(200);

    const list = await operatorCommand(db, 'http://ob.test', ['list']);
    expect(list.lines.join('\n')).toContain(fresh);
    expect((await operatorCommand(db, 'http://ob.test', ['remove', fresh])).code).toBe(0);
    expect((await operatorCommand(db, 'http://ob.test', ['remove', fresh])).code).toBe(1);
    // The role is checked on every request: the removed operator is refused at once.
    expect((await op('/api/admin/me', { token: session.token })).statusCode).toBe(403);
    for (const bad of [[], ['add'], ['add', 'not-an-email'], ['grant', fresh], ['list', 'x']]) {
      expect((await operatorCommand(db, 'http://ob.test', bad)).code).toBe(2);
    }
  });

  it('never through registration', async () => {
    const email = uniqueEmail('sneaky');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'S',
        lastName: 'N',
        roles: ['operator'],
        operator: true,
      },
    });
    expect(reg.statusCode).toBe(201);
    expect((await t.app.services.operators.list()).map((o) => o.email)).not.toContain(email);
  });
});

describe('audit log', () => {
  it('refuses company-data reads without a reason and records who, what, when and why', async () => {
    const missing = await op('/api/admin/companies', { reason: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, errors: { reason: [expect.any(String)] } });
    expect((await op('/api/admin/companies', { reason: 'why' })).statusCode).toBe(400);

    const owner = await signUp(t.app);
    const shopId = await createCompany(t.app, owner, 'shops', 'Audit Corner');
    const before = Date.now();
    // Any language: the header carries the reason URL-encoded.
    const reason = 'Rückfrage des Kunden über Telefon';
    const read = await op(`/api/admin/companies/${shopId}`, { reason: encodeURIComponent(reason) });
    expect(read.statusCode).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      operatorEmail: operator.email,
      action: 'company.read',
      method: 'GET',
      target: `/api/admin/companies/${shopId}`,
      companyId: shopId,
      companyName: 'Audit Corner',
      reason,
    });
    expect(new Date(entry.timestamp).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const byCompany = await op(`/api/admin/audit?companyId=${shopId}`);
    expect(byCompany.json().data.data.map((e: { action: string }) => e.action)).toEqual(['company.read']);
    const byOperator = await op(
      `/api/admin/audit?operator=${encodeURIComponent(operator.email.toUpperCase())}&action=company.read`,
    );
    expect(byOperator.json().data.total).toBeGreaterThanOrEqual(1);
    // Company users cannot read the log, nor any operator route.
    expect((await op('/api/admin/audit', { token: owner.token })).statusCode).toBe(403);
    expect((await op('/api/admin/audit?Page=0')).statusCode).toBe(400);
  });
});

describe('companies', () => {
  it('lists, searches and filters in the Company (admin) shape, and edits plan, billing, approval and model', async () => {
    const owner = await signUp(t.app);
    const shopId = await createCompany(t.app, owner, 'shops', 'Zebra Grocers');
    const supplierId = await createCompany(t.app, owner, 'suppliers', 'Zebra Farms');
    const list = await op('/api/admin/companies?search=zebra');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(2);
    // Sorted by name: Farms before Grocers.
    expect(list.json().data.data[1]).toMatchObject({
      companyId: shopId,
      companyName: 'Zebra Grocers',
      companyMainEmail: expect.any(String),
      aiModel: 'builtin',
      requireApproval: false,
      plan: 'Business',
      billingCycle: 'Monthly',
      types: ['shops'],
      suspended: false,
      userCount: 1,
    });
    const suppliers = await op('/api/admin/companies?search=zebra&type=suppliers');
    expect(suppliers.json().data.data.map((c: { companyId: number }) => c.companyId)).toEqual([supplierId]);

    const patched = await op(`/api/admin/companies/${supplierId}`, {
      method: 'PATCH',
      payload: { plan: 'Enterprise', billingCycle: 'Yearly', requireApproval: true, aiModel: 'builtin' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      plan: 'Enterprise',
      billingCycle: 'Yearly',
      requireApproval: true,
    });
    expect(patched.json().data.userProfiles).toEqual([
      expect.objectContaining({ emailAddress: owner.email, role: 'admin' }),
    ]);
    expect((await lastAudit()).action).toBe('company.update');
    const enterprise = await op('/api/admin/companies?search=zebra&plan=Enterprise&billingCycle=Yearly');
    expect(enterprise.json().data.data.map((c: { companyId: number }) => c.companyId)).toEqual([supplierId]);
    // The member sees the approval setting in their profile.
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(owner.token) });
    expect(profile.json().data.suppliers[0]).toMatchObject({
      requireApproval: true,
      orderApprovalEnabled: true,
    });

    const shops = await op('/api/admin/shops?search=zebra');
    expect(shops.json().data.data).toEqual([
      { clientId: shopId, clientName: 'Zebra Grocers', aiModal: 'builtin', requireApproval: false },
    ]);
    const models = await op('/api/admin/models', { reason: null });
    expect(models.json().data).toEqual([{ id: 'builtin', label: 'Built-in reader' }]);

    const unknownModel = await op(`/api/admin/companies/${shopId}`, {
      method: 'PATCH',
      payload: { aiModel: 'gpt-imaginary' },
    });
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json().errors.aiModel).toBeDefined();
    for (const payload of [{}, { plan: 'Gold' }, { billingCycle: 'Weekly' }, { requireApproval: 'yes' }]) {
      expect((await op(`/api/admin/companies/${shopId}`, { method: 'PATCH', payload })).statusCode).toBe(400);
    }
    expect((await op('/api/admin/companies?type=banks')).statusCode).toBe(400);
    expect((await op('/api/admin/companies/999999')).statusCode).toBe(404);
    expect((await op('/api/admin/companies/abc')).statusCode).toBe(400);
    // Nothing was lost by the refused edits.
    expect((await op(`/api/admin/companies/${supplierId}`)).json().data.plan).toBe('Enterprise');
  });

  it('suspends: users of only that company cannot sign in, users of several keep the others; data stays', async () => {
    const only = await signUp(t.app);
    const both = await signUp(t.app);
    const shopId = await createCompany(t.app, only, 'shops', 'Suspended Shop');
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(only.token),
      payload: { email: both.email, role: 'member' },
    });
    expect(invite.statusCode).toBe(201);
    const otherId = await createCompany(t.app, both, 'suppliers', 'Still Active');
    const token = (
      await t.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
      })
    )
      .json()
      .data.find((m: { to: string }) => m.to.includes(both.email))
      .links[0].split('invitation=')[1];
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: bearer(both.token),
      payload: { token },
    });
    expect(accept.statusCode).toBe(200);

    expect(
      (await op(`/api/admin/companies/${shopId}/suspend`, { method: 'POST', payload: {} })).statusCode,
    ).toBe(400);
    const suspended = await op(`/api/admin/companies/${shopId}/suspend`, {
      method: 'POST',
      payload: { reason: 'Unpaid invoices since March' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({
      suspended: true,
      suspendedReason: 'Unpaid invoices since March',
    });
    expect((await lastAudit()).action).toBe('company.suspend');
    const twice = await op(`/api/admin/companies/${shopId}/suspend`, {
      method: 'POST',
      payload: { reason: 'again!' },
    });
    expect(twice.statusCode).toBe(409);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: only.email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('suspended');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh-token',
      payload: { refreshToken: only.refreshToken, accessToken: only.token, deviceId: only.deviceId },
    });
    expect(refresh.statusCode).toBe(403);
    // A live token of the suspended company's user reaches none of its routes.
    const guarded = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${shopId}/users`,
      headers: bearer(only.token),
    });
    expect(guarded.statusCode).toBe(403);
    expect(guarded.json().message).toContain('suspended');

    // A user of another company signs in to that one; the suspended company is out of their profile.
    const multi = await signIn(t.app, both.email);
    expect(multi.companyId).toBe(otherId);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(multi.token) });
    expect(profile.json().data.companies.map((c: { id: number }) => c.id)).toEqual([otherId]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/users`, headers: bearer(multi.token) }))
        .statusCode,
    ).toBe(403);
    const filtered = await op('/api/admin/companies?status=suspended&search=Suspended%20Shop');
    expect(filtered.json().data.data.map((c: { companyId: number }) => c.companyId)).toEqual([shopId]);

    const back = await op(`/api/admin/companies/${shopId}/reactivate`, { method: 'POST' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ suspended: false, suspendedAt: null, userCount: 2 });
    expect((await op(`/api/admin/companies/${shopId}/reactivate`, { method: 'POST' })).statusCode).toBe(409);
    const again = await signIn(t.app, only.email);
    const users = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${shopId}/users`,
      headers: bearer(again.token),
    });
    expect(users.json().data.total).toBe(2);
  });
});

describe('orders, documents and the training queue across companies', () => {
  async function world() {
    const shop = await signUp(t.app);
    const shopId = await createCompany(t.app, shop, 'shops', `Queue Shop ${Date.now()}`);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/suppliers`,
      headers: bearer(shop.token),
      payload: { supplierEmail: uniqueEmail('supplier'), supplierName: 'Fresh Farm' },
    });
    expect(link.statusCode).toBe(201);
    return { shop, shopId, linkId: link.json().data.shopSupplierId as number };
  }

  async function upload(w: Awaited<ReturnType<typeof world>>, invoiceNum: string) {
    const pdf = await invoicePdf({
      vendor: 'Fresh Farm Foods',
      invoiceNum,
      orderNum: 'PO-9',
      date: '2026-11-02',
      lines: [
        { code: 'A100', description: 'Organic apples 1kg', qty: 10, price: 2.5 },
        { code: 'B200', description: 'Free range eggs x12', qty: 5, price: 3.2 },
      ],
    });
    const form = multipart(
      { ShopSupplierId: String(w.linkId) },
      { field: 'File', name: `${invoiceNum}.pdf`, type: 'application/pdf', bytes: pdf },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shopId}/orders/upload`,
      headers: { ...bearer(w.shop.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.tempOrderId as number;
  }

  async function readingDone(id: number) {
    for (const end = Date.now() + 60_000; Date.now() < end; ) {
      const res = await op(`/api/admin/documents/${id}`);
      if (res.json().data.status !== 'reading') return res.json().data;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`document ${id} still reading`);
  }

  it('shows documents in training, re-reads one, corrects and processes it on behalf of the shop', async () => {
    const w = await world();
    const id = await upload(w, 'INV-9001');
    const detail = await readingDone(id);
    expect(detail).toMatchObject({
      tempOrderId: id,
      shopId: w.shopId,
      status: 'pending_review',
      isInTraining: true,
      aiModel: 'builtin',
      headers: { invoiceNum: 'INV-9001' },
      processedBy: null,
    });
    expect(detail.items).toHaveLength(2);
    expect(detail.issues).toEqual(expect.any(Array));
    expect((await lastAudit()).companyId).toBe(w.shopId);

    const queue = await op(`/api/admin/documents?inTraining=true&shopId=${w.shopId}`);
    expect(queue.json().data.data).toEqual([
      expect.objectContaining({
        tempOrderId: id,
        shopName: expect.stringContaining('Queue Shop'),
        urgent: false,
      }),
    ]);
    const training = await op(`/api/admin/training?search=${encodeURIComponent('Queue Shop')}`);
    const row = training
      .json()
      .data.data.find((r: { shopSupplierId: number }) => r.shopSupplierId === w.linkId);
    expect(row).toMatchObject({
      shopId: w.shopId,
      supplierName: 'Fresh Farm',
      totalInTrainingOrders: 1,
      totalPendingReviewOrders: 1,
      totalUrgentTrainOrders: 0,
      corrections: 0,
    });
    // Waiting since the document arrived (the link's training_since, kept by a trigger on documents).
    const [arrived] = await t.app.db
      .select({ at: documents.createdAt })
      .from(documents)
      .where(eq(documents.id, id));
    expect(row.oldestWaiting).toBe(arrived!.at.toISOString());
    // The list's queries are validated like every list's.
    for (const [query, field] of [
      ['search=ab', 'search'],
      ['sort=newest', 'sort'],
      ['urgent=maybe', 'urgent'],
      ['cursor=nope', 'cursor'],
    ] as const) {
      const bad = await op(`/api/admin/training?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
    }
    const file = await op(`/api/admin/documents/${id}/invoice-url`);
    expect(file.statusCode).toBe(200);
    const bytes = await t.app.inject({
      method: 'GET',
      url: new URL(file.json().data.url, 'http://x').pathname,
    });
    expect(bytes.headers['content-type']).toBe('application/pdf');

    // Read again with another model: only configured models are accepted; the built-in one reads it afresh.
    const unknown = await op(`/api/admin/documents/${id}/reread`, {
      method: 'POST',
      payload: { aiModel: 'nope' },
    });
    expect(unknown.statusCode).toBe(400);
    const reread = await op(`/api/admin/documents/${id}/reread`, {
      method: 'POST',
      payload: { aiModel: 'builtin' },
    });
    expect(reread.statusCode).toBe(200);
    expect(reread.json().data.status).toBe('reading');
    const fresh = await readingDone(id);
    expect(fresh.items).toHaveLength(2);

    // Corrections on the shop's behalf: each one counts, five make the supplier's waiting documents urgent.
    for (let i = 0; i < 5; i++) {
      const fix = await op(`/api/admin/documents/${id}`, {
        method: 'PATCH',
        payload: { headers: { reference: `Week ${45 + i}` } },
      });
      expect(fix.statusCode).toBe(200);
    }
    // A new reading makes new item rows.
    const itemId = fresh.items[0].id;
    const item = await op(`/api/admin/documents/${id}/item/${itemId}`, {
      method: 'PATCH',
      payload: { itemDesc: 'Organic apples 1 kg bag' },
    });
    expect(item.json().data.items[0].itemDesc).toBe('Organic apples 1 kg bag');
    const badItem = await op(`/api/admin/documents/${id}/item/${itemId}`, {
      method: 'PATCH',
      payload: { vat: 400 },
    });
    expect(badItem.statusCode).toBe(400);
    const urgent = await op(`/api/admin/documents?urgent=true&shopId=${w.shopId}`);
    expect(urgent.json().data.data).toEqual([
      expect.objectContaining({ tempOrderId: id, urgent: true, corrections: 6 }),
    ]);
    const urgentLinks = await op(
      `/api/admin/training?urgent=true&search=${encodeURIComponent('Queue Shop')}`,
    );
    expect(
      urgentLinks.json().data.data.find((r: { shopSupplierId: number }) => r.shopSupplierId === w.linkId),
    ).toMatchObject({
      corrections: 6,
      totalUrgentTrainOrders: 1,
    });

    const processed = await op(`/api/admin/documents/${id}/process`, {
      method: 'POST',
      payload: { override: true },
    });
    expect(processed.statusCode).toBe(200);
    expect((await lastAudit()).action).toBe('document.process');
    // Its only document in training is processed: the link leaves the training list.
    const afterwards = await op(`/api/admin/training?search=${encodeURIComponent('Queue Shop')}`);
    expect(
      afterwards.json().data.data.some((r: { shopSupplierId: number }) => r.shopSupplierId === w.linkId),
    ).toBe(false);
    const orderId = processed.json().data.orderId as number;
    expect(processed.json().data.processedBy).toEqual({
      name: 'Olga Lovelace',
      email: operator.email,
      operator: true,
    });
    // The shop sees who did it: on the document and as the order's last editor.
    const shopView = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${w.shopId}/orders/pending-review/${id}`,
      headers: bearer(w.shop.token),
    });
    expect(shopView.json().data.processedBy).toMatchObject({ email: operator.email, operator: true });
    const shopOrder = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${w.shopId}/orders/${orderId}`,
      headers: bearer(w.shop.token),
    });
    expect(shopOrder.json().data.updatedBy).toBe(operator.email);
    expect(shopOrder.json().data.items[0].itemDesc).toBe('Organic apples 1 kg bag');

    const orders = await op(`/api/admin/orders?shopId=${w.shopId}&aiModel=builtin`);
    expect(orders.json().data.data).toEqual([
      expect.objectContaining({
        id: orderId,
        clientId: w.shopId,
        invoiceNum: 'INV-9001',
        aiModel: 'builtin',
      }),
    ]);
    const order = await op(`/api/admin/orders/${orderId}`);
    expect(order.json().data).toMatchObject({ id: orderId, tempOrderId: id, inTraining: true });
    expect(await lastAudit()).toMatchObject({ action: 'order.read', companyId: w.shopId });
    expect((await op(`/api/admin/orders?shopId=${w.shopId}&status=closed`)).json().data.total).toBe(0);
    expect((await op('/api/admin/orders?from=yesterday')).statusCode).toBe(400);
    expect((await op('/api/admin/orders/999999')).statusCode).toBe(404);
    expect((await op('/api/admin/documents/999999')).statusCode).toBe(404);
    expect((await op('/api/admin/documents?urgent=maybe')).statusCode).toBe(400);
    // A processed document is an order now: it is neither read again nor processed twice.
    const late = await op(`/api/admin/documents/${id}/reread`, {
      method: 'POST',
      payload: { aiModel: 'builtin' },
    });
    expect(late.statusCode).toBe(409);
    expect((await op(`/api/admin/documents/${id}/process`, { method: 'POST', payload: {} })).statusCode).toBe(
      409,
    );
    // Two readings of one document take longer than the default on a busy machine.
  }, 120_000);
});

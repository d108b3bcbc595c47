import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invitations, shopSuppliers } from '../../db/schema/index.js';
import { createMailer } from '../../lib/mailer.js';
import {
  bearer,
  createCompany,
  createTestApp,
  lastMailTo,
  PASSWORD,
  signIn,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { createPartnersService } from './partners.service.js';

let t: TTestApp;
let owner: TSession;
let shopId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { firstName: 'Olga' });
  shopId = await createCompany(t.app, owner, 'shops', 'Corner Shop');
});
afterAll(() => t.close());

const call = (session: TSession, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(session.token), payload } as InjectOptions);

const addSupplier = (session: TSession, shop: number, supplierName: string, supplierEmail: string) =>
  call(session, 'POST', `/api/shops/${shop}/suppliers`, { supplierName, supplierEmail });

const invitationToken = (link: string) => new URL(link).searchParams.get('invitation')!;

describe('create and list suppliers', () => {
  it('creates an unclaimed supplier company, replies with the link and invites its address', async () => {
    const email = uniqueEmail('acme');
    const res = await addSupplier(owner, shopId, '  Acme Wholesale ', email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const link = res.json().data;
    expect(link).toMatchObject({
      shopId,
      supplierName: 'Acme Wholesale',
      supplierMainEmail: email,
      secondaryEmails: [],
      isAutoProcessed: false,
      skipApproval: false,
      claimed: false,
      totalOrders: 0,
      totalProcessedOrders: 0,
      totalUnprocessedOrders: 0,
      totalTrainedOrders: 0,
      totalInTrainingOrders: 0,
      totalUrgentTrainOrders: 0,
      totalPendingReviewOrders: 0,
    });
    expect(link.shopSupplierId).toBeTypeOf('number');
    expect(link.supplierId).not.toBe(shopId);

    const mail = await lastMailTo(t.app, email);
    expect(mail.subject).toBe('Corner Shop added you as a supplier on OrderBridge');
    expect(mail.text).toContain('Corner Shop added you as a supplier on OrderBridge');
    expect(mail.links[0]).toMatch(/^http:\/\/orderbridge\.test\/register\?invitation=/);

    const [company] = await t.app.db.select().from(companies).where(eq(companies.id, link.supplierId));
    expect(company).toMatchObject({ type: 'suppliers', name: 'Acme Wholesale', mainEmail: email });
  });

  it('refuses a name the shop already uses, whatever its case', async () => {
    await addSupplier(owner, shopId, 'Bolt Foods', uniqueEmail('bolt'));
    const res = await addSupplier(owner, shopId, 'bOLT fOODS', uniqueEmail('bolt2'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'You already have a supplier named "Bolt Foods". Choose another name.',
      errors: { supplierName: ['A supplier named "Bolt Foods" already exists'] },
    });
  });

  it('refuses bad input with field errors', async () => {
    const bad = await addSupplier(owner, shopId, 'Nameless', 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.supplierEmail).toEqual(['Enter a valid email address']);
    const blank = await addSupplier(owner, shopId, '   ', uniqueEmail());
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.supplierName).toEqual(['Supplier name is required']);
    const missing = await call(owner, 'POST', `/api/shops/${shopId}/suppliers`, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['supplierEmail', 'supplierName']);
    const query = await call(owner, 'GET', `/api/shops/${shopId}/suppliers?PerPage=101`);
    expect(query.statusCode).toBe(400);
    expect(query.json().errors.perpage).toEqual(['Must be at most 100']);
  });

  it('refuses adding the same supplier company twice to one shop', async () => {
    const email = uniqueEmail('twice');
    await addSupplier(owner, shopId, 'Twice Ltd', email);
    const res = await addSupplier(owner, shopId, 'Twice Again', email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The supplier with ${email} is already in your list as "Twice Ltd".`);
  });

  it('pages beyond 100 items and searches by name', async () => {
    const user = await signUp(t.app);
    const shop = await createCompany(t.app, user, 'shops', 'Big Shop');
    for (let i = 0; i < 105; i++) {
      const n = String(i).padStart(3, '0');
      const res = await addSupplier(user, shop, `Supplier ${n}`, `bulk.${shop}.${n}@example.com`);
      expect(res.statusCode).toBe(201);
    }
    const first = await call(user, 'GET', `/api/shops/${shop}/suppliers?Page=1&PerPage=100`);
    expect(first.json().data).toMatchObject({ total: 105, page: 1, perPage: 100 });
    expect(first.json().data.data).toHaveLength(100);
    expect(first.json().data.data[0].supplierName).toBe('Supplier 000');
    const second = await call(user, 'GET', `/api/shops/${shop}/suppliers?page=2&perPage=100`);
    expect(second.json().data.data.map((s: { supplierName: string }) => s.supplierName)).toEqual([
      'Supplier 100',
      'Supplier 101',
      'Supplier 102',
      'Supplier 103',
      'Supplier 104',
    ]);
    expect(second.json().data.total).toBe(105);
    // A page past the end is empty and still says how many there are.
    const beyond = await call(user, 'GET', `/api/shops/${shop}/suppliers?page=3&perPage=100`);
    expect(beyond.json().data).toMatchObject({ total: 105, page: 3, data: [] });
    const defaults = await call(user, 'GET', `/api/shops/${shop}/suppliers`);
    expect(defaults.json().data).toMatchObject({ total: 105, page: 1, perPage: 25 });
    const search = await call(user, 'GET', `/api/shops/${shop}/suppliers?search=PLIER%2010`);
    expect(search.json().data.total).toBe(5);
    const literal = await call(user, 'GET', `/api/shops/${shop}/suppliers?search=%25%25%25`);
    expect(literal.json().data.total).toBe(0);
    // On the shared list module: the cursor of each page reads the next, to the end, with every supplier once.
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${cursor}` : '';
      const res = await call(user, 'GET', `/api/shops/${shop}/suppliers?PerPage=40${after}`);
      expect(res.statusCode).toBe(200);
      names.push(...res.json().data.data.map((s: { supplierName: string }) => s.supplierName));
      cursor = res.json().data.nextCursor;
    } while (cursor);
    expect(names).toHaveLength(105);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(105);
  });

  it('refuses bad list queries with the error envelope', async () => {
    const base = `/api/shops/${shopId}/suppliers`;
    for (const [query, field, message] of [
      ['search=ab', 'search', 'Type at least 3 characters to search'],
      ['sort=newest', 'sort', 'Sort by name'],
      ['cursor=not-a-cursor', 'cursor', 'Not a cursor of this list and sort'],
      ['Page=0', 'page', 'Must be at least 1'],
    ] as const) {
      const res = await call(owner, 'GET', `${base}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, errors: { [field]: [message] } });
      expect(typeof res.json().trace).toBe('string');
    }
    // A cursor of another list (the orders list's newest-first sort) is not this one's.
    const foreign = Buffer.from(JSON.stringify(['newest', '2026-01-01', 1])).toString('base64url');
    const refused = await call(owner, 'GET', `${base}?cursor=${foreign}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ cursor: ['Not a cursor of this list and sort'] });
  });
});

describe('supplier companies shared by shops', () => {
  it('links a second shop to the supplier company with that main email', async () => {
    const email = uniqueEmail('shared');
    const a = (await addSupplier(owner, shopId, 'Shared Supplies', email)).json().data;
    const other = await signUp(t.app);
    const otherShop = await createCompany(t.app, other, 'shops', 'Other Shop');
    const res = await addSupplier(other, otherShop, 'Our Shared Guy', email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const b = res.json().data;
    expect(b.supplierId).toBe(a.supplierId);
    expect(b.shopSupplierId).not.toBe(a.shopSupplierId);
    expect((await lastMailTo(t.app, email)).subject).toBe(
      'Other Shop added you as a supplier on OrderBridge',
    );

    // The address claims it once, and the supplier then sees both shops.
    const supplier = await signUp(t.app, { email });
    const clients = await call(supplier, 'GET', `/api/suppliers/${a.supplierId}/shops`);
    expect(clients.statusCode).toBe(200);
    expect(clients.json().data.total).toBe(2);
    expect(clients.json().data.data.map((c: { name: string }) => c.name)).toEqual([
      'Corner Shop',
      'Other Shop',
    ]);
    // On the shared list module: the next page after the cursor, the name searched accent- and case-folded, the
    // spec's 400s, and a renamed shop takes its new place (the link keeps its folded name by a trigger).
    const base = `/api/suppliers/${a.supplierId}/shops`;
    const first = (await call(supplier, 'GET', `${base}?PerPage=1`)).json().data;
    expect(first).toMatchObject({ total: 2, data: [{ name: 'Corner Shop' }] });
    const next = await call(supplier, 'GET', `${base}?PerPage=1&cursor=${first.nextCursor}`);
    expect(next.json().data.data).toMatchObject([{ name: 'Other Shop' }]);
    const found = await call(supplier, 'GET', `${base}?search=%C3%96THER`);
    expect(found.json().data).toMatchObject({ total: 1, data: [{ name: 'Other Shop' }] });
    const short = await call(supplier, 'GET', `${base}?search=ot`);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.search).toEqual(['Type at least 3 characters to search']);
    expect((await call(supplier, 'GET', `${base}?sort=newest`)).statusCode).toBe(400);
    await t.app.db.update(companies).set({ name: 'Ábaco Shop' }).where(eq(companies.id, otherShop));
    const renamed = (await call(supplier, 'GET', base)).json().data.data;
    expect(renamed.map((c: { name: string }) => c.name)).toEqual(['Ábaco Shop', 'Corner Shop']);
  });

  it('links to a supplier company someone already runs, and tells its address', async () => {
    const supplierUser = await signUp(t.app);
    const email = uniqueEmail('running');
    const res = await call(supplierUser, 'POST', '/api/onboarding/company', {
      companyName: 'Running Supplier',
      companyType: 'suppliers',
      companyMainEmail: email,
    });
    const supplierId = res.json().data.companyId;
    const link = (await addSupplier(owner, shopId, 'Runner', email)).json().data;
    expect(link).toMatchObject({ supplierId, claimed: true, supplierName: 'Runner' });
    const mail = await lastMailTo(t.app, email);
    expect(mail.text).toContain('Corner Shop added Running Supplier as a supplier on OrderBridge.');
    expect(mail.links[0]).toBe('http://orderbridge.test/login');
    // No one is invited into a company that has its people already.
    const pending = await t.app.db.select().from(invitations).where(eq(invitations.companyId, supplierId));
    expect(pending).toHaveLength(0);
  });

  it('makes a new supplier company for an address that belongs to a shop only', async () => {
    const email = uniqueEmail('shopmail');
    const shopper = await signUp(t.app);
    await call(shopper, 'POST', '/api/onboarding/company', {
      companyName: 'A Shop',
      companyType: 'shops',
      companyMainEmail: email,
    });
    const link = (await addSupplier(owner, shopId, 'Also Sells', email)).json().data;
    const [company] = await t.app.db.select().from(companies).where(eq(companies.id, link.supplierId));
    expect(company!.type).toBe('suppliers');
  });
});

describe('claiming a supplier company', () => {
  it('a new user who registers through the invitation link becomes its admin', async () => {
    const email = uniqueEmail('claim-link');
    const link = (await addSupplier(owner, shopId, 'Claim By Link', email)).json().data;
    const token = invitationToken((await lastMailTo(t.app, email)).links[0]!);
    const user = await signUp(t.app, { email, invitation: token });
    const login = await call(user, 'GET', '/api/profile');
    expect(login.json().data.suppliers).toEqual([
      expect.objectContaining({ id: link.supplierId, name: 'Claim By Link', roles: ['admin'] }),
    ]);
    expect(user).toMatchObject({ companyId: link.supplierId, role: 'admin' });
    const clients = await call(user, 'GET', `/api/suppliers/${link.supplierId}/clients`);
    expect(clients.json().data.data).toEqual([
      {
        id: link.shopSupplierId,
        name: 'Corner Shop',
        logoURL: null,
        email: expect.stringContaining('@example.com'),
        supplierClientId: link.shopSupplierId,
        clientId: shopId,
        clientName: 'Corner Shop',
        clientEmail: expect.any(String),
      },
    ]);
    const listed = await call(owner, 'GET', `/api/shops/${shopId}/suppliers?search=Claim%20By%20Link`);
    expect(listed.json().data.data[0].claimed).toBe(true);
  });

  it('a new user who registers and confirms the address without the link becomes its admin', async () => {
    const email = uniqueEmail('claim-confirm');
    const link = (await addSupplier(owner, shopId, 'Claim By Confirm', email)).json().data;
    const user = await signUp(t.app, { email });
    expect(user).toMatchObject({ companyId: link.supplierId, role: 'admin' });
    const pending = await t.app.db
      .select()
      .from(invitations)
      .where(eq(invitations.companyId, link.supplierId));
    expect(pending.every((i) => i.acceptedAt !== null)).toBe(true);
    // Someone else registering later with another address gains nothing.
    const stranger = await signUp(t.app);
    const denied = await call(stranger, 'GET', `/api/suppliers/${link.supplierId}/shops`);
    expect(denied.statusCode).toBe(403);
  });

  it('an existing user accepts through the link while signed in, or by signing in through it', async () => {
    const email = uniqueEmail('existing');
    const user = await signUp(t.app, { email });
    const first = (await addSupplier(owner, shopId, 'Existing One', email)).json().data;
    const token = invitationToken((await lastMailTo(t.app, email)).links[0]!);
    const accept = await call(user, 'POST', '/api/invitations/accept', { token });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().data).toEqual({ companyId: first.supplierId, companyType: 'suppliers' });

    const email2 = uniqueEmail('existing2');
    await signUp(t.app, { email: email2 });
    const second = (await addSupplier(owner, shopId, 'Existing Two', email2)).json().data;
    const token2 = invitationToken((await lastMailTo(t.app, email2)).links[0]!);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: email2, password: PASSWORD, invitation: token2 },
    });
    expect(login.statusCode).toBe(200);
    const session = await signIn(t.app, email2);
    const shops = await call(session, 'GET', `/api/suppliers/${second.supplierId}/shops`);
    expect(shops.statusCode).toBe(200);
    expect(shops.json().data.total).toBe(1);
  });

  it('sends the invitation again while the supplier is unclaimed, a few times an hour', async () => {
    const email = uniqueEmail('again');
    const link = (await addSupplier(owner, shopId, 'Invite Again', email)).json().data;
    const first = (await lastMailTo(t.app, email)).links[0];
    const url = `/api/shops/${shopId}/suppliers/${link.shopSupplierId}/invitation`;
    const res = await call(owner, 'POST', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Invitation sent to ${email}.`);
    const second = (await lastMailTo(t.app, email)).links[0];
    expect(second).not.toBe(first);
    await call(owner, 'POST', url);
    await call(owner, 'POST', url);
    const limited = await call(owner, 'POST', url);
    expect(limited.statusCode).toBe(429);
    // Either link claims it.
    const user = await signUp(t.app, { email, invitation: invitationToken(second!) });
    expect(user).toMatchObject({ companyId: link.supplierId, role: 'admin' });
    const claimed = await call(owner, 'POST', url);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().message).toBe('Invite Again is already on OrderBridge.');
    const unknown = await call(owner, 'POST', `/api/shops/${shopId}/suppliers/999999/invitation`);
    expect(unknown.statusCode).toBe(404);
  });

  it('the invitation is for its address only', async () => {
    const email = uniqueEmail('only');
    await addSupplier(owner, shopId, 'Only For You', email);
    const token = invitationToken((await lastMailTo(t.app, email)).links[0]!);
    const intruder = await signUp(t.app);
    const res = await call(intruder, 'POST', '/api/invitations/accept', { token });
    expect(res.statusCode).toBe(403);
  });
});

describe('edit and delete suppliers', () => {
  it('edits name, addresses and flags', async () => {
    const link = (await addSupplier(owner, shopId, 'Editable', uniqueEmail('edit'))).json().data;
    const url = `/api/shops/${shopId}/suppliers/${link.shopSupplierId}`;
    const res = await call(owner, 'PATCH', url, {
      supplierName: 'Edited',
      secondaryEmails: ['Orders@Edited.example', 'orders@edited.example', 'billing@edited.example'],
      isAutoProcessed: true,
      skipApproval: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      shopSupplierId: link.shopSupplierId,
      supplierName: 'Edited',
      secondaryEmails: ['orders@edited.example', 'billing@edited.example'],
      isAutoProcessed: true,
      skipApproval: true,
    });
    const partial = await call(owner, 'PATCH', url, { skipApproval: false });
    expect(partial.json().data).toMatchObject({
      supplierName: 'Edited',
      isAutoProcessed: true,
      skipApproval: false,
    });
    // The shop owns the details of a supplier nobody has claimed: the company is renamed too.
    const [company] = await t.app.db.select().from(companies).where(eq(companies.id, link.supplierId));
    expect(company!.name).toBe('Edited');
  });

  it('refuses bad edits with clear messages', async () => {
    await addSupplier(owner, shopId, 'Taken Name', uniqueEmail('taken'));
    const otherEmail = uniqueEmail('other');
    await addSupplier(owner, shopId, 'Other Mail', otherEmail);
    const link = (await addSupplier(owner, shopId, 'To Edit', uniqueEmail('toedit'))).json().data;
    const url = `/api/shops/${shopId}/suppliers/${link.shopSupplierId}`;
    const dup = await call(owner, 'PATCH', url, { supplierName: 'TAKEN NAME' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.supplierName).toBeDefined();
    const clash = await call(owner, 'PATCH', url, { secondaryEmails: [otherEmail] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`${otherEmail} already belongs to your supplier "Other Mail".`);
    expect(clash.json().errors.secondaryEmails).toBeDefined();
    const mainClash = await call(owner, 'PATCH', url, { supplierMainEmail: otherEmail });
    expect(mainClash.statusCode).toBe(409);
    expect(mainClash.json().errors.supplierMainEmail).toEqual([
      `${otherEmail} already belongs to "Other Mail"`,
    ]);
    const empty = await call(owner, 'PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    const badMail = await call(owner, 'PATCH', url, { secondaryEmails: ['nope'] });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().errors['secondaryEmails.0']).toEqual(['Enter a valid email address']);
    const badFlag = await call(owner, 'PATCH', url, { skipApproval: 'yes' });
    expect(badFlag.statusCode).toBe(400);
    const badId = await call(owner, 'PATCH', `/api/shops/${shopId}/suppliers/abc`, { skipApproval: true });
    expect(badId.statusCode).toBe(400);
    const unknown = await call(owner, 'PATCH', `/api/shops/${shopId}/suppliers/999999`, {
      skipApproval: true,
    });
    expect(unknown.statusCode).toBe(404);
    // Nothing stored was lost on the way.
    const after = await call(owner, 'GET', `/api/shops/${shopId}/suppliers?search=To%20Edit`);
    expect(after.json().data.data[0]).toMatchObject({ supplierName: 'To Edit', secondaryEmails: [] });
  });

  it('re-invites an unclaimed supplier at its corrected address', async () => {
    const typo = uniqueEmail('typo');
    const link = (await addSupplier(owner, shopId, 'Typo Supplies', typo)).json().data;
    const typoToken = invitationToken((await lastMailTo(t.app, typo)).links[0]!);
    const fixed = uniqueEmail('fixed');
    const res = await call(owner, 'PATCH', `/api/shops/${shopId}/suppliers/${link.shopSupplierId}`, {
      supplierMainEmail: fixed,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ supplierId: link.supplierId, supplierMainEmail: fixed });
    expect((await lastMailTo(t.app, fixed)).subject).toBe(
      'Corner Shop added you as a supplier on OrderBridge',
    );
    const [company] = await t.app.db.select().from(companies).where(eq(companies.id, link.supplierId));
    expect(company!.mainEmail).toBe(fixed);
    // The link sent to the wrong address no longer works.
    const wrong = await t.app.inject({ method: 'GET', url: `/api/invitations/${typoToken}` });
    expect(wrong.statusCode).toBe(404);
    const person = await signUp(t.app, { email: fixed });
    expect(person).toMatchObject({ companyId: link.supplierId, role: 'admin' });
  });

  it('moves an unclaimed supplier to the supplier company that owns the corrected address', async () => {
    const runner = await signUp(t.app);
    const realEmail = uniqueEmail('real');
    const real = await call(runner, 'POST', '/api/onboarding/company', {
      companyName: 'Real Supplier',
      companyType: 'suppliers',
      companyMainEmail: realEmail,
    });
    const realId = real.json().data.companyId;
    const link = (await addSupplier(owner, shopId, 'Wrong Address Ltd', uniqueEmail('wrong'))).json().data;
    const res = await call(owner, 'PATCH', `/api/shops/${shopId}/suppliers/${link.shopSupplierId}`, {
      supplierMainEmail: realEmail.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      supplierId: realId,
      claimed: true,
      supplierName: 'Wrong Address Ltd',
    });
    const old = await t.app.db.select().from(companies).where(eq(companies.id, link.supplierId));
    expect(old).toHaveLength(0);
    const clients = await call(runner, 'GET', `/api/suppliers/${realId}/shops`);
    expect(clients.json().data.data.map((c: { clientId: number }) => c.clientId)).toEqual([shopId]);
  });

  it('keeps a claimed supplier when the shop changes the address it knows it by', async () => {
    const email = uniqueEmail('kept');
    const link = (await addSupplier(owner, shopId, 'Kept Supplier', email)).json().data;
    await signUp(t.app, { email });
    const other = uniqueEmail('kept-other');
    const res = await call(owner, 'PATCH', `/api/shops/${shopId}/suppliers/${link.shopSupplierId}`, {
      supplierMainEmail: other,
    });
    expect(res.json().data).toMatchObject({ supplierId: link.supplierId, supplierMainEmail: other });
  });

  it('deletes a supplier, and the unclaimed company with it', async () => {
    const link = (await addSupplier(owner, shopId, 'Short Lived', uniqueEmail('short'))).json().data;
    const url = `/api/shops/${shopId}/suppliers/${link.shopSupplierId}`;
    const res = await call(owner, 'DELETE', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Supplier deleted.' });
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
    const rows = await t.app.db.select().from(companies).where(eq(companies.id, link.supplierId));
    expect(rows).toHaveLength(0);
    // The name is free again.
    expect((await addSupplier(owner, shopId, 'Short Lived', uniqueEmail('short'))).statusCode).toBe(201);
  });

  it('refuses deleting a supplier that orders reference', async () => {
    const link = (await addSupplier(owner, shopId, 'Has Orders', uniqueEmail('orders'))).json().data;
    const partners = createPartnersService({
      db: t.app.db,
      mailer: createMailer({ outboxDir: `${t.dataDir}/outbox`, from: 'test@orderbridge.test' }),
      config: { publicUrl: 'http://orderbridge.test' },
      issueInvitation: t.app.services.companies.issueInvitation,
      notify: t.app.services.notifications.notify,
      orderMetrics: async (_shop, ids) =>
        new Map(ids.map((id) => [id, { totalOrders: 3, totalProcessedOrders: 2 }])),
    });
    expect((await partners.get(shopId, link.shopSupplierId)).totalProcessedOrders).toBe(2);
    await expect(partners.remove(shopId, link.shopSupplierId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: '"Has Orders" has 3 orders, so it cannot be deleted. Orders must keep their supplier.',
    });
    const still = await t.app.db
      .select()
      .from(shopSuppliers)
      .where(eq(shopSuppliers.id, link.shopSupplierId));
    expect(still).toHaveLength(1);
    // Nor does it move to another supplier company: its orders would lose their supplier.
    const other = await signUp(t.app);
    const otherEmail = uniqueEmail('other-supplier');
    await call(other, 'POST', '/api/onboarding/company', {
      companyName: 'Other Supplier',
      companyType: 'suppliers',
      companyMainEmail: otherEmail,
    });
    await expect(
      partners.update(shopId, owner.userId, link.shopSupplierId, { supplierMainEmail: otherEmail }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await partners.get(shopId, link.shopSupplierId)).supplierId).toBe(link.supplierId);
  });

  it('lets any member add a supplier but only admins edit or delete', async () => {
    const memberEmail = uniqueEmail('member');
    await call(owner, 'POST', `/api/shops/${shopId}/users/invite`, { email: memberEmail, role: 'member' });
    const token = invitationToken((await lastMailTo(t.app, memberEmail)).links[0]!);
    const member = await signUp(t.app, { email: memberEmail, invitation: token });
    const created = await addSupplier(member, shopId, 'Member Added', uniqueEmail('madded'));
    expect(created.statusCode).toBe(201);
    const url = `/api/shops/${shopId}/suppliers/${created.json().data.shopSupplierId}`;
    expect((await call(member, 'PATCH', url, { skipApproval: true })).statusCode).toBe(403);
    expect((await call(member, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(member, 'GET', `/api/shops/${shopId}/suppliers`)).statusCode).toBe(200);
  });
});

describe('isolation', () => {
  it('a shop never sees or touches another shop’s suppliers', async () => {
    const mine = (await addSupplier(owner, shopId, 'Private Supplier', uniqueEmail('private'))).json().data;
    const other = await signUp(t.app);
    const otherShop = await createCompany(t.app, other, 'shops', 'Nosy Shop');
    const list = await call(other, 'GET', `/api/shops/${otherShop}/suppliers?search=Private`);
    expect(list.json().data.total).toBe(0);
    const url = `/api/shops/${otherShop}/suppliers/${mine.shopSupplierId}`;
    expect((await call(other, 'PATCH', url, { supplierName: 'Mine now' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', url)).statusCode).toBe(404);
    const direct = await call(other, 'GET', `/api/shops/${shopId}/suppliers`);
    expect(direct.statusCode).toBe(403);
    const sneaky = await call(other, 'PATCH', `/api/shops/${shopId}/suppliers/${mine.shopSupplierId}`, {
      supplierName: 'Mine now',
    });
    expect(sneaky.statusCode).toBe(403);
    // The same name is fine in another shop.
    expect((await addSupplier(other, otherShop, 'Private Supplier', uniqueEmail())).statusCode).toBe(201);
  });

  it('a supplier sees only the shops linked to it, and its id is not a shop id', async () => {
    const s1Email = uniqueEmail('s1');
    const s2Email = uniqueEmail('s2');
    const l1 = (await addSupplier(owner, shopId, 'Iso One', s1Email)).json().data;
    const l2 = (await addSupplier(owner, shopId, 'Iso Two', s2Email)).json().data;
    const s1 = await signUp(t.app, { email: s1Email });
    await signUp(t.app, { email: s2Email });
    const other = await signUp(t.app);
    const otherShop = await createCompany(t.app, other, 'shops', 'Unrelated Shop');
    await addSupplier(other, otherShop, 'Someone Else', uniqueEmail());
    const mine = await call(s1, 'GET', `/api/suppliers/${l1.supplierId}/shops`);
    expect(mine.json().data.data.map((c: { clientId: number }) => c.clientId)).toEqual([shopId]);
    expect((await call(s1, 'GET', `/api/suppliers/${l2.supplierId}/shops`)).statusCode).toBe(403);
    expect((await call(s1, 'GET', `/api/shops/${l1.supplierId}/suppliers`)).statusCode).toBe(403);
    const search = await call(s1, 'GET', `/api/suppliers/${l1.supplierId}/shops?search=unrelated`);
    expect(search.json().data.total).toBe(0);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/suppliers` });
    expect(res.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentItems,
  documents,
  integrationConnections,
  integrations,
  lineMatches,
  pairingCodes,
} from '../../db/schema/index.js';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

let t: TTestApp;
let semtekId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [semtek] = await t.app.db.select().from(integrations).where(eq(integrations.name, 'Semtek'));
  semtekId = semtek!.id;
});
afterAll(() => t.close());

const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload } as InjectOptions);
const csv = (token: string, url: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: body,
  });

type TWorld = { shop: TSession; shopId: number; supplier: TSession; supplierId: number; linkId: number };

/** A shop, a supplier company with a user, and the link between them. */
async function world(): Promise<TWorld> {
  const shop = await signUp(t.app);
  const shopId = await createCompany(t.app, shop, 'shops');
  const supplier = await signUp(t.app);
  const supplierEmail = uniqueEmail('supplier');
  const created = await call(supplier.token, 'POST', '/api/onboarding/company', {
    companyName: 'Fresh Farm Foods',
    companyType: 'suppliers',
    companyMainEmail: supplierEmail,
  });
  const supplierId = created.json().data.companyId as number;
  const link = await call(shop.token, 'POST', `/api/shops/${shopId}/suppliers`, {
    supplierEmail,
    supplierName: 'Fresh Farm',
  });
  return { shop, shopId, supplier, supplierId, linkId: link.json().data.shopSupplierId };
}

let tills = 0;
/** Pairs an agent for the shop and returns its token. */
async function pair(w: TWorld) {
  const verify = await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/integrations/${semtekId}/verify`);
  expect(verify.statusCode).toBe(200);
  const paired = await t.app.inject({
    method: 'POST',
    url: '/api/agent/pair',
    // Each shop's till has its own address: pairing is limited per IP, and this file pairs many shops.
    remoteAddress: `10.0.${Math.floor(++tills / 250)}.${tills % 250}`,
    payload: { code: verify.json().data.code, deviceName: 'Till 1' },
  });
  expect(paired.statusCode).toBe(200);
  return paired.json().data.token as string;
}

const status = async (w: TWorld) =>
  (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/integrations/${semtekId}/status`)).json().data;

const CATALOGUE_HEADER =
  'productCode,description,posDescription,barcode,boxBarcode,qty,caseQty,units,price,casePrice,vatRate,active,controlStock';

describe('supplier products', { timeout: 120_000 }, () => {
  it('creates, lists, searches, edits, deletes and refuses bad input and duplicates', async () => {
    const w = await world();
    const base = `/api/suppliers/${w.supplierId}/products`;
    const created = await call(w.supplier.token, 'POST', base, {
      sku: 'CC24',
      name: 'Coca-Cola 24x330ml can',
      unitPrice: 12.5,
      packSize: 24,
      aliases: ['COCA COLA 24X330ML CAN'],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json().data;
    expect(product).toMatchObject({
      sku: 'CC24',
      packSize: 24,
      semtekProductId: null,
      shopSupplierProductId: null,
    });

    const dup = await call(w.supplier.token, 'POST', base, { sku: 'cc24', name: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.sku).toBeDefined();
    const bad = await call(w.supplier.token, 'POST', base, { sku: '', name: 'x', unitPrice: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['sku', 'unitPrice']));

    await call(w.supplier.token, 'POST', base, { sku: 'FA6', name: 'Fanta orange 6x1.5L' });
    const search = await call(w.supplier.token, 'GET', `${base}?search=fanta`);
    expect(search.json().data).toMatchObject({ total: 1, data: [{ sku: 'FA6' }] });
    // The shared list module: accents and case folded, terms under 3 characters refused, sorts, the cursor.
    expect((await call(w.supplier.token, 'GET', `${base}?search=FANTÄ`)).json().data.total).toBe(1);
    const short = await call(w.supplier.token, 'GET', `${base}?search=fa`);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.search).toEqual(['Type at least 3 characters to search']);
    const bySku = (await call(w.supplier.token, 'GET', `${base}?sort=sku&PerPage=1`)).json().data;
    expect(bySku).toMatchObject({ total: 2, data: [{ sku: 'CC24' }] });
    const next = await call(w.supplier.token, 'GET', `${base}?sort=sku&PerPage=1&cursor=${bySku.nextCursor}`);
    expect(next.json().data.data).toMatchObject([{ sku: 'FA6' }]);
    expect((await call(w.supplier.token, 'GET', `${base}?sort=price`)).statusCode).toBe(400);

    const patched = await call(w.supplier.token, 'PATCH', `${base}/${product.id}`, { unitPrice: 13 });
    expect(patched.json().data.unitPrice).toBe(13);
    expect((await call(w.supplier.token, 'PATCH', `${base}/${product.id}`, {})).statusCode).toBe(400);

    // The shop sees its suppliers' products; another supplier cannot touch them.
    const shopBase = `/api/shops/${w.shopId}/products`;
    const shopList = await call(w.shop.token, 'GET', shopBase);
    expect(shopList.json().data).toMatchObject({ total: 2, nextCursor: null });
    // On the shared list module too: by name, a page after the cursor, accent-folded search, the spec's 400s.
    const firstByName = (await call(w.shop.token, 'GET', `${shopBase}?PerPage=1`)).json().data;
    expect(firstByName).toMatchObject({ total: 2, data: [{ sku: 'CC24' }] });
    const secondByName = await call(
      w.shop.token,
      'GET',
      `${shopBase}?PerPage=1&cursor=${firstByName.nextCursor}`,
    );
    expect(secondByName.json().data.data).toMatchObject([{ sku: 'FA6' }]);
    expect((await call(w.shop.token, 'GET', `${shopBase}?search=fantä`)).json().data).toMatchObject({
      total: 1,
      data: [{ sku: 'FA6' }],
    });
    const shopShort = await call(w.shop.token, 'GET', `${shopBase}?search=fa`);
    expect(shopShort.statusCode).toBe(400);
    expect(shopShort.json().errors.search).toEqual(['Type at least 3 characters to search']);
    const shopSort = await call(w.shop.token, 'GET', `${shopBase}?sort=sku`);
    expect(shopSort.statusCode).toBe(400);
    expect(shopSort.json().errors.sort).toEqual(['Sort by name']);
    const other = await world();
    expect(
      (
        await call(
          other.supplier.token,
          'PATCH',
          `/api/suppliers/${other.supplierId}/products/${product.id}`,
          { name: 'x' },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(other.shop.token, 'GET', `/api/shops/${other.shopId}/products`)).json().data.total,
    ).toBe(0);

    expect((await call(w.supplier.token, 'DELETE', `${base}/${product.id}`)).statusCode).toBe(200);
    expect((await call(w.supplier.token, 'DELETE', `${base}/${product.id}`)).statusCode).toBe(404);
  });

  it('imports a price list CSV: malformed rows by line number, the rest kept, a second import unchanged', async () => {
    const w = await world();
    const url = `/api/suppliers/${w.supplierId}/products/import`;
    const file = [
      'sku;name;unitPrice;packSize;aliases',
      'A1;Apples 1kg;2,50;1;APPLES|APPL 1KG',
      'A2;;1.00;1;',
      'A3;Pears;abc;1;',
      'A4;"Milk; whole 2L";1.45;6;',
    ].join('\n');
    const first = await csv(w.supplier.token, url, file);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      rows: 2,
      created: 2,
      errors: [
        { line: 3, message: 'name is empty.' },
        { line: 4, message: 'unitPrice "abc" is not a price.' },
      ],
    });
    const again = await csv(w.supplier.token, url, file);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const list = await call(w.supplier.token, 'GET', `/api/suppliers/${w.supplierId}/products?search=milk`);
    expect(list.json().data.data[0]).toMatchObject({ name: 'Milk; whole 2L', packSize: 6, unitPrice: 1.45 });

    expect((await csv(w.supplier.token, url, 'foo,bar\n1,2')).statusCode).toBe(400);
    expect((await csv(w.supplier.token, url, '  ')).statusCode).toBe(400);
    expect((await call(w.supplier.token, 'POST', url, { csv: 'sku,name' })).statusCode).toBe(415);
  });
});

describe('pairing and connection status', { timeout: 120_000 }, () => {
  it('lists Semtek as never connected, pairs with a right code and refuses wrong, reused and expired codes', async () => {
    const w = await world();
    const list = await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/integrations`);
    expect(list.json().data).toMatchObject({ total: 1, nextCursor: null });
    const badSort = await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/integrations?sort=newest`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors.sort).toEqual(['Sort by name']);
    expect(list.json().data.data).toEqual([
      expect.objectContaining({
        name: 'Semtek',
        type: '8-digit-code',
        status: 'neverConnected',
        accessToken: null,
        assets: [expect.objectContaining({ type: 'download' })],
      }),
    ]);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/agent/pair', payload: { code: '1234' } });
    expect(wrong.statusCode).toBe(400);
    const verify = await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/integrations/${semtekId}/verify`);
    const { code, expiresAt } = verify.json().data;
    expect(code).toMatch(/^\d{8}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const other = String((Number(code) + 1) % 100_000_000).padStart(8, '0');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/agent/pair', payload: { code: other } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/not valid/);

    const paired = await t.app.inject({ method: 'POST', url: '/api/agent/pair', payload: { code } });
    expect(paired.statusCode).toBe(200);
    expect(paired.json().data).toMatchObject({ shopId: w.shopId, integrationId: semtekId });
    expect(paired.json().data.token).toMatch(/^obk_/);
    const reused = await t.app.inject({ method: 'POST', url: '/api/agent/pair', payload: { code } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/already been used/);

    const next = await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/integrations/${semtekId}/verify`);
    await t.app.db
      .update(pairingCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pairingCodes.shopId, w.shopId));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/agent/pair',
      payload: { code: next.json().data.code },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);

    expect(await status(w)).toMatchObject({
      status: 'connected',
      deviceName: null,
      accessToken: { status: 'connected', scopes: ['catalogue:write', 'orders:read'] },
    });
  });

  it('rate-limits pairing codes per shop', async () => {
    const w = await world();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/integrations/${semtekId}/verify`))
          .statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('derives every status of spec §4 and revokes the token on disconnect', async () => {
    const w = await world();
    const token = await pair(w);
    const beat = (payload: unknown) => call(token, 'POST', '/api/agent/heartbeat', payload);
    expect((await beat({ status: 'error', message: 'POS export folder missing' })).statusCode).toBe(200);
    expect(await status(w)).toMatchObject({ status: 'error', statusReason: 'POS export folder missing' });
    await beat({ status: 'ok' });
    expect((await status(w)).status).toBe('connected');

    const connection = eq(integrationConnections.shopId, w.shopId);
    // The agent stopped calling: disconnected.
    await t.app.db
      .update(integrationConnections)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(connection);
    expect((await status(w)).status).toBe('disconnected');
    await beat({});
    // A status value the spec does not know is an error.
    await t.app.db.update(integrationConnections).set({ tokenStatus: 'paused' }).where(connection);
    expect(await status(w)).toMatchObject({
      status: 'error',
      statusReason: 'Unknown connection status "paused".',
    });
    // A null token status is never connected.
    await t.app.db.update(integrationConnections).set({ tokenStatus: null }).where(connection);
    expect((await status(w)).status).toBe('neverConnected');
    await t.app.db.update(integrationConnections).set({ tokenStatus: 'connected' }).where(connection);

    const disconnected = await call(
      w.shop.token,
      'POST',
      `/api/shops/${w.shopId}/integrations/${semtekId}/disconnect`,
    );
    expect(disconnected.json().data).toMatchObject({
      status: 'disconnected',
      accessToken: { status: 'disconnected' },
    });
    // Every member of the shop is told, with a link to the integration's page.
    const notices = (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/notifications`)).json().data;
    expect(notices.data).toEqual([
      expect.objectContaining({
        kind: 'integration_disconnected',
        title: 'Semtek was disconnected',
        link: `/shops/${w.shopId}/config/integrations/semtek/overview`,
        isRead: false,
      }),
    ]);
    const refused = await beat({});
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/Pair the agent again/);
    expect(
      (await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/integrations/${semtekId}/disconnect`))
        .statusCode,
    ).toBe(409);
    // A user's own token is not an agent token.
    expect((await call(w.shop.token, 'POST', '/api/agent/heartbeat', {})).statusCode).toBe(401);
  });

  it('tells the shop once when its agent stops calling, and again only after it called in between', async () => {
    const w = await world();
    const token = await pair(w);
    const connection = eq(integrationConnections.shopId, w.shopId);
    const silentSince = new Date(Date.now() - 10 * 60_000);
    const silence = () =>
      t.app.db.update(integrationConnections).set({ lastSeenAt: silentSince }).where(connection);
    const told = async () =>
      (
        (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/notifications`)).json().data.data as {
          title: string;
          body: string;
        }[]
      ).filter((n) => n.title === 'Semtek stopped answering');

    // A connected agent that calls is not reported.
    await t.app.services.integrations.noticeSilentAgents();
    expect(await told()).toEqual([]);
    await silence();
    // Through the scheduled job, as the workers run it.
    await t.app.jobs.send('watch-agents', {});
    await expect.poll(async () => (await told()).length, { timeout: 30_000 }).toBe(1);
    expect((await told())[0]!.body).toContain(
      `has not called since ${silentSince.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    // Still silent: not told twice.
    await t.app.services.integrations.noticeSilentAgents();
    expect(await told()).toHaveLength(1);
    // It calls again, then falls silent again: told again.
    expect((await call(token, 'POST', '/api/agent/heartbeat', {})).statusCode).toBe(200);
    await t.app.services.integrations.noticeSilentAgents();
    expect(await told()).toHaveLength(1);
    await silence();
    await t.app.services.integrations.noticeSilentAgents();
    expect(await told()).toHaveLength(2);
  });

  it('reports an integration without assets, or of an unsupported type, as an error', async () => {
    const w = await world();
    await t.app.db.insert(integrations).values([
      { name: 'Bare', type: '8-digit-code', assets: [] },
      { name: 'OAuth POS', type: 'oauth', assets: [{ type: 'download', name: 'x', url: '/x' }] },
      { name: 'Linky', type: '8-digit-code', assets: [{ type: 'link', name: 'x', url: '/x' }] },
    ]);
    const list = (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/integrations`)).json().data.data;
    const byName = Object.fromEntries(list.map((i: { name: string }) => [i.name, i]));
    expect(byName.Bare).toMatchObject({ status: 'error', statusReason: 'The integration has no assets.' });
    expect(byName['OAuth POS']).toMatchObject({
      status: 'error',
      statusReason: 'Integration type "oauth" is not supported.',
    });
    expect(byName.Linky).toMatchObject({
      status: 'error',
      statusReason: 'Asset type "link" is not supported.',
    });
    expect(byName.Semtek.status).toBe('neverConnected');
    await t.app.db.delete(integrations).where(eq(integrations.name, 'Bare'));
    await t.app.db.delete(integrations).where(eq(integrations.name, 'OAuth POS'));
    await t.app.db.delete(integrations).where(eq(integrations.name, 'Linky'));
  });
});

describe('catalogue sync', { timeout: 120_000 }, () => {
  it('takes thousands of rows, reports a malformed row by line number, and is idempotent', async () => {
    const w = await world();
    const token = await pair(w);
    const rows = [CATALOGUE_HEADER];
    for (let i = 1; i <= 3000; i++) {
      rows.push(`P${i},Product ${i} 500g,PROD ${i},,,${i % 7},12,ea,1.${i % 100},9.99,21,1,0`);
    }
    rows[1234] = 'P1234,Broken row,,,,x,twelve,ea,1,1,21,1,0';
    const file = `${rows.join('\r\n')}\r\n`;
    const first = await csv(token, '/api/agent/sync', file);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      rows: 2999,
      created: 2999,
      updated: 0,
      errors: [{ line: 1235, message: 'qty "x" is not a number.' }],
    });
    const second = await csv(token, '/api/agent/sync', file);
    expect(second.json().data).toMatchObject({ rows: 2999, created: 0, updated: 0, unchanged: 2999 });

    const products = await call(
      w.shop.token,
      'GET',
      `/api/shops/${w.shopId}/integrations/${semtekId}/products?search=Product%202999&perPage=5`,
    );
    expect(products.json().data).toMatchObject({
      total: 1,
      data: [{ productCode: 'P2999', caseQty: 12, active: true }],
    });
    const syncsUrl = `/api/shops/${w.shopId}/integrations/${semtekId}/syncs`;
    const syncs = await call(w.shop.token, 'GET', syncsUrl);
    expect(syncs.json().data.data.map((s: { status: string }) => s.status)).toEqual(['partial', 'partial']);
    // One a page: the first page's cursor reaches the older sync; a cursor that is not one is a 400.
    const newest = (await call(w.shop.token, 'GET', `${syncsUrl}?PerPage=1`)).json().data;
    const older = (
      await call(w.shop.token, 'GET', `${syncsUrl}?PerPage=1&cursor=${newest.nextCursor}`)
    ).json().data;
    expect([newest.data[0].id, older.data[0].id]).toEqual(
      syncs.json().data.data.map((s: { id: number }) => s.id),
    );
    const badCursor = await call(w.shop.token, 'GET', `${syncsUrl}?cursor=garbage`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ success: false, errors: { cursor: expect.any(Array) } });
    expect((await status(w)).lastSyncAt).not.toBeNull();

    expect((await csv(token, '/api/agent/sync', 'code,name\n1,2')).statusCode).toBe(400);
    expect((await call(token, 'POST', '/api/agent/sync', { rows: [] })).statusCode).toBe(415);

    // Asking for a sync shows on the agent's next heartbeat; the sync itself clears it.
    await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/integrations/${semtekId}/sync`);
    expect((await call(token, 'POST', '/api/agent/heartbeat', {})).json().data.syncRequested).toBe(true);
    await csv(token, '/api/agent/sync', `${CATALOGUE_HEADER}\nP1,Product 1 500g,,,,,12,ea,1,1,21,1,0`);
    expect((await call(token, 'POST', '/api/agent/heartbeat', {})).json().data.syncRequested).toBe(false);
  });
});

/** A document of the shop with these lines, as the reader would have stored it, waiting for review. */
async function readDocument(
  w: TWorld,
  lines: {
    itemCode?: string;
    unitBarcode?: string;
    itemDesc: string;
    itemQty: number;
    price: number;
    pack?: string;
  }[],
  invoiceDate = '2026-03-03',
) {
  const [doc] = await t.app.db
    .insert(documents)
    .values({
      shopId: w.shopId,
      shopSupplierId: w.linkId,
      status: 'pending_review',
      fileKey: 'documents/none.pdf',
      fileName: 'invoice.pdf',
      contentType: 'application/pdf',
      sha256: `${Math.random()}`,
      size: 1,
      headers: { invoiceDate, invoiceNum: `INV-${Math.random()}` },
    })
    .returning();
  await t.app.db.insert(documentItems).values(
    lines.map((l, i) => ({
      documentId: doc!.id,
      lineNo: i + 1,
      itemCode: l.itemCode ?? null,
      unitBarcode: l.unitBarcode ?? null,
      itemDesc: l.itemDesc,
      itemQty: l.itemQty,
      price: l.price,
      amount: l.itemQty * l.price,
      pack: l.pack ?? null,
    })),
  );
  return doc!.id;
}

const POS = [
  CATALOGUE_HEADER,
  // 5449000000996 is a valid GTIN-13; its case (24) has the valid GTIN-14 15449000000993.
  'COKE330,Coca-Cola can 330ml,COKE CAN,5449000000996,15449000000993,0,24,ea,0.9,12.00,9,1,1',
  'FANTA15,Fanta orange bottle 1.5L,FANTA 1.5,5449000011527,,0,6,ea,1.8,6.00,9,1,1',
  'CRISPS,Walkers ready salted crisps 32.5g,WALKERS RS,,,0,32,ea,0.6,8.00,9,1,1',
  'MILK2,Whole milk 2 litre,MILK 2L,,,0,1,ea,1.5,,9,1,1',
].join('\n');

describe('matching read lines to POS products', { timeout: 120_000 }, () => {
  it('matches by supplier code, barcode, alias and description, with pack conversion and price changes', async () => {
    const w = await world();
    const token = await pair(w);
    await csv(token, '/api/agent/sync', POS);
    const pos = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/integrations/${semtekId}/products`)
    ).json().data.data;
    const posId = (code: string) => pos.find((p: { productCode: string }) => p.productCode === code).id;
    // The supplier's product FA6 (pack of 6) is linked to the shop's Fanta.
    const product = await call(w.supplier.token, 'POST', `/api/suppliers/${w.supplierId}/products`, {
      sku: 'FA-6',
      name: 'Fanta Orange 6x1.5L',
      packSize: 6,
    });
    const linked = await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/products/integrations`, {
      productId: product.json().data.id,
      semtekProductId: posId('FANTA15'),
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().data).toMatchObject({ semtekProductId: posId('FANTA15'), product: { sku: 'FA-6' } });
    // The POS catalogue list: linked or not (with the linked supplier products), searched, sorted by code.
    const posUrl = `/api/shops/${w.shopId}/integrations/${semtekId}/products`;
    const codes = async (query: string) =>
      (await call(w.shop.token, 'GET', `${posUrl}?${query}`))
        .json()
        .data.data.map((p: { productCode: string }) => p.productCode);
    expect((await call(w.shop.token, 'GET', `${posUrl}?linked=true`)).json().data.data).toEqual([
      expect.objectContaining({
        productCode: 'FANTA15',
        linkedProducts: [expect.objectContaining({ sku: 'FA-6' })],
      }),
    ]);
    expect(await codes('linked=false&sort=code')).toEqual(['COKE330', 'CRISPS', 'MILK2']);
    expect(await codes('search=walkers')).toEqual(['CRISPS']);
    expect(await codes('search=5449000000996')).toEqual(['COKE330']);
    const bad = await call(w.shop.token, 'POST', `/api/shops/${w.shopId}/products/integrations`, {
      productId: product.json().data.id,
      semtekProductId: 999_999,
    });
    expect(bad.statusCode).toBe(404);

    const first = await readDocument(w, [
      { itemCode: 'fa6', itemDesc: 'FANTA ORANGE 6X1.5L', itemQty: 2, price: 6.6 },
      { itemCode: '777', unitBarcode: '15449000000993', itemDesc: 'COLA CASE', itemQty: 1, price: 12 },
      {
        itemCode: '778',
        unitBarcode: '5449000000997',
        itemDesc: 'Something else entirely',
        itemQty: 1,
        price: 1,
      },
      { itemCode: 'W32', itemDesc: 'WALKERS READY SALTED CRISPS 32X32.5G', itemQty: 1, price: 8.64 },
      { itemCode: 'M2', itemDesc: 'MLK WHL 2LTR', itemQty: 6, price: 1.5 },
    ]);
    const matches = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${first}/matches`)
    ).json().data;
    expect(
      matches.map((m: { method: string; product: { productCode: string } | null; unitsPerLine: number }) => [
        m.method,
        m.product?.productCode ?? null,
        m.unitsPerLine,
      ]),
    ).toEqual([
      ['code', 'FANTA15', 6],
      ['barcode', 'COKE330', 24],
      // a wrong check digit is not a barcode, and the words do not fit anything
      ['none', null, 1],
      ['description', 'CRISPS', 32],
      ['none', null, 1],
    ]);
    // Crisps: 8.64 for 32 = 0.27 a unit against the POS cost of 8.00 / 32 = 0.25: +8 %, over the 5 % default.
    expect(matches[3]).toMatchObject({
      unitCost: 0.27,
      previousUnitCost: 0.25,
      priceChangePct: 8,
      priceChangeFlagged: true,
    });
    expect(matches[0]).toMatchObject({ unitCost: 1.1, previousUnitCost: 1, priceChangePct: 10 });
    // The shop is told once for the document, with the number of flagged lines, however often it is matched.
    await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${first}/matches`);
    const priceNotices = (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/notifications`)).json().data
      .data;
    expect(priceNotices.filter((n: { kind: string }) => n.kind === 'price_change')).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/^2 prices changed on .* from Fresh Farm$/),
        link: `/shops/${w.shopId}/products?view=price-changes`,
      }),
    ]);

    // The shop links the milk line by hand: its code and words become aliases for this supplier.
    const confirmed = await call(
      w.shop.token,
      'PUT',
      `/api/shops/${w.shopId}/orders/pending-review/${first}/matches/5`,
      {
        semtekProductId: posId('MILK2'),
      },
    );
    expect(confirmed.json().data[4]).toMatchObject({
      method: 'manual',
      confirmed: true,
      product: { productCode: 'MILK2' },
    });

    const second = await readDocument(
      w,
      [
        { itemCode: 'M2-NEW', itemDesc: 'mlk whl 2ltr', itemQty: 6, price: 1.68 },
        { itemCode: 'M2', itemDesc: 'Milk', itemQty: 1, price: 1.5 },
        { itemCode: 'W32', itemDesc: 'WALKERS READY SALTED CRISPS 32X32.5G', itemQty: 1, price: 8.64 },
      ],
      '2026-04-10',
    );
    const again = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${second}/matches`)
    ).json().data;
    expect(again[0]).toMatchObject({
      method: 'alias',
      product: { productCode: 'MILK2' },
      previousUnitCost: 1.5,
      previousDate: '2026-03-03',
      priceChangePct: 12,
      priceChangeFlagged: true,
    });
    expect(again[1]).toMatchObject({ method: 'code', product: { productCode: 'MILK2' } });
    // Crisps at the same price as last time: no change.
    expect(again[2]).toMatchObject({ previousUnitCost: 0.27, priceChangePct: 0, priceChangeFlagged: false });

    const changesUrl = `/api/shops/${w.shopId}/products/price-changes`;
    const changes = (await call(w.shop.token, 'GET', changesUrl)).json().data;
    // Fanta +10 %, crisps +8 %, milk +12 %
    expect(changes.total).toBe(3);
    // Newest first, two a page: the cursor and page 2 reach the same last line, and bad queries are a 400.
    const firstTwo = (await call(w.shop.token, 'GET', `${changesUrl}?PerPage=2`)).json().data;
    const rest = (
      await call(w.shop.token, 'GET', `${changesUrl}?PerPage=2&cursor=${firstTwo.nextCursor}`)
    ).json().data;
    const lineOf = (c: { documentId: number; lineNo: number }) => `${c.documentId}:${c.lineNo}`;
    expect([...firstTwo.data, ...rest.data].map(lineOf)).toEqual(changes.data.map(lineOf));
    expect(rest.nextCursor).toBeNull();
    expect(
      (await call(w.shop.token, 'GET', `${changesUrl}?PerPage=2&Page=2`)).json().data.data.map(lineOf),
    ).toEqual(rest.data.map(lineOf));
    const badSort = await call(w.shop.token, 'GET', `${changesUrl}?sort=cheapest`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ success: false, errors: { sort: expect.any(Array) } });
    // A higher threshold flags fewer lines.
    const settings = await call(w.shop.token, 'PATCH', `/api/shops/${w.shopId}/products/settings`, {
      priceChangeThresholdPct: 11,
    });
    expect(settings.json().data.priceChangeThresholdPct).toBe(11);
    expect(
      (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/products/price-changes`)).json().data.total,
    ).toBe(1);
    expect(
      (
        await call(w.shop.token, 'PATCH', `/api/shops/${w.shopId}/products/settings`, {
          priceChangeThresholdPct: -1,
        })
      ).statusCode,
    ).toBe(400);

    // Links: listed, read, removed.
    const links = (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/products/integrations`)).json()
      .data;
    expect(links.total).toBe(1);
    // Searched by the supplier product or the POS product (accents and case folded), from three characters.
    const linkSearch = async (term: string) =>
      await call(
        w.shop.token,
        'GET',
        `/api/shops/${w.shopId}/products/integrations?search=${encodeURIComponent(term)}`,
      );
    expect((await linkSearch(links.data[0].product.sku.toLowerCase())).json().data.total).toBe(1);
    expect(
      (await linkSearch(links.data[0].externalProduct.productCode.toLowerCase())).json().data.total,
    ).toBe(1);
    expect((await linkSearch('nothing like it')).json().data.total).toBe(0);
    const shortSearch = await linkSearch('ab');
    expect(shortSearch.statusCode).toBe(400);
    expect(shortSearch.json()).toMatchObject({
      errors: { search: ['Type at least 3 characters to search'] },
    });
    expect(
      (await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/products/integrations/${links.data[0].id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          w.shop.token,
          'DELETE',
          `/api/shops/${w.shopId}/products/${product.json().data.id}/integrations`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          w.shop.token,
          'DELETE',
          `/api/shops/${w.shopId}/products/${product.json().data.id}/integrations`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('unmatches a wrong suggestion: the line stays unmatched and a confirmed code is forgotten', async () => {
    const w = await world();
    const token = await pair(w);
    await csv(token, '/api/agent/sync', POS);
    const lines = [
      { itemCode: 'W32', itemDesc: 'WALKERS READY SALTED CRISPS 32X32.5G', itemQty: 1, price: 8.64 },
      { itemCode: 'X1', itemDesc: 'Shop fittings', itemQty: 1, price: 5 },
    ];
    const doc = await readDocument(w, lines);
    const url = `/api/shops/${w.shopId}/orders/pending-review/${doc}/matches`;
    const crisps = (await call(w.shop.token, 'GET', url)).json().data[0];
    expect(crisps).toMatchObject({ method: 'description', product: { productCode: 'CRISPS' } });
    // Confirmed, the code W32 is learned; then the shop says it was wrong after all.
    await call(w.shop.token, 'PUT', `${url}/1`, { semtekProductId: crisps.product.id });
    const unmatched = await call(w.shop.token, 'DELETE', `${url}/1`);
    expect(unmatched.statusCode).toBe(200);
    expect(unmatched.json().data[0]).toMatchObject({
      product: null,
      method: 'manual',
      confirmed: true,
      unitCost: null,
      priceChangeFlagged: false,
    });
    // Matched again (the review screen opens): still unmatched.
    expect((await call(w.shop.token, 'GET', url)).json().data[0]).toMatchObject({
      product: null,
      confirmed: true,
    });
    // The next invoice's W32 is not taken by its code any more (its words still fit the crisps).
    const next = await readDocument(w, lines.slice(0, 1));
    const nextMatch = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${next}/matches`)
    ).json().data[0];
    expect(nextMatch.method).toBe('description');
    // A line that does not exist, another shop's document.
    expect((await call(w.shop.token, 'DELETE', `${url}/9`)).statusCode).toBe(404);
    const other = await world();
    expect(
      (
        await call(
          other.shop.token,
          'DELETE',
          `/api/shops/${other.shopId}/orders/pending-review/${doc}/matches/1`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('matches the lines of an uploaded invoice when it is read, and pushes the processed order to the agent', async () => {
    const w = await world();
    const token = await pair(w);
    await csv(
      token,
      '/api/agent/sync',
      [
        CATALOGUE_HEADER,
        'APL,Organic apples 1kg bag,,,,,1,ea,2,,0,1,0',
        'EGG12,Free range eggs 12 pack,,,,,1,ea,3,,0,1,0',
      ].join('\n'),
    );
    const bytes = await invoicePdf({
      vendor: 'Fresh Farm Foods',
      invoiceNum: 'INV-9001',
      date: '2026-11-02',
      lines: [
        { code: 'A100', description: 'Organic apples 1kg', qty: 10, price: 2.5 },
        { code: 'B200', description: 'Free range eggs x12', qty: 5, price: 3.2 },
      ],
    });
    const form = multipart(
      { ShopSupplierId: String(w.linkId) },
      { field: 'File', name: 'inv.pdf', type: 'application/pdf', bytes },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shopId}/orders/upload`,
      headers: { ...bearer(w.shop.token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(201);
    const docId = upload.json().data.tempOrderId;
    const end = Date.now() + 60_000;
    let review = await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${docId}`);
    while (review.json().data.status === 'reading' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      review = await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${docId}`);
    }
    // Matched when read (stored by the reading job, before anyone opened the review screen).
    const stored = await t.app.db.select().from(lineMatches).where(eq(lineMatches.documentId, docId));
    expect(stored.map((m) => m.method)).toEqual(['description', 'description']);
    const matches = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/pending-review/${docId}/matches`)
    ).json().data;
    expect(matches.map((m: { product: { productCode: string } | null }) => m.product?.productCode)).toEqual([
      'APL',
      'EGG12',
    ]);

    const processed = await call(
      w.shop.token,
      'POST',
      `/api/shops/${w.shopId}/orders/pending-review/${docId}/process`,
      { override: true },
    );
    expect(processed.statusCode).toBe(200);
    const orderId = processed.json().data.orderId;
    const orderMatches = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/orders/${orderId}/matches`)
    ).json().data;
    expect(orderMatches).toHaveLength(2);

    const pushUrl = `/api/shops/${w.shopId}/integrations/${semtekId}/syncs/push`;
    const pushed = await call(w.shop.token, 'POST', pushUrl, { orderId });
    expect(pushed.json().data).toMatchObject({
      entityType: 'order',
      entityId: String(orderId),
      status: 'pending',
      rows: 2,
    });
    // Pushing again while queued returns the same batch.
    expect((await call(w.shop.token, 'POST', pushUrl, { orderId })).json().data.id).toBe(
      pushed.json().data.id,
    );
    expect((await call(w.shop.token, 'POST', pushUrl, { orderId: 999_999 })).statusCode).toBe(404);
    expect((await call(w.shop.token, 'POST', pushUrl, { orderId: 'x' })).statusCode).toBe(400);

    const batches = (await call(token, 'GET', '/api/agent/pushes')).json().data;
    expect(batches).toEqual([
      expect.objectContaining({
        orderId,
        invoiceNum: 'INV-9001',
        lines: [
          expect.objectContaining({ productCode: 'APL', receivedQuantity: 10, unitCost: 2.5 }),
          expect.objectContaining({ productCode: 'EGG12', receivedQuantity: 5, unitCost: 3.2 }),
        ],
      }),
    ]);
    const ack = await call(token, 'POST', `/api/agent/pushes/${batches[0].id}/ack`);
    expect(ack.json().data).toMatchObject({ status: 'acknowledged' });
    expect((await call(token, 'GET', '/api/agent/pushes')).json().data).toEqual([]);
    const history = (
      await call(w.shop.token, 'GET', `/api/shops/${w.shopId}/integrations/${semtekId}/syncs/history`)
    ).json().data;
    expect(
      history.data.map((h: { entityType: string; status: string }) => `${h.entityType}:${h.status}`),
    ).toEqual(['order:acknowledged', 'catalogue:succeeded']);
    // Another shop's agent cannot acknowledge this batch.
    const other = await world();
    const otherToken = await pair(other);
    expect((await call(otherToken, 'POST', `/api/agent/pushes/${batches[0].id}/ack`)).statusCode).toBe(404);
  });
});

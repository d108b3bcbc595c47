import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf, type TInvoiceLine } from '../../demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
  waitForMail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 1×1 PNG: the photo is checked by its bytes, so it has to be a real image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 64 × 48 HEIC photo (made with libheif's heif-enc), as phones save them. */
const HEIC = readFileSync(new URL('../../test/fixtures/crate.heic', import.meta.url));

type TWorld = {
  shop: TSession;
  shopId: number;
  supplier: TSession;
  supplierId: number;
  linkId: number;
  orderId: number;
  orderNum: string;
  items: { id: number; itemCode: string }[];
};

const call = (s: TSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(s.token), ...(payload ? { payload } : {}) });

/** A shop, its supplier (with a user), and an order the supplier entered: 24 cases at 2.50, 10 at 4.00, 6 at 3.00. */
async function world(): Promise<TWorld> {
  const shop = await signUp(t.app);
  const shopId = await createCompany(t.app, shop, 'shops', 'Corner Shop');
  const supplier = await signUp(t.app, { firstName: 'Sam' });
  const supplierEmail = uniqueEmail('supplier');
  const created = await call(supplier, 'POST', '/api/onboarding/company', {
    companyName: 'Fresh Farm Foods',
    companyType: 'suppliers',
    companyMainEmail: supplierEmail,
  });
  const supplierId = created.json().data.companyId as number;
  const link = await call(shop, 'POST', `/api/shops/${shopId}/suppliers`, {
    supplierEmail,
    supplierName: 'Fresh Farm',
  });
  expect(link.statusCode).toBe(201);
  const orderNum = `PO-${Math.floor(Math.random() * 1e6)}`;
  const order = await call(supplier, 'POST', '/api/SupplierOrder', {
    supplierId,
    shopId,
    invoiceNum: `INV-${Math.floor(Math.random() * 1e6)}`,
    orderNum,
    invoiceDate: '2026-11-02',
    currency: 'GBP',
    items: [
      { itemCode: 'A100', itemDesc: 'Organic apples 1kg', itemQty: 24, price: 2.5, amount: 60 },
      // a 10 % line discount: the shop paid 3.60 a unit, not 4.00
      { itemCode: 'B200', itemDesc: 'Free range eggs x12', itemQty: 10, price: 4, discount: 10, amount: 36 },
      { itemCode: 'C300', itemDesc: 'Whole milk 2L', itemQty: 6, price: 3, amount: 18 },
    ],
  });
  expect(order.statusCode).toBe(201);
  const orderId = order.json().data.id as number;
  const items = (await call(shop, 'GET', `/api/shops/${shopId}/orders/${orderId}/items`)).json().data.data;
  const linkId = link.json().data.shopSupplierId as number;
  return { shop, shopId, supplier, supplierId, linkId, orderId, orderNum, items };
}

function dispute(w: TWorld, fields: Record<string, string>, photo?: { bytes: Buffer; type: string }) {
  const form = multipart(
    { OrderId: String(w.orderId), ...fields },
    photo ? { field: 'photo', name: 'crate.png', type: photo.type, bytes: photo.bytes } : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shopId}/disputes`,
    headers: { ...bearer(w.shop.token), ...form.headers },
    payload: form.payload,
  });
}

const orderStatus = async (w: TWorld) =>
  (await call(w.shop, 'GET', `/api/shops/${w.shopId}/orders/${w.orderId}`)).json().data.orderStatus;

describe('the dispute loop', () => {
  it('short delivery with a photo → messages both ways → partial then full credit → resolved', async () => {
    const w = await world();
    const [apples] = w.items;
    const received = await call(
      w.shop,
      'PATCH',
      `/api/shops/${w.shopId}/orders/${w.orderId}/item/${apples!.id}`,
      {
        receivedQuantity: 22,
      },
    );
    expect(received.statusCode).toBe(200);

    const res = await dispute(
      w,
      { ItemId: String(apples!.id), reason: 'short_delivery', note: '22 of 24 cases arrived' },
      { bytes: PNG, type: 'image/png' },
    );
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    // the quantity defaults to what is missing; the value is that quantity at the line's price
    expect(d).toMatchObject({
      quantity: 2,
      qty: 2,
      disputeVal: 5,
      totalCredit: 0,
      status: 'open',
      active: true,
      itemCode: 'A100',
      supplierName: 'Fresh Farm',
      noteFromReceiver: '22 of 24 cases arrived',
      orderId: w.orderId,
      itemId: apples!.id,
    });
    expect(d.mainDisputeId).toEqual(expect.any(Number));
    expect(await orderStatus(w)).toBe('disputed');

    // the photo is served by a signed link with its content type
    const photo = await t.app.inject({ method: 'GET', url: d.imageUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    // both sides list it, in the spec's row shape
    const shopList = (
      await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes?status=active&search=apples`)
    ).json().data;
    expect(shopList).toMatchObject({ total: 1, totalDisputed: 5, totalCredited: 0 });
    const supplierList = (await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/disputes`)).json()
      .data;
    expect(supplierList.data[0]).toMatchObject({
      id: d.id,
      shopName: 'Corner Shop',
      supplierName: 'Fresh Farm Foods',
    });
    const main = await call(
      w.supplier,
      'GET',
      `/api/suppliers/${w.supplierId}/disputes/main?orderId=${w.orderId}`,
    );
    expect(main.json().data).toMatchObject({ disputeId: d.mainDisputeId, disputeVal: 5, status: 'open' });

    // messages: the supplier writes, the shop has one unread, reading the thread marks it read
    const question = await call(w.supplier, 'POST', `/api/suppliers/${w.supplierId}/messages`, {
      itemDisputeId: d.id,
      messageVal: 'Sorry — were the two cases missing or damaged?',
    });
    expect(question.statusCode).toBe(201);
    expect(question.json().data).toMatchObject({
      isResponse: true,
      isRead: false,
      isOwn: true,
      username: 'Sam Lovelace',
    });
    await expect(t.app.services.disputes.unreadCount({ side: 'shops', companyId: w.shopId })).resolves.toBe(
      1,
    );
    const inbox = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/messages?unread=true`)).json().data;
    expect(inbox.total).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      messageVal: 'Sorry — were the two cases missing or damaged?',
      order: { id: w.orderId },
      item: { id: apples!.id, itemCode: 'A100' },
      dispute: { id: d.id },
    });
    const thread = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${d.id}/messages`)).json()
      .data;
    expect(thread.data).toHaveLength(1);
    expect(await t.app.services.disputes.unreadCount({ side: 'shops', companyId: w.shopId })).toBe(0);
    const seen = (await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/messages`)).json().data;
    expect(seen.data[0].isRead).toBe(true);

    // the read message can be edited by its writer but no longer deleted; nobody else may touch it
    const messageId = question.json().data.id;
    const edited = await call(
      w.supplier,
      'PATCH',
      `/api/suppliers/${w.supplierId}/disputes/${d.id}/messages/${messageId}`,
      {
        messageVal: 'Were the two cases missing?',
      },
    );
    expect(edited.json().data).toMatchObject({ messageVal: 'Were the two cases missing?' });
    expect(edited.json().data.editedTimestamp).not.toBeNull();
    const readDelete = await call(
      w.supplier,
      'DELETE',
      `/api/suppliers/${w.supplierId}/messages/${messageId}`,
    );
    expect(readDelete.statusCode).toBe(409);
    const reply = await call(w.shop, 'POST', `/api/shops/${w.shopId}/messages`, {
      itemDisputeId: d.id,
      messageVal: 'Missing: 22 arrived.',
    });
    expect(reply.json().data.isResponse).toBe(false);
    const foreignEdit = await call(
      w.supplier,
      'PATCH',
      `/api/suppliers/${w.supplierId}/disputes/${d.id}/messages/${reply.json().data.id}`,
      { messageVal: 'changed by someone else' },
    );
    expect(foreignEdit.statusCode).toBe(403);
    expect(foreignEdit.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('your own'),
    });
    const foreignDelete = await call(
      w.supplier,
      'DELETE',
      `/api/suppliers/${w.supplierId}/messages/${reply.json().data.id}`,
    );
    expect(foreignDelete.statusCode).toBe(403);
    const typo = await call(w.shop, 'POST', `/api/shops/${w.shopId}/messages`, {
      itemDisputeId: d.id,
      messageVal: 'tpyo',
    });
    expect(
      (await call(w.shop, 'DELETE', `/api/shops/${w.shopId}/messages/${typo.json().data.id}`)).statusCode,
    ).toBe(200);
    const after = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${d.id}/messages`)).json().data;
    expect(after.data.map((m: { messageVal: string }) => m.messageVal)).toEqual([
      'Were the two cases missing?',
      'Missing: 22 arrived.',
    ]);

    // a partial credit, then the rest: credits add up and resolve the dispute
    const partial = await call(w.supplier, 'POST', `/api/suppliers/${w.supplierId}/disputes/${d.id}/credit`, {
      creditNoteNum: 'CN-1',
      creditDate: '2026-11-05',
      amount: 2,
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().data).toMatchObject({ status: 'accepted', totalCredit: 2 });
    expect(await orderStatus(w)).toBe('disputed');
    const bell = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/notifications`)).json().data.data;
    expect(bell.map((n: { kind: string }) => n.kind).sort()).toEqual([
      'dispute_credited',
      'message_received',
    ]);
    const supplierBell = (
      await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/notifications`)
    ).json().data.data;
    expect(new Set(supplierBell.map((n: { kind: string }) => n.kind))).toEqual(
      new Set(['message_received', 'dispute_opened']),
    );
    // Mailed at once by default (the notification mail job), to the shop's members.
    const mail = await waitForMail(t.app, w.shop.email, (m) => m.text.includes('Credit note CN-1 of 2.00'));
    expect(mail.subject).toBe('Fresh Farm Foods answered your dispute');
    const tooMuch = await call(w.supplier, 'POST', `/api/suppliers/${w.supplierId}/disputes/${d.id}/credit`, {
      creditNoteNum: 'CN-2',
      creditDate: '2026-11-06',
      amount: 3.5,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ amount: ['At most 3.00'] });
    const rest = await call(w.supplier, 'POST', `/api/suppliers/${w.supplierId}/disputes/${d.id}/credit`, {
      creditNoteNum: 'CN-2',
      creditDate: '2026-11-06',
      amount: 3,
    });
    const done = rest.json().data;
    expect(done).toMatchObject({ status: 'resolved', active: false, totalCredit: 5 });
    expect(done.credits.map((c: { creditNoteNum: string }) => c.creditNoteNum)).toEqual(['CN-1', 'CN-2']);
    expect(done.messages.filter((m: { isResponse: boolean }) => m.isResponse)).toHaveLength(3);
    expect(done.history.map((h: { action: string }) => h.action)).toEqual([
      'opened',
      'answered',
      'answered',
      'resolved',
    ]);
    // the order leaves `disputed`: not everything arrived, so it is open again
    expect(await orderStatus(w)).toBe('open');
    const mainAfter = await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/main?orderId=${w.orderId}`);
    expect(mainAfter.json().data).toMatchObject({ status: 'resolved', disputeVal: 5, totalCredit: 5 });
    // an answered dispute is never deleted
    const gone = await call(w.shop, 'DELETE', `/api/shops/${w.shopId}/disputes?id=${d.id}`);
    expect(gone.statusCode).toBe(409);

    const exported = await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/export?from=2020-01-01`);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.split('\r\n')[1]).toContain('Resolved,Short delivery,Fresh Farm');
    const credits = await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/credits/export`);
    expect(credits.body).toContain('CN-2,2026-11-06,Corner Shop,applied,3.00');
  });

  it('a return goes requested → collected → received → credited, in that order', async () => {
    const w = await world();
    const eggs = w.items[1]!;
    const res = await dispute(w, {
      ItemId: String(eggs.id),
      reason: 'damaged',
      quantity: '2',
      note: 'cracked',
    });
    const d = res.json().data;
    // 2 units at the discounted unit price (36 / 10)
    expect(d.disputeVal).toBe(7.2);
    const requested = await call(
      w.supplier,
      'POST',
      `/api/suppliers/${w.supplierId}/disputes/${d.id}/return`,
      {
        note: 'Driver collects on Friday',
      },
    );
    expect(requested.json(), requested.body).toMatchObject({ data: { status: 'accepted' } });
    const returnId = requested.json().data.returns[0].id;
    const skip = await call(w.supplier, 'PATCH', `/api/suppliers/${w.supplierId}/returns/${returnId}`, {
      step: 'received',
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('This return is requested; the next step is collected.');
    for (const step of ['collected', 'received']) {
      const r = await call(w.supplier, 'PATCH', `/api/suppliers/${w.supplierId}/returns/${returnId}`, {
        step,
      });
      expect(r.json().data.status).toBe(step);
    }
    const noNote = await call(w.supplier, 'PATCH', `/api/suppliers/${w.supplierId}/returns/${returnId}`, {
      step: 'credited',
    });
    expect(noNote.statusCode).toBe(400);
    expect(Object.keys(noNote.json().errors).sort()).toEqual(['creditDate', 'creditNoteNum']);
    const credited = await call(w.supplier, 'PATCH', `/api/suppliers/${w.supplierId}/returns/${returnId}`, {
      step: 'credited',
      creditNoteNum: 'CN-R1',
      creditDate: '2026-11-09',
    });
    expect(credited.json().data).toMatchObject({ status: 'credited' });
    expect(credited.json().data.steps.collected.by).toBe('Sam Lovelace');
    const list = (
      await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/returns?status=credited`)
    ).json().data;
    expect(list.total).toBe(1);
    const detail = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${d.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'resolved', totalCredit: 7.2 });
    expect(detail.returns[0].steps.credited).not.toBeNull();
    expect(await orderStatus(w)).toBe('open');
  });

  it('a rejection with a reason, accepted by the shop; a wrong price is valued by its difference', async () => {
    const w = await world();
    const milk = w.items[2]!;
    const res = await dispute(w, { ItemId: String(milk.id), reason: 'wrong_price', priceDifference: '0.25' });
    expect(res.json().data).toMatchObject({ quantity: 6, disputeVal: 1.5, priceDifference: 0.25 });
    const d = res.json().data;
    // the shop can still correct it before the supplier answers
    const changed = t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${w.shopId}/disputes?id=${d.id}`,
      headers: bearer(w.shop.token),
      payload: { priceDifference: 0.5 },
    });
    expect((await changed).json().data.disputeVal).toBe(3);
    const empty = await call(w.supplier, 'POST', `/api/suppliers/${w.supplierId}/disputes/${d.id}/reject`, {
      reason: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const rejected = await call(
      w.supplier,
      'POST',
      `/api/suppliers/${w.supplierId}/disputes/${d.id}/reject`,
      {
        reason: 'The price list of 1 November applies.',
      },
    );
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The price list of 1 November applies.',
    });
    await waitForMail(t.app, w.shop.email, (m) => m.text.includes('The price list of 1 November applies.'));
    const late = await call(w.shop, 'PATCH', `/api/shops/${w.shopId}/disputes/${d.id}`, { quantity: 1 });
    expect(late.statusCode).toBe(409);
    const accepted = await call(w.shop, 'POST', `/api/shops/${w.shopId}/disputes/${d.id}/accept-rejection`);
    expect(accepted.json().data).toMatchObject({ status: 'resolved', totalCredit: 0 });
    expect(await orderStatus(w)).toBe('open');
    // The supplier is told that the shop closed it.
    const told = (await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/notifications`)).json().data
      .data[0];
    expect(told).toMatchObject({
      kind: 'dispute_resolved',
      title: expect.stringMatching(/accepted your rejection of its dispute$/),
      link: `/suppliers/${w.supplierId}/disputes/${d.id}`,
    });
  });

  it('a shop withdraws an open dispute: it stays on record and the order is no longer disputed', async () => {
    const w = await world();
    const res = await dispute(w, { ItemId: String(w.items[0]!.id), reason: 'out_of_date', quantity: '1' });
    const d = res.json().data;
    const withdrawn = await call(w.shop, 'DELETE', `/api/shops/${w.shopId}/disputes/${d.id}`);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', active: false });
    expect(await orderStatus(w)).toBe('open');
    const told = (await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/notifications?unread=true`))
      .json()
      .data.data.map((n: { kind: string; title: string }) => [n.kind, n.title]);
    expect(told).toContainEqual(['dispute_resolved', expect.stringMatching(/withdrew its dispute$/)]);
    const list = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes?status=withdrawn`)).json().data;
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([d.id]);
    // the line can be disputed again afterwards
    const again = await dispute(w, { ItemId: String(w.items[0]!.id), reason: 'damaged', quantity: '1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.mainDisputeId).toBe(d.mainDisputeId);
  });
});

describe('bad input is refused with the envelope and changes nothing', () => {
  it('refuses other companies, impossible quantities, bad photos, answers by the shop and duplicates', async () => {
    const w = await world();
    const other = await world();
    const apples = w.items[0]!;
    const count = async () =>
      (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes`)).json().data.total as number;

    // another company's order and item
    const foreignItem = await dispute(w, {
      ItemId: String(other.items[0]!.id),
      reason: 'damaged',
      quantity: '1',
    });
    expect(foreignItem.statusCode).toBe(404);
    expect(foreignItem.json()).toMatchObject({
      success: false,
      message: 'This order item was not found.',
      trace: expect.any(String),
    });
    const foreignOrder = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shopId}/disputes`,
      headers: bearer(w.shop.token),
      payload: { orderId: other.orderId, itemId: other.items[0]!.id, reason: 'damaged', quantity: 1 },
    });
    expect(foreignOrder.statusCode).toBe(404);
    const foreignRead = await call(
      w.shop,
      'GET',
      `/api/shops/${w.shopId}/disputes/main?orderId=${other.orderId}`,
    );
    expect(foreignRead.statusCode).toBe(404);

    // more than was delivered / is missing
    await call(w.shop, 'PATCH', `/api/shops/${w.shopId}/orders/${w.orderId}/item/${apples.id}`, {
      receivedQuantity: 22,
    });
    const overDelivered = await dispute(w, { ItemId: String(apples.id), reason: 'damaged', quantity: '23' });
    expect(overDelivered.statusCode).toBe(400);
    expect(overDelivered.json()).toMatchObject({
      message: 'The quantity is more than the 22 delivered.',
      errors: { quantity: ['At most 22'] },
    });
    const overMissing = await dispute(w, {
      ItemId: String(apples.id),
      reason: 'short_delivery',
      quantity: '3',
    });
    expect(overMissing.json().message).toBe('The quantity is more than the 2 missing.');

    // field errors
    const bad = await dispute(w, { ItemId: 'x', reason: 'broken', quantity: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['itemId', 'quantity', 'reason']);
    const noDiff = await dispute(w, { ItemId: String(apples.id), reason: 'wrong_price' });
    expect(noDiff.json().errors).toEqual({ priceDifference: ['Enter the price difference per unit'] });

    // photos: not an image, and over 10 MB
    const pdf = await dispute(
      w,
      { ItemId: String(apples.id), reason: 'damaged', quantity: '1' },
      {
        bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
        type: 'image/png',
      },
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('The picture must be a JPEG, PNG, WebP or HEIC image.');
    const huge = await dispute(
      w,
      { ItemId: String(apples.id), reason: 'damaged', quantity: '1' },
      {
        bytes: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
        type: 'image/png',
      },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    // a real 7,000 × 7,000 HEIC of one colour (12 KB) is refused before its pixels are decoded; a cut-off one
    // cannot be read
    const claimed = await dispute(
      w,
      { ItemId: String(apples.id), reason: 'damaged', quantity: '1' },
      {
        bytes: readFileSync(new URL('../../test/fixtures/wall-49mp.heic', import.meta.url)),
        type: 'image/heic',
      },
    );
    expect(claimed.statusCode).toBe(413);
    expect(claimed.json().message).toBe('The picture is 7000×7000 pixels; at most 48 million are taken.');
    const cut = await dispute(
      w,
      { ItemId: String(apples.id), reason: 'damaged', quantity: '1' },
      { bytes: HEIC.subarray(0, 300), type: 'image/heic' },
    );
    expect(cut.statusCode).toBe(415);
    expect(cut.json().message).toBe('This HEIC picture could not be read.');
    expect(await count()).toBe(0);
    expect(await orderStatus(w)).toBe('open');

    // one live dispute per line
    const first = await dispute(w, { ItemId: String(apples.id), reason: 'damaged', quantity: '1' });
    expect(first.statusCode).toBe(201);
    const second = await dispute(w, { ItemId: String(apples.id), reason: 'short_delivery' });
    expect(second.statusCode).toBe(409);
    expect(await count()).toBe(1);

    // the shop cannot answer its own dispute; another supplier cannot see or answer it
    const d = first.json().data;
    const asShop = await call(w.shop, 'POST', `/api/suppliers/${w.shopId}/disputes/${d.id}/credit`, {
      creditNoteNum: 'X',
      creditDate: '2026-11-05',
      amount: 1,
    });
    expect(asShop.statusCode).toBe(403);
    const wrongSupplier = await call(
      other.supplier,
      'POST',
      `/api/suppliers/${other.supplierId}/disputes/${d.id}/reject`,
      {
        reason: 'no',
      },
    );
    expect(wrongSupplier.statusCode).toBe(404);
    const foreignMessage = await call(other.shop, 'POST', `/api/shops/${other.shopId}/messages`, {
      itemDisputeId: d.id,
      messageVal: 'hello',
    });
    expect(foreignMessage.statusCode).toBe(404);
    const detail = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${d.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'open', totalCredit: 0, messages: [] });
  });
});

describe('photos', () => {
  it('a HEIC photo from a phone is stored and served as a JPEG', async () => {
    const w = await world();
    const res = await dispute(
      w,
      { ItemId: String(w.items[1]!.id), reason: 'damaged', quantity: '1', note: 'Cracked tray' },
      { bytes: HEIC, type: 'image/heic' },
    );
    expect(res.statusCode).toBe(201);
    const photo = await t.app.inject({ method: 'GET', url: res.json().data.imageUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const decoded = jpeg.decode(photo.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([64, 48]);
  });
});

describe('a credit note closes the disputes it settles', () => {
  let creditNo = 500;
  const creditNote = (w: TWorld, lines: TInvoiceLine[], reference?: string) =>
    invoicePdf({
      vendor: 'Fresh Farm Foods',
      invoiceNum: `CN-${creditNo++}`,
      orderNum: reference ?? w.orderNum,
      date: '2026-11-10',
      creditNote: true,
      lines,
    });

  function upload(w: TWorld, bytes: Buffer, as: 'shop' | 'supplier' = 'shop') {
    const form =
      as === 'shop'
        ? multipart(
            { ShopSupplierId: String(w.linkId) },
            { field: 'File', name: 'credit-note.pdf', type: 'application/pdf', bytes },
          )
        : multipart(
            { ShopId: String(w.shopId) },
            { field: 'File', name: 'credit-note.pdf', type: 'application/pdf', bytes },
          );
    return t.app.inject({
      method: 'POST',
      url:
        as === 'shop'
          ? `/api/shops/${w.shopId}/orders/upload`
          : `/api/suppliers/${w.supplierId}/credits/upload`,
      headers: { ...bearer(as === 'shop' ? w.shop.token : w.supplier.token), ...form.headers },
      payload: form.payload,
    });
  }

  /** Waits until the reading job has read the credit note and matched it. */
  async function creditOf(w: TWorld, documentId: number) {
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      const list = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/credits?PerPage=100`)).json().data.data;
      const found = list.find((c: { documentId: number }) => c.documentId === documentId);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no credit from document ${documentId}`);
  }

  it('matches a generated credit-note PDF to its dispute, leaves partial and unmatched ones in review, and a person assigns an unmatched line by hand', async () => {
    const w = await world();
    const [apples, eggs] = w.items;
    await call(w.shop, 'PATCH', `/api/shops/${w.shopId}/orders/${w.orderId}/item/${apples!.id}`, {
      receivedQuantity: 22,
    });
    const short = (await dispute(w, { ItemId: String(apples!.id), reason: 'short_delivery' })).json().data;
    const broken = (await dispute(w, { ItemId: String(eggs!.id), reason: 'damaged', quantity: '2' })).json()
      .data;
    expect([short.disputeVal, broken.disputeVal]).toEqual([5, 7.2]);

    // the shop uploads the supplier's credit note for the two missing cases: read, matched, applied, closed
    const full = await upload(
      w,
      await creditNote(w, [{ code: 'A100', description: 'Organic apples 1kg', qty: 2, price: 2.5 }]),
    );
    expect(full.statusCode).toBe(201);
    const applied = await creditOf(w, full.json().data.tempOrderId);
    expect(applied).toMatchObject({
      status: 'applied',
      source: 'credit_note',
      amount: 5,
      reviewReason: null,
    });
    expect(applied.creditNoteNum).toMatch(/^CN-/);
    expect(applied.lines).toMatchObject([{ disputeId: short.id, itemCode: 'A100', amount: 5 }]);
    const closed = (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${short.id}`)).json().data;
    expect(closed).toMatchObject({ status: 'resolved', totalCredit: 5 });
    expect(closed.messages.at(-1).messageVal).toContain('5.00 credited');
    // the supplier is told that the shop's upload of its credit note closed the dispute
    const told = (await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/notifications`)).json().data
      .data;
    expect(told).toContainEqual(
      expect.objectContaining({
        kind: 'dispute_resolved',
        title: expect.stringMatching(/^Credit note CN-\S+ was read and closed a dispute of Corner Shop$/),
        link: `/suppliers/${w.supplierId}/disputes/${short.id}`,
      }),
    );
    // a credit note never becomes an order
    const document = (
      await call(
        w.shop,
        'GET',
        `/api/shops/${w.shopId}/orders/pending-review/${full.json().data.tempOrderId}`,
      )
    ).json().data;
    expect(document).toMatchObject({ documentType: 'creditNote', status: 'processed', orderId: null });

    // half the eggs credited: recorded, but it waits in review with the reason in words
    const half = await upload(
      w,
      await creditNote(w, [{ code: 'B200', description: 'Free range eggs x12', qty: 1, price: 3.6 }]),
    );
    const partial = await creditOf(w, half.json().data.tempOrderId);
    expect(partial).toMatchObject({ status: 'review', amount: 3.6 });
    expect(partial.reviewReason).toBe(
      'Line 1 (B200 Free range eggs x12, 3.60) covers part of the 7.20 disputed on it.',
    );
    expect(
      (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${broken.id}`)).json().data.totalCredit,
    ).toBe(0);
    // a person confirms it: the eggs dispute is credited in part and stays accepted
    const confirmed = await call(w.shop, 'POST', `/api/shops/${w.shopId}/credits/${partial.id}/apply`);
    expect(confirmed.json().data.status).toBe('applied');
    expect(
      (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${broken.id}`)).json().data,
    ).toMatchObject({
      status: 'accepted',
      totalCredit: 3.6,
    });

    // the supplier uploads one for something nobody disputed: unmatched, in review
    const stray = await upload(
      w,
      await creditNote(w, [{ code: 'Z900', description: 'Bananas loose', qty: 3, price: 1.2 }], 'PO-NONE'),
      'supplier',
    );
    expect(stray.statusCode).toBe(202);
    const unmatched = await creditOf(w, stray.json().data.documentId);
    expect(unmatched.status).toBe('review');
    expect(unmatched.reviewReason).toBe(
      'It names no order or invoice with an open dispute, so its lines were matched by item only. Line 1 (Z900 Bananas loose, 3.60) matches no open dispute.',
    );
    const nothing = await call(
      w.supplier,
      'POST',
      `/api/suppliers/${w.supplierId}/credits/${unmatched.id}/apply`,
    );
    expect(nothing.statusCode).toBe(409);

    // a person assigns its line by hand: the detail offers the open disputes with what is still open on each
    const review = (
      await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/credits/${unmatched.id}`)
    ).json().data;
    expect(review.candidates).toEqual([
      expect.objectContaining({ disputeId: broken.id, itemCode: 'B200', reasonText: 'Damaged', open: 3.6 }),
    ]);
    const lineUrl = `/api/suppliers/${w.supplierId}/credits/${unmatched.id}/lines/${review.lines[0].id}`;
    // another shop's dispute, a line of another credit, another company: refused, nothing changed
    const other = await world();
    const foreign = (
      await dispute(other, { ItemId: String(other.items[0]!.id), reason: 'damaged', quantity: '1' })
    ).json().data;
    const wrong = await call(w.supplier, 'PATCH', lineUrl, { disputeId: foreign.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.disputeId).toEqual(['Not an open dispute between this shop and supplier']);
    const notMine = await call(
      w.supplier,
      'PATCH',
      `/api/suppliers/${w.supplierId}/credits/${unmatched.id}/lines/${applied.lines[0].id}`,
      { disputeId: broken.id },
    );
    expect(notMine.statusCode).toBe(404);
    const outsider = await call(
      other.supplier,
      'PATCH',
      `/api/suppliers/${other.supplierId}/credits/${unmatched.id}/lines/${review.lines[0].id}`,
      { disputeId: broken.id },
    );
    expect(outsider.statusCode).toBe(404);
    const bad = await call(w.supplier, 'PATCH', lineUrl, { disputeId: 'eggs' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/credits/${unmatched.id}`)).json().data
        .lines[0].disputeId,
    ).toBeNull();
    const assigned = await call(w.supplier, 'PATCH', lineUrl, { disputeId: broken.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.lines[0].disputeId).toBe(broken.id);
    const settled = await call(
      w.supplier,
      'POST',
      `/api/suppliers/${w.supplierId}/credits/${unmatched.id}/apply`,
    );
    expect(settled.json().data.status).toBe('applied');
    expect(
      (await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${broken.id}`)).json().data,
    ).toMatchObject({ status: 'resolved', totalCredit: 7.2 });
    const late = await call(w.supplier, 'PATCH', lineUrl, { disputeId: null });
    expect(late.statusCode).toBe(409);
    const afterwards = (
      await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/credits/${unmatched.id}`)
    ).json().data;
    expect(afterwards.candidates).toEqual([]);

    const stranger = await call(w.supplier, 'POST', `/api/suppliers/${w.supplierId}/credits/upload`, {});
    expect(stranger.statusCode).toBe(400);
  }, 120_000);
});

describe('the disputes list', () => {
  it('pages by number and by cursor, sorts both ways, filters, searches and refuses bad queries', async () => {
    const w = await world();
    const [apples, eggs, milk] = w.items;
    const ids: number[] = [];
    for (const [item, note] of [
      [apples!, 'crate crushed in transit'],
      [eggs!, 'two boxes cracked'],
      [milk!, 'leaking cartons'],
    ] as const) {
      const res = await dispute(w, { ItemId: String(item.id), reason: 'damaged', quantity: '1', note });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    expect((await call(w.shop, 'DELETE', `/api/shops/${w.shopId}/disputes/${ids[2]}`)).statusCode).toBe(200);
    const shopList = async (query: string) => {
      const res = await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes?${query}`);
      return { status: res.statusCode, body: res.json() };
    };
    const idsOf = (r: { body: { data: { data: { id: number }[] } } }) => r.body.data.data.map((d) => d.id);

    // Newest first, two a page: the first page hands out a cursor to the rest, with no row twice.
    const first = await shopList('perpage=2');
    expect(first.body.data).toMatchObject({ total: 3, totalCapped: false, page: 1, perPage: 2 });
    expect(idsOf(first)).toEqual([ids[2], ids[1]]);
    const next = await shopList(`perpage=2&cursor=${first.body.data.nextCursor}`);
    expect(idsOf(next)).toEqual([ids[0]]);
    expect(next.body.data.nextCursor).toBeNull();
    // The spec's page numbers reach the same row; oldest first is the reverse order.
    expect(idsOf(await shopList('perpage=2&page=2'))).toEqual([ids[0]]);
    expect(idsOf(await shopList('sort=oldest'))).toEqual(ids);

    // Filters, and the sums of what they match.
    const active = await shopList('status=active');
    expect(idsOf(active)).toEqual([ids[1], ids[0]]);
    expect(idsOf(await shopList('status=withdrawn'))).toEqual([ids[2]]);
    expect(active.body.data.totalDisputed).toBeGreaterThan(0);
    expect(active.body.data.totalCredited).toBe(0);
    expect((await shopList(`shopsupplierid=${w.linkId}`)).body.data.total).toBe(3);
    expect((await shopList('shopsupplierid=999999')).body.data.total).toBe(0);
    expect((await shopList(`orderid=${w.orderId}`)).body.data.total).toBe(3);
    expect((await shopList('from=2000-01-01&to=2000-12-31')).body.data.total).toBe(0);
    const supplier = await call(
      w.supplier,
      'GET',
      `/api/suppliers/${w.supplierId}/disputes?shopid=${w.shopId}`,
    );
    expect(supplier.json().data.total).toBe(3);
    const byLink = await call(
      w.supplier,
      'GET',
      `/api/suppliers/${w.supplierId}/disputes?shopsupplierid=${w.linkId}&status=active`,
    );
    expect(byLink.json().data.total).toBe(2);

    // Search: the order number's middle, an item (accents and case folded), a note.
    expect((await shopList(`search=${w.orderNum.slice(3, 7)}`)).body.data.total).toBe(3);
    expect(idsOf(await shopList('search=FREE RANGE'))).toEqual([ids[1]]);
    expect(idsOf(await shopList('search=crushed'))).toEqual([ids[0]]);
    // The item's code (its own trigram index, order_items_code_trgm_idx).
    expect(idsOf(await shopList('search=b200'))).toEqual([ids[1]]);
    expect(idsOf(await shopList('search=cartons&status=active'))).toEqual([]);

    // Bad queries are a 400 in the envelope, naming the field.
    const short = await shopList('search=ab');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ success: false, errors: { search: expect.any(Array) } });
    expect((await shopList('sort=cheapest')).status).toBe(400);
    expect((await shopList('status=lost')).status).toBe(400);
    const garbage = await shopList('cursor=not-a-cursor');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ success: false, errors: { cursor: expect.any(Array) } });
    // A cursor is for the sort it was made for.
    expect((await shopList(`sort=oldest&perpage=2&cursor=${first.body.data.nextCursor}`)).status).toBe(400);
  });

  it('lists the inbox unread first, then newest, by page number and by cursor across both groups', async () => {
    const w = await world();
    const [apples, eggs] = w.items;
    const a = (await dispute(w, { ItemId: String(apples!.id), reason: 'damaged', quantity: '1' })).json()
      .data;
    const b = (await dispute(w, { ItemId: String(eggs!.id), reason: 'damaged', quantity: '1' })).json().data;
    const post = async (who: 'shop' | 'supplier', disputeId: number, text: string) => {
      const res = await call(
        w[who],
        'POST',
        who === 'shop' ? `/api/shops/${w.shopId}/messages` : `/api/suppliers/${w.supplierId}/messages`,
        { itemDisputeId: disputeId, messageVal: text },
      );
      expect(res.statusCode).toBe(201);
      return res.json().data.id as number;
    };
    // The shop writes twice; the supplier answers on both disputes (answering reads what came before).
    const own1 = await post('shop', a.id, 'Crate crushed');
    const own2 = await post('shop', b.id, 'Eggs cracked');
    const answerA = await post('supplier', a.id, 'Sorry, a credit follows');
    const answerB = await post('supplier', b.id, 'Photo please');
    const inbox = async (query: string) => {
      const res = await call(w.shop, 'GET', `/api/shops/${w.shopId}/messages?${query}`);
      return { status: res.statusCode, body: res.json() };
    };
    const idsOf = (r: { body: { data: { data: { id: number }[] } } }) => r.body.data.data.map((m) => m.id);

    // Unread first (the supplier's answers, newest first), then the read ones, newest first.
    const all = await inbox('');
    expect(idsOf(all)).toEqual([answerB, answerA, own2, own1]);
    expect(all.body.data).toMatchObject({ total: 4, totalCapped: false });
    // Three a page: the cursor continues in the second group, as page 2 does.
    const first = await inbox('perpage=3');
    expect(idsOf(first)).toEqual([answerB, answerA, own2]);
    const next = await inbox(`perpage=3&cursor=${first.body.data.nextCursor}`);
    expect(idsOf(next)).toEqual([own1]);
    expect(next.body.data.nextCursor).toBeNull();
    expect(idsOf(await inbox('perpage=3&page=2'))).toEqual([own1]);
    // A cursor made inside the unread group continues it, then the read group.
    const one = await inbox('perpage=1');
    expect(idsOf(await inbox(`perpage=2&cursor=${one.body.data.nextCursor}`))).toEqual([answerA, own2]);
    expect(idsOf(await inbox('unread=true'))).toEqual([answerB, answerA]);
    expect(idsOf(await inbox(`disputeid=${a.id}`))).toEqual([answerA, own1]);
    // A thread is oldest first, paged by number or by cursor like every list.
    const threadUrl = `/api/shops/${w.shopId}/disputes/${a.id}/messages`;
    const firstOfThread = (await call(w.shop, 'GET', `${threadUrl}?perpage=1`)).json().data;
    expect(firstOfThread.data.map((m: { id: number }) => m.id)).toEqual([own1]);
    const restOfThread = (
      await call(w.shop, 'GET', `${threadUrl}?perpage=1&cursor=${firstOfThread.nextCursor}`)
    ).json().data;
    expect(restOfThread.data.map((m: { id: number }) => m.id)).toEqual([answerA]);
    expect((await call(w.shop, 'GET', `${threadUrl}?sort=newest`)).statusCode).toBe(400);
    // Opening a thread read it: its answer joined the read group.
    expect(idsOf(await inbox(''))).toEqual([answerB, answerA, own2, own1]);
    expect(idsOf(await inbox('unread=true'))).toEqual([answerB]);
    await call(w.shop, 'GET', `/api/shops/${w.shopId}/disputes/${b.id}/messages`);
    expect(idsOf(await inbox('unread=true'))).toEqual([]);
    // The supplier's side: the shop's messages were read when the supplier answered.
    const supplierSide = await call(w.supplier, 'GET', `/api/suppliers/${w.supplierId}/messages`);
    expect(supplierSide.json().data.data.map((m: { id: number }) => m.id)).toEqual([
      answerB,
      answerA,
      own2,
      own1,
    ]);

    // Bad queries are a 400 in the envelope, naming the field.
    for (const [query, field] of [
      ['sort=oldest', 'sort'],
      ['unread=maybe', 'unread'],
      ['cursor=not-a-cursor', 'cursor'],
      ['disputeid=abc', 'disputeid'],
    ] as const) {
      const bad = await inbox(query);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
    }
  });
});

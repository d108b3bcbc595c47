import { describe, expect, it } from 'vitest';
import { type DocSpec, en, enInvoice, makePdf, pdfOf } from './__tests__/make-docs.js';
import { learn } from './learn.js';
import {
  createFileProfileStore,
  createMemoryProfileStore,
  PROFILE_VERSION,
  recogniseSupplier,
} from './profile.js';
import { readDocument } from './read.js';

/** A layout whose labels the generic reader does not know. */
function oddLayout(n: number): DocSpec {
  return enInvoice(n, {
    labels: {
      number: 'Ref',
      date: 'Issued',
      due: 'Settle before',
      order: 'Your doc',
      billTo: 'Bill To',
      desc: 'Description',
      qty: 'Qty',
      price: 'Unit Price',
      amount: 'Amount',
      code: 'Item Code',
      subtotal: 'Lines',
      net: 'Goods value',
      vat: 'Levy',
      total: 'Grand total',
    },
    number: `K${7000 + n}`,
    date: `0${n}/02/2024`,
    order: `PO-${5500 + n}`,
    due: `0${n}/03/2024`,
    money: en,
  });
}

/**
 * A form-like layout: the customer block keeps a slot for a contact line above the customer's name (empty on
 * some documents), the lines add up to a total before a document discount, and no subtotal is printed.
 */
function formPdf(n: number, contact?: string, sender?: string): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    doc.fontSize(10);
    const at = (t: string, x: number, y: number) => doc.text(t, x, y, { lineBreak: false });
    at('Acme Forms Ltd', 40, 50);
    at('1 Mill Lane, Leeds LS2 7AB', 40, 64);
    // a sender line over the address window: the legal name, its street and town in one line
    if (sender) at(`${sender} · 1 Mill Lane · Leeds LS2 7AB`, 340, 96);
    at('Document no:', 330, 50);
    at(`F-${4100 + n}`, 450, 50);
    at('Issued:', 330, 64);
    at(`1${n}/05/2024`, 450, 64);
    at('Customer block', 330, 110);
    if (contact) at(contact, 340, 124);
    at(`Bakery ${['Alpha', 'Beta', 'Gamma'][n]} Ltd`, 340, 138);
    at('Station Road 4', 340, 152);
    const lines = [
      ['Flour 25 kg', 4 + n, 18.5],
      ['Yeast 500 g', 10, 3.2],
    ] as const;
    at('Description', 40, 200);
    at('Qty', 300, 200);
    at('Price', 380, 200);
    at('Amount', 480, 200);
    let y = 220;
    for (const [desc, qty, price] of lines) {
      at(desc, 40, y);
      at(String(qty), 300, y);
      at(en(price), 380, y);
      at(en(qty * price), 480, y);
      y += 16;
    }
    const sum = lines.reduce((a, [, q, p]) => a + q * p, 0);
    const net = sum - 10;
    y += 10;
    at('Loyalty discount', 330, y);
    at(en(-10), 480, y);
    at('Excl. VAT', 330, y + 16);
    at(en(net), 480, y + 16);
    at('VAT 20 %', 330, y + 32);
    at(en(net * 0.2), 480, y + 32);
    at('To pay', 330, y + 48);
    at(en(net * 1.2), 480, y + 48);
  });
}

describe('learned supplier layouts', () => {
  it('learns from one corrected document and reads the next of that layout with it', async () => {
    const first = oddLayout(1);
    const bytes1 = await makePdf(first);
    const generic = await readDocument(bytes1, { fileName: 'a.pdf', supplierKey: 'northwind' });
    expect(generic.inTraining).toBe(true);
    expect(generic.pendingReview).toBe(true);
    const corrected = {
      ...generic,
      vendor: { name: 'Northwind Supplies Ltd', vatNumber: 'GB123456789' },
      headers: { invoiceNum: 'K7001', invoiceDate: '2024-01-02', dueDate: '2024-01-03', orderNum: 'PO-5501' },
      totals: { subtotal: first.subtotal, net: first.net, vat: first.vat, invoiceTotal: first.total },
    };
    const store = createMemoryProfileStore();
    const profile = await learn(store, 'northwind', bytes1, corrected);
    expect(profile.version).toBe(PROFILE_VERSION);
    expect(JSON.stringify(profile).length).toBeLessThan(8000);
    expect(profile.fields['headers.invoiceNum']?.anchors?.[0]?.label).toBe('ref');

    const second = oddLayout(3);
    const r = await readDocument(await makePdf(second), {
      fileName: 'b.pdf',
      supplierKey: 'northwind',
      profile: await store.get('northwind'),
    });
    expect(r.profileUsed).toBe('northwind');
    expect(r.inTraining).toBe(false);
    expect(r.headers.invoiceNum).toBe('K7003');
    // the layout prints month-first dates; the profile remembers it
    expect(r.headers.invoiceDate).toBe('2024-03-02');
    expect(r.headers.dueDate).toBe('2024-03-03');
    expect(r.totals).toMatchObject({ net: second.net, vat: second.vat, invoiceTotal: second.total });
    expect(r.vendor.name).toBe('Northwind Supplies Ltd');
  });

  it('keeps profiles as JSON files for the CLI', async () => {
    const dir = `/tmp/reader-profiles-${process.pid}`;
    const store = createFileProfileStore(dir);
    const bytes = await makePdf(oddLayout(2));
    await learn(store, 'acme/uk', bytes, { headers: { invoiceNum: 'K7002' } });
    const again = await learn(store, 'acme/uk', bytes, { headers: { invoiceNum: 'K7002' } });
    expect(again.learnedFrom).toBe(2);
    expect((await store.get('acme/uk'))?.fields['headers.invoiceNum']?.kind).toBe('id');
  });

  it('recognises a supplier seen before by VAT number or by name and address', async () => {
    const store = createMemoryProfileStore();
    await learn(store, 'northwind', await makePdf(oddLayout(1)), {
      vendor: { name: 'Northwind Supplies Ltd', vatNumber: 'GB123456789' },
    });
    await learn(store, 'other', await makePdf(oddLayout(2)), {
      vendor: { name: 'Other Trading Ltd', address: '1 Main St' },
    });
    const profiles = [...store.all.values()];
    expect(recogniseSupplier({ vendor: { vatNumber: 'GB 123 456 789' } }, profiles)).toBe('northwind');
    expect(recogniseSupplier({ vendor: { name: 'OTHER TRADING LTD' } }, profiles)).toBe('other');
    expect(recogniseSupplier({ vendor: { name: 'Unknown GmbH' } }, profiles)).toBeUndefined();
  });

  it('reads a name under its block heading when the line above it changes, and a subtotal the layout does not print', async () => {
    const store = createMemoryProfileStore();
    const first = await formPdf(0, 'Attn. purchasing desk');
    const generic = await readDocument(first, { fileName: 'a.pdf' });
    await learn(store, 'acme-forms', first, {
      ...generic,
      invoiceTo: { name: 'Bakery Alpha Ltd' },
      headers: { invoiceNum: 'F-4100', invoiceDate: '2024-05-10' },
      // the person filled in the subtotal: the sum of the lines
      totals: { subtotal: 106, net: 96, vat: 19.2, invoiceTotal: 115.2 },
      items: [
        { itemDesc: 'Flour 25 kg', amount: 74 },
        { itemDesc: 'Yeast 500 g', amount: 32 },
      ],
    });
    const r = await readDocument(await formPdf(1), {
      fileName: 'b.pdf',
      supplierKey: 'acme-forms',
      profile: await store.get('acme-forms'),
    });
    expect(r.invoiceTo.name).toBe('Bakery Beta Ltd');
    expect(r.headers.invoiceNum).toBe('F-4101');
    expect(r.totals.subtotal).toBe(124.5);
  });

  it('reads a learned name from a sender line as the name alone ("Name · Street · Town")', async () => {
    const store = createMemoryProfileStore();
    const first = await formPdf(0, undefined, 'Acme Holdings Ltd');
    const generic = await readDocument(first, { fileName: 'a.pdf' });
    await learn(store, 'acme-forms', first, { ...generic, vendor: { name: 'Acme Holdings Ltd' } });
    const r = await readDocument(await formPdf(1, undefined, 'Brook Holdings Ltd'), {
      fileName: 'b.pdf',
      supplierKey: 'acme-forms',
      profile: await store.get('acme-forms'),
    });
    expect(r.vendor.name).toBe('Brook Holdings Ltd');
  });

  it('reads an order number of another shape where the learned one stood (the buyer chooses its numbers)', async () => {
    const store = createMemoryProfileStore();
    const first = oddLayout(1);
    const bytes1 = await makePdf(first);
    const generic = await readDocument(bytes1, { fileName: 'a.pdf' });
    await learn(store, 'northwind', bytes1, {
      ...generic,
      headers: { ...generic.headers, orderNum: 'PO-5501' },
    });
    const second = { ...oddLayout(3), order: '2025-4584/78' };
    const r = await readDocument(await makePdf(second), {
      fileName: 'b.pdf',
      supplierKey: 'northwind',
      profile: await store.get('northwind'),
    });
    expect(r.headers.orderNum).toBe('2025-4584/78');
  });

  it('keeps the values of another sender that uses the same template', async () => {
    const store = createMemoryProfileStore();
    const bytes = await makePdf(enInvoice(1));
    await learn(store, 'template', bytes, {
      vendor: { name: 'Northwind Supplies Ltd', address: '12 Harbour Road', vatNumber: 'GB123456789' },
      headers: { invoiceNum: 'INV-2024-0001' },
    });
    const other = enInvoice(2, {
      vendor: ['Southwind Traders Ltd', '7 Dock Lane', 'Hull HU1 1AA'],
      vendorVat: 'GB987654321',
    });
    const r = await readDocument(await makePdf(other), {
      fileName: 'other.pdf',
      supplierKey: 'template',
      profile: await store.get('template'),
    });
    expect(r.vendor.name).toBe('Southwind Traders Ltd');
    expect(r.vendor.vatNumber).toBe('GB987654321');
    expect(r.vendor.address ?? '').not.toContain('Harbour');
    expect(r.headers.invoiceNum).toBe('INV-2024-0002');
  });
});

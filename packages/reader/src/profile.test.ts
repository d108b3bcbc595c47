import { describe, expect, it } from 'vitest';
import { type DocSpec, en, enInvoice, makePdf } from './__tests__/make-docs.js';
import { learn } from './learn.js';
import { createFileProfileStore, createMemoryProfileStore, recogniseSupplier } from './profile.js';
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
    expect(profile.version).toBe(1);
    expect(JSON.stringify(profile).length).toBeLessThan(8000);
    expect(profile.fields['headers.invoiceNum']?.label).toBe('ref');

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
});

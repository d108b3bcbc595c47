import { describe, expect, it } from 'vitest';
import {
  DE_LABELS,
  type DocItem,
  de,
  EN_LABELS,
  enInvoice,
  FR_LABELS,
  fr,
  makePdf,
  NL_LABELS,
} from './__tests__/make-docs.js';
import { readDocument } from './read.js';

describe('text-layer PDFs', () => {
  it('reads an English invoice (1,234.56, month-first dates, wrapped descriptions)', async () => {
    const spec = enInvoice(1);
    const r = await readDocument(await makePdf(spec), { fileName: 'en.pdf' });
    expect(r.source).toBe('text');
    expect(r.documentType).toBe('invoice');
    expect(r.headers.invoiceNum).toBe('INV-2024-0001');
    expect(r.headers.invoiceDate).toBe('2024-03-14');
    expect(r.headers.dueDate).toBe('2024-04-13');
    expect(r.headers.orderNum).toBe('PO-5501');
    expect(r.vendor.name).toBe('Northwind Supplies Ltd');
    expect(r.vendor.vatNumber).toBe('GB123456789');
    expect(r.invoiceTo.name).toBe('Corner Shop 1 Ltd');
    expect(r.totals).toMatchObject({
      subtotal: spec.subtotal,
      net: spec.net,
      vat: spec.vat,
      invoiceTotal: spec.total,
    });
    expect(r.items).toHaveLength(2);
    expect(r.items[1]).toMatchObject({ itemCode: 'B-201', itemQty: 2, price: 1234.5, amount: 2469 });
    expect(r.items[1]!.itemDesc).toBe('Industrial grease cartridge 400 g, lithium based');
    expect(r.issues).toEqual([]);
    expect(r.boxes['headers.invoiceNum']).toMatchObject({ page: 1 });
    expect(r.confidence.overall).toBeGreaterThan(0.8);
    expect(r.pendingReview).toBe(false);
  });

  it('reads a German invoice (1.234,56, discount row, multi-page table)', async () => {
    const items: DocItem[] = Array.from({ length: 14 }, (_, i) => ({
      code: `${4711 + i}`,
      desc: [`Schraube Typ ${i + 1}`],
      qty: i + 1,
      price: 1050.5,
      amount: (i + 1) * 1050.5,
    }));
    const subtotal = items.reduce((a, i) => a + i.amount, 0);
    const discount = 100;
    const net = subtotal - discount;
    const vat = Math.round(net * 0.19 * 100) / 100;
    const spec = {
      title: 'RECHNUNG',
      labels: DE_LABELS,
      vendor: ['Beispiel Werkzeuge GmbH', 'Industriestraße 5', '80333 München'],
      vendorVat: 'DE123456789',
      buyer: ['Laden am Markt KG', 'Marktplatz 1', '10115 Berlin'],
      number: 'RE-2024-0815',
      date: '7. Mai 2024',
      due: '06.06.2024',
      order: 'B-4471',
      items,
      discount,
      subtotal,
      net,
      vat,
      total: Math.round((net + vat) * 100) / 100,
      money: de,
      rowsPerPage: 9,
    };
    const r = await readDocument(await makePdf(spec), { fileName: 'de.pdf' });
    expect(r.pages).toBe(2);
    expect(r.headers).toMatchObject({
      invoiceNum: 'RE-2024-0815',
      invoiceDate: '2024-05-07',
      dueDate: '2024-06-06',
      orderNum: 'B-4471',
    });
    expect(r.currency).toBe('EUR');
    expect(r.items.map((i) => i.itemDesc)).toEqual(items.map((i) => i.desc[0]));
    expect(r.items[13]).toMatchObject({
      itemCode: '4724',
      itemDesc: 'Schraube Typ 14',
      itemQty: 14,
      price: 1050.5,
      amount: 14707,
    });
    expect(r.totals).toMatchObject({ subtotal, net, vat, invoiceTotal: spec.total });
    expect(r.items.some((i) => /rabatt/i.test(i.itemDesc ?? ''))).toBe(false);
    expect(r.issues).toEqual([]);
  });

  it('reads a French credit note (1 234,56) and flags it as a credit note', async () => {
    const items: DocItem[] = [{ desc: ['Retour palette bois'], qty: 3, price: 1234.56, amount: 3703.68 }];
    const spec = {
      title: 'AVOIR',
      labels: FR_LABELS,
      vendor: ['Les Moulins Réunis SARL', '12 rue du Port', '13002 Marseille'],
      vendorVat: 'FR11999999998',
      buyer: ['Épicerie du Coin', '3 place de la Mairie', '69001 Lyon'],
      number: 'AV-2024-12',
      date: '31 janvier 2024',
      due: '01/03/2024',
      items,
      subtotal: 3703.68,
      net: 3703.68,
      vat: 740.74,
      total: 4444.42,
      money: fr,
    };
    const r = await readDocument(await makePdf(spec), { fileName: 'fr.pdf' });
    expect(r.documentType).toBe('creditNote');
    expect(r.headers).toMatchObject({
      invoiceNum: 'AV-2024-12',
      invoiceDate: '2024-01-31',
      dueDate: '2024-03-01',
    });
    expect(r.vendor.vatNumber).toBe('FR11999999998');
    expect(r.invoiceTo.name).toBe('Épicerie du Coin');
    expect(r.totals).toMatchObject({ net: 3703.68, vat: 740.74, invoiceTotal: 4444.42 });
    expect(r.items[0]).toMatchObject({
      itemDesc: 'Retour palette bois',
      itemQty: 3,
      price: 1234.56,
      amount: 3703.68,
    });
  });

  it('reads a Dutch invoice', async () => {
    const spec = {
      ...enInvoice(2),
      title: 'FACTUUR',
      labels: NL_LABELS,
      vendor: ['Groothandel Jansen B.V.', 'Kade 4', '1011 AB Amsterdam'],
      vendorVat: 'NL123456789B01',
      date: '12 maart 2024',
      due: '11-04-2024',
      money: de,
    };
    spec.items = spec.items.map(({ code: _c, ...i }) => i);
    const r = await readDocument(await makePdf(spec), { fileName: 'nl.pdf' });
    expect(r.headers).toMatchObject({
      invoiceNum: 'INV-2024-0002',
      invoiceDate: '2024-03-12',
      dueDate: '2024-04-11',
    });
    expect(r.vendor.vatNumber).toBe('NL123456789B01');
    expect(r.totals.invoiceTotal).toBe(spec.total);
    expect(r.items).toHaveLength(2);
  });

  it('reports arithmetic that does not add up', async () => {
    const spec = enInvoice(3, { total: 9999.99 });
    const r = await readDocument(await makePdf(spec), { fileName: 'bad.pdf' });
    expect(r.pendingReview).toBe(true);
    expect(r.issues.some((i) => i.table === 'totals')).toBe(true);
  });

  it('sends an invoice whose lines cannot be found to review', async () => {
    const r = await readDocument(await makePdf(enInvoice(7, { items: [] })), { fileName: 'empty.pdf' });
    expect(r.items).toEqual([]);
    expect(r.issues.map((i) => i.description)).toContain('No line items found');
    expect(r.pendingReview).toBe(true);
  });

  it('reports duplicates and unknown suppliers', async () => {
    const spec = enInvoice(4);
    const r = await readDocument(await makePdf(spec), {
      fileName: 'dup.pdf',
      previous: [{ invoiceNum: 'INV-2024-0004', vendorName: 'Northwind Supplies Ltd' }],
      knownSuppliers: ['Someone Else GmbH'],
    });
    expect(r.issues.map((i) => i.description).join('\n')).toMatch(/duplicate/);
    expect(r.issues.map((i) => i.description).join('\n')).toMatch(/Unknown supplier/);
    expect(r.pendingReview).toBe(true);
  });

  it('reads a purchase order', async () => {
    const spec = enInvoice(5, {
      title: 'PURCHASE ORDER',
      labels: { ...EN_LABELS, number: 'Order No', order: 'Your ref' },
    });
    const r = await readDocument(await makePdf(spec), { fileName: 'po.pdf' });
    expect(r.documentType).toBe('order');
    expect(r.headers.orderNum).toBe('INV-2024-0005');
  });

  it('reads only the first pages of a long document and says so', async () => {
    const items: DocItem[] = Array.from({ length: 12 }, (_, i) => ({
      desc: [`Part ${i + 1}`],
      qty: 1,
      price: 2,
      amount: 2,
    }));
    const spec = enInvoice(6, { items, subtotal: 24, net: 24, vat: 4.8, total: 28.8, rowsPerPage: 4 });
    const r = await readDocument(await makePdf(spec), { fileName: 'long.pdf', limits: { maxPages: 2 } });
    expect(r.pages).toBe(3);
    expect(r.pendingReview).toBe(true);
    expect(r.issues.some((i) => /first 2 of 3 pages/.test(i.description))).toBe(true);
  });
});

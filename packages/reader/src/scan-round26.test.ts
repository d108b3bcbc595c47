import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { contextOf, finish } from './read.js';
import { emptyResult, type TReaderResult, type Word } from './types.js';

describe('a scanned invoice whose printed vendor VAT id was not read', () => {
  /** an invoice read with every key field and its one item row sure, its buyer named */
  const sure = (vatNumber?: string): TReaderResult => {
    const r = emptyResult('scan.png');
    r.source = 'ocr';
    r.documentType = 'invoice';
    r.headers = { invoiceNum: 'RE-2041', invoiceDate: '2026-03-14' };
    r.vendor = { name: 'Zonnebloem Supplies AG', ...(vatNumber ? { vatNumber } : {}) };
    r.invoiceTo = { name: 'Greenfield Papeterie GmbH' };
    r.totals = { net: 100, vat: 19, invoiceTotal: 119 };
    r.items = [{ itemDesc: 'Kabelbinder schwarz', itemQty: 4, price: 25, amount: 100 }];
    r.currency = 'EUR';
    r.confidence.fields = Object.fromEntries(
      [
        'headers.invoiceNum',
        'headers.invoiceDate',
        'vendor.name',
        'invoiceTo.name',
        'totals.net',
        'totals.vat',
        'totals.invoiceTotal',
        'items.0',
        ...(vatNumber ? ['vendor.vatNumber'] : []),
      ].map((k) => [k, 0.99]),
    );
    return r;
  };
  /** the page: a footer line with the vendor's name and `footer` */
  const page = (footer: string): Word[] => [
    ...row(0.1, [[0.08, 0.3, 'Rechnung RE-2041']]),
    ...row(0.92, [
      [0.08, 0.3, 'Zonnebloem Supplies AG'],
      [0.36, 0.6, footer],
    ]),
  ];
  const through = (footer: string, vat?: string, source: 'ocr' | 'text' = 'ocr') =>
    !finish(sure(vat), {}, contextOf(onePage(page(footer), source))).pendingReview;

  it('goes straight through without a VAT id printed, or with the one it read', () => {
    expect(through('Geschäftsführer: Thomas Becker')).toBe(true);
    expect(through('USt-IdNr. DE106786887', 'DE106786887')).toBe(true);
  });

  it('is not sure when a VAT id label, or an id in its shape after a VAT word, is printed and no id was read', () => {
    expect(through('USt-ID DE1O6796BB7')).toBe(false);
    expect(through('USt-ldNr.')).toBe(false);
    expect(through('TVA FR5377I7997Z8')).toBe(false);
    // an id read but not taken for the vendor's (its party not known)
    expect(through('0USt-ID DE106796887')).toBe(false);
  });

  it('does not count the buyer’s VAT id, nor a text layer', () => {
    expect(through('Ihre USt-IdNr. DE106796887')).toBe(true);
    expect(through('USt-IdNr. Kunde DE1O6796BB7')).toBe(true);
    expect(through('USt-IdNr. DE1O6796BB7', undefined, 'text')).toBe(true);
  });
});

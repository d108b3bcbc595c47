import { describe, expect, it } from 'vitest';
import { pdfOf } from './__tests__/make-docs.js';
import { isOwnAddress, isOwnName, type OwnCompany } from './own-company.js';
import { type ReadOptions, readDocument } from './read.js';

/** A text: x and y in points on an A4 page, font size (default 9). */
type Text = [x: number, y: number, text: string, size?: number];

function pagePdf(texts: Text[]): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    for (const [x, y, text, size] of texts)
      doc
        .font('Helvetica')
        .fontSize(size ?? 9)
        .text(text, x, y, { lineBreak: false });
  });
}
const read = async (texts: Text[], opts: ReadOptions = {}) =>
  readDocument(await pagePdf(texts), { fileName: 'test.pdf', ...opts });

/**
 * An invoice without "from"/"to" words: one company block in large print at the top (where a letterhead
 * stands), another in smaller print below it. Either may be the supplier.
 */
const page = (top: string, second: string, extra: Text[] = []): Text[] => [
  [60, 50, top, 14],
  [60, 68, '14 Mill Lane'],
  [60, 80, 'Leeds LS1 1AA'],
  [60, 150, second],
  [60, 162, '8 Canal Street'],
  [60, 174, 'Manchester M1 1AE'],
  [380, 150, 'Invoice No.'],
  [460, 150, 'KM-2207/41'],
  [380, 162, 'Invoice date'],
  [460, 162, '12/05/2025'],
  [60, 230, 'INVOICE', 16],
  [60, 270, 'Description'],
  [330, 270, 'Qty'],
  [400, 270, 'Price'],
  [480, 270, 'Amount'],
  [60, 286, 'Rye flour 25 kg'],
  [330, 286, '4'],
  [400, 286, '31.50'],
  [480, 286, '126.00'],
  [330, 320, 'Net total'],
  [480, 320, '126.00'],
  [330, 336, 'VAT 20%'],
  [480, 336, '25.20'],
  [330, 352, 'Total due'],
  [480, 352, '151.20'],
  ...extra,
];
const shop = (name: string, more: Partial<OwnCompany> = {}): OwnCompany => ({ role: 'buyer', name, ...more });

describe('the uploading company as evidence of party roles', () => {
  it('takes the shop printed at the top as the buyer, and the other company block as the supplier', async () => {
    const texts = page('Brightway Bakery Ltd', 'Kettle Mills Trading Ltd');
    // without knowing the shop, the company at the top in large print reads as the supplier
    const naive = await read(texts);
    expect(naive.vendor.name).toBe('Brightway Bakery Ltd');
    const r = await read(texts, { ownCompany: shop('Brightway Bakery') });
    expect(r.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(r.invoiceTo).toMatchObject({ name: 'Brightway Bakery Ltd', postCode: 'LS1 1AA' });
  });

  it('reads the buyer as printed when the shop name differs by an OCR slip, accents and a legal form', async () => {
    const slipped = await read(page('Br1ghtway Bakcry Ltd', 'Kettle Mills Trading Ltd'), {
      ownCompany: shop('Brightway Bakery Limited'),
    });
    expect(slipped.vendor.name).toBe('Kettle Mills Trading Ltd');
    // the text as printed, not the name the platform knows
    expect(slipped.invoiceTo.name).toBe('Br1ghtway Bakcry Ltd');
    // known without its legal form, printed with it
    const german = await read(page('Bäckerei Müller GmbH', 'Kettle Mills Trading Ltd'), {
      ownCompany: shop('BAECKEREI MUELLER'),
    });
    expect(german.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(german.invoiceTo.name).toBe('Bäckerei Müller GmbH');
  });

  it('knows the shop by its street or VAT id when its name is printed otherwise', async () => {
    const byStreet = await read(page('Brightway Foods Ltd', 'Kettle Mills Trading Ltd'), {
      ownCompany: shop('BWB Retail', { address: '14 Mill Lane, Leeds LS1 1AA' }),
    });
    expect(byStreet.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(byStreet.invoiceTo.name).toBe('Brightway Foods Ltd');
    const byVat = await read(
      page('Brightway Foods Ltd', 'Kettle Mills Trading Ltd', [[60, 92, 'VAT GB 123 4567 89']]),
      { ownCompany: shop('BWB Retail', { vatId: 'GB123456789' }) },
    );
    expect(byVat.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(byVat.invoiceTo.name).toBe('Brightway Foods Ltd');
    // the shop's own VAT id is never the supplier's
    expect(byVat.vendor.vatNumber).toBeUndefined();
  });

  it('takes the uploading supplier as the vendor wherever its block stands', async () => {
    const texts = page('Brightway Bakery Ltd', 'Kettle Mills Trading Ltd');
    const r = await read(texts, { ownCompany: { role: 'supplier', name: 'Kettle Mills Trading' } });
    expect(r.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(r.invoiceTo.name).toBe('Brightway Bakery Ltd');
  });

  it('never reads the shop under a supplier heading as the supplier', async () => {
    const texts: Text[] = [
      [60, 50, 'Supplier:'],
      [60, 62, 'Brightway Bakery Ltd'],
      [60, 74, '14 Mill Lane'],
      [60, 86, 'Leeds LS1 1AA'],
      ...page('Kettle Mills Trading Ltd', 'Kettle Mills Trading Ltd').slice(6),
      [300, 50, 'Kettle Mills Trading Ltd', 14],
      [300, 68, '8 Canal Street'],
      [300, 80, 'Manchester M1 1AE'],
    ];
    const r = await read(texts, { ownCompany: shop('Brightway Bakery') });
    expect(r.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(r.invoiceTo.name).toBe('Brightway Bakery Ltd');
  });

  it('is surer of both parties when the shop is found and left out of the supplier', async () => {
    const texts = page('Kettle Mills Trading Ltd', 'Brightway Bakery Ltd');
    const naive = await read(texts, { rawConfidence: true });
    const r = await read(texts, { rawConfidence: true, ownCompany: shop('Brightway Bakery') });
    expect([naive.vendor.name, r.vendor.name]).toEqual([
      'Kettle Mills Trading Ltd',
      'Kettle Mills Trading Ltd',
    ]);
    expect(r.invoiceTo.name).toBe('Brightway Bakery Ltd');
    expect(r.confidence.fields['vendor.name']!).toBeGreaterThan(naive.confidence.fields['vendor.name']!);
    expect(r.confidence.fields['invoiceTo.name']!).toBeGreaterThan(
      naive.confidence.fields['invoiceTo.name'] ?? 0,
    );
  });
});

describe('isOwnName', () => {
  it('matches a name across case, accents, spacing, legal form and an OCR slip', () => {
    expect(isOwnName('BRIGHTWAY BAKERY LTD', 'Brightway Bakery')).toBe(true);
    expect(isOwnName('Boulangerie Dupont S.A.R.L.', 'boulangerie dupont sarl')).toBe(true);
    expect(isOwnName('Boulangerie Dupont S.A.R.L.', 'Boulangerie Dupont')).toBe(true);
    expect(isOwnName('Brightway Bakery Limited', 'Brightway Bakery Ltd')).toBe(true);
    expect(isOwnName('Groenteboer De Vries B.V.', 'Groenteboer de Vries')).toBe(true);
    expect(isOwnName('Brightway Bakerv Ltd', 'Brightway Bakery Ltd')).toBe(true);
    expect(isOwnName('The Brightway Bakery Company Ltd', 'Brightway Bakery')).toBe(true);
  });

  it('does not match another company sharing a word or differing by more than a slip', () => {
    expect(isOwnName('Nordic Foods GmbH', 'Nordic Trading GmbH')).toBe(false);
    expect(isOwnName('Nordic Foods GmbH', 'Nordic')).toBe(false);
    expect(isOwnName('Brightway Bakery', 'Brightway Brewery')).toBe(false);
    expect(isOwnName('GmbH', 'Kettle GmbH')).toBe(false);
    // the same words with another legal form: another company of a group
    expect(isOwnName('Rheinland Distribution B.V.', 'Rheinland Distribution SAS')).toBe(false);
  });

  it('matches a street of the own address in a block, not another street', () => {
    const own = shop('X', { address: '14 Mill Lane, Leeds' });
    expect(isOwnAddress(['14 Mill Lane', 'Leeds LS1 1AA'], own)).toBe(true);
    expect(isOwnAddress(['14 Mill Road', 'Leeds LS1 1AA'], own)).toBe(false);
    expect(isOwnAddress(['14 Mill Lane'], shop('X'))).toBe(false);
  });
});

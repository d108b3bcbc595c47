import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { buyerFromOther } from './page-passes.js';
import { extractParties } from './parties.js';
import { contextOf } from './read.js';
import { emptyResult, type Word } from './types.js';

const row = (y: number, cells: [number, number, string][]) => ocrLine(y, y + 0.01, cells, null);

/**
 * A scanned invoice's top: the supplier's letterhead, header fields on the left and, on their lines to the right,
 * the buyer's block whose postcode line is `town` as OCR read it.
 */
function top(town: string): Word[] {
  return [
    ...row(0.05, [[0.07, 0.45, 'Lindqvist Systems GmbH & Co. KG']]),
    ...row(0.07, [[0.07, 0.2, 'Industriestr. 5a']]),
    ...row(0.09, [[0.07, 0.2, '04109 Leipzig']]),
    ...row(0.14, [[0.07, 0.2, 'Rechnung']]),
    ...row(0.17, [
      [0.07, 0.2, 'Rechnungsnummer'],
      [0.23, 0.36, 'INV/2021/63086'],
      [0.58, 0.78, 'Koopman Trading GmbH'],
    ]),
    ...row(0.19, [
      [0.07, 0.2, 'Rechnungsdatum'],
      [0.23, 0.33, '20.01.2025'],
      [0.58, 0.7, 'Gartenweg 27'],
    ]),
    ...row(0.21, [
      [0.07, 0.2, 'Auftragsdatum'],
      [0.23, 0.33, '10.01.2025'],
      [0.58, 0.72, town],
    ]),
    ...row(0.23, [[0.58, 0.6, 'DE']]),
  ];
}

describe("a scan's buyer block whose postcode line OCR garbled", () => {
  it('is the buyer all the same: a company name over its street line', () => {
    const p = extractParties(contextOf(onePage(top('apg cinch'))));
    expect(p.vendor.name).toBe('Lindqvist Systems GmbH & Co. KG');
    expect(p.invoiceTo.name).toBe('Koopman Trading GmbH');
  });

  it('was found by its postcode line before (unchanged)', () => {
    const p = extractParties(contextOf(onePage(top('80331 München'))));
    expect(p.invoiceTo).toMatchObject({ name: 'Koopman Trading GmbH', postCode: '80331' });
  });

  it('is no buyer on a text layer without a postcode line', () => {
    const p = extractParties(contextOf(onePage(top('apg cinch'), 'text')));
    expect(p.invoiceTo.name).toBeUndefined();
  });
});

describe('the buyer of the other OCR reading', () => {
  const reading = (vendor: string, buyer?: string) => {
    const r = emptyResult('scan.png');
    r.vendor = { name: vendor };
    if (buyer) {
      r.invoiceTo = { name: buyer, postCode: '80331', city: 'München' };
      r.boxes['invoiceTo.name'] = { page: 1, x: 0.58, y: 0.17, w: 0.2, h: 0.01 };
      r.confidence.fields['invoiceTo.name'] = 0.7;
    }
    return r;
  };

  it('completes a kept reading that found none', () => {
    const kept = reading('Lindqvist Systems GmbH & Co. KG');
    expect(buyerFromOther(kept, reading('Lindqvist Systems GmbH & Co. KG', 'Koopman Trading GmbH'))).toBe(
      true,
    );
    expect(kept.invoiceTo).toMatchObject({ name: 'Koopman Trading GmbH', postCode: '80331' });
    expect(kept.confidence.fields['invoiceTo.name']).toBe(0.7);
    expect(kept.boxes['invoiceTo.name']).toBeDefined();
  });

  it("never takes the kept reading's supplier, nor replaces a buyer read", () => {
    const kept = reading('Koopman Trading GmbH');
    expect(buyerFromOther(kept, reading('Lindqvist Systems GmbH', 'Koopman Trading GmbH'))).toBe(false);
    expect(kept.invoiceTo.name).toBeUndefined();
    const read = reading('Lindqvist Systems GmbH', 'Atlas Bäckerei GmbH');
    expect(buyerFromOther(read, reading('Lindqvist Systems GmbH', 'Koopman Trading GmbH'))).toBe(false);
    expect(read.invoiceTo.name).toBe('Atlas Bäckerei GmbH');
  });
});

describe('the buyer of the other OCR reading, where the readings disagree', () => {
  it('is not taken when the other reading names another supplier', () => {
    const kept = emptyResult('scan.png');
    kept.vendor = { name: 'Jurand Services LLC' };
    const other = emptyResult('scan.png');
    other.vendor = { name: 'Riviera Metallbau V.O.F.' };
    other.invoiceTo = { name: 'Les Ateliers Durand Services LLC' };
    expect(buyerFromOther(kept, other)).toBe(false);
    expect(kept.invoiceTo.name).toBeUndefined();
  });
});

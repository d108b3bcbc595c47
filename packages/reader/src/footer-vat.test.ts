import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { extractParties, extractVat } from './parties.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

describe("a scan's footer VAT id below the item table", () => {
  /** a letterhead, a customer block under its heading, an item table with totals, and a footer line */
  const page = (footer: string): Word[] => [
    ...row(0.04, [[0.08, 0.4, 'Lindqvist Werkzeuge GmbH']]),
    ...row(0.06, [[0.08, 0.4, 'Mühlenweg 7, 30159 Hannover']]),
    ...row(0.16, [[0.08, 0.14, 'Kunde:']]),
    ...row(0.18, [[0.08, 0.35, 'Ostwind Bürobedarf KG']]),
    ...row(0.2, [[0.08, 0.3, 'Am Deich 3']]),
    ...row(0.22, [[0.08, 0.3, '26122 Oldenburg']]),
    ...row(0.3, [
      [0.08, 0.3, 'Beschreibung'],
      [0.6, 0.66, 'Menge'],
      [0.8, 0.88, 'Betrag'],
    ]),
    ...row(0.33, [
      [0.08, 0.3, 'Schraubendreher Satz'],
      [0.62, 0.64, '2'],
      [0.8, 0.88, '31,80'],
    ]),
    ...row(0.35, [
      [0.08, 0.3, 'Wasserwaage 60 cm'],
      [0.62, 0.64, '1'],
      [0.8, 0.88, '24,50'],
    ]),
    ...row(0.4, [
      [0.6, 0.7, 'Netto'],
      [0.8, 0.88, '56,30'],
    ]),
    ...row(0.42, [
      [0.6, 0.7, 'MwSt. 19%'],
      [0.8, 0.88, '10,70'],
    ]),
    ...row(0.44, [
      [0.6, 0.7, 'Gesamt'],
      [0.8, 0.88, '67,00'],
    ]),
    ...row(0.93, [[0.08, 0.5, footer]]),
  ];

  it("is the letterhead's issuer's: the customer heading above the table is not the footer's", () => {
    // OCR joined a speck to the label ("0USt-IdNr."): the id has no VAT word before it
    const ctx = contextOf(onePage(page('0USt-IdNr. DE274518364')));
    expect(extractVat(ctx, extractParties(ctx).buyerZone)?.value).toBe('DE274518364');
  });
});

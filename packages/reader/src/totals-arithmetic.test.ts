import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { extractTotals } from './extract.js';
import { contextOf, extractAll } from './read.js';
import type { Word } from './types.js';

const row = (y: number, cells: [number, number, string][]) => ocrLine(y, y + 0.01, cells, null);

/** A scanned invoice: a letterhead, a table of two rows (40,00 and 60,00) and the totals block `totals`. */
function page(totals: [string, string][], source: 'ocr' | 'text' = 'ocr') {
  const words: Word[] = [
    ...row(0.05, [[0.08, 0.4, 'Quarkwerk Trading GmbH']]),
    ...row(0.07, [[0.08, 0.3, 'Lindenallee 9']]),
    ...row(0.09, [[0.08, 0.3, '12345 Musterstadt']]),
    ...row(0.2, [
      [0.08, 0.25, 'Rechnungsnummer'],
      [0.3, 0.4, 'RE-4711'],
    ]),
    ...row(0.22, [
      [0.08, 0.25, 'Rechnungsdatum'],
      [0.3, 0.4, '14.03.2023'],
    ]),
    ...row(0.3, [
      [0.08, 0.3, 'Artikel'],
      [0.6, 0.66, 'Menge'],
      [0.72, 0.78, 'Preis'],
      [0.84, 0.9, 'Betrag'],
    ]),
    ...row(0.32, [
      [0.08, 0.3, 'Kabelbinder schwarz'],
      [0.6, 0.66, '4'],
      [0.72, 0.78, '10,00'],
      [0.84, 0.9, '40,00'],
    ]),
    ...row(0.34, [
      [0.08, 0.3, 'Bürostuhl Comfort'],
      [0.6, 0.66, '2'],
      [0.72, 0.78, '30,00'],
      [0.84, 0.9, '60,00'],
    ]),
    ...totals.flatMap(([label, amount], i) =>
      row(0.4 + i * 0.02, [
        [0.55, 0.7, label],
        [0.84, 0.9, amount],
      ]),
    ),
  ];
  const doc = onePage(words, source);
  return extractAll(contextOf(doc), doc, 'scan.png');
}

describe("a scan's totals by arithmetic", () => {
  it('takes the amounts the lines lead to where OCR garbled the labels and lost a decimal point', () => {
    // "Nettobetrag" and "Rechnungsbetrag" read two letters off, the VAT's comma lost ("1900" for 19,00)
    const r = page([
      ['Nettobetmg', '100,00'],
      ['USt. 19%', '1900'],
      ['Rechnungsbetmg', '119,00 €'],
    ]);
    expect(r.totals).toMatchObject({ net: 100, vat: 19, invoiceTotal: 119 });
  });

  it('takes a single triple that fits where no amount is the lines’ net', () => {
    const r = page([
      ['Nettobetmg', '90,00'],
      ['USt. 19%', '1710'],
      ['Rechnungsbetmg', '107,10 €'],
    ]);
    expect(r.totals).toMatchObject({ net: 90, vat: 17.1, invoiceTotal: 107.1 });
  });

  it('takes nothing where two triples fit and neither is the lines’ net', () => {
    const r = page([
      ['Nettobetmg', '90,00'],
      ['USt. 19%', '1710'],
      ['Rechnungsbetmg', '107,10 €'],
      ['Basis 7 %', '80,00'],
      ['Steuer 7 %', '5,60'],
      ['Brutto 7 %', '85,60'],
    ]);
    expect(r.totals.net).toBeUndefined();
    expect(r.totals.invoiceTotal).toBeUndefined();
  });

  it('takes no plain digits for cents on a text layer', () => {
    const r = page(
      [
        ['Nettobetmg', '100,00'],
        ['USt. 19%', '1900'],
        ['Rechnungsbetmg', '119,00 €'],
      ],
      'text',
    );
    expect(r.totals.invoiceTotal).toBeUndefined();
  });
});

describe("a text page's totals under labels the reader does not know", () => {
  it('takes the net and the total the lines lead to, never sure', () => {
    const r = page(
      [
        ['Leistungsentgelt', '100,00'],
        ['USt. 19%', '19,00'],
        ['Ausgleichsbetrag', '119,00'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 19, invoiceTotal: 119 });
    expect(r.confidence.fields['totals.invoiceTotal']).toBeLessThan(0.9);
  });

  it('takes them around a labelled VAT of several rates, which is no one rate of the net', () => {
    // 7 % of 40,00 and 19 % of 60,00
    const r = page(
      [
        ['Leistungsentgelt', '100,00'],
        ['MwSt.', '14,20'],
        ['Ausgleichsbetrag', '114,20'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 14.2, invoiceTotal: 114.2 });
  });

  it('takes the total that completes a labelled net and VAT', () => {
    // the lines (100,00) do not lead to this net: only the labelled net and VAT anchor the total
    const r = page(
      [
        ['Nettobetrag', '90,00'],
        ['USt. 19%', '17,10'],
        ['Ausgleichsbetrag', '107,10'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 90, vat: 17.1, invoiceTotal: 107.1 });
  });

  it('takes nothing where no printed amount completes them', () => {
    const r = page(
      [
        ['Nettobetrag', '90,00'],
        ['USt. 19%', '17,10'],
        ['Ausgleichsbetrag', '108,00'],
      ],
      'text',
    );
    expect(r.totals.invoiceTotal).toBeUndefined();
  });
});

describe("a text page's VAT between its net and total", () => {
  it('takes the amount under a label no rule knows that is the total less the net, one rate of it', () => {
    const r = page(
      [
        ['Gesamtbetrag Netto', '100,00'],
        ['Umsatzssteuer (19,00 %)', '19,00'],
        ['Gesamtbetrag Brutto', '119,00'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 19, invoiceTotal: 119 });
  });

  it('takes nothing where no printed amount is the difference', () => {
    const r = page(
      [
        ['Gesamtbetrag Netto', '100,00'],
        ['Frachtkosten', '5,00'],
        ['Gesamtbetrag Brutto', '119,00'],
      ],
      'text',
    );
    expect(r.totals.vat).toBeUndefined();
  });
});

describe('a text page whose net equals its total beside VAT rows that charge VAT', () => {
  it('is not sure of a VAT of nothing, and completes the total under a label no rule knows', () => {
    // "Net total" is also a receipt's total label; the 0 % row's 0,00 made "net = total" look proven
    const r = page(
      [
        ['Sub-total', '100,00'],
        ['Net total', '100,00'],
        ['VAT 20%', '0,00'],
        ['VAT 5%', '5,00'],
        ['VAT 0%', '0,00'],
        ['Grand amount', '105,00'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, invoiceTotal: 105 });
    expect(r.confidence.fields['totals.invoiceTotal']).toBeLessThan(0.9);
  });

  it('is sure where every VAT row prints nothing', () => {
    const r = page(
      [
        ['Sub-total', '100,00'],
        ['Net total', '100,00'],
        ['VAT 0%', '0,00'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 0, invoiceTotal: 100 });
    expect(r.confidence.fields['totals.invoiceTotal']).toBeGreaterThan(0.9);
  });
});

describe('a text page whose net, VAT and total do not add up', () => {
  it('takes the printed total that completes the net and VAT over the balance left after a prepayment', () => {
    // VAT per rate (7 % of 40,00, 19 % of 60,00): no printed amount is the VAT, so no printed triple adds up
    const r = page(
      [
        ['Nettobetrag', '100,00'],
        ['USt. 7%', '2,80'],
        ['USt. 19%', '11,40'],
        ['Ausgleichsbetrag', '114,20'],
        ['Anzahlung', '-50,00'],
        ['Noch zu zahlen', '64,20'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 14.2, invoiceTotal: 114.2 });
    expect(r.confidence.fields['totals.invoiceTotal']).toBeLessThan(0.9);
  });

  it('keeps what it read where no printed amount mends them', () => {
    const r = page(
      [
        ['Nettobetrag', '100,00'],
        ['USt. 7%', '2,80'],
        ['USt. 19%', '11,40'],
        ['Noch zu zahlen', '64,20'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 14.2, invoiceTotal: 64.2 });
  });
});

describe("a VAT breakdown's base column", () => {
  it('is no net where it holds one base per rate', () => {
    const words: Word[] = [
      ...row(0.05, [[0.08, 0.4, 'Quarkwerk Trading GmbH']]),
      ...row(0.4, [
        [0.55, 0.7, 'Montant HT'],
        [0.84, 0.9, '100,00'],
      ]),
      ...row(0.46, [
        [0.1, 0.2, 'Taux TVA'],
        [0.3, 0.4, 'Base HT'],
        [0.5, 0.55, 'TVA'],
      ]),
      ...row(0.48, [
        [0.1, 0.15, '7%'],
        [0.33, 0.4, '40,00'],
        [0.5, 0.55, '2,80'],
      ]),
      ...row(0.5, [
        [0.1, 0.15, '19%'],
        [0.33, 0.4, '60,00'],
        [0.5, 0.55, '11,40'],
      ]),
    ];
    // no total read: no arithmetic to choose between the two nets
    const totals = extractTotals(contextOf(onePage(words, 'text')));
    expect(totals.net?.value).toBe(100);
  });
});

describe('a text page whose net and total are both under labels the reader does not know', () => {
  // VAT per rate: 7 % of 40,00 and 19 % of 60,00
  const vatRows: [string, string][] = [
    ['USt. 7%', '2,80'],
    ['USt. 19%', '11,40'],
  ];

  it('takes the net the lines lead to and the total that is it plus the VAT, never sure', () => {
    // 50,00 and 64,20 differ by the VAT too: only the lines' sum tells the net
    const r = page(
      [
        ['Kalkulationsbasis', '100,00'],
        ...vatRows,
        ['Endstand', '114,20'],
        ['Vorschuss', '50,00'],
        ['Offen', '64,20'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 14.2, invoiceTotal: 114.2 });
    expect(r.confidence.fields['totals.net']).toBeLessThan(0.9);
  });

  it('takes the one pair of printed amounts that differ by the VAT where a charge was not read', () => {
    const r = page(
      [
        ['Zwischensumme', '100,00'],
        ['Bearbeitung', '4,90'],
        ['Kalkulationsbasis', '104,90'],
        ...vatRows,
        ['Endstand', '119,10'],
      ],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 104.9, vat: 14.2, invoiceTotal: 119.1 });
  });

  it('takes the net for the total where a subtotal label was read as the total and the total is unknown', () => {
    // "Summe Positionen" also reads as a total's label; the page's own total stands under a word no rule knows
    const r = page(
      [['Summe Positionen', '100,00'], ['Kalkulationsbasis', '100,00'], ...vatRows, ['Endstand', '114,20']],
      'text',
    );
    expect(r.totals).toMatchObject({ net: 100, vat: 14.2, invoiceTotal: 114.2 });
    // nothing printed as the net plus the VAT: the total read stays, the net unknown
    const kept = page([['Summe Positionen', '100,00'], ['Kalkulationsbasis', '100,00'], ...vatRows], 'text');
    expect(kept.totals.net).toBeUndefined();
    expect(kept.totals.invoiceTotal).toBe(100);
  });

  it('takes nothing where no printed amounts differ by the VAT', () => {
    const r = page([['Kalkulationsbasis', '105,00'], ...vatRows, ['Endstand', '120,00']], 'text');
    expect(r.totals.invoiceTotal).toBeUndefined();
  });
});

describe("a delivery note's sum inside the table", () => {
  it('is no subtotal of the document', () => {
    const r = page(
      [
        ['Zwischensumme LS 4711', '60,00'],
        ['Summe', '100,00'],
        ['MwSt. 19 %', '19,00'],
        ['Gesamtbetrag', '119,00'],
      ],
      'text',
    );
    expect(r.totals.subtotal).not.toBe(60);
    expect(r.totals).toMatchObject({ vat: 19, invoiceTotal: 119 });
  });
});

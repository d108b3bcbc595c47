import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  readTextPage as read,
  type PlacedText as Text,
  tableTexts as table,
} from './__tests__/make-docs.js';

/** An invoice page with its item table and totals; `window` and `footer` are the address window and footer. */
const invoice = (window: Text[], footer: Text[], head: Text[] = []): Text[] => [
  [60, 45, 'QW', 20, 'Helvetica-Bold'],
  [440, 100, 'RECHNUNG', 16],
  ...window,
  [360, 140, 'Rechnungsnummer'],
  [460, 140, 'QW-4711/22'],
  [360, 152, 'Datum'],
  [460, 152, '14.03.2023'],
  ...head,
  ...table(
    260,
    [60, 330, 400, 480],
    [
      ['Bezeichnung', 'Menge', 'Preis', 'Betrag'],
      ['Gummiband rot 50 mm', '3', '10,00', '30,00'],
    ],
  ),
  [330, 310, 'Summe netto'],
  [480, 310, '30,00'],
  [330, 324, 'MwSt. 19 %'],
  [480, 324, '5,70'],
  [330, 338, 'Gesamtbetrag'],
  [480, 338, '35,70'],
  ...footer,
];
const quarkFooter = (bank: string[]): Text[] => [
  [50, 770, 'Quarkwerk Handel GmbH', 7],
  [50, 778, 'Lindenallee 9', 7],
  [50, 786, '12345 Musterstadt', 7],
  [220, 770, 'USt-IdNr. DE999888777', 7],
  [220, 778, 'HRB 12345 Amtsgericht Musterstadt', 7],
  ...bank.map((t, i): Text => [390, 770 + i * 8, t, 7]),
];

describe('generated layouts, round 12', () => {
  it('never takes a form of address over the addressee ("Firma") for its name', async () => {
    const r = await read(
      invoice(
        [
          [60, 128, 'Quarkwerk Handel GmbH · Lindenallee 9 · 12345 Musterstadt', 6],
          [60, 140, 'Firma'],
          [60, 152, 'Zebrafink Papier KG'],
          [60, 164, 'Ahornweg 3'],
          [60, 176, '54321 Beispielheim'],
        ],
        quarkFooter(['IBAN DE11 2222 3333 4444 5555 66', '+49 123 456789']),
      ),
    );
    expect(r.invoiceTo.name).toBe('Zebrafink Papier KG');
    expect(r.vendor.name).toBe('Quarkwerk Handel GmbH');
  });
  it('takes the name under a party heading and "Firma", not the header label on the line of "Firma"', async () => {
    const r = await read(
      invoice(
        [
          [60, 128, 'Rechnungsempfänger:', 9, 'Helvetica-Bold'],
          [60, 140, 'Firma'],
          [60, 152, 'Zebrafink Papier KG'],
          [60, 164, 'Ahornweg 3'],
          [60, 176, '54321 Beispielheim'],
        ],
        quarkFooter(['IBAN DE11 2222 3333 4444 5555 66', '+49 123 456789']),
      ).map(
        ([x, y, t, ...rest]): Text =>
          t === 'Rechnungsnummer'
            ? [x, 128, `${t}:`, ...rest]
            : t === 'Datum'
              ? [x, 140, 'Rechnungsdatum:', ...rest]
              : t === 'QW-4711/22'
                ? [x, 128, t, ...rest]
                : t === '14.03.2023'
                  ? [x, 140, t, ...rest]
                  : [x, y, t, ...rest],
      ),
    );
    expect(r.invoiceTo.name).toBe('Zebrafink Papier KG');
    expect(r.headers.invoiceDate).toBe('2023-03-14');
  });
  it('takes the bank named over the IBAN and BIC in the footer for no party', async () => {
    const r = await read(
      invoice(
        [
          [60, 140, 'Zebrafink Papier KG'],
          [60, 152, 'Ahornweg 3'],
          [60, 164, '54321 Beispielheim'],
        ],
        quarkFooter(['Musterbank AG', 'IBAN DE11 2222 3333 4444 5555 66', 'BIC MUSTDEFFXXX']),
      ),
    );
    expect(r.vendor.name).toBe('Quarkwerk Handel GmbH');
    expect(r.invoiceTo.name).toBe('Zebrafink Papier KG');
  });
  it('reads codes under a description heading and words under a heading it does not know as codes and descriptions', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      ...table(
        230,
        [60, 130, 330, 400, 480],
        [
          ['Artikel', 'Bez.', 'Mng.', 'Preis/Einh.', 'Summe'],
          ['QX4410', 'Gummiband rot 50 mm', '3', '10,00', '30,00'],
          ['QX5520', 'Heftklammer blau klein', '2', '5,00', '10,00'],
          ['', 'Kartonage braun lang', '1', '20,00', '20,00'],
        ],
      ),
      [330, 300, 'Summe netto'],
      [480, 300, '60,00'],
      [330, 314, 'MwSt. 19 %'],
      [480, 314, '11,40'],
      [330, 328, 'Gesamtbetrag'],
      [480, 328, '71,40'],
      [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
    ]);
    expect(r.items.map((i) => i.itemDesc)).toEqual([
      'Gummiband rot 50 mm',
      'Heftklammer blau klein',
      'Kartonage braun lang',
    ]);
    expect(r.items.map((i) => i.itemCode ?? '')).toEqual(['QX4410', 'QX5520', '']);
  });
});

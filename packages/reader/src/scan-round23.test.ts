import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { extractHeaders, extractTotals } from './extract.js';
import { extractParties, ocrLegalForm } from './parties.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';
import { betterBuyer, weakBuyerName, windowBand, withWindowWords } from './window-pass.js';

/** A line of cells at height `y` (page fractions), `h` tall; each cell is [x0, x1, text], one word per space. */
const row = (y: number, cells: [number, number, string][], h = 0.01) => ocrLine(y, y + h, cells);

/** A scanned invoice's head: letterhead initials, title, the buyer's block, its delivery block, the header fields. */
const head = (): Word[] => [
  ...row(0.05, [[0.07, 0.11, 'KS']], 0.02),
  ...row(0.12, [[0.78, 0.9, 'Tax Invoice']], 0.015),
  ...row(0.16, [
    [0.12, 0.25, 'Greenfield Hardware plc'],
    [0.55, 0.62, 'Invoice #:'],
    [0.73, 0.8, 'FA-19.3257'],
  ]),
  ...row(0.173, [
    [0.12, 0.18, '8 Mill Lane'],
    [0.55, 0.63, 'Date of issue:'],
    [0.73, 0.8, '27-Oct-2024'],
  ]),
  ...row(0.186, [[0.12, 0.22, 'London EC1A 1BB']]),
  ...row(0.199, [[0.12, 0.14, 'GB']]),
  ...row(0.225, [[0.12, 0.17, 'Deliver to:']]),
  ...row(0.238, [[0.12, 0.25, 'Greenfield Hardware plc']]),
  ...row(0.251, [[0.12, 0.18, '8 Mill Lane']]),
  ...row(0.264, [[0.12, 0.23, 'Edinburgh EH1 1YZ']]),
];

/** A three-column footer: the issuer's address, its VAT id and register number, its bank over the account. */
const footer = (iban: string): Word[] => [
  ...row(
    0.925,
    [
      [0.08, 0.16, 'Kestrel Supplies plc'],
      [0.36, 0.47, 'VAT reg. no. GB523211632'],
      [0.64, 0.72, 'Barclays Bank plc'],
    ],
    0.007,
  ),
  ...row(
    0.934,
    [
      [0.08, 0.14, '14 High Street'],
      [0.36, 0.46, 'Company No. 34519481'],
      [0.64, 0.8, iban],
    ],
    0.007,
  ),
  ...row(
    0.943,
    [
      [0.08, 0.16, 'London EC1A 1BB'],
      [0.64, 0.73, 'BIC BARCGB08XXX'],
    ],
    0.007,
  ),
];

describe("a scan's footer bank whose IBAN label OCR slipped on", () => {
  it('is no vendor: "BAN" or "[BAN" before the account number is the IBAN', () => {
    for (const iban of ['BAN GBSS 6972 3821 7308 1915 83', '[BAN GB85 6972 3821 7308 1915 83']) {
      const p = extractParties(contextOf(onePage([...head(), ...footer(iban)])));
      expect(p.vendor.name).toBe('Kestrel Supplies plc');
    }
  });

  it('was no vendor with the label read whole (unchanged)', () => {
    const p = extractParties(contextOf(onePage([...head(), ...footer('IBAN GB85 6972 3821 7308 1915 83')])));
    expect(p.vendor.name).toBe('Kestrel Supplies plc');
  });
});

/** The head of a scanned German invoice: letterhead, a sender line read with dashes, "Firma" beside "Datum:". */
const senderHead = (window: Word[]): Word[] => [
  ...row(0.063, [[0.073, 0.3, 'Polaris Consulting AG']], 0.016),
  ...row(0.101, [[0.073, 0.16, 'Gartenweg 27']]),
  ...row(0.114, [[0.074, 0.17, '80331 München']]),
  ...row(0.128, [[0.073, 0.2, 'USt-ID DE907258553']]),
  ...row(0.167, [[0.794, 0.9, 'RECHNUNG']], 0.012),
  ...row(
    0.196,
    [
      [0.115, 0.42, 'Polaris Consulting AG - Gartenweg 27 - 80331 München'],
      [0.548, 0.6, 'Re.-Nr.:'],
      [0.715, 0.8, 'INV/2023/56839'],
    ],
    0.008,
  ),
  ...row(0.209, [
    [0.548, 0.6, 'Datum:'],
    [0.715, 0.8, '2020-01-11'],
  ]),
  ...window,
];

describe('a sender line over a window that starts with a form of address', () => {
  it('takes the name under "Firma" where a header field shares the line of "Firma"', () => {
    const p = extractParties(
      contextOf(
        onePage(
          senderHead([
            ...row(0.209, [[0.115, 0.15, 'Firma']]),
            ...row(0.222, [[0.115, 0.33, 'Les Ateliers Durand Systems KG']]),
            ...row(0.236, [[0.115, 0.24, 'Bahnhofstraße 101']]),
            ...row(0.25, [[0.116, 0.2, '04109 Leipzig']]),
          ]),
        ),
      ),
    );
    expect(p.vendor.name).toBe('Polaris Consulting AG');
    expect(p.invoiceTo.name).toBe('Les Ateliers Durand Systems KG');
  });
});

describe("the address window of a scan read again (a reading that ran the window's lines together)", () => {
  const garbled = () =>
    senderHead([
      ...row(0.209, [[0.115, 0.15, 'Firma']]),
      ...row(0.223, [[0.287, 0.33, 'homies']]),
      ...row(0.223, [[0.243, 0.26, 'nc']], 0.02),
      ...row(0.25, [[0.116, 0.2, '04109 Leipzig']]),
    ]);

  it('is read from the sender line, the buyer heading or the name read, about eight lines down', () => {
    const band = windowBand(contextOf(onePage(garbled())).lines);
    expect(band).toBeDefined();
    expect(band!.x0).toBeCloseTo(0.085, 2);
    expect(band!.y0).toBeLessThan(0.196);
    expect(band!.y1).toBeGreaterThan(0.27);
    expect(band!.x1).toBeLessThan(0.548);
    // a heading alone marks it too
    const headed = windowBand(contextOf(onePage([...row(0.2, [[0.1, 0.16, 'Kunde:']])])).lines);
    expect(headed?.y0).toBeCloseTo(0.192, 3);
  });

  it("puts the window's words in place of the reading's there, and names the buyer the first reading lost", () => {
    const words = garbled();
    const band = windowBand(contextOf(onePage(words)).lines)!;
    const again = [
      ...row(0.196, [[0.115, 0.42, 'Polaris Consulting AG - Gartenweg 27 - 80331 München']], 0.008),
      ...row(0.209, [[0.115, 0.15, 'Firma']]),
      ...row(0.222, [[0.115, 0.33, 'Les Ateliers Durand Systems KG']]),
      ...row(0.236, [[0.115, 0.24, 'Bahnhofstraße 101']]),
      ...row(0.25, [[0.116, 0.2, '04109 Leipzig']]),
    ];
    const merged = withWindowWords(words, band, again);
    expect(merged.some((w) => w.text === 'homies')).toBe(false);
    expect(merged.filter((w) => w.text === 'INV/2023/56839')).toHaveLength(1);
    const before = extractParties(contextOf(onePage(words)));
    const after = extractParties(contextOf(onePage(merged)));
    expect(after.invoiceTo.name).toBe('Les Ateliers Durand Systems KG');
    expect(betterBuyer(before.invoiceTo, after.invoiceTo, before.vendor)?.name).toBe(
      'Les Ateliers Durand Systems KG',
    );
  });

  it('keeps a buyer read with its legal form, and never takes the vendor or a sender line', () => {
    const vendor = { name: 'Polaris Consulting AG' };
    expect(weakBuyerName('Les Ateliers Durand Systems KG')).toBe(false);
    expect(weakBuyerName('50667 Koln')).toBe(true);
    expect(weakBuyerName('a ser')).toBe(true);
    expect(weakBuyerName(undefined)).toBe(true);
    expect(
      betterBuyer({ name: 'Koopman Handel KG' }, { name: 'Zebrafink Papier KG' }, vendor),
    ).toBeUndefined();
    expect(betterBuyer({ name: 'a ser' }, { name: 'Polaris Consulting A6' }, vendor)).toBeUndefined();
    expect(
      betterBuyer({}, { name: 'Polaris Consulting AG - Gartenweg 27 - 80331 München' }, vendor),
    ).toBeUndefined();
    expect(betterBuyer({ name: 'a ser' }, { name: 'bgt aris' }, vendor)).toBeUndefined();
    expect(betterBuyer({ name: '50667 Koln' }, { name: 'Polaris Handel GmbH & Co. KG' }, vendor)?.name).toBe(
      'Polaris Handel GmbH & Co. KG',
    );
  });
});

describe('a legal form OCR slipped on, read back', () => {
  it('reads "ple" and "pic" as plc and "Ine." as Inc.; a word that is no form stays', () => {
    expect(ocrLegalForm('ple')).toBe('plc');
    expect(ocrLegalForm('pic')).toBe('plc');
    expect(ocrLegalForm('Ine.')).toBe('Inc.');
    expect(ocrLegalForm('Print')).toBeUndefined();
    expect(ocrLegalForm('plc')).toBeUndefined();
  });

  it('puts the form back on a footer name of a scan', () => {
    const p = extractParties(
      contextOf(
        onePage([
          ...head(),
          ...row(0.925, [[0.08, 0.16, 'Kestrel Supplies ple']], 0.007),
          ...row(0.934, [[0.08, 0.14, '14 High Street']], 0.007),
          ...row(0.943, [[0.08, 0.16, 'London EC1A 1BB']], 0.007),
        ]),
      ),
    );
    expect(p.vendor.name).toBe('Kestrel Supplies plc');
  });
});

describe("a scan's VAT breakdown whose rate heading and one rate OCR lost", () => {
  const totals = (heading: [number, number, string][], rate2: string | undefined) =>
    extractTotals(
      contextOf(
        onePage([
          ...row(0.71, [
            [0.543, 0.66, 'Totaal excl. BTW'],
            [0.778, 0.86, '129.298,26'],
          ]),
          ...row(0.726, [
            [0.543, 0.66, 'Totaal incl. BTW'],
            [0.767, 0.86, '142.084,11 €'],
          ]),
          ...row(0.752, heading),
          ...row(0.769, [
            [0.215, 0.24, '21%'],
            [0.342, 0.4, '9.575,10'],
            [0.493, 0.55, '2.010,77'],
          ]),
          ...row(0.782, [
            ...(rate2 ? ([[0.22, 0.24, rate2]] as [number, number, string][]) : []),
            [0.33, 0.4, '119.723,16'],
            [0.487, 0.55, '10.775,08'],
          ]),
        ]),
      ),
    );

  it('is the sum of the VAT column under a heading of two cells, where net and it add up to the total', () => {
    const t = totals(
      [
        [0.326, 0.4, 'Grondslag'],
        [0.514, 0.55, 'BTW'],
      ],
      undefined,
    );
    expect(t.vat?.value).toBe(12785.85);
    expect(t.net?.value).toBe(129298.26);
    expect(t.invoiceTotal?.value).toBe(142084.11);
  });

  it('was so with the three headings read (unchanged)', () => {
    const t = totals(
      [
        [0.2, 0.26, 'BTW-tarief'],
        [0.326, 0.4, 'Grondslag'],
        [0.514, 0.55, 'BTW'],
      ],
      '9%',
    );
    expect(t.vat?.value).toBe(12785.85);
  });
});

describe('a header label OCR put a letter into', () => {
  const headersOf = (words: Word[], source: 'ocr' | 'text' = 'ocr') =>
    Object.fromEntries(
      Object.entries(extractHeaders(contextOf(onePage(words, source)))).map(([k, v]) => [k, v.value]),
    );
  const pair = (label: string, value: string) =>
    row(0.2, [
      [0.6, 0.75, label],
      [0.78, 0.9, value],
    ]);

  it('is read as the label on a scan ("FPactuurnummer:"), and as printed on a text layer', () => {
    expect(headersOf(pair('FPactuurnummer:', 'RG 2019-98774'))).toEqual({ invoiceNum: 'RG 2019-98774' });
    expect(headersOf(pair('Rechnungsnummmer', 'RE-45348'))).toEqual({ invoiceNum: 'RE-45348' });
    expect(headersOf(pair('FPactuurnummer:', 'RG 2019-98774'), 'text')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { unreadLabelledValues } from './completeness.js';
import { extractHeaders, extractTotals } from './extract.js';
import type { HeaderField, TotalField } from './labels.js';
import { contextOf } from './read.js';
import type { TReaderResult } from './types.js';

/** A text layer's line one hundredth of the page tall at `y`. */
const textRow = (y: number, cells: [number, number, string][]) => ocrLine(y, y + 0.01, cells, null);
const sender = textRow(0.05, [[0.1, 0.3, 'Marlow Supplies Ltd']]);

/** A text page with the sender's name and one "Label  value" line. */
const page = (label: string, value: string) =>
  contextOf(
    onePage(
      [
        ...sender,
        ...textRow(0.3, [
          [0.55, 0.55 + label.length * 0.007, label],
          [0.78, 0.78 + value.length * 0.007, value],
        ]),
      ],
      'text',
    ),
  );

/** What `unreadLabelledValues` finds on a page when the reader read these headers and item boxes. */
const unreadOn = (ctx: ReturnType<typeof contextOf>, headers: Record<string, string> = {}, boxes = {}) =>
  unreadLabelledValues(ctx, { headers, vendor: {}, boxes } as unknown as TReaderResult);

// Header labels printed by less common accounting software, in the four languages
const headers: [string, HeaderField, string, string][] = [
  ['Inv. No.', 'invoiceNum', 'QX-4471', 'QX-4471'],
  ['Rg.-Nr.', 'invoiceNum', '20417', '20417'],
  ['Rechn.-Nr.', 'invoiceNum', '20417', '20417'],
  ['Invoice ID', 'invoiceNum', 'QX-4471', 'QX-4471'],
  ['Dokumentnummer', 'invoiceNum', '20417', '20417'],
  ['N° de pièce', 'invoiceNum', 'FA-0093', 'FA-0093'],
  ['Invoice dated', 'invoiceDate', '14/03/2025', '2025-03-14'],
  ['Issued on', 'invoiceDate', '14/03/2025', '2025-03-14'],
  ['Ausgestellt am', 'invoiceDate', '14.03.2025', '2025-03-14'],
  ['Émise le', 'invoiceDate', '14/03/2025', '2025-03-14'],
  ['Factuur datum', 'invoiceDate', '14-03-2025', '2025-03-14'],
  ['Date of order', 'orderDate', '14/03/2025', '2025-03-14'],
  ['Bestellt am', 'orderDate', '14.03.2025', '2025-03-14'],
  ['Commandé le', 'orderDate', '14/03/2025', '2025-03-14'],
  ['Orderdatum', 'orderDate', '14-03-2025', '2025-03-14'],
  ['Payable by', 'dueDate', '14/04/2025', '2025-04-14'],
  ['Payment deadline', 'dueDate', '14/04/2025', '2025-04-14'],
  ['Zahlungstermin', 'dueDate', '14.04.2025', '2025-04-14'],
  ['Date limite de paiement', 'dueDate', '14/04/2025', '2025-04-14'],
  ['Uiterste betaaldatum', 'dueDate', '14-04-2025', '2025-04-14'],
  ['Customer PO', 'orderNum', 'PO-88120', 'PO-88120'],
  ['Uw order', 'orderNum', '88120', '88120'],
  ['Ordernr.', 'orderNum', '88120', '88120'],
  ['Kd.-Nr.', 'shopAccount', '40112', '40112'],
  ['Réf. client', 'shopAccount', 'C-40112', 'C-40112'],
  ['Customer code', 'shopAccount', 'C-40112', 'C-40112'],
  ['Klantcode', 'shopAccount', '40112', '40112'],
];

describe('header labels of less common software', () => {
  it.each(headers)('"%s" labels the %s', (label, field, printed, value) => {
    expect(extractHeaders(page(label, printed))[field]?.value).toBe(value);
  });

  it('takes none of the payment or order dates for the invoice date', () => {
    for (const label of ['Uiterste betaaldatum', 'Date limite de paiement', 'PO date'])
      expect(extractHeaders(page(label, '14/04/2025')).invoiceDate?.value).toBeUndefined();
  });
});

describe('a title line that carries the number and the date', () => {
  const title = (text: string) =>
    extractHeaders(
      contextOf(onePage([...sender, ...textRow(0.2, [[0.1, 0.1 + text.length * 0.007, text]])], 'text')),
    );

  it('reads both, the date with evidence of its own kind', () => {
    const h = title('Rechnung Nr. 2025-4711 vom 05.06.2025');
    expect(h.invoiceNum?.value).toBe('2025-4711');
    expect(h.invoiceDate).toMatchObject({ value: '2025-06-05', conf: 0.87 });
  });

  it('holds a date whose day and month could be either as a guess', () => {
    const h = title('Invoice No. 4711 of 03/04/2025');
    expect(h.invoiceNum?.value).toBe('4711');
    expect(h.invoiceDate?.conf).toBeLessThanOrEqual(0.85);
  });
});

const totals: [string, TotalField, string, number][] = [
  ['Rechnungsendbetrag', 'invoiceTotal', '1.190,00', 1190],
  ['Endsumme', 'invoiceTotal', '1.190,00', 1190],
  ['Total à payer', 'invoiceTotal', '1 190,00', 1190],
  ['Total général TTC', 'invoiceTotal', '1 190,00', 1190],
  ['Factuurbedrag', 'invoiceTotal', '1.190,00', 1190],
  ['Te voldoen', 'invoiceTotal', '1.190,00', 1190],
  ['Net value', 'net', '1,000.00', 1000],
  ['Nettowert', 'net', '1.000,00', 1000],
  ['Montant net HT', 'net', '1 000,00', 1000],
  ['Lines total', 'subtotal', '1,000.00', 1000],
  ['Total marchandises', 'subtotal', '1 000,00', 1000],
  ['Rabais', 'discount', '-50,00', 50],
  ['Reductie', 'discount', '-50,00', 50],
];

describe('totals labels of less common software', () => {
  it.each(totals)('"%s" labels the %s', (label, field, printed, value) => {
    expect(Math.abs(extractTotals(page(label, printed))[field]?.value ?? Number.NaN)).toBe(value);
  });

  it('reads no discount from a payment term', () => {
    expect(extractTotals(page('Zahlbar sofort ohne Abzug', '0,00')).discount).toBeUndefined();
  });
});

describe('a date under a paying label the reader does not know', () => {
  const unread = (label: string, headers: Record<string, string> = {}) =>
    unreadOn(page(label, '14.04.2025'), headers);

  it('holds the document back when no due date was read', () => {
    // labels none of HEADER_LABELS knows, each with a word of paying
    for (const label of ['Payment on or before', 'Betaaltermijn', 'Date de règlement', 'Zahlungseingang bis'])
      expect(unread(label)).toEqual([`${label}: 14.04.2025`]);
  });

  it('counts for nothing once a due date was read, or under a label of another date', () => {
    expect(unread('Payment on or before', { dueDate: '2025-04-14' })).toEqual([]);
    expect(unread('Delivery date')).toEqual([]);
  });
});

describe('a value under a label the reader does not know at all', () => {
  const unread = (label: string, value: string, headers: Record<string, string> = {}) =>
    unreadOn(page(label, value), headers);

  it('holds the document back while a field it could be is empty', () => {
    expect(unread('Ledger no.', '30431')).toEqual(['Ledger no.: 30431']);
    expect(unread('Spätestens am', '24.08.2025')).toEqual(['Spätestens am: 24.08.2025']);
    // the customer and order numbers were read: an id is none of them
    expect(unread('Ledger no.', '30431', { shopAccount: 'K-1', orderNum: 'PO-2' })).toEqual([]);
    expect(unread('Spätestens am', '24.08.2025', { dueDate: '2025-08-30' })).toEqual([]);
  });

  it('counts for nothing under a label of a value that is no field, or when the value is an amount', () => {
    for (const [label, value] of [
      ['Delivery note no.', 'DN-20417'],
      ['Projekt', 'P-4471'],
      ['Druckdatum', '24.08.2025'],
      ['Leverdatum', '24-08-2025'],
      ['Sachbearbeiter', 'MK 12'],
      ['Ledger no.', '1.250,00'],
      ['Legal Registration ID', '57214188502180'],
      ['Global ID_GLN', '3306949923804'],
      ['Globale Nummer', '4000001123452 (GLN)'],
      ['Art der Referenz', 'Referenzpapier (916)'],
      ['Stylesheet-Version', '2.6 vom 10.11.2025'],
    ])
      expect(unread(label!, value!)).toEqual([]);
  });

  it('counts for nothing when the value is an address or a file name, as e-invoice viewers print them', () => {
    for (const [label, value] of [
      ['URN Identifikator', 'urn:cen.eu:en16931:2017'],
      ['Anwendungsempfehlung', 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:en16931'],
      ['XML-Eingabedatei', 'EN16931_Photovoltaik_wdis.xml'],
      ['Portal', 'https://invoices.example.com/4471'],
    ])
      expect(unread(label!, value!)).toEqual([]);
    // an id of the same length under the same unknown label still holds the document back
    expect(unread('XML-Eingabedatei', 'EN16931-4471')).toEqual(['XML-Eingabedatei: EN16931-4471']);
  });

  it('reads the value of a label cell as no label of the line below ("Währung: | EUR" over a date)', () => {
    // values close to their labels, and in a value column far right of the label column (e-invoice viewers)
    for (const x of [0.4, 0.45]) {
      const words = [
        ...sender,
        ...textRow(0.3, [
          [0.1, 0.2, 'Währung:'],
          [x, x + 0.03, 'EUR'],
        ]),
        ...textRow(0.315, [
          [0.1, 0.22, 'Spätestens am:'],
          [x, x + 0.07, '24.08.2025'],
        ]),
      ];
      const ctx = contextOf(onePage(words, 'text'));
      // the date's own label is the one the reader does not know; "EUR" is no label over it
      expect(unreadOn(ctx)).toEqual(['Spätestens am: 24.08.2025']);
    }
    // a block's heading sharing its line with header fields far right of it: they keep their labels
    const shared = [
      ...sender,
      ...textRow(0.3, [
        [0.1, 0.14, 'Klant:'],
        [0.6, 0.68, 'Registratienr.'],
        [0.77, 0.84, 'FA-21.2254'],
      ]),
      ...textRow(0.315, [
        [0.1, 0.16, 'Lieferant:'],
        [0.6, 0.72, 'Vorgang: RE-49937'],
      ]),
    ];
    expect(unreadOn(contextOf(onePage(shared, 'text')))).toEqual([
      'Registratienr.: FA-21.2254',
      'Vorgang: RE-49937',
    ]);
  });

  it("dates a document by no print date of a band of header columns, when it knows no label of the document's date", () => {
    const words = [
      ...sender,
      ...textRow(0.3, [
        [0.08, 0.16, 'Rechnungs-Nr.'],
        [0.3, 0.37, 'Druckdatum'],
        [0.5, 0.58, 'Ausgestellt'],
      ]),
      ...textRow(0.315, [
        [0.08, 0.14, 'RE-34728'],
        [0.3, 0.36, '03.09.2024'],
        [0.5, 0.56, '26.08.2024'],
      ]),
    ];
    const found = extractHeaders(contextOf(onePage(words, 'text')));
    expect(found.invoiceNum?.value).toBe('RE-34728');
    // "Druckdatum" (printed on) over the first date: the document's date is the other one
    expect(found.invoiceDate?.value).toBe('2024-08-26');
  });

  it('reads no column heading over the first item row as a label', () => {
    const words = [
      ...sender,
      ...textRow(0.3, [
        [0.1, 0.2, 'Description'],
        [0.5, 0.53, 'SKU'],
        [0.7, 0.73, 'Qty'],
        [0.85, 0.9, 'Amount'],
      ]),
      ...textRow(0.32, [
        [0.1, 0.25, 'Copy paper A4'],
        [0.5, 0.56, 'X06568'],
        [0.7, 0.72, '12'],
        [0.85, 0.9, '54.00'],
      ]),
    ];
    const firstRow = { 'items.0': { page: 1, x: 0.1, y: 0.32, w: 0.8, h: 0.01 } };
    expect(unreadOn(contextOf(onePage(words, 'text')), {}, firstRow)).toEqual([]);
  });
});

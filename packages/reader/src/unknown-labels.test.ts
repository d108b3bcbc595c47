import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { calibrate } from './calibrate.js';
import { GUESSED, guessUnlabelled } from './completeness.js';
import { extractHeaders } from './extract.js';
import { contextOf, extractAll } from './read.js';
import type { TReaderResult } from './types.js';

/** A text layer's line one hundredth of the page tall at `y`. */
const textRow = (y: number, cells: [number, number, string][]) => ocrLine(y, y + 0.01, cells, null);
const sender = textRow(0.05, [[0.1, 0.3, 'Marlow Supplies Ltd']]);

/** A text page with the sender's name and one "Label  value" line for each pair, from y = 0.25 down. */
const page = (...lines: [string, string][]) =>
  contextOf(
    onePage(
      [
        ...sender,
        ...lines.flatMap(([label, value], i) =>
          textRow(0.25 + i * 0.02, [
            [0.55, 0.55 + label.length * 0.007, label],
            [0.78, 0.78 + value.length * 0.007, value],
          ]),
        ),
      ],
      'text',
    ),
  );

/** The guesses on a page when the reader read these headers (an invoice unless `documentType` says). */
const guesses = (
  ctx: ReturnType<typeof contextOf>,
  headers: Record<string, string> = {},
  documentType = 'invoice',
) =>
  Object.fromEntries(
    guessUnlabelled(ctx, { headers, vendor: {}, boxes: {}, documentType } as unknown as TReaderResult).map(
      (g) => [g.field, g.value],
    ),
  );

// labels made up for these tests: words no rule of the reader knows
describe('header fields under labels the reader does not know', () => {
  it("takes the first id for the document's number", () => {
    expect(guesses(page(['Zettel', 'ZT-20417'], ['Vermerk', '88120']))).toMatchObject({
      invoiceNum: 'ZT-20417',
    });
    // on an order it is the order's number
    expect(guesses(page(['Zettel', 'ZT-20417']), {}, 'order')).toEqual({ orderNum: 'ZT-20417' });
    // a number read under a known label stays; the id is none of it
    expect(
      guesses(page(['Zettel', 'ZT-20417']), { invoiceNum: 'R-1', orderNum: 'PO-1', shopAccount: 'K-1' }),
    ).toEqual({});
  });

  it("takes the buyer's own reference for the order number", () => {
    for (const label of [
      'Your key',
      'Ihr Vermerk',
      'Votre repère',
      'Uw notitie',
      'Buyer key',
      'Clé acheteur',
    ])
      expect(guesses(page([label, 'Q-7711']), { invoiceNum: 'R-1' })).toEqual({ orderNum: 'Q-7711' });
    // a purchase order number's own shape, before the document's number
    expect(guesses(page(['Vermerk', 'PO-7711'], ['Zettel', 'ZT-20417']))).toEqual({
      invoiceNum: 'ZT-20417',
      orderNum: 'PO-7711',
    });
    // a word of buying names the buyer's order
    for (const label of ['Purchase key', 'Einkaufsvermerk', "Clé d'achat", 'Inkoopnotitie'])
      expect(guesses(page([label, 'Q-7711']), { invoiceNum: 'R-1' })).toEqual({ orderNum: 'Q-7711' });
    // the buyer's location number is no reference of theirs, also where the value names it
    expect(guesses(page(['Ihre GLN', '4012345000009']), { invoiceNum: 'R-1' })).toEqual({});
    expect(guesses(page(['Globale Kennung', '4012345000009 (GLN)']), { invoiceNum: 'R-1' })).toEqual({});
  });

  it("takes a label with a field's word stem for that field", () => {
    expect(guesses(page(['Client key', 'C-4411']), { invoiceNum: 'R-1' })).toEqual({ shopAccount: 'C-4411' });
    // a customer's word over an order's shape (a year, a PO) names the customer's order
    expect(guesses(page(['Kundenvermerk', 'PO-7711']), { invoiceNum: 'R-1' })).toEqual({
      orderNum: 'PO-7711',
    });
    expect(
      guesses(page(['Client note', '2023-7652/07'], ['Vermerk', '52450']), { invoiceNum: 'R-1' }),
    ).toEqual({
      orderNum: '2023-7652/07',
      shopAccount: '52450',
    });
    // an account among the header's values is the customer's; beside bank words, a bank's
    expect(guesses(page(['Konto-Nr.', '52388']), { invoiceNum: 'R-1' })).toEqual({ shopAccount: '52388' });
    expect(
      guesses(page(['Konto-Nr.', '52388'], ['BLZ', '370 400 44']), { invoiceNum: 'R-1', orderNum: 'PO-2' }),
    ).toEqual({});
  });

  it('takes the one id left for the one of order and customer number still empty', () => {
    expect(guesses(page(['Vermerk', '30431']), { invoiceNum: 'R-1', orderNum: 'PO-2' })).toEqual({
      shopAccount: '30431',
    });
    // both empty: the customer's number, which carries no year
    expect(guesses(page(['Vermerk', '30431']), { invoiceNum: 'R-1' })).toEqual({ shopAccount: '30431' });
    expect(guesses(page(['Vermerk', 'Q 30431']), { invoiceNum: 'R-1' })).toEqual({ shopAccount: 'Q 30431' });
    // an id carrying a year is an order's number, never a customer's
    expect(guesses(page(['Vermerk', '2024-4411/07']), { invoiceNum: 'R-1' })).toEqual({
      orderNum: '2024-4411/07',
    });
    expect(guesses(page(['Vermerk', '2024-4411/07']), { invoiceNum: 'R-1', orderNum: 'PO-2' })).toEqual({});
    // two ids: the one with a year the order's, the other the customer's
    expect(guesses(page(['Vermerk', '30431'], ['Notiz', 'ZT/2023/118']), { invoiceNum: 'R-1' })).toEqual({
      orderNum: 'ZT/2023/118',
      shopAccount: '30431',
    });
  });

  it('reads an id under a word that holds a date word, and not under a payment or agreement word', () => {
    // "order" inside "Anforderung" (a request) does not make the label one of an order date
    expect(guesses(page(['Anforderung', 'ZT-20417']), {}, 'order')).toEqual({ orderNum: 'ZT-20417' });
    // a payment reference or an agreement's number is none of the fields
    for (const label of ['Payment ref.', 'Zahlungsreferenz', 'Agreement', 'Rahmenvereinbarung'])
      expect(guesses(page([label, '30431']), { invoiceNum: 'R-1' })).toEqual({});
  });

  it('takes a date on or after the document date, within a year, for the due date', () => {
    const issued = { invoiceNum: 'R-1', invoiceDate: '2025-03-14' };
    expect(guesses(page(['Stichtag', '14.04.2025']), issued)).toEqual({ dueDate: '2025-04-14' });
    // before the document's date, more than a year after, or one of two such dates: no guess
    expect(guesses(page(['Stichtag', '14.02.2025']), issued)).toEqual({});
    expect(guesses(page(['Stichtag', '14.04.2026']), issued)).toEqual({});
    expect(guesses(page(['Stichtag', '14.04.2025'], ['Termin', '20.04.2025']), issued)).toEqual({});
    // a date under a word of paying wins over the others
    expect(guesses(page(['Stichtag', '20.04.2025'], ['Zahlung spätestens', '14.04.2025']), issued)).toEqual({
      dueDate: '2025-04-14',
    });
    // a version with its date is no date
    expect(guesses(page(['Formular', '2.6 vom 10.11.2025']), issued)).toEqual({});
    // without the document's date there is nothing to measure the term from
    expect(guesses(page(['Stichtag', '14.04.2025']), { invoiceNum: 'R-1' })).toEqual({});
  });

  it('joins a band label wrapped onto two lines before deciding what it names', () => {
    // "Date | d'impression" (a print date) and "Letzter | Termin" over their values
    const ctx = contextOf(
      onePage(
        [
          ...sender,
          ...textRow(0.3, [
            [0.1, 0.2, 'Zettel'],
            [0.3, 0.36, 'Date'],
            [0.5, 0.58, 'Letzter'],
          ]),
          ...textRow(0.312, [
            [0.3, 0.4, "d'impression"],
            [0.5, 0.57, 'Termin'],
          ]),
          ...textRow(0.324, [
            [0.1, 0.18, 'ZT-20417'],
            [0.3, 0.37, '03.07.2020'],
            [0.5, 0.57, '08.07.2020'],
          ]),
        ],
        'text',
      ),
    );
    expect(guesses(ctx, { invoiceDate: '2020-06-24' })).toEqual({
      invoiceNum: 'ZT-20417',
      dueDate: '2020-07-08',
    });
  });
});

describe('the confidence of a guess', () => {
  it('is kept as it is, not calibrated to a share of labelled values', () => {
    const c = calibrate({
      'headers.dueDate': GUESSED,
      'headers.invoiceNum': GUESSED,
      'headers.orderNum': 0.9,
    });
    expect(c['headers.dueDate']).toBe(GUESSED);
    expect(c['headers.invoiceNum']).toBe(GUESSED);
    expect(c['headers.orderNum']).toBeGreaterThan(0.9);
  });
});

describe('the invoice date where no label the reader knows names it', () => {
  it('is not the date of the cell a labelled due date was read from', () => {
    const ctx = contextOf(
      onePage(
        [
          ...sender,
          ...textRow(0.3, [
            [0.1, 0.2, 'Rechnungsnr.'],
            [0.3, 0.4, 'Fälligkeitsdatum'],
            [0.5, 0.58, 'Stichtag'],
          ]),
          ...textRow(0.312, [
            [0.1, 0.18, 'R-20417'],
            [0.3, 0.37, '19.10.2021'],
            [0.5, 0.57, '05.10.2021'],
          ]),
        ],
        'text',
      ),
    );
    const h = extractHeaders(ctx);
    expect(h.dueDate?.value).toBe('2021-10-19');
    expect(h.invoiceDate?.value).toBe('2021-10-05');
  });

  it('is named by its own cell, not by a company name on its line ("Print Ltd")', () => {
    const ctx = contextOf(
      onePage(
        [
          ...sender,
          ...textRow(0.3, [
            [0.1, 0.3, 'Quarkwerk Print Ltd'],
            [0.55, 0.65, 'Stichtag: 14.03.2025'],
          ]),
        ],
        'text',
      ),
    );
    expect(extractHeaders(ctx).invoiceDate?.value).toBe('2025-03-14');
    // a delivery date's or period's own label still says it is none, also left of a date written in words
    expect(extractHeaders(page(['Lieferdatum', '14.03.2025'])).invoiceDate).toBeUndefined();
    expect(extractHeaders(page(['Leverdatum:', '2 augustus 2026'])).invoiceDate).toBeUndefined();
    expect(
      extractHeaders(page(['Service period:', 'March 1, 2021 - March 31, 2021'])).invoiceDate,
    ).toBeUndefined();
  });

  it('is the earliest labelled date of its block within a year: software prints the due date above it', () => {
    expect(
      extractHeaders(page(['Wertigkeit', '19.09.2018'], ['Stichtag', '20.08.2018'])).invoiceDate?.value,
    ).toBe('2018-08-20');
    // more than a year apart, or not under a label of its own: the first date
    expect(
      extractHeaders(page(['Wertigkeit', '19.09.2018'], ['Stichtag', '20.08.2017'])).invoiceDate?.value,
    ).toBe('2018-09-19');
    expect(
      extractHeaders(page(['Wertigkeit', '19.09.2018'], ['Zettel 4711 vom', '20.08.2018'])).invoiceDate
        ?.value,
    ).toBe('2018-09-19');
    // a shipping date is none
    expect(
      extractHeaders(page(['Shipped', '03.02.2022'], ['Stichtag', '12.02.2022'])).invoiceDate?.value,
    ).toBe('2022-02-12');
  });

  it('may stand on a line with a company\'s "Limited", which is no "date limite"', () => {
    expect(
      extractHeaders(page(['Quarkwerk Trading Limited Stichtag', '14.03.2025'])).invoiceDate?.value,
    ).toBe('2025-03-14');
  });
});

describe('a total under a label the reader does not know', () => {
  it('is no party heading where it starts with "To" ("To pay"), and the VAT column under it no party', () => {
    const doc = onePage(
      [
        ...sender,
        ...textRow(0.18, [[0.1, 0.5, 'Marlow Supplies Ltd · 9 Mill Lane · Leeds LS1 4AB']]),
        ...textRow(0.2, [[0.1, 0.3, 'Quarkwerk Handel e.K.']]),
        ...textRow(0.22, [[0.1, 0.3, 'Lindenallee 9']]),
        ...textRow(0.24, [[0.1, 0.3, '12345 Musterstadt']]),
        ...textRow(0.5, [
          [0.55, 0.65, 'To pay'],
          [0.84, 0.9, '120.00'],
        ]),
        ...textRow(0.53, [
          [0.16, 0.24, 'VAT rate'],
          [0.35, 0.4, 'Net'],
          [0.54, 0.58, 'VAT'],
        ]),
        ...textRow(0.55, [
          [0.2, 0.24, '20%'],
          [0.3, 0.4, '100.00'],
          [0.54, 0.6, '20.00'],
        ]),
      ],
      'text',
    );
    expect(extractAll(contextOf(doc), doc, 'invoice.pdf').invoiceTo?.name).toBe('Quarkwerk Handel e.K.');
  });
});

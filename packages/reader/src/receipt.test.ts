import { afterAll, describe, expect, it } from 'vitest';
import { pdfOf } from './__tests__/make-docs.js';
import { type Gray, paperOf, renderPdfPage, toPng } from './image.js';
import { closeOcr } from './ocr.js';
import { createReader } from './pool.js';
import { contextOf, extractAll, headerBand, readDocument, withHeaderWords } from './read.js';
import {
  namesAgree,
  oneDigitApart,
  receiptAmounts,
  receiptDates,
  receiptParties,
  receiptTotals,
  recogniseVendor,
  voteReadings,
} from './receipt.js';
import type { Word } from './types.js';

/** The extraction context of a receipt's OCR text, made up line by line (words in a monospace grid). */
function receiptText(lines: string[]) {
  const words: Word[] = lines.flatMap((line, i) =>
    [...line.matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      page: 1,
      x0: (m.index * 0.8) / 40,
      x1: ((m.index + m[0].length) * 0.8) / 40,
      y0: 0.02 + i * 0.03,
      y1: 0.04 + i * 0.03,
      conf: 0.9,
    })),
  );
  const ctx = contextOf({
    pages: [{ page: 1, width: 600, height: 1400, words, source: 'ocr' }],
    numPages: 1,
    source: 'ocr',
    attachments: [],
    kind: 'png',
    image: { width: 600, height: 1400 },
  });
  return ctx;
}
const totalOf = (lines: string[]) => receiptTotals(receiptText(lines))[0]?.value;

/**
 * A slip on an A4 scanner bed at 300 dpi, as flatbeds give them: white paper 75 mm wide at `left` (mm), the
 * rest of the bed `bed` grey (the open lid's dark, or white), with `marks` grey dots (punched holes) on it.
 */
async function slipOnBed(lines: string[], left: number, bed: number, marks = 0): Promise<Gray> {
  const mm = 300 / 25.4;
  const pdf = await pdfOf({ size: [595, 842], margin: 0 }, (doc) => {
    doc.font('Courier').fontSize(8);
    lines.forEach((l, i) => {
      doc.text(l, (left + 5) * 2.835, 60 + i * 13, { lineBreak: false });
    });
  });
  const img = await renderPdfPage(pdf, 1, 300, 60_000_000);
  const [x0, x1] = [Math.round(left * mm), Math.round((left + 75) * mm)];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = y * img.width + x;
      if (x < x0 || x >= x1) img.data[i] = bed;
      for (let m = 0; m < marks; m++) {
        const [cx, cy] = [12 * mm, (80 + m * 80) * mm];
        if ((x - cx) ** 2 + (y - cy) ** 2 < (3 * mm) ** 2) img.data[i] = 90;
      }
    }
  return img;
}

const SLIP = [
  'SATURNIA ELEKTRO GMBH',
  'Kampstrasse 30',
  '33098 Paderborn',
  ...Array.from({ length: 14 }, (_, i) => `Artikel ${i + 1}            ${(i + 1) * 3},99`),
  'Total EUR                 329,86',
  '',
  'Kartenzahlung girocard',
  'Datum:               20.05.2020',
  'Betrag EUR               329,86',
];

describe('a till slip scanned on an A4 bed', () => {
  it('finds the slip on a dark lid, on a white bed when asked, and leaves pages alone', async () => {
    const mm = 300 / 25.4;
    const onDark = paperOf(await slipOnBed(SLIP, 130, 45));
    expect(onDark?.x0).toBeGreaterThan((130 * mm) / 2480 - 0.03);
    expect(onDark?.x1).toBeGreaterThan(0.8);
    // punched holes in the lid's dark are not print
    const holed = paperOf(await slipOnBed(SLIP, 30, 45, 2));
    expect(holed?.x0).toBeGreaterThan((20 * mm) / 2480);
    expect(holed?.x1).toBeLessThan(0.5);
    // on a white bed the paper fills the image: read as a page first; asked again after that page read as
    // nearly empty, the print alone tells the slip, the holes beside it left out
    const white = await slipOnBed(SLIP, 30, 250, 2);
    expect(paperOf(white)).toBeUndefined();
    const onWhite = paperOf(white, true);
    expect(onWhite?.x0).toBeGreaterThan((20 * mm) / 2480);
    expect(onWhite?.x1).toBeLessThan(0.5);
    // a page printed across its width (item rows, amounts on the right), and blocks side by side, are pages
    const page = await renderPdfPage(
      await pdfOf({ size: 'A4', margin: 40 }, (doc) => {
        doc.font('Helvetica').fontSize(9);
        for (let i = 0; i < 40; i++) {
          doc.text(`Line ${i}   Widget model ${i}   ${i} pcs`, 40, 60 + i * 18, { lineBreak: false });
          doc.text(`12.50      ${(i * 12.5).toFixed(2)}`, 470, 60 + i * 18, { lineBreak: false });
        }
      }),
      1,
      150,
      60_000_000,
    );
    expect(paperOf(page)).toBeUndefined();
    const blocks = await renderPdfPage(
      await pdfOf({ size: 'A4', margin: 40 }, (doc) => {
        doc.font('Helvetica').fontSize(9);
        for (let i = 0; i < 30; i++) {
          doc.text(`Sender street ${i}`, 40, 60 + i * 18, { lineBreak: false });
          doc.text(`Invoice field ${i}: ${i}`, 380, 60 + i * 18, { lineBreak: false });
        }
      }),
      1,
      150,
      60_000_000,
    );
    expect(paperOf(blocks)).toBeUndefined();
    expect(paperOf(blocks, true)).toBeUndefined();
  });

  it('reads the slip as a receipt, its words placed where they are on the bed', async () => {
    const bed = await slipOnBed(SLIP, 130, 45);
    const r = await readDocument(await toPng(bed), { fileName: 'scan.png' });
    expect(r.documentType).toBe('receipt');
    expect(r.totals.invoiceTotal).toBe(329.86);
    expect(r.headers.invoiceDate).toBe('2020-05-20');
    expect(r.vendor.name).toBe('SATURNIA ELEKTRO GMBH');
    // the highlight of the vendor's name lies on the slip, right of the bed's dark part
    expect(r.boxes['vendor.name']?.x ?? 0).toBeGreaterThan(0.5);
  });
});

/** A till receipt in a monospace font, scanned at 150 dpi; `onA4`: placed on an A4 page scanned at 600 dpi. */
async function receiptPng(lines: string[], onA4 = false): Promise<Uint8Array> {
  const size: [number, number] = onA4 ? [595, 842] : [230, 40 + lines.length * 14];
  const pdf = await pdfOf({ size, margin: 12 }, (doc) => {
    doc.font('Courier').fontSize(9);
    const x = onA4 ? 180 : 12;
    lines.forEach((l, i) => {
      doc.text(l, x, (onA4 ? 120 : 20) + i * 14, { lineBreak: false });
    });
  });
  return toPng(await renderPdfPage(pdf, 1, onA4 ? 600 : 150, 60_000_000));
}

const SHOP = [
  'SUNRISE BAKERY SDN BHD',
  '12 JALAN MAWAR 3',
  '47400 PETALING JAYA',
  'TEL 03-7788 1234',
  'DATE: 14/08/2019   10:42',
  'CASHIER: AMY',
  'BREAD LOAF      2   4.50   9.00',
  'BUTTER          1  12.40  12.40',
];

afterAll(closeOcr);

describe('receipt amounts with OCR slips', () => {
  it('repairs letters for digits, a space or colon for the point, and skips times and dates', () => {
    expect(receiptAmounts('TOTAL RM 65. 20').map((a) => a.value)).toEqual([65.2]);
    expect(receiptAmounts('Total 1O.5O').map((a) => a.value)).toEqual([10.5]);
    expect(receiptAmounts('TotalGST . 3:08').map((a) => a.value)).toEqual([3.08]);
    expect(receiptAmounts('Date 06/03/2018 12:06:00 PM')).toEqual([]);
  });

  it('keeps an amount whose decimal point was lost, marked as loose', () => {
    expect(receiptAmounts('Total Sales (Excluding GST) 6142')).toEqual([{ value: 61.42, loose: true }]);
    expect(receiptAmounts('Total Items: 3')).toEqual([]);
  });
});

describe('receipt totals from OCR text', () => {
  it('knows the words for the sum to pay in German, French and Dutch, and not the net or VAT rows', () => {
    expect(
      totalOf([
        'Emmentaler 2,59 x 2 5,18 A',
        'Brot 1,98 A',
        'zu zahlen 7,16',
        'Bar 10,00',
        'Rückgeld -2,84',
        'MWST% MWST Netto',
        'A 7% 0,47 6,69',
      ]),
    ).toBe(7.16);
    expect(
      totalOf([
        'CAFE CREME 12.00 2 24.00',
        'CHOCOLAT 12.00 1 12.00',
        'Total Facture : 36.00 DH',
        'Merci de votre visite',
      ]),
    ).toBe(36);
    expect(totalOf(['Brood 2,50', 'Kaas 4,10', 'Totaal 6,60', 'Pin 6,60', 'BTW 9% 0,54'])).toBe(6.6);
  });
  it('takes a card payment as the total when no total line can be read', () => {
    expect(
      totalOf([
        '1 23530028 2,00 14,99 29,98',
        '2 02770034 2,00 14,99 29,98',
        'elec.-cash 59,96',
        'Netto MwSt.',
      ]),
    ).toBe(59.96);
    expect(totalOf(['T1 PLATE 60PCS 1 63.80', 'TT etal 80', 'Master Card 63.80'])).toBe(63.8);
  });
  it('takes the total rounded to 5 cents on a receipt with a rounding line', () => {
    expect(totalOf(['Total Incl. of GST 31.47', 'Rounding Adj -0.02', 'Total RM 31.45', 'Cash 50.00'])).toBe(
      31.45,
    );
    // the rounded total misread, the rounding amount read: the total ± the rounding
    expect(totalOf(['Total (Incl GST) RM21.83', 'Rounding RM0.02', 'Grand TotalRM2 1 85'])).toBe(21.85);
  });
  it('repairs a total misread in one digit when subtotal + tax give it, and no other reading of it is printed', () => {
    expect(oneDigitApart(64.5, 54.5)).toBe(true);
    expect(oneDigitApart(64.6, 54.5)).toBe(false);
    expect(
      totalOf([
        'Total Sales (Excluding GST) 51.42',
        'Total GST 3.08',
        'Total Sales (Inclusive of GST) 64.50',
      ]),
    ).toBe(54.5);
    // printed twice: the total is read right, the arithmetic's figures are not
    expect(
      totalOf([
        'Total Sales (Excluding GST) 51.42',
        'Total GST 3.08',
        'Total 64.50',
        'Total (incl GST) 64.50',
      ]),
    ).toBe(64.5);
  });
});

describe('receipt dates from OCR text', () => {
  it('reads a month name between slashes and a compact year-first date, not a time', () => {
    expect(receiptDates(receiptText(['CB# : 53273500475 02/Jan/2017 10:48:25']))).toEqual(['2017-01-02']);
    expect(receiptDates(receiptText(['Date/Time : 20180428/151204']))).toEqual(['2018-04-28']);
  });
});

describe('receipt vendor from OCR text', () => {
  const vendorOf = (lines: string[]) => receiptParties(receiptText(lines)).vendor;
  it('takes the legal name printed with its registration number, not a till phrase above it', () => {
    expect(
      vendorOf([
        'THANK YOU FOR SHOPPING WITH US',
        'Pelangi Realty Sdn Bhd (Co. No:12345-T)',
        '12, Jalan Bunga Raya 4,',
        '50250 Kuala Lumpur.',
        'Tel : 03 2026 6386',
      ]),
    ).toEqual({ name: 'Pelangi Realty Sdn Bhd', address: '12, Jalan Bunga Raya 4, 50250 Kuala Lumpur.' });
  });
  it('repairs OCR slips in SDN BHD and brackets, and skips a lower-case note above the name', () => {
    expect(
      vendorOf(['tan ah kow', 'KEDAI MAJU (KL) SON EHD', '8, JALAN SS2/4', '47300 PETALING JAYA']).name,
    ).toBe('KEDAI MAJU (KL) SDN BHD');
    expect(vendorOf(['BUKU CERIA {SP} SDM. BHD.', '8, JALAN SS2/4', '47300 PETALING JAYA']).name).toBe(
      'BUKU CERIA (SP) SDN BHD.',
    );
  });
  it('drops a speck OCR read at the end of the name line', () => {
    expect(vendorOf(['KEDAI MAJU (KL) SDN BHD |', '8, JALAN SS2/4', '47300 PETALING JAYA']).name).toBe(
      'KEDAI MAJU (KL) SDN BHD',
    );
    expect(vendorOf(['KEDAI MAJU SDN BHD {', '8, JALAN SS2/4', '47300 PETALING JAYA']).name).toBe(
      'KEDAI MAJU SDN BHD',
    );
    // a one-letter word of the name itself stays
    expect(vendorOf(['RESTORAN WONG A', '8, JALAN SS2/4', '47300 PETALING JAYA']).name).toBe(
      'RESTORAN WONG A',
    );
  });
  it('finds the address above the legal name when the header prints it first, and not the owner after a label', () => {
    expect(
      vendorOf([
        'UNIT 7, BLOCK C, PUSAT NIAGA',
        'NO. 3, JALAN 16/2, 46350 PETALING JAYA',
        'careline : 1800 88 1231',
        'KEDAI BUKU SB(112233-X) FKA OLD BOOKS SB',
        'TAX INVOICE',
      ]),
    ).toEqual({
      name: 'KEDAI BUKU SB',
      address: 'UNIT 7, BLOCK C, PUSAT NIAGA NO. 3, JALAN 16/2, 46350 PETALING JAYA',
    });
  });
});

describe("a receipt's header band read again", () => {
  /** Words of made-up lines, one line every 0.03 of the page from 0.05. */
  const linesOf = (texts: string[]): Word[] =>
    texts.flatMap((t, i) =>
      t.split(' ').map((w, j) => ({
        text: w,
        page: 1,
        x0: 0.1 + j * 0.15,
        x1: 0.2 + j * 0.15,
        y0: 0.05 + i * 0.03,
        y1: 0.07 + i * 0.03,
        conf: 0.9,
      })),
    );
  const receipt = [
    'KEDAI MAJU SDN BHD',
    '(123456-X)',
    '8, JALAN SS2/4',
    '47300 PETALING JAYA',
    'TEL: 03-7877 1234',
    'GST ID: 000123456789',
    'TAX INVOICE',
    'CASHIER: ANN',
    'ITEM QTY PRICE',
    'BREAD 1 3.50',
    'MILK 2 8.00',
    'TOTAL 11.50',
    'CASH 20.00',
    'CHANGE 8.50',
  ];
  it('is the first eight lines of three letters or digits, specks and unsure words not counted', () => {
    // a logo read as letters the OCR was unsure of does not count either
    const words = linesOf(['~', 'ABC', ...receipt]).map((w) => (w.text === 'ABC' ? { ...w, conf: 0.2 } : w));
    const band = headerBand(words)!;
    // the eighth line counted ("CASHIER: ANN", the tenth line) ends at 0.05 + 9 × 0.03 + 0.02
    expect(band.y1).toBeCloseTo(0.34 + 0.01, 5);
    expect(band.y0).toBeCloseTo(0.02, 5);
    // too short a reading to tell a header from the rest
    expect(headerBand(linesOf(receipt.slice(0, 10)))).toBeUndefined();
  });
  it('votes on the vendor with the readings when they name different vendors, and on nothing else', () => {
    const readingOf = (name: string, total: string) => {
      const doc = {
        pages: [
          {
            page: 1,
            width: 600,
            height: 1400,
            words: linesOf([name, ...receipt.slice(1, 11), total]),
            source: 'ocr' as const,
          },
        ],
        numPages: 1,
        source: 'ocr' as const,
        attachments: [],
        kind: 'png' as const,
        image: { width: 600, height: 1400 },
      };
      const ctx = contextOf(doc);
      ctx.isReceipt = true;
      return { r: extractAll(ctx, doc, 'r.png'), ctx };
    };
    const first = readingOf('GARDENIA BAKERIES (KI) SDN BHD', 'TOTAL 11.50');
    const second = readingOf('GARDENIA BAKERIES (KL) SDN BHD', 'TOTAL 11.50');
    expect(namesAgree([first, second])).toBe(false);
    expect(namesAgree([first, first])).toBe(true);
    // a tie keeps the first reading's spelling; the header reading breaks it
    expect(voteReadings([first, second]).vendor.name).toBe('GARDENIA BAKERIES (KI) SDN BHD');
    const header = readingOf('GARDENIA BAKERIES (KL) SDN BHD', 'TOTAL 99.99');
    const voted = voteReadings([first, second], header);
    expect(voted.vendor.name).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    // below the band the header reading is the first reading again: it does not vote on the total
    expect(voted.totals.invoiceTotal).toBe(11.5);
  });
  it("puts the header pass's words in place of the first reading's words in the band", () => {
    const words = linesOf(['KEDAI MAIU SDN 8HD', ...receipt.slice(1)]);
    const band = headerBand(words)!;
    const header = linesOf(receipt.slice(0, 8));
    const ctx = contextOf({
      pages: [
        { page: 1, width: 600, height: 1400, words: withHeaderWords(words, band, header), source: 'ocr' },
      ],
      numPages: 1,
      source: 'ocr',
      attachments: [],
      kind: 'png',
      image: { width: 600, height: 1400 },
    });
    expect(ctx.lines.map((l) => l.text)).toEqual(receipt);
    expect(receiptParties(ctx).vendor.name).toBe('KEDAI MAJU SDN BHD');
  });
});

describe('receipts', () => {
  it('is a receipt that sells "on account of" another company, and no receipt once it names itself an invoice', () => {
    const slip = ['Westfalen Tankstelle', 'Kartenzahlung', 'Gesamtbetrag 34,00 EUR', 'Datum 07.09.18'];
    const agency = 'Der Verkauf erfolgt im Namen und auf Rechnung der Westfalen AG.';
    expect(receiptText([...slip, agency]).isReceipt).toBe(true);
    expect(receiptText([...slip, 'Verkauf für Rechnung des Betreibers']).isReceipt).toBe(true);
    expect(receiptText(['RECHNUNG Nr. 4471', ...slip]).isReceipt).toBe(false);
    expect(receiptText(['Rechnung', ...slip, agency]).isReceipt).toBe(false);
    expect(receiptText(['FACTURE N° 12', ...slip]).isReceipt).toBe(false);
  });

  it('reads the total, date and vendor of a receipt scan', async () => {
    const png = await receiptPng([
      ...SHOP,
      'TOTAL           21.40',
      'CASH            50.00',
      'CHANGE          28.60',
    ]);
    const r = await readDocument(png, { fileName: 'receipt.png' });
    expect(r.documentType).toBe('receipt');
    expect(r.totals.invoiceTotal).toBe(21.4);
    expect(r.headers.invoiceDate).toBe('2019-08-14');
    expect(r.vendor.name).toBe('SUNRISE BAKERY SDN BHD');
    // a vendor nobody confirmed before is checked by a person, however well the passes agree
    expect(r.pendingReview).toBe(true);
  });

  it('reads a receipt scanned on an A4 page at 600 dpi within a few seconds', async () => {
    const png = await receiptPng(
      [...SHOP, 'TOTAL           21.40', 'CASH            50.00', 'CHANGE          28.60'],
      true,
    );
    const started = performance.now();
    const r = await readDocument(png, { fileName: 'a4-scan.png' });
    expect(r.totals.invoiceTotal).toBe(21.4);
    expect(r.headers.invoiceDate).toBe('2019-08-14');
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('takes the total from cash − change when the total line shows no amount', async () => {
    const png = await receiptPng([...SHOP, 'TOTAL', '', 'CASH            50.00', 'CHANGE          28.60']);
    const r = await readDocument(png, { fileName: 'receipt.png' });
    expect(r.totals.invoiceTotal).toBe(21.4);
  });
});

describe('vendors seen before', () => {
  const known = [
    { name: 'SUNRISE BAKERY SDN BHD', address: '12 JALAN MAWAR 3, 47400 PETALING JAYA' },
    { name: 'MOONLIGHT HARDWARE TRADING' },
  ];

  it('recognises a misread name or address and leaves unknown vendors alone', () => {
    expect(recogniseVendor({ name: 'SUNRlSE BAKERV SON BHD' }, [], known)?.vendor.name).toBe(
      'SUNRISE BAKERY SDN BHD',
    );
    expect(
      recogniseVendor({ name: 'cece', address: '12 JALAN MAWAR 3. 47400 PETALlNG JAYA' }, [], known)?.vendor
        .name,
    ).toBe('SUNRISE BAKERY SDN BHD');
    expect(recogniseVendor({ name: 'SUNSET BAKERY SDN BHD' }, [], known)).toBeUndefined();
    expect(recogniseVendor({ name: 'MOONLIGHT TRADING' }, [], known)).toBeUndefined();
  });

  it('gives a receipt the remembered spelling of its vendor, through the worker pool', async () => {
    const png = await receiptPng([
      'SUNRISE BAKERV SDN BHD',
      ...SHOP.slice(1),
      'TOTAL           21.40',
      'CASH            50.00',
      'CHANGE          28.60',
    ]);
    const reader = createReader({ workers: 1, timeoutMs: 60_000 });
    try {
      const r = await reader.read(png, { fileName: 'receipt.png', knownVendors: known });
      expect(r.vendor.name).toBe('SUNRISE BAKERY SDN BHD');
      expect(r.vendor.address).toBe('12 JALAN MAWAR 3, 47400 PETALING JAYA');
      // a recognised vendor, a total the arithmetic confirms and a date: no person needed
      expect(r.pendingReview).toBe(false);
      const unknown = await reader.read(png, { fileName: 'receipt.png' });
      expect(unknown.vendor.name).not.toBe('SUNRISE BAKERY SDN BHD');
      expect(unknown.pendingReview).toBe(true);
    } finally {
      await reader.close();
    }
  });
});

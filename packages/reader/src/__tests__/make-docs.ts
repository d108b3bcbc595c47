import PDFDocument from 'pdfkit';
import { readDocument } from '../read.js';

export interface DocItem {
  code?: string;
  desc: string[];
  qty: number;
  price: number;
  amount: number;
  vat?: number;
}

export interface DocSpec {
  title: string;
  labels: {
    number: string;
    date: string;
    due?: string;
    order?: string;
    billTo: string;
    desc: string;
    qty: string;
    price: string;
    amount: string;
    code?: string;
    subtotal: string;
    discount?: string;
    net: string;
    vat: string;
    total: string;
  };
  vendor: string[];
  vendorVat?: string;
  buyer: string[];
  number: string;
  date: string;
  due?: string;
  order?: string;
  items: DocItem[];
  discount?: number;
  subtotal: number;
  net: number;
  vat: number;
  total: number;
  money: (n: number) => string;
  /** rows per page before the table continues on a new page (with the header repeated) */
  rowsPerPage?: number;
  font?: number;
  /** shift the whole layout (a "different layout" of the same content) */
  dx?: number;
}

/** 1.234,56 */
export const de = (n: number) =>
  n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1,234.56 */
export const en = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1 234,56 */
export const fr = (n: number) => de(n).replace(/\./g, ' ');

/** A PDF drawn with pdfkit, as bytes. */
export function pdfOf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    draw(doc);
    doc.end();
  });
}

/** A text placed on an A4 page: x and y in points, font size (default 9), font (default Helvetica). */
export type PlacedText = [x: number, y: number, text: string, size?: number, font?: string];

/** An A4 PDF of these pages whose text layer holds exactly their texts (font size `size` where a text gives none). */
export function pagesPdf(pages: PlacedText[][], size = 9): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    pages.forEach((texts, k) => {
      if (k) doc.addPage();
      for (const [x, y, text, textSize, font] of texts)
        doc
          .font(font ?? 'Helvetica')
          .fontSize(textSize ?? size)
          .text(text, x, y, { lineBreak: false });
    });
  });
}

/** A one-page A4 PDF whose text layer holds exactly these texts. */
export const textPagePdf = (texts: PlacedText[]) => pagesPdf([texts]);

/** The reading of one text page uploaded as `test.pdf`. */
export const readTextPage = async (texts: PlacedText[]) =>
  readDocument(await textPagePdf(texts), { fileName: 'test.pdf' });

/** A German invoice's head: the supplier's letterhead, the title, the addressee's window, number and date. */
export const GERMAN_INVOICE_HEAD: PlacedText[] = [
  [60, 45, 'Quarkwerk Handel GmbH', 16, 'Helvetica-Bold'],
  [60, 62, 'Lindenallee 9, 12345 Musterstadt'],
  [440, 100, 'RECHNUNG', 16],
  [60, 140, 'Zebrafink Papier KG'],
  [60, 152, 'Ahornweg 3'],
  [60, 164, '54321 Beispielheim'],
  [360, 140, 'Rechnungsnummer'],
  [460, 140, 'QW-4711/22'],
  [360, 152, 'Datum'],
  [460, 152, '14.03.2023'],
];

/** A number right-aligned at `xr` in 9-point Courier (every character 0.6 of the font size wide). */
export const rightAligned = (xr: number, y: number, t: string): PlacedText => [
  xr - t.length * 5.4,
  y,
  t,
  9,
  'Courier',
];

/** The reading of a document of these pages of texts at x, y (points), every one in 8-point Helvetica. */
export const readSmallPages = async (...pages: PlacedText[][]) =>
  readDocument(await pagesPdf(pages, 8), { fileName: 'test.pdf' });

/** A sender's name and address over a Dutch buyer's, with the invoice's number and date right of the buyer. */
export const dutchInvoiceHead = (number: string, date: string): PlacedText[] => [
  [60, 60, 'Rheinland Installatie KG'],
  [60, 72, 'Industriestr. 5a, 10115 Berlin'],
  [60, 110, 'Vermeer Textiles B.V.'],
  [60, 122, 'Prinsengracht 263, 3511 LK Utrecht'],
  [330, 110, 'Factuurnummer:'],
  [420, 110, number],
  [330, 122, 'Factuurdatum:'],
  [420, 122, date],
];

/** Totals under a table: labels at x 330, amounts right-aligned at `xr`, a line of 12 points each from `y` on. */
export const totalsAt = (y: number, xr: number, rows: [string, string][]): PlacedText[] =>
  rows.flatMap(([label, amount], k): PlacedText[] => [
    [330, y + 12 * k, label],
    rightAligned(xr, y + 12 * k, amount),
  ]);

/** A German invoice around an item table: GERMAN_INVOICE_HEAD above the rows, net, VAT and total from `y` on. */
export const germanInvoicePage = (
  rows: PlacedText[],
  y: number,
  net: string,
  vat: string,
  total: string,
): PlacedText[] => [
  ...GERMAN_INVOICE_HEAD,
  ...rows,
  [330, y, 'Nettobetrag'],
  rightAligned(530, y, net),
  [330, y + 14, 'USt. 19 %'],
  rightAligned(530, y + 14, vat),
  [330, y + 28, 'Endbetrag'],
  rightAligned(530, y + 28, total),
  [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
];

/** Table rows: cells at the given x positions, from y on, 16 points apart (empty cells left out). */
export const tableTexts = (y: number, xs: number[], rows: string[][]): PlacedText[] =>
  rows.flatMap((row, i) =>
    row.map((t, k): PlacedText => [xs[k]!, y + i * 16, t]).filter(([, , t]) => t !== ''),
  );

/** A scanned document: each page image fills one A4 page of a PDF without a text layer. */
export function scannedPdf(pages: Uint8Array[]): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 0, autoFirstPage: false }, (doc) => {
    for (const png of pages)
      doc.addPage({ size: 'A4', margin: 0 }).image(Buffer.from(png), 0, 0, { width: 595.28 });
  });
}

/** Writes an invoice-like PDF with a text layer, with known content. */
export function makePdf(spec: DocSpec): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    const fs = spec.font ?? 9;
    const dx = spec.dx ?? 0;
    const L = spec.labels;
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(spec.title, 350 + dx, 50);
    doc.font('Helvetica').fontSize(fs);
    let y = 50;
    for (const v of spec.vendor) {
      doc.text(v, 40 + dx, y, { lineBreak: false });
      y += fs + 3;
    }
    if (spec.vendorVat) doc.text(`VAT: ${spec.vendorVat}`, 40 + dx, y, { lineBreak: false });
    y = 140;
    doc.text(`${L.billTo}:`, 40 + dx, y, { lineBreak: false });
    y += fs + 3;
    for (const b of spec.buyer) {
      doc.text(b, 40 + dx, y, { lineBreak: false });
      y += fs + 3;
    }
    let hy = 140;
    const kv = (k: string, v: string) => {
      doc.text(`${k}:`, 350 + dx, hy, { lineBreak: false });
      doc.text(v, 450 + dx, hy, { lineBreak: false });
      hy += fs + 5;
    };
    kv(L.number, spec.number);
    kv(L.date, spec.date);
    if (spec.due && L.due) kv(L.due, spec.due);
    if (spec.order && L.order) kv(L.order, spec.order);
    const cols = {
      code: 40 + dx,
      desc: (L.code ? 110 : 40) + dx,
      qty: 330 + dx,
      price: 400 + dx,
      amount: 480 + dx,
    };
    const header = (top: number) => {
      doc.font('Helvetica-Bold');
      if (L.code) doc.text(L.code, cols.code, top, { lineBreak: false });
      doc.text(L.desc, cols.desc, top, { lineBreak: false });
      doc.text(L.qty, cols.qty, top, { lineBreak: false });
      doc.text(L.price, cols.price, top, { lineBreak: false });
      doc.text(L.amount, cols.amount, top, { lineBreak: false });
      doc.font('Helvetica');
      return top + fs + 10;
    };
    const right = (s: string, x: number, top: number) =>
      doc.text(s, x, top, { width: 60, align: 'right', lineBreak: false });
    y = header(260);
    let rows = 0;
    for (const it of spec.items) {
      if (spec.rowsPerPage && rows === spec.rowsPerPage) {
        doc.text('Page 1 / 2', 480, 800, { lineBreak: false });
        doc.addPage();
        y = header(60);
        rows = 0;
      }
      if (it.code) doc.text(it.code, cols.code, y, { lineBreak: false });
      it.desc.forEach((d, i) => {
        doc.text(d, cols.desc, y + i * (fs + 2), { lineBreak: false });
      });
      right(String(it.qty), cols.qty - 30, y);
      right(spec.money(it.price), cols.price - 10, y);
      right(spec.money(it.amount), cols.amount - 5, y);
      y += it.desc.length * (fs + 2) + 8;
      rows++;
    }
    y += 10;
    const tot = (k: string, v: number) => {
      doc.text(k, 330 + dx, y, { lineBreak: false });
      right(spec.money(v), cols.amount - 5, y);
      y += fs + 6;
    };
    tot(L.subtotal, spec.subtotal);
    if (spec.discount && L.discount) tot(L.discount, -spec.discount);
    tot(L.net, spec.net);
    tot(L.vat, spec.vat);
    doc.font('Helvetica-Bold');
    tot(L.total, spec.total);
  });
}

export const EN_LABELS: DocSpec['labels'] = {
  number: 'Invoice No',
  date: 'Invoice Date',
  due: 'Due Date',
  order: 'Order No',
  billTo: 'Bill To',
  desc: 'Description',
  qty: 'Qty',
  price: 'Unit Price',
  amount: 'Amount',
  code: 'Item Code',
  subtotal: 'Subtotal',
  discount: 'Discount',
  net: 'Total excl. VAT',
  vat: 'VAT 20%',
  total: 'Total Due',
};

export const DE_LABELS: DocSpec['labels'] = {
  number: 'Rechnungsnummer',
  date: 'Rechnungsdatum',
  due: 'Fällig am',
  order: 'Bestellnummer',
  billTo: 'Rechnungsempfänger',
  desc: 'Bezeichnung',
  qty: 'Menge',
  price: 'Einzelpreis',
  amount: 'Gesamtpreis',
  code: 'Art.-Nr.',
  subtotal: 'Zwischensumme',
  discount: 'Rabatt',
  net: 'Nettobetrag',
  vat: 'MwSt. 19%',
  total: 'Gesamtbetrag',
};

export const FR_LABELS: DocSpec['labels'] = {
  number: 'N° facture',
  date: 'Date de facture',
  due: "Date d'échéance",
  order: 'N° de commande',
  billTo: 'Adresse du client',
  desc: 'Désignation',
  qty: 'Quantité',
  price: 'Prix unitaire',
  amount: 'Montant HT',
  subtotal: 'Sous-total',
  net: 'Total HT',
  vat: 'TVA 20%',
  total: 'Total TTC',
};

export const NL_LABELS: DocSpec['labels'] = {
  number: 'Factuurnummer',
  date: 'Factuurdatum',
  due: 'Vervaldatum',
  billTo: 'Klant',
  desc: 'Omschrijving',
  qty: 'Aantal',
  price: 'Prijs',
  amount: 'Bedrag',
  subtotal: 'Subtotaal',
  net: 'Totaal excl. BTW',
  vat: 'BTW 21%',
  total: 'Totaal incl. BTW',
};

/** A simple English invoice; `n` changes the number, the amounts and the buyer so that documents differ. */
export function enInvoice(n = 1, extra: Partial<DocSpec> = {}): DocSpec {
  const items: DocItem[] = [
    { code: `A-${100 + n}`, desc: ['Steel bolts M8'], qty: 10 + n, price: 1.25, amount: (10 + n) * 1.25 },
    {
      code: `B-${200 + n}`,
      desc: ['Industrial grease cartridge', '400 g, lithium based'],
      qty: 2,
      price: 1234.5,
      amount: 2469,
    },
  ];
  const subtotal = items.reduce((a, i) => a + i.amount, 0);
  const vat = Math.round(subtotal * 0.2 * 100) / 100;
  return {
    title: 'INVOICE',
    labels: EN_LABELS,
    vendor: ['Northwind Supplies Ltd', '12 Harbour Road', 'Bristol BS1 4DJ'],
    vendorVat: 'GB123456789',
    buyer: [`Corner Shop ${n} Ltd`, '5 High Street', 'Leeds LS1 1AA'],
    number: `INV-2024-${String(n).padStart(4, '0')}`,
    date: '03/14/2024',
    due: '04/13/2024',
    order: `PO-${5500 + n}`,
    items,
    subtotal,
    net: subtotal,
    vat,
    total: Math.round((subtotal + vat) * 100) / 100,
    money: en,
    ...extra,
  };
}

import { describe, expect, it } from 'vitest';
import { pdfOf } from './__tests__/make-docs.js';
import { STRAIGHT_THROUGH } from './calibrate.js';
import { readDocument } from './read.js';

/** A cell of text at a position in points (A4 is 595 × 842). */
type Cell = [x: number, y: number, text: string];

/** An invoice page with a header block and the given table cells, as a PDF with a text layer. */
function pagePdf(cells: Cell[]): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 30 }, (doc) => {
    doc.font('Helvetica').fontSize(8);
    const head: Cell[] = [
      [40, 40, 'Nordwind Handel GmbH'],
      [40, 52, 'Hafenstrasse 12, 20457 Hamburg'],
      [350, 40, 'INVOICE'],
      [350, 60, 'Invoice No: 2024-117'],
      [350, 72, 'Invoice Date: 12/03/2024'],
      [40, 100, 'Bill to: Example Buyer Ltd, 1 Main Street, Leeds'],
    ];
    for (const [x, y, t] of [...head, ...cells]) doc.text(t, x, y, { lineBreak: false });
  });
}

/** Reads one page made of these cells. */
const readPage = async (cells: Cell[]) => readDocument(await pagePdf(cells), { fileName: 'items.pdf' });

async function itemsOf(cells: Cell[]) {
  const r = await readPage(cells);
  return r.items;
}

describe('line items: layouts', () => {
  it('keeps a code printed above the name on the amount row as the code, and the name under it as the description', async () => {
    const items = await itemsOf([
      [40, 200, 'Beschrijving'],
      [300, 200, 'Aantal'],
      [380, 200, 'Prijs'],
      [500, 200, 'Totaal'],
      [40, 215, 'ART6575526'],
      [300, 215, '2'],
      [380, 215, '53,74'],
      [500, 215, '107,48'],
      [40, 226, 'Installatiewerkzaamheden'],
      [40, 245, 'X173929'],
      [300, 245, '1'],
      [380, 245, '8,00'],
      [500, 245, '8,00'],
      [40, 256, 'Ramette papier recyclé'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.amount])).toEqual([
      ['ART6575526', 'Installatiewerkzaamheden', 107.48],
      ['X173929', 'Ramette papier recyclé', 8],
    ]);
  });

  it('keeps a quantity with its unit out of the description when it starts left of its right-aligned heading', async () => {
    const items = await itemsOf([
      [40, 200, 'No.'],
      [60, 200, 'Description'],
      [352, 200, 'Qty'],
      [400, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [44, 215, '1'],
      [60, 215, 'P2528'],
      [334, 215, '39 carton'],
      [414, 215, '58.94'],
      [500, 215, '2,298.66'],
      [60, 226, 'Packing tape brown'],
      [44, 245, '2'],
      [60, 245, 'Q7710'],
      [340, 245, '4 pack'],
      [418, 245, '9.50'],
      [510, 245, '38.00'],
      [60, 256, 'Cable ties 200 mm'],
      [400, 280, 'Subtotal'],
      [500, 280, '2,336.66'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['P2528', 'Packing tape brown', 39, 2298.66],
      ['Q7710', 'Cable ties 200 mm', 4, 38],
    ]);
  });

  it('reads a French "N°" heading as the positions, not as part of the description', async () => {
    const items = await itemsOf([
      [44, 200, 'N°'],
      [70, 200, 'Désignation'],
      [330, 200, 'Quantité'],
      [400, 200, 'Prix unitaire'],
      [500, 200, 'Total HT'],
      [50, 215, '9'],
      [70, 215, '3972569'],
      [350, 215, '2'],
      [420, 215, '34,95'],
      [510, 215, '69,90'],
      [70, 226, 'Safety gloves size 9'],
      [44, 245, '10'],
      [70, 245, '67191'],
      [350, 245, '3'],
      [414, 245, '166,01'],
      [510, 245, '498,03'],
      [70, 256, 'Winkelprofil Aluminium'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['3972569', 'Safety gloves size 9', 2, 69.9],
      ['67191', 'Winkelprofil Aluminium', 3, 498.03],
    ]);
  });

  it('finds a table whose amount and description headings it does not know by the amounts under them', async () => {
    // "Particulars", "Value": no known word; "No." right of the text counts items; "Each" is no known word either
    const items = await itemsOf([
      [40, 200, 'Particulars'],
      [260, 200, 'No.'],
      [320, 200, 'Each'],
      [380, 200, 'Tax %'],
      [500, 200, 'Value'],
      [40, 215, 'Hosting package Business'],
      [380, 215, '20%'],
      [500, 215, '68.21'],
      [40, 230, 'Espresso beans 1 kg'],
      [260, 230, '3'],
      [320, 230, '12.50'],
      [380, 230, '20%'],
      [500, 230, '37.50'],
      [380, 260, 'Net total'],
      [500, 260, '105.71'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Hosting package Business', 68.21],
      ['Espresso beans 1 kg', 37.5],
    ]);
    expect(items[1]).toMatchObject({ itemQty: 3, price: 12.5 });
  });

  it('reads codes under "Artikel" beside an "Omschrijving" column, and "Hoeveelheid" as the quantity', async () => {
    const items = await itemsOf([
      [40, 200, 'Artikel'],
      [110, 200, 'Omschrijving'],
      [300, 200, 'Prijs'],
      [360, 200, 'BTW'],
      [400, 200, 'Hoeveelheid'],
      [500, 200, 'Bedrag'],
      [40, 215, 'K88120'],
      [110, 215, 'Filterset koffiemachine'],
      [300, 215, '12,50'],
      [360, 215, '21 %'],
      [400, 215, '3 ST'],
      [500, 215, '37,50'],
      [40, 230, 'K88131'],
      [110, 230, 'Ontkalker 250 ml'],
      [300, 230, '6,25'],
      [360, 230, '21 %'],
      [400, 230, '2 ST'],
      [500, 230, '12,50'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['K88120', 'Filterset koffiemachine', 3, 12.5, 37.5],
      ['K88131', 'Ontkalker 250 ml', 2, 6.25, 12.5],
    ]);
  });

  it('keeps a period run on under the code heading as the name, and takes as a code only what the name leaves', async () => {
    // one cell each: "12/2022" and "X26522" start under "Code article" (141 pt) a space after the name's words;
    // the whole cell was the row's code, and the sure row lost its period
    const items = await itemsOf([
      [40, 200, 'Article'],
      [141, 200, 'Code article'],
      [300, 200, 'Qte'],
      [380, 200, 'Tarif'],
      [500, 200, 'Total ligne'],
      [40, 215, 'Forfait maintenance annuel 12/2022'],
      [500, 215, '79.77'],
      [47.5, 230, 'Cable ties black 200 mm X26522'],
      [300, 230, '2'],
      [380, 230, '5.00'],
      [500, 230, '10.00'],
      [40, 245, 'Copy paper A4'],
      [141, 245, 'A3323'],
      [300, 245, '3'],
      [380, 245, '4.00'],
      [500, 245, '12.00'],
      [380, 275, 'Net total'],
      [500, 275, '101.77'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemCode, i.amount])).toEqual([
      ['Forfait maintenance annuel 12/2022', undefined, 79.77],
      ['Cable ties black 200 mm', 'X26522', 10],
      ['Copy paper A4', 'A3323', 12],
    ]);
  });

  it('reads a VAT column of numbers none of the printed rates as codes, and one of rates as rates', async () => {
    const page = (tax: [string, string, string]): Cell[] => [
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [360, 200, 'Price'],
      [420, 200, tax[0]],
      [500, 200, 'Amount'],
      [40, 215, 'Copy paper A4'],
      [300, 215, '2'],
      [360, 215, '5.00'],
      [420, 215, tax[1]],
      [500, 215, '10.00'],
      [40, 230, 'Glass cleaner 5 l'],
      [300, 230, '3'],
      [360, 230, '4.00'],
      [420, 230, tax[2]],
      [500, 230, '12.00'],
      [380, 260, 'Net total'],
      [500, 260, '22.00'],
      [380, 275, 'Total'],
      [500, 275, '24.00'],
      [40, 300, 'VAT rate'],
      [120, 300, 'Net'],
      [200, 300, 'VAT'],
      [40, 315, '20%'],
      [120, 315, '10.00'],
      [200, 315, '2.00'],
      [40, 330, '0%'],
      [120, 330, '12.00'],
      [200, 330, '0.00'],
    ];
    const codes = await readPage(page(['Tax', '1', '2']));
    expect(codes.items.map((i) => [i.vatCode, i.vat])).toEqual([
      ['1', undefined],
      ['2', undefined],
    ]);
    const rates = await readPage(page(['Tax', '20', '0']));
    expect(rates.items.map((i) => [i.vatCode, i.vat])).toEqual([
      [undefined, 20],
      [undefined, 0],
    ]);
  });

  it('leaves out a dated reference line under a row whose year stands under the next heading', async () => {
    // "2026" starts at 187 pt, under "Code": the description's column alone reads "… vom 11. Oktober", no date
    const items = await itemsOf([
      [40, 200, 'Beschreibung'],
      [187, 200, 'Code'],
      [300, 200, 'Menge'],
      [380, 200, 'Preis'],
      [500, 200, 'Betrag'],
      [40, 215, 'Koffiebonen biologisch'],
      [187, 215, 'X4716615'],
      [300, 215, '4'],
      [380, 215, '12,50'],
      [500, 215, '50,00'],
      [40, 225, 'Lieferschein LS024068 vom 11. Oktober 2026'],
      [40, 245, 'Packing tape brown'],
      [187, 245, 'ART1049'],
      [300, 245, '2'],
      [380, 245, '3,00'],
      [500, 245, '6,00'],
      [380, 275, 'Summe netto'],
      [500, 275, '56,00'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemCode, i.amount])).toEqual([
      ['Koffiebonen biologisch', 'X4716615', 50],
      ['Packing tape brown', 'ART1049', 6],
    ]);
  });

  it('keeps only the name of a "Name & Description" cell and not the long description after it', async () => {
    const items = await itemsOf([
      [40, 200, 'Line'],
      [80, 200, 'NAME & DESCRIPTION'],
      [300, 200, 'Unit price'],
      [380, 200, 'Qty'],
      [480, 200, 'Total'],
      [40, 215, '1'],
      [80, 215, 'Support contract - Description of the service'],
      [300, 215, '60.00'],
      [380, 215, '2'],
      [480, 215, '120.00'],
      [40, 230, '2'],
      [80, 230, 'Printer paper - Recycled, white'],
      [300, 230, '7.50'],
      [380, 230, '4'],
      [480, 230, '30.00'],
      [300, 270, 'Total amount'],
      [480, 270, '150.00'],
    ]);
    expect(items.map((i) => i.itemDesc)).toEqual(['Support contract', 'Printer paper']);
    expect(items.map((i) => i.amount)).toEqual([120, 30]);
  });

  it('reads the description from the line under the code when the header stacks the two labels', async () => {
    const items = await itemsOf([
      [40, 200, 'Art-Nr'],
      [200, 200, 'Menge'],
      [300, 200, 'Preis'],
      [480, 200, 'Betrag'],
      [40, 210, 'Artikelbezeichnung'],
      [40, 230, 'WA-997'],
      [200, 230, '3 Stk'],
      [300, 230, '12,50'],
      [480, 230, '37,50'],
      [40, 240, 'Kabeltrommel 25 m'],
      [40, 250, 'Lieferung in KW 12'],
      [40, 270, 'KB-110'],
      [200, 270, '10 Stk'],
      [300, 270, '1,20'],
      [480, 270, '12,00'],
      [40, 280, 'Kabelbinder schwarz'],
      [300, 310, 'Gesamtbetrag'],
      [480, 310, '49,50'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['WA-997', 'Kabeltrommel 25 m', 3, 37.5],
      ['KB-110', 'Kabelbinder schwarz', 10, 12],
    ]);
  });

  it('takes a percentage under the discount label as the discount, not as the VAT rate', async () => {
    const items = await itemsOf([
      [40, 200, 'Description'],
      [250, 200, 'Quantity'],
      [320, 200, 'Unit price'],
      [400, 200, 'Disc.'],
      [480, 200, 'Amount'],
      [40, 215, 'Almond biscuits 250 g'],
      [250, 215, '50'],
      [320, 215, '4.00'],
      [400, 215, '10%'],
      [480, 215, '180.00'],
      [320, 250, 'Total'],
      [480, 250, '180.00'],
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ itemQty: 50, price: 3.6, amount: 180, discount: 20 });
    expect(items[0]!.vat).toBeUndefined();
  });

  it('takes a percent discount whose amount a whole-unit currency rounds to the unit', async () => {
    const items = await itemsOf([
      [40, 200, 'Description'],
      [250, 200, 'Quantity'],
      [320, 200, 'Unit price'],
      [400, 200, 'Disc.'],
      [480, 200, 'Amount'],
      [40, 215, 'Thermal labels 100 x 150'],
      [250, 215, '8'],
      [320, 215, '116,452'],
      [400, 215, '20%'],
      [480, 215, '745,293'],
      [40, 230, 'Espresso beans 1 kg'],
      [250, 230, '15'],
      [320, 230, '9,394'],
      [480, 230, '140,910'],
      [320, 260, 'Total'],
      [480, 260, '886,203'],
    ]);
    // 8 × 116,452 less 20 % is 745,292.8, printed as 745,293
    expect(items[0]).toMatchObject({ itemQty: 8, price: 93161.6, amount: 745293, discount: 186323 });
    expect(items[1]).toMatchObject({ itemQty: 15, price: 9394, amount: 140910 });
  });

  it('is sure of a row whose percent discount under its label makes it multiply out to the cent', async () => {
    const r = await readPage([
      [40, 200, 'Description'],
      [250, 200, 'Quantity'],
      [320, 200, 'Unit price'],
      [400, 200, 'Disc.'],
      [480, 200, 'Amount'],
      [40, 215, 'Almond biscuits 250 g'],
      [250, 215, '50'],
      [320, 215, '4.00'],
      [400, 215, '10%'],
      [480, 215, '180.00'],
      [40, 230, 'Oat biscuits 250 g'],
      [250, 230, '20'],
      [320, 230, '3.00'],
      [400, 230, ''],
      [480, 230, '60.00'],
      [320, 260, 'Total'],
      [480, 260, '240.00'],
    ]);
    expect(r.items[0]).toMatchObject({ itemQty: 50, price: 3.6, amount: 180, discount: 20 });
    expect(r.confidence.fields['items.0']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('finds the quantity by arithmetic when the row does not multiply out as printed', async () => {
    const items = await itemsOf([
      [40, 200, 'Pos'],
      [80, 200, 'Beschreibung'],
      [250, 200, 'Nettopreis'],
      [340, 200, 'Menge'],
      [480, 200, 'Nettobetrag'],
      [40, 215, '1'],
      [80, 215, 'Kurierfahrt'],
      [250, 215, '2,00'],
      [340, 215, '6 km'],
      [480, 215, '13,00'],
      [40, 230, '2'],
      [80, 230, 'Schrauben M6'],
      [250, 230, '52,52'],
      [340, 230, '200 Stk'],
      [480, 230, '105,04'],
      [250, 260, 'Gesamtbetrag'],
      [480, 260, '118,04'],
    ]);
    // 6.5 km printed as "6 km"; a price for 100 pieces
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [6.5, 2, 13],
      [200, 52.52, 105.04],
    ]);
  });

  it('reads numbers with the table rules OCR glues to them ("60,00|") and joined labels ("TOTALHT")', async () => {
    const items = await itemsOf([
      [40, 200, 'Ligne|'],
      [80, 200, '[Designation'],
      [300, 200, 'P.U. HT |'],
      [380, 200, 'Qte'],
      [480, 200, 'TOTALHT'],
      [40, 215, '1'],
      [80, 215, '|Prestation conseil'],
      [300, 215, '60,00}'],
      [380, 215, '2|'],
      [480, 215, '120,00|'],
      [300, 250, 'Total TTC'],
      [480, 250, '144,00'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Prestation conseil', 2, 60, 120],
    ]);
  });

  it('reads items whose description sits above the row of numbers, with notes around them', async () => {
    const items = await itemsOf([
      [80, 190, 'Name, Description, Brand'],
      [40, 200, '#'],
      [80, 200, 'Product details'],
      [250, 200, 'Net price'],
      [320, 200, 'Price base qty'],
      [400, 200, 'Qty'],
      [480, 200, 'Line total'],
      [40, 220, '1'],
      [80, 220, 'Garden hose 20 m'],
      [80, 230, 'SE_ID: 44521'],
      [250, 240, '10,00'],
      [320, 240, '1,00'],
      [400, 240, '6,00'],
      [480, 240, '60,00'],
      [80, 250, 'Note: tax of 0,50 euros per item included'],
      [40, 270, '2'],
      [80, 270, 'Hose connector set'],
      [250, 290, '20,00'],
      [320, 290, '2,00'],
      [400, 290, '10,00'],
      [480, 290, '100,00'],
      [300, 330, 'Total amount'],
      [480, 330, '160,00'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Garden hose 20 m', 6, 10, 60],
      ['Hose connector set', 10, 20, 100],
    ]);
  });
});

describe('line items: how sure a row is', () => {
  it('is not sure of a description joined around a detail line it left out', async () => {
    const rows: Cell[] = [
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [380, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [40, 215, 'Transport pallet Euro'],
      [300, 215, '41'],
      [380, 215, '980.23'],
      [500, 215, '40,189.43'],
      [40, 225, 'incl. mounting kit'],
      [40, 235, 'Delivered 03/04/2024'],
      [40, 255, 'Packing tape brown'],
      [300, 255, '1'],
      [380, 255, '409.21'],
      [500, 255, '409.21'],
      [40, 265, 'incl. mounting kit'],
      [300, 300, 'Total'],
      [500, 300, '40,598.64'],
    ];
    const r = await readPage(rows);
    expect(r.items.map((i) => i.itemDesc)).toEqual([
      'Transport pallet Euro incl. mounting kit',
      'Packing tape brown incl. mounting kit',
    ]);
    // the first is neither the cell's whole text nor its name line; the second is the whole cell
    expect(r.confidence.fields['items.0']).toBeLessThan(STRAIGHT_THROUGH);
    expect(r.confidence.fields['items.1']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });
});

describe('line items: a table without a price column', () => {
  it('is as sure of a row whose quantity times its price makes a half cent as of any other', async () => {
    // 59.5 × 83.29 = 4,955.755, printed 4,955.76: the amount over the quantity is a price to the cent
    const r = await readPage([
      [40, 200, 'Description'],
      [330, 200, 'Qty'],
      [500, 200, 'Amount'],
      [40, 215, 'Transport pallet Euro'],
      [330, 215, '59.50'],
      [495, 215, '4,955.76'],
      [40, 230, 'Copy paper A4'],
      [330, 230, '3'],
      [500, 230, '36.90'],
      [380, 260, 'Net total'],
      [495, 260, '4,992.66'],
    ]);
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [59.5, 83.29, 4955.76],
      [3, 12.3, 36.9],
    ]);
    expect(r.confidence.fields['items.0']).toBe(r.confidence.fields['items.1']);
  });
});

describe('line items: rows adjusted, joined and found by their numbers (issue 18)', () => {
  it('takes the net price printed under the gross price and the allowances and charges under a row', async () => {
    const items = await itemsOf([
      [40, 200, 'Description'],
      [250, 200, 'Qty'],
      [300, 200, 'Unit price'],
      [370, 200, 'Adjustments'],
      [500, 200, 'Amount'],
      // gross 40.00, 2.50 off each, net 37.50: 4 × 37.50 = 150.00
      [40, 215, 'Garden hose 20 m'],
      [250, 215, '4 pcs'],
      [300, 215, '40.00'],
      [500, 215, '150.00'],
      [300, 226, '- 2.50'],
      [300, 237, '= 37.50'],
      // 6 × 12.00 − 4.00 allowance + 1.50 charge = 69.50; the allowance's word over two lines
      [40, 255, 'Hose connector set'],
      [250, 255, '6'],
      [300, 255, '12.00'],
      [370, 255, 'Trade'],
      [500, 255, '69.50'],
      [370, 266, 'discount:'],
      [380, 277, '- 4.00'],
      [380, 288, '+ 1.50'],
      [370, 320, 'Net total'],
      [500, 320, '219.50'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount, i.discount])).toEqual([
      ['Garden hose 20 m', 4, 37.5, 150, undefined],
      ['Hose connector set', 6, 12, 69.5, 2.5],
    ]);
  });

  it('reads a table without a unit-price column, codes set off by a dash, and a short quantity heading', async () => {
    // "Nb" is no known word: the plain numbers under it are the quantities; "Total ligne" is one heading
    const items = await itemsOf([
      [40, 200, 'Article'],
      [300, 200, 'Nb'],
      [400, 200, 'TVA'],
      [480, 200, 'Total ligne'],
      [40, 215, 'A4471 - Maintenance annuelle'],
      [300, 215, '1'],
      [400, 215, '20 %'],
      [480, 215, '2 400,00'],
      [40, 230, 'Déplacement technicien'],
      [300, 230, '3'],
      [400, 230, '20 %'],
      [480, 230, '135,00'],
      [400, 260, 'Total HT'],
      [480, 260, '2 535,00'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['A4471', 'Maintenance annuelle', 1, 2400, 2400],
      [undefined, 'Déplacement technicien', 3, 45, 135],
    ]);
  });

  it('is sure of a row with its quantity and amount under their labels and no price column, when the amount divides to the cent', async () => {
    const rows = (qty: string, amount: string, total: string): Cell[] => [
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [400, 200, 'VAT'],
      [500, 200, 'Amount'],
      [40, 215, 'Rye flour 25 kg'],
      [300, 215, '4'],
      [400, 215, '20 %'],
      [500, 215, '126.00'],
      [40, 230, 'Oat flakes 10 kg'],
      [300, 230, qty],
      [400, 230, '20 %'],
      [500, 230, amount],
      [400, 260, 'Net total'],
      [500, 260, total],
    ];
    const sure = await readPage(rows('3', '44.85', '170.85'));
    expect(sure.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [4, 31.5, 126],
      [3, 14.95, 44.85],
    ]);
    expect(sure.confidence.fields['items.1']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    // 44.86 over 3 is no price to the cent: the quantity may have come from elsewhere
    const unsure = await readPage(rows('3', '44.86', '170.86'));
    expect(unsure.items[1]?.amount).toBe(44.86);
    expect(unsure.confidence.fields['items.1']).toBeLessThan(STRAIGHT_THROUGH);
  });

  it('reads a Dutch compound price heading ("Eenheidsprijs") as the unit price column, and is sure of its rows', async () => {
    const r = await readPage([
      [40, 200, 'Omschrijving'],
      [300, 200, 'Aantal'],
      [360, 200, 'Eenheidsprijs'],
      [440, 200, 'BTW'],
      [500, 200, 'Totaal'],
      [40, 215, 'Koffiebonen 1 kg'],
      [300, 215, '1'],
      [360, 215, '44,90'],
      [440, 215, '9%'],
      [500, 215, '44,90'],
      [40, 230, 'Thee 1 kg'],
      [300, 230, '3'],
      [360, 230, '12,00'],
      [440, 230, '9%'],
      [500, 230, '36,00'],
      [440, 250, 'Totaal excl. BTW'],
      [500, 250, '80,90'],
    ]);
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount, i.vat])).toEqual([
      [1, 44.9, 44.9, 9],
      [3, 12, 36, 9],
    ]);
    // quantity × price = amount under the three labels
    expect(r.confidence.fields['items.0']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    expect(r.confidence.fields['items.1']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('reads a table on over a page sum that the next page carries forward, under labels it does not know', async () => {
    const row = (y: number, desc: string, qty: string, price: string, amount: string): Cell[] => [
      [40, y, desc],
      [300, y, qty],
      [380, y, price],
      [500, y, amount],
    ];
    const pdf = await pdfOf({ size: 'A4', margin: 30 }, (doc) => {
      doc.font('Helvetica').fontSize(8);
      const page1: Cell[] = [
        [40, 40, 'Nordwind Handel GmbH'],
        [40, 52, 'Hafenstrasse 12, 20457 Hamburg'],
        [350, 40, 'RECHNUNG'],
        [350, 60, 'Rechnungsnummer: 2024-117'],
        [350, 72, 'Datum: 12.03.2024'],
        [40, 200, 'Beschreibung'],
        [300, 200, 'Menge'],
        [380, 200, 'Einzelpreis'],
        [500, 200, 'Betrag'],
        ...row(215, 'Kaffeebohnen 1 kg', '2', '10,00', '20,00'),
        ...row(230, 'Tee 1 kg', '3', '12,00', '36,00'),
        [300, 250, 'Seitensumme'],
        [500, 250, '56,00'],
        [300, 265, 'Vortrag'],
        [500, 265, '56,00'],
      ];
      for (const [x, y, t] of page1) doc.text(t, x, y, { lineBreak: false });
      doc.addPage();
      const page2: Cell[] = [
        [300, 40, 'Vortrag'],
        [500, 40, '56,00'],
        ...row(55, 'Zucker 1 kg', '4', '2,50', '10,00'),
        [300, 80, 'Nettobetrag'],
        [500, 80, '66,00'],
        [300, 95, 'MwSt. 19 %'],
        [500, 95, '12,54'],
        [300, 110, 'Gesamtbetrag'],
        [500, 110, '78,54'],
      ];
      for (const [x, y, t] of page2) doc.text(t, x, y, { lineBreak: false });
    });
    const r = await readDocument(pdf, { fileName: 'items.pdf' });
    expect(r.items.map((i) => i.amount)).toEqual([20, 36, 10]);
  });

  it('is not sure of a row when signed amounts adjusting it stand too far under it to be attached', async () => {
    // the allowance and the "= 1,334.52" net price stand a line's gap under the row's batch line: the row reads
    // 0.9 × 1,482.80 instead of 1 × 1,334.52
    const r = await readPage([
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [380, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [40, 215, 'Maintenance flat rate'],
      [300, 215, '1'],
      [380, 215, '1,482.80'],
      [500, 215, '1,334.52'],
      [40, 226, 'Lot 117'],
      [380, 250, '- 148.28'],
      [380, 261, '= 1,334.52'],
      [40, 280, 'Safety gloves size 9'],
      [300, 280, '1'],
      [380, 280, '94.63'],
      [500, 280, '94.63'],
      [380, 290, 'Net total'],
      [500, 290, '1,429.15'],
    ]);
    expect(r.items.map((i) => i.amount)).toEqual([1334.52, 94.63]);
    expect(r.confidence.fields['items.0']).toBeLessThan(STRAIGHT_THROUGH);
    expect(r.confidence.fields['items.1']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('takes the name under a row that printed only its code even when the adjustment of its price stands beside the name', async () => {
    const items = await itemsOf([
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [380, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [40, 215, 'A352402'],
      [300, 215, '1'],
      [380, 215, '437.16'],
      [500, 215, '393.44'],
      [40, 226, 'Installation work'],
      [380, 226, '- 43.72'],
      [380, 237, '= 393.44'],
      [380, 270, 'Net total'],
      [500, 270, '393.44'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['A352402', 'Installation work', 1, 393.44, 393.44],
    ]);
  });

  it('is not sure of a row whose description is one code while name-like text of the row went to no field', async () => {
    // "Artikel" names the description column, but its cells hold the article codes; the names stand under a
    // heading the labels do not know ("Warentext")
    const r = await readPage([
      [40, 200, 'Artikel'],
      [120, 200, 'Warentext'],
      [300, 200, 'Menge'],
      [380, 200, 'Einzelpreis'],
      [500, 200, 'Gesamt'],
      [40, 215, 'ART26250'],
      [120, 215, 'Glass cleaner 5 l'],
      [300, 215, '1'],
      [380, 215, '2.326,91'],
      [500, 215, '2.326,91'],
      [380, 250, 'Nettobetrag'],
      [500, 250, '2.326,91'],
    ]);
    expect(r.items.map((i) => i.amount)).toEqual([2326.91]);
    expect(r.confidence.fields['items.0']).toBeLessThan(STRAIGHT_THROUGH);
  });

  it('is not sure of a row whose description cell runs beyond the description column into no other column', async () => {
    // the first row's name runs under the "Colour" heading: the description keeps only the words inside its
    // column; the second row's colour stands in its own cell
    const r = await readPage([
      [40, 200, 'Description'],
      [110, 200, 'Colour'],
      [300, 200, 'Qty'],
      [380, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [40, 215, 'Hydraulic hose 1/2 inch long'],
      [300, 215, '3'],
      [380, 215, '84.03'],
      [500, 215, '252.09'],
      [40, 230, 'Bolt M8'],
      [110, 230, 'grey'],
      [300, 230, '1'],
      [380, 230, '94.63'],
      [500, 230, '94.63'],
      [380, 270, 'Net total'],
      [500, 270, '346.72'],
    ]);
    expect(r.items.map((i) => i.amount)).toEqual([252.09, 94.63]);
    expect(r.confidence.fields['items.0']).toBeLessThan(STRAIGHT_THROUGH);
    expect(r.confidence.fields['items.1']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('joins the lines of a cell whose numbers stand on its last line to the row below, not the one above', async () => {
    // rows are set apart by a wider gap than the lines of one cell: the name is nearer the row under it
    const items = await itemsOf([
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [380, 200, 'Price'],
      [500, 200, 'Amount'],
      [40, 216, 'Office chair ergonomic'],
      [40, 225, 'Colour: grey'],
      [300, 225, '2'],
      [380, 225, '150.00'],
      [500, 225, '300.00'],
      [40, 244, 'Desk lamp LED'],
      [40, 253, 'incl. bulb'],
      [300, 253, '1'],
      [380, 253, '25.00'],
      [500, 253, '25.00'],
      [380, 290, 'Net total'],
      [500, 290, '325.00'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Office chair ergonomic Colour: grey', 2, 300],
      ['Desk lamp LED incl. bulb', 1, 25],
    ]);
  });

  it('reads the positions of a table without a heading row as positions, not as its quantities', async () => {
    const items = await itemsOf([
      [60, 215, '1'],
      [75, 215, 'A47805'],
      [140, 215, 'Prestation de service'],
      [445, 215, '5 Stk'],
      [510, 215, '10.320,45'],
      [60, 230, '2'],
      [140, 230, 'Maintenance contract'],
      [440, 230, '12 Std'],
      [520, 230, '164,16'],
      [60, 245, '3'],
      [140, 245, 'Consulting hours'],
      [440, 245, '115 kg'],
      [510, 245, '17.897,45'],
      [380, 275, 'Summe netto'],
      [510, 275, '28.382,06'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Prestation de service', 5, 2064.09, 10320.45],
      ['Maintenance contract', 12, 13.68, 164.16],
      ['Consulting hours', 115, 155.63, 17897.45],
    ]);
  });

  it('reads the Dutch "Tekst" heading as the description column', async () => {
    const items = await itemsOf([
      [58, 200, 'Aant.'],
      [95, 200, 'Nr.'],
      [117, 200, 'Tekst'],
      [373, 200, 'Prijs/st'],
      [456, 200, 'BTW %'],
      [538, 200, 'Som'],
      [56, 215, '72 uur'],
      [100, 215, '1'],
      [117, 215, 'Maintenance contract'],
      [380, 215, '26,19'],
      [467, 215, '21%'],
      [525, 215, '1.885,68'],
      [56, 230, '1 doos'],
      [100, 230, '2'],
      [117, 230, 'Consulting hours'],
      [375, 230, '699,24'],
      [471, 230, '9%'],
      [531, 230, '699,24'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Maintenance contract', 72, 26.19, 1885.68],
      ['Consulting hours', 1, 699.24, 699.24],
    ]);
  });

  it('finds an item table without a heading row by its aligned amounts', async () => {
    // no heading at all: rows whose amounts line up and multiply out (or print a quantity) are the items
    const items = await itemsOf([
      [40, 200, 'Office chair ergonomic'],
      [330, 200, '2 pcs'],
      [400, 200, '150.00'],
      [500, 200, '300.00'],
      [40, 215, 'Monthly hosting 04/2024'],
      [330, 215, '1'],
      [400, 215, '49.90'],
      [508, 215, '49.90'],
      [40, 230, 'Desk lamp LED'],
      [330, 230, '3 pcs'],
      [400, 230, '25.00'],
      [508, 230, '75.00'],
      [380, 270, 'Net total'],
      [500, 270, '424.90'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Office chair ergonomic', 2, 150, 300],
      ['Monthly hosting 04/2024', 1, 49.9, 49.9],
      ['Desk lamp LED', 3, 25, 75],
    ]);
  });

  it("finds a credit note's one-row table without a heading row by its arithmetic and the net under it", async () => {
    // one row, signed amounts: quantity × price = amount (negative), and the row is the net printed under it
    const items = await itemsOf([
      [40, 200, 'Wall plug 8 mm (100 pcs)'],
      [330, 200, '58'],
      [400, 200, '-1,603.48'],
      [480, 200, '-93,001.84'],
      [380, 240, 'Net total'],
      [480, 240, '-93,001.84'],
      [380, 255, 'VAT 20%'],
      [480, 255, '-18,600.37'],
      [380, 270, 'Credit total'],
      [475, 270, '-111,602.21'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Wall plug 8 mm (100 pcs)', 58, -1603.48, -93001.84],
    ]);
  });

  it('reads amount-only service lines of a table without a heading row when the lines add up to the net', async () => {
    // one row of four multiplies out: too few to say "items" by arithmetic, but the four make the amount under
    // them (under a label the totals words do not know)
    const items = await itemsOf([
      [40, 200, 'Monthly leasing fee 04/2025'],
      [500, 200, '474.82'],
      [40, 215, 'Hosting package Business'],
      [500, 215, '893.82'],
      [40, 230, 'Safety gloves size 9'],
      [330, 230, '30'],
      [400, 230, '11.40'],
      [500, 230, '342.00'],
      [40, 245, 'Software subscription 05/2025'],
      [500, 245, '171.84'],
      [380, 275, 'Net amount'],
      [495, 275, '1,882.48'],
      [380, 290, 'VAT 20%'],
      [500, 290, '376.50'],
      [380, 305, 'Total'],
      [495, 305, '2,258.98'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Monthly leasing fee 04/2025', 474.82],
      ['Hosting package Business', 893.82],
      ['Safety gloves size 9', 342],
      ['Software subscription 05/2025', 171.84],
    ]);
  });

  it('keeps rows without a heading that hold a labelled note or an allowance word beside their numbers', async () => {
    // "Colour: black" on the numbers' line (they multiply out), "Promo:" right of the price with its signed
    // amount under it (beside a note): items, and the signed amount adjusts its row instead of being one
    const items = await itemsOf([
      [40, 200, 'Office chair ergonomic'],
      [330, 200, '2'],
      [400, 200, '150.00'],
      [500, 200, '300.00'],
      [40, 215, 'Desk lamp LED'],
      [40, 227, 'Colour: black'],
      [330, 227, '3'],
      [400, 227, '125.00'],
      [500, 227, '375.00'],
      [40, 245, 'Garden hose 20 m'],
      [330, 245, '4'],
      [400, 245, '100.00'],
      [452, 245, 'Promo:'],
      [500, 245, '390.00'],
      [40, 257, 'Colour: grey'],
      [462, 257, '- 10.00'],
      [380, 285, 'Net total'],
      [495, 285, '1,065.00'],
    ]);
    expect(items.map((i) => i.amount)).toEqual([300, 375, 390]);
    expect(items[1]).toMatchObject({ itemQty: 3, price: 125 });
  });

  it('keeps a row without a heading whose note stands beside its quantity and amount', async () => {
    // no price printed: "Size: 40" on the numbers' line of a row that prints a quantity is a note, not a
    // "Label: value" line; it is the one item-like row, and with it the lines make the net
    const items = await itemsOf([
      [40, 200, 'Monthly leasing fee 04/2025'],
      [500, 200, '474.82'],
      [40, 215, 'Office chair black'],
      [40, 227, 'Size: 40'],
      [420, 227, '37'],
      [495, 227, '3,154.62'],
      [40, 245, 'Hosting package Business'],
      [500, 245, '893.82'],
      [380, 275, 'Net amount'],
      [495, 275, '4,523.26'],
    ]);
    expect(items.map((i) => [i.itemQty, i.amount])).toEqual([
      [undefined, 474.82],
      [37, 3154.62],
      [undefined, 893.82],
    ]);
  });

  it('reads a table without a heading row whose service lines outnumber its goods, from its first line', async () => {
    // three rows of eight multiply out and the lines do not make the net (a shipping charge comes between)
    const items = await itemsOf([
      [40, 200, 'Monthly leasing fee 04/2025'],
      [500, 200, '474.82'],
      [40, 215, 'Hosting package Business'],
      [500, 215, '893.82'],
      [40, 230, 'Safety gloves size 9'],
      [330, 230, '30'],
      [400, 230, '11.40'],
      [500, 230, '342.00'],
      [40, 245, 'Software subscription 05/2025'],
      [500, 245, '171.84'],
      [40, 260, 'Cable tie black 200 mm'],
      [330, 260, '4'],
      [400, 260, '12.50'],
      [505, 260, '50.00'],
      [40, 275, 'Maintenance flat rate 05/2025'],
      [500, 275, '230.00'],
      [40, 290, 'Desk lamp LED'],
      [330, 290, '3'],
      [400, 290, '25.00'],
      [505, 290, '75.00'],
      [40, 305, 'Service fee 05/2025'],
      [500, 305, '120.00'],
      [380, 330, 'Shipping'],
      [505, 330, '10.00'],
      [380, 345, 'Net amount'],
      [495, 345, '2,367.48'],
    ]);
    expect(items.map((i) => i.amount)).toEqual([474.82, 893.82, 342, 171.84, 50, 230, 75, 120]);
  });

  it('takes no page sum carried forward for an item of a table without a heading row', async () => {
    // page 2 opens with the sum of page 1 under a word that names no total ("Transport"): with it, page 2's
    // amounts would make the subtotal, without it they do not
    const row = (y: number, desc: string, qty: string, price: string, amount: string): Cell[] => [
      [40, y, desc],
      [330, y, qty],
      [400, y, price],
      [500, y, amount],
    ];
    const pdf = await pdfOf({ size: 'A4', margin: 30 }, (doc) => {
      doc.font('Helvetica').fontSize(8);
      const page1: Cell[] = [
        [40, 40, 'Nordwind Handel GmbH'],
        [350, 40, 'INVOICE'],
        [350, 60, 'Invoice No: 2024-117'],
        ...row(200, 'Office chair ergonomic', '2', '150.00', '300.00'),
        ...row(215, 'Desk lamp LED', '3', '125.00', '375.00'),
        [40, 240, 'Transport'],
        [500, 240, '675.00'],
      ];
      for (const [x, y, t] of page1) doc.text(t, x, y, { lineBreak: false });
      doc.addPage();
      const page2: Cell[] = [
        [40, 40, 'Transport'],
        [500, 40, '675.00'],
        ...row(55, 'Garden hose 20 m', '4', '100.00', '400.00'),
        [40, 70, 'Monthly hosting fee'],
        [500, 70, '120.00'],
        [40, 85, 'Maintenance flat rate'],
        [500, 85, '230.00'],
        [380, 110, 'Subtotal'],
        [495, 110, '1,425.00'],
      ];
      for (const [x, y, t] of page2) doc.text(t, x, y, { lineBreak: false });
    });
    const r = await readDocument(pdf, { fileName: 'items.pdf' });
    expect(r.items.map((i) => i.amount)).toEqual([300, 375, 400, 120, 230]);
  });

  it('never takes an item row or a "Label: value" note under it for the heading of another table', async () => {
    const items = await itemsOf([
      [40, 200, 'Item Product'],
      [250, 200, 'Quantity'],
      [320, 200, 'Unit Price'],
      [420, 200, 'Tax'],
      [500, 200, 'Total Price'],
      [40, 215, 'L-001 Garden hose 20 m'],
      [250, 215, '5 pcs'],
      [320, 215, '18.00'],
      [420, 215, '19%'],
      [500, 215, '90.00'],
      [60, 230, 'Product Identification:'],
      [160, 230, 'GTIN - Global Trade Item Number: 40123455'],
      [40, 250, 'L-002 Hose connector set'],
      [250, 250, '3 pcs'],
      [320, 250, '15.00'],
      [420, 250, '19%'],
      [500, 250, '45.00'],
      [400, 280, 'Net total'],
      [500, 280, '135.00'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Garden hose 20 m', 5, 18, 90],
      ['Hose connector set', 3, 15, 45],
    ]);
  });

  it('takes as the quantities the column whose numbers multiply out to the amounts, not the position column beside an unknown heading', async () => {
    // "Stuks" is no known word and "Nr." right of it was taken for a count; only the first column's numbers
    // divide each amount into a price to the cent (31,75 × 47,01 = 1.492,57), the positions count 1, 2, 3
    const rows: [string, string, string, string, string][] = [
      ['3', '1', 'Consulting hours', 'ART7830911', '137,13'],
      ['31,75', '2', 'Câble HDMI 2 m', 'X1552', '1.492,57'],
      ['73', '3', 'Cable tie black 200 mm', 'ART26610', '18.894,59'],
      ['43', '4', 'Wartungspauschale', 'P9186', '3.728,10'],
    ];
    const items = await itemsOf([
      [60, 200, 'Stuks'],
      [110, 200, 'Nr.'],
      [140, 200, 'Artikel / dienst'],
      [430, 200, 'Code'],
      [520, 200, 'Som'],
      ...rows.flatMap(([q, n, d, c, a], k): Cell[] => [
        [60, 215 + k * 15, q],
        [115, 215 + k * 15, n],
        [140, 215 + k * 15, d],
        [430, 215 + k * 15, c],
        [520, 215 + k * 15, a],
      ]),
      [440, 290, 'Subtotaal'],
      [520, 290, '24.252,39'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Consulting hours', 3, 45.71, 137.13],
      ['Câble HDMI 2 m', 31.75, 47.01, 1492.57],
      ['Cable tie black 200 mm', 73, 258.83, 18894.59],
      ['Wartungspauschale', 43, 86.7, 3728.1],
    ]);
  });

  it('leaves a plain number under a VAT heading that also holds the rate to the arithmetic', async () => {
    // "StückpreisMwSt. %" runs the unit-price and VAT labels together: the rate is the percentage, and the
    // other number under it is the price that the quantity multiplies out to the amount
    const items = await itemsOf([
      [40, 200, 'Text'],
      [330, 200, 'Stück'],
      [380, 200, 'StückpreisMwSt. %'],
      [520, 200, 'Wert'],
      [40, 215, 'Packing tape brown'],
      [350, 215, '35'],
      [390, 215, '329,59'],
      [455, 215, '19%'],
      [520, 215, '11.535,65'],
      [40, 230, 'Cartouche encre cyan'],
      [350, 230, '44'],
      [390, 230, '161,80'],
      [455, 230, '7%'],
      [520, 230, '7.119,20'],
      [440, 260, 'Summe'],
      [520, 260, '18.654,85'],
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount, i.vat])).toEqual([
      [35, 329.59, 11535.65, 19],
      [44, 161.8, 7119.2, 7],
    ]);
  });
});

describe('line items: multi-line descriptions with "Label: value" lines, headings without amount columns', () => {
  it('keeps a "Label: value" line in the description column as part of the item above, beside the row\'s allowance too', async () => {
    const r = await readPage([
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [380, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [40, 215, 'Maintenance flat rate'],
      [300, 215, '1'],
      [380, 215, '1,482.80'],
      [500, 215, '1,334.52'],
      [40, 226, 'Serial no.: 0886053'],
      [380, 226, '- 148.28'],
      [380, 237, '= 1,334.52'],
      [40, 255, 'Safety gloves size 9'],
      [300, 255, '3'],
      [380, 255, '31.50'],
      [500, 255, '94.50'],
      [40, 266, 'Lot: 2025-348'],
      [380, 290, 'Net total'],
      [500, 290, '1,429.02'],
    ]);
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Maintenance flat rate Serial no.: 0886053', 1, 1334.52, 1334.52],
      ['Safety gloves size 9 Lot: 2025-348', 3, 31.5, 94.5],
    ]);
    expect(r.headers.invoiceNum).toBe('2024-117');
  });

  it('leaves a "Label: value" note that prices the item out of its description', async () => {
    const items = await itemsOf([
      [40, 200, 'Description'],
      [300, 200, 'Qty'],
      [380, 200, 'Unit price'],
      [500, 200, 'Amount'],
      [40, 215, 'Solar mounting hooks'],
      [300, 215, '10'],
      [380, 215, '53.10'],
      [500, 215, '531.00'],
      [40, 226, 'Gross price: 59.00'],
      [380, 260, 'Net total'],
      [500, 260, '531.00'],
    ]);
    expect(items.map((i) => i.itemDesc)).toEqual(['Solar mounting hooks']);
  });

  it('names the amount columns of a heading row that leaves them blank by the amounts under them', async () => {
    // "Particulars" and "Pcs" are no known words; positions, codes and a rate are: the amounts name the rest
    // (read without a heading, the positions would be the quantities and the code part of the name)
    const items = await itemsOf([
      [40, 200, 'Pos.'],
      [70, 200, 'Particulars'],
      [270, 200, 'Part No.'],
      [340, 200, 'Pcs'],
      [440, 200, 'Tax %'],
      [45, 215, '1'],
      [70, 215, 'Hosting package Business 07/2021'],
      [445, 215, '20%'],
      [510, 215, '527.47'],
      [45, 230, '2'],
      [70, 230, 'Office chair ergonomic'],
      [270, 230, 'A9746'],
      [345, 230, '2'],
      [390, 230, '150.00'],
      [445, 230, '20%'],
      [510, 230, '300.00'],
      [45, 245, '3'],
      [70, 245, 'Monthly leasing fee 03/2024'],
      [445, 245, '20%'],
      [510, 245, '589.29'],
      [380, 275, 'Net total'],
      [510, 275, '1,416.76'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      [undefined, 'Hosting package Business 07/2021', undefined, undefined, 527.47],
      ['A9746', 'Office chair ergonomic', 2, 150, 300],
      [undefined, 'Monthly leasing fee 03/2024', undefined, undefined, 589.29],
    ]);
  });

  it('keeps a column under a heading it does not know out of the description when it names the amounts', async () => {
    // "ArtikelnummerME" runs two headings together: its codes and units are no part of the description
    const items = await itemsOf([
      [50, 200, 'Menge'],
      [90, 200, 'Bezeichnung'],
      [320, 200, 'ArtikelnummerME'],
      [50, 215, '109'],
      [90, 215, 'Wall plug 8 mm (100 pcs)'],
      [320, 215, '56244'],
      [385, 215, 'Karton'],
      [450, 215, '88,59'],
      [510, 215, '9.656,31'],
      [50, 230, '1'],
      [90, 230, 'Steel bracket 40 mm'],
      [320, 230, 'ART4080662'],
      [385, 230, 'Karton'],
      [450, 230, '44,88'],
      [510, 230, '44,88'],
      [380, 260, 'Summe netto'],
      [510, 260, '9.701,19'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Wall plug 8 mm (100 pcs)', 109, 88.59, 9656.31],
      ['Steel bracket 40 mm', 1, 44.88, 44.88],
    ]);
  });

  it('names the amount columns under currency headings beside a description heading', async () => {
    const items = await itemsOf([
      [70, 200, 'Mng.'],
      [110, 200, 'Text'],
      [420, 200, 'EUR'],
      [510, 200, 'EUR'],
      [70, 215, '27 Stk'],
      [110, 215, 'Glass cleaner 5 l'],
      [420, 215, '11,73'],
      [500, 215, '316,71'],
      [70, 230, '1 kg'],
      [110, 230, 'Cable tie black 200 mm'],
      [420, 230, '52,93'],
      [505, 230, '52,93'],
      [380, 260, 'Summe netto'],
      [500, 260, '369,64'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Glass cleaner 5 l', 27, 11.73, 316.71],
      ['Cable tie black 200 mm', 1, 52.93, 52.93],
    ]);
  });
});

describe('line items: headings the labels half know', () => {
  it('splits two headings printed with no gap between them into their columns', async () => {
    const items = await itemsOf([
      [40, 200, 'Code articleLibellé'],
      [330, 200, 'QuantitéPrix unitaire'],
      [480, 200, 'Montant HT'],
      [40, 215, 'X95311'],
      [100, 215, 'Flexible hydraulique'],
      [350, 215, '23'],
      [400, 215, '2.309,29'],
      [490, 215, '53.113,67'],
      [40, 230, 'ART2010'],
      [100, 230, 'Heures de conseil'],
      [350, 230, '2'],
      [400, 230, '68,19'],
      [490, 230, '136,38'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['X95311', 'Flexible hydraulique', 23, 2309.29, 53113.67],
      ['ART2010', 'Heures de conseil', 2, 68.19, 136.38],
    ]);
  });

  it('keeps "Line" as positions beside quantities under a heading it does not know', async () => {
    const items = await itemsOf([
      [40, 200, 'Pcs'],
      [70, 200, 'Line'],
      [110, 200, 'Particulars'],
      [380, 200, 'Each'],
      [500, 200, 'Ext. price'],
      [45, 215, '20'],
      [80, 215, '1'],
      [110, 215, 'Maintenance visit'],
      [380, 215, '137.11'],
      [500, 215, '2,742.20'],
      [45, 230, '3'],
      [80, 230, '2'],
      [110, 230, 'Filter cartridge'],
      [380, 230, '12.50'],
      [500, 230, '37.50'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Maintenance visit', 20, 137.11, 2742.2],
      ['Filter cartridge', 3, 12.5, 37.5],
    ]);
  });

  it('reads "Ext. price" as the line amount of a one-row table with an adjustment under its price', async () => {
    const items = await itemsOf([
      [68, 200, 'Pcs'],
      [92, 200, 'Line'],
      [123, 200, 'Item code'],
      [185, 200, 'Particulars'],
      [340, 200, 'Each'],
      [402, 200, 'Adjustments'],
      [471, 200, 'Tax %'],
      [519, 200, 'Ext. price'],
      [73, 215, '20'],
      [106, 215, '1'],
      [123, 215, 'ART51828'],
      [185, 215, 'Maintenance visit'],
      [330, 215, '137.11'],
      [371, 215, 'Promo code:'],
      [480, 215, '20%'],
      [528, 215, '2,193.76'],
      [185, 227, 'Period 01/03 - 31/03'],
      [416, 227, '- 548.44'],
      [340, 260, 'Net amount'],
      [514, 260, '2,193.76'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemQty, i.amount])).toEqual([['ART51828', 20, 2193.76]]);
  });

  it('reads the allowances printed under a "Line discounts" heading beside "Ext. price"', async () => {
    const items = await itemsOf([
      [58, 200, 'Article / service'],
      [210, 200, 'Ref.'],
      [290, 200, 'Pcs'],
      [322, 200, 'Price/unit'],
      [399, 200, 'Line discounts'],
      [490, 200, 'Ext. price'],
      [58, 215, 'Hydraulic hose 1/2 inch'],
      [210, 215, '63745'],
      [299, 215, '1'],
      [346, 215, '18.51'],
      [382, 215, 'Trade discount:'],
      [514, 215, '17.58'],
      [437, 227, '- 0.93'],
      [58, 250, 'Maintenance contract'],
      [210, 250, 'X3770'],
      [299, 250, '1'],
      [332, 250, '1,853.27'],
      [382, 250, 'Promo code:'],
      [500, 250, '1,575.28'],
      [428, 262, '- 277.99'],
      [340, 290, 'Net amount'],
      [500, 290, '1,592.86'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.discount, i.amount])).toEqual([
      ['Hydraulic hose 1/2 inch', 1, 18.51, 0.93, 17.58],
      ['Maintenance contract', 1, 1853.27, 277.99, 1575.28],
    ]);
  });

  it('finds the description under a heading it does not know right of a quantity column that comes first', async () => {
    const items = await itemsOf([
      [40, 200, 'Aant.'],
      [80, 200, 'Nr.'],
      [110, 200, 'Omschr.'],
      [420, 200, 'P/st'],
      [500, 200, 'Waarde'],
      [40, 215, '1 doos'],
      [85, 215, '1'],
      [110, 215, 'Installatiewerkzaamheden'],
      [420, 215, '48,30'],
      [500, 215, '48,30'],
      [40, 230, '8 uur'],
      [85, 230, '2'],
      [110, 230, 'Veiligheidshandschoenen'],
      [420, 230, '1.334,57'],
      [500, 230, '10.676,56'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Installatiewerkzaamheden', 1, 48.3, 48.3],
      ['Veiligheidshandschoenen', 8, 1334.57, 10676.56],
    ]);
  });

  it('reads the left of two currency-code headings as the unit price ("ISK | ISK")', async () => {
    const items = await itemsOf([
      [40, 200, 'Hoeveelheid'],
      [100, 200, 'Pos.'],
      [130, 200, 'Artikelcode'],
      [195, 200, 'Omschrijving'],
      [465, 200, 'ISK'],
      [535, 200, 'ISK'],
      [85, 215, '77'],
      [115, 215, '1'],
      [130, 215, '4986281'],
      [195, 215, 'Wartungspauschale'],
      [453, 215, '3.108'],
      [515, 215, '239.316'],
      [195, 227, 'Periode maart'],
      [88, 245, '1'],
      [115, 245, '2'],
      [130, 245, '899554'],
      [195, 245, 'Installatiewerkzaamheden'],
      [447, 245, '11.646'],
      [520, 245, '11.646'],
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Wartungspauschale Periode maart', 77, 3108, 239316],
      ['Installatiewerkzaamheden', 1, 11646, 11646],
    ]);
  });

  it('reads each row of a table with amounts alone as one unit at its amount', async () => {
    const items = await itemsOf([
      [60, 200, 'No.'],
      [90, 200, 'SKU'],
      [150, 200, 'Particulars'],
      [440, 200, 'VAT %'],
      [500, 200, 'Ext. price'],
      [75, 215, '1'],
      [90, 215, 'P1603'],
      [150, 215, 'Verlengsnoer 5 m'],
      [450, 215, '5%'],
      [520, 215, '19.30'],
      [75, 230, '2'],
      [90, 230, 'P2210'],
      [150, 230, 'Installatie op locatie'],
      [450, 230, '20%'],
      [510, 230, '240.00'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['P1603', 'Verlengsnoer 5 m', 1, 19.3, 19.3],
      ['P2210', 'Installatie op locatie', 1, 240, 240],
    ]);
  });

  it('keeps a heading of two description words whole after a code heading glued to it', async () => {
    const items = await itemsOf([
      [55, 200, 'ArtikelnummerArtikel / Leistung'],
      [340, 200, 'Stück'],
      [390, 200, 'Preis/Einh.'],
      [445, 200, 'USt. %'],
      [520, 200, 'Wert'],
      [55, 215, 'P208255'],
      [120, 215, 'Cable tie black 200 mm'],
      [355, 215, '4'],
      [400, 215, '301,66'],
      [450, 215, '19%'],
      [510, 215, '1.206,64'],
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['P208255', 'Cable tie black 200 mm', 4, 301.66, 1206.64],
    ]);
  });
});

describe('line items: tables continued across pages (issue 18)', () => {
  /** A document of these pages; the first one under the header block of `pagePdf`. */
  const readPages = async (...pages: Cell[][]) => {
    const pdf = await pdfOf({ size: 'A4', margin: 30 }, (doc) => {
      doc.font('Helvetica').fontSize(8);
      const head: Cell[] = [
        [40, 40, 'Nordwind Handel GmbH'],
        [40, 52, 'Hafenstrasse 12, 20457 Hamburg'],
        [350, 40, 'INVOICE'],
        [350, 60, 'Invoice No: 2024-117'],
        [350, 72, 'Invoice Date: 12/03/2024'],
      ];
      pages.forEach((cells, k) => {
        if (k) doc.addPage();
        for (const [x, y, t] of [...(k ? [] : head), ...cells]) doc.text(t, x, y, { lineBreak: false });
      });
    });
    return readDocument(pdf, { fileName: 'items.pdf' });
  };
  const row = (y: number, desc: string, qty: string, price: string, amount: string): Cell[] => [
    [40, y, desc],
    [300, y, qty],
    [380, y, price],
    [500, y, amount],
  ];
  const heading = (y: number): Cell[] => [
    [40, y, 'Description'],
    [300, y, 'Qty'],
    [380, y, 'Unit price'],
    [500, y, 'Amount'],
  ];
  const totals = (y: number, net: string, vat: string, total: string): Cell[] => [
    [300, y, 'Net amount'],
    [500, y, net],
    [300, y + 15, 'VAT 20 %'],
    [500, y + 15, vat],
    [300, y + 30, 'Total due'],
    [500, y + 30, total],
  ];

  it('reads on past a page footer that prints the VAT id and register number', async () => {
    const footer: Cell[] = [
      [40, 780, 'Nordwind Handel GmbH'],
      [220, 780, 'VAT No. GB123456789'],
      [400, 780, 'IBAN GB29 NWBK 6016 1331 9268 19'],
      [220, 790, 'Company No. 08123456'],
    ];
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Coffee beans 1 kg', '2', '10.00', '20.00'),
        ...row(230, 'Tea 1 kg', '3', '12.00', '36.00'),
        ...footer,
      ],
      [...row(60, 'Sugar 1 kg', '4', '2.50', '10.00'), ...totals(90, '66.00', '13.20', '79.20'), ...footer],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 36, 10]);
  });

  it("takes none of the footer's address lines for the next page's first item", async () => {
    const footer: Cell[] = [
      [40, 780, 'Nordwind Handel GmbH'],
      [220, 780, 'USt-IdNr. DE743354251'],
      [40, 790, 'Hafenstrasse 12'],
      [220, 790, 'HRB 29557 Amtsgericht Hamburg'],
      [40, 800, 'info@nordwind.example'],
      [300, 800, '20457 Hamburg'],
    ];
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Coffee beans 1 kg', '2', '10.00', '20.00'),
        ...row(230, 'Tea 1 kg', '3', '12.00', '36.00'),
        ...footer,
      ],
      [
        [40, 60, 'Hosting package 11/2024'],
        [500, 60, '10.00'],
        ...totals(90, '66.00', '13.20', '79.20'),
        ...footer,
      ],
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Coffee beans 1 kg', 2, 20],
      ['Tea 1 kg', 3, 36],
      ['Hosting package 11/2024', undefined, 10],
    ]);
  });

  it("reads on past a page's own sum at its foot when the next page goes on with rows, and takes none for an item", async () => {
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Coffee beans 1 kg', '2', '10.00', '20.00'),
        ...row(230, 'Tea 1 kg', '3', '12.00', '36.00'),
        [40, 250, 'Page total'],
        [500, 250, '56.00'],
      ],
      [
        ...row(60, 'Sugar 1 kg', '4', '2.50', '10.00'),
        ...row(75, 'Salt 1 kg', '2', '3.00', '6.00'),
        [40, 95, 'Page total'],
        [500, 95, '16.00'],
      ],
      [...row(60, 'Flour 1 kg', '5', '1.00', '5.00'), ...totals(90, '77.00', '15.40', '92.40')],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 36, 10, 6, 5]);
    expect(r.totals.net).toBe(77);
  });

  it('takes no page sum that is only the sum of its page for an item, whatever its label', async () => {
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Coffee beans 1 kg', '2', '10.00', '20.00'),
        ...row(230, 'Tea 1 kg', '3', '12.00', '36.00'),
        [40, 250, 'Paginatotaal'],
        [500, 250, '56.00'],
      ],
      [
        ...row(60, 'Sugar 1 kg', '4', '2.50', '10.00'),
        ...row(75, 'Salt 1 kg', '2', '3.00', '6.00'),
        [40, 95, 'Paginatotaal'],
        [500, 95, '16.00'],
        ...totals(120, '72.00', '14.40', '86.40'),
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 36, 10, 6]);
  });

  it('reads on past a sum carried over the page break under another label atop the next page ("Report")', async () => {
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Café en grains 1 kg', '2', '10.00', '20.00'),
        ...row(230, 'Thé 1 kg', '3', '12.00', '36.00'),
        [40, 250, 'À reporter'],
        [500, 250, '56.00'],
      ],
      [
        [40, 60, 'Report'],
        [500, 60, '56.00'],
        ...row(75, 'Sucre 1 kg', '4', '2.50', '10.00'),
        ...totals(100, '66.00', '13.20', '79.20'),
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 36, 10]);
    expect(r.totals.net).toBe(66);
  });

  it('takes no sum carried over the page break for an item when a misread row spoils the sum', async () => {
    // the first row's amount is not the quantity times the price as printed: the carried sum is still larger than
    // every row and printed at the foot of page 1 and atop page 2
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Coffee beans 1 kg', '2', '10.00', '21.00'),
        ...row(230, 'Tea 1 kg', '3', '12.00', '36.00'),
        [40, 250, 'Transport'],
        [500, 250, '56.00'],
      ],
      [
        [40, 60, 'Transport'],
        [500, 60, '56.00'],
        ...row(75, 'Sugar 1 kg', '4', '2.50', '10.00'),
        ...totals(100, '67.00', '13.40', '80.40'),
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([21, 36, 10]);
  });

  it('reads on past a sum of the rows read so far that the next page carries, however long the footer under it', async () => {
    const footer: Cell[] = [
      'Nordwind Handel GmbH',
      'Hafenstrasse 12',
      '20457 Hamburg',
      'Telefon 040 123456',
      'info@nordwind.example',
      'Geschäftsführer: Jan Nordmann',
    ].map((t, k) => [40, 740 + k * 10, t]);
    const r = await readPages(
      [
        ...heading(200),
        ...row(215, 'Kaffeebohnen 1 kg', '2', '10,00', '20,00'),
        ...row(230, 'Tee 1 kg', '3', '12,00', '36,00'),
        [40, 250, 'Seitensumme'],
        [500, 250, '56,00'],
        ...footer,
      ],
      [
        [40, 60, 'Übertrag'],
        [500, 60, '56,00'],
        ...row(75, 'Zucker 1 kg', '4', '2,50', '10,00'),
        [300, 100, 'Nettobetrag'],
        [500, 100, '66,00'],
        [300, 115, 'MwSt. 19 %'],
        [500, 115, '12,54'],
        [300, 130, 'Gesamtbetrag'],
        [500, 130, '78,54'],
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 36, 10]);
  });

  it('reads on under its heading printed again overleaf above a carried sum, where no row under it proves it a heading', async () => {
    const head = (y: number): Cell[] => [
      [40, y, 'Leistungsbeschreibung'],
      [300, y, 'Stück'],
      [420, y, 'MwSt. %'],
    ];
    const fee = (y: number, desc: string, amount: string): Cell[] => [
      [40, y, desc],
      [430, y, '19%'],
      [500, y, amount],
    ];
    const r = await readPages(
      [
        ...head(200),
        ...fee(215, 'Servicekosten 04/2020', '775,69'),
        ...fee(230, 'Wartungspauschale 05/2026', '117,79'),
        [40, 250, 'Übertrag'],
        [500, 250, '893,48'],
      ],
      [
        ...head(60),
        [40, 75, 'Übertrag'],
        [500, 75, '893,48'],
        ...fee(90, 'Servicekosten 11/2023', '373,02'),
        ...fee(105, 'Leasingrate Kopierer 12/2021', '833,10'),
        [300, 130, 'Gesamt netto'],
        [500, 130, '2.099,60'],
        [300, 145, 'MwSt. 19 %'],
        [500, 145, '398,92'],
        [300, 160, 'Summe brutto'],
        [500, 160, '2.498,52'],
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([775.69, 117.79, 373.02, 833.1]);
  });

  it('starts the table at its heading on an earlier page where the rows under it did not prove it a heading', async () => {
    // page 1 prints each row's numbers under its code and name; page 2, under the same heading, opens with the carried sum
    // and one-line rows
    const head = (y: number): Cell[] => [
      [40, y, 'Omschr.'],
      [320, y, 'Stuks'],
      [350, y, 'Eenheid'],
      [500, y, 'Waarde'],
    ];
    const item = (y: number, code: string, name: string, qty: string, amount: string): Cell[] => [
      [40, y, code],
      [40, y + 11, name],
      [40, y + 22, 'incl. montageset'],
      [330, y + 22, qty],
      [350, y + 22, 'uur'],
      [500, y + 22, amount],
    ];
    const one = (y: number, name: string, qty: string, amount: string): Cell[] => [
      [40, y, name],
      [330, y, qty],
      [350, y, 'doos'],
      [500, y, amount],
    ];
    const r = await readPages(
      [
        ...head(200),
        ...item(215, 'X247979', 'Winkelprofil Aluminium', '26', '230,80'),
        ...item(255, 'X208811', 'Kantoorstoel zwart', '6', '375,30'),
        [40, 300, 'Transport'],
        [500, 300, '606,10'],
      ],
      [
        ...head(60),
        [40, 75, 'Transport'],
        [500, 75, '606,10'],
        ...one(90, 'Koffiebonen biologisch', '25', '239,00'),
        ...one(105, 'Thee groen', '30', '94,50'),
        [300, 130, 'Totaal excl. BTW'],
        [500, 130, '939,60'],
        [300, 145, 'BTW 21%'],
        [500, 145, '197,32'],
        [300, 160, 'Totaal'],
        [500, 160, '1.136,92'],
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([230.8, 375.3, 239, 94.5]);
  });
});

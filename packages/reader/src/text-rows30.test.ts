import { describe, expect, it } from 'vitest';
import {
  germanInvoicePage as page,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';

describe('text item tables of unseen layouts (round 30)', () => {
  it('reads an article number on the line above the name as the code where the code column holds barcodes only', async () => {
    // Pos | GTIN | Beschreibung | Anzahl | Einzelpreis | Betrag; the supplier's number heads two of the cells
    const rows: [string, string, string[], string, string, string][] = [
      ['1', '4006381333931', ['QX4410', 'Flimmerbandrolle'], '3', '10,00', '30,00'],
      ['2', '4012345678901', ['Wendelnagel stumpf'], '2', '5,00', '10,00'],
      ['3', '4098765432101', ['ZK-5520', 'Murmelfaden gelb'], '1', '20,00', '20,00'],
    ];
    let y = 230;
    const texts: Text[] = [
      [60, 214, 'Pos.'],
      [80, 214, 'GTIN'],
      [170, 214, 'Beschreibung'],
      [360, 214, 'Anzahl'],
      [420, 214, 'Einzelpreis'],
      [500, 214, 'Betrag'],
    ];
    for (const [pos, gtin, lines, qty, price, amount] of rows) {
      lines.slice(0, -1).forEach((l) => {
        texts.push([170, y, l]);
        y += 12;
      });
      texts.push(
        [62, y, pos],
        [80, y, gtin],
        [170, y, lines.at(-1)!],
        right(390, y, qty),
        right(460, y, price),
        right(530, y, amount),
      );
      y += 18;
    }
    const r = await read(page(texts, y + 20, '60,00', '11,40', '71,40'));
    expect(r.items.map((i) => [i.itemCode, i.itemDesc, i.unitBarcode, i.amount])).toEqual([
      ['QX4410', 'Flimmerbandrolle', '4006381333931', 30],
      [undefined, 'Wendelnagel stumpf', '4012345678901', 10],
      ['ZK-5520', 'Murmelfaden gelb', '4098765432101', 20],
    ]);
  });

  it('keeps the end of a long service name that runs on under the code column', async () => {
    const heads: Text[] = [
      [60, 214, 'Pos'],
      [80, 214, 'Bezeichnung'],
      [200, 214, 'Art.-Nr.'],
      [250, 214, 'EAN'],
      [330, 214, 'ME'],
      [370, 214, 'Anzahl'],
      [420, 214, 'Einzelpreis'],
      [490, 214, 'Gesamtpreis'],
    ];
    const rows: Text[] = [
      [62, 230, '1'],
      [80, 230, 'Flimmerband zart'],
      [200, 230, 'QX4410'],
      [250, 230, '4006381333931'],
      [330, 230, 'Stk'],
      right(400, 230, '3'),
      right(460, 230, '10,00'),
      right(530, 230, '30,00'),
      [62, 246, '2'],
      [80, 246, 'Wartungsvertrag Jahrespauschale 04/2025'],
      right(530, 246, '45,00'),
      [62, 262, '3'],
      [80, 262, 'Wendelnagel stumpf'],
      [200, 262, 'ZK5520'],
      [250, 262, '4012345678901'],
      [330, 262, 'Stk'],
      right(400, 262, '1'),
      right(460, 262, '25,00'),
      right(530, 262, '25,00'),
      // the unit a space after a long name, under its heading, is the unit's cell
      [62, 278, '4'],
      [80, 278, 'Kabelbinder schwarz 200 mm, UV-bestaendig, 1m Stk', 9, 'Courier'],
      right(400, 278, '4'),
      right(460, 278, '2,50'),
      right(530, 278, '10,00'),
      // an article number a space after the name, under the code heading, is no word of the name
      [62, 294, '5'],
      [80, 294, 'Dichtungsring flach gross ZK7731', 9, 'Courier'],
      right(400, 294, '2'),
      right(460, 294, '7,50'),
      right(530, 294, '15,00'),
      // nor is a unit printed over the name's end, glued to its last word across the unit's heading
      [62, 310, '6'],
      [80, 310, 'Jahreswartung Heizungsanlage inklusive komplettStk', 9, 'Courier'],
      right(530, 310, '12,00'),
      // nor a quantity a space after a name that runs on to it
      [62, 326, '7'],
      [80, 326, 'Schlauchschelle Edelstahl rostfrei 12 bis 22 mm 3', 9, 'Courier'],
      right(460, 326, '4,00'),
      right(530, 326, '12,00'),
    ];
    const r = await read(page([...heads, ...rows], 356, '149,00', '28,31', '177,31'));
    expect(r.items.map((i) => [i.itemDesc, i.itemCode, i.amount])).toEqual([
      ['Flimmerband zart', 'QX4410', 30],
      ['Wartungsvertrag Jahrespauschale 04/2025', undefined, 45],
      ['Wendelnagel stumpf', 'ZK5520', 25],
      ['Kabelbinder schwarz 200 mm, UV-bestaendig, 1m', undefined, 10],
      ['Dichtungsring flach gross', undefined, 15],
      ['Jahreswartung Heizungsanlage inklusive', undefined, 12],
      ['Schlauchschelle Edelstahl rostfrei 12 bis 22 mm', undefined, 12],
    ]);
  });

  it('reads a code standing apart between the name and the numbers of a table without headings as the code', async () => {
    const rows = [
      ['Flimmerbandrolle', 'QX4410', '3', '10,00', '30,00'],
      ['Wendelnagel stumpf', '', '2', '5,00', '10,00'],
      ['Murmelfaden gelb', 'ZK-5520', '1', '20,00', '20,00'],
    ];
    const r = await read(
      page(
        rows.flatMap(([desc, code, qty, price, amount], i): Text[] => [
          [60, 230 + i * 16, desc!],
          ...(code ? [[250, 230 + i * 16, code] as Text] : []),
          right(380, 230 + i * 16, qty!),
          right(450, 230 + i * 16, price!),
          right(530, 230 + i * 16, amount!),
        ]),
        290,
        '60,00',
        '11,40',
        '71,40',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemCode, i.itemQty, i.amount])).toEqual([
      ['Flimmerbandrolle', 'QX4410', 3, 30],
      ['Wendelnagel stumpf', undefined, 2, 10],
      ['Murmelfaden gelb', 'ZK-5520', 1, 20],
    ]);
  });
});

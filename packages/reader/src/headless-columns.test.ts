import { describe, expect, it } from 'vitest';
import {
  germanInvoicePage as page,
  rightAligned as right,
  type PlacedText as Text,
  textPagePdf,
} from './__tests__/make-docs.js';
import { DOUBT_SCALE } from './item-confidence.js';
import { readDocument } from './read.js';

/** Item rows without a heading row: the name, then quantity, unit price and amount right-aligned. */
const rows = (rs: [name: string, qty: string, price: string, amount: string][]): Text[] =>
  rs.flatMap(([name, qty, price, amount], i) => {
    const y = 230 + i * 16;
    return [
      [60, y, name] as Text,
      ...(qty ? [right(360, y, qty)] : []),
      ...(price ? [right(440, y, price)] : []),
      right(530, y, amount),
    ];
  });

const GOODS: [string, string, string, string][] = [
  ['Flimmerbandrolle blau', '3', '10,00', '30,00'],
  ['Wendelnagel stumpf', '12', '2,50', '30,00'],
  ['Murmelfaden gelb', '1', '20,00', '20,00'],
  ['Knautschkissen grau', '4', '7,25', '29,00'],
];

/** The rows' confidences before calibration (the evidence each row's reading rests on). */
async function rawRows(texts: Text[]) {
  const r = await readDocument(await textPagePdf(texts), { fileName: 'test.pdf', rawConfidence: true });
  return { r, confs: r.items.map((_, i) => r.confidence.fields[`items.${i}`]!) };
}

describe('a table without a heading row whose rows prove its columns', () => {
  it('leaves no doubt on rows that all multiply out their quantity and price from the same two columns', async () => {
    const { r, confs } = await rawRows(page(rows(GOODS), 310, '109,00', '20,71', '129,71'));
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Flimmerbandrolle blau', 3, 10, 30],
      ['Wendelnagel stumpf', 12, 2.5, 30],
      ['Murmelfaden gelb', 1, 20, 20],
      ['Knautschkissen grau', 4, 7.25, 29],
    ]);
    // a row with a doubt keeps at most DOUBT_SCALE of its evidence; these stand near rows under a heading
    for (const c of confs) expect(c).toBeGreaterThan(0.8);
  });

  it('keeps the doubt where a row prints its amount alone, so the rows prove no column', async () => {
    const mixed = [
      ...GOODS.slice(0, 3),
      ['Wartungspauschale März', '', '', '29,00'] as [string, string, string, string],
    ];
    const { r, confs } = await rawRows(page(rows(mixed), 310, '109,00', '20,71', '129,71'));
    expect(r.items).toHaveLength(4);
    for (const c of confs) expect(c).toBeLessThan(DOUBT_SCALE);
  });

  it('keeps the doubt on a table of two rows', async () => {
    const { r, confs } = await rawRows(page(rows(GOODS.slice(0, 2)), 280, '60,00', '11,40', '71,40'));
    expect(r.items).toHaveLength(2);
    for (const c of confs) expect(c).toBeLessThan(DOUBT_SCALE);
  });
});

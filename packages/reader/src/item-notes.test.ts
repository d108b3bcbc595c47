import { describe, expect, it } from 'vitest';
import {
  germanInvoicePage as page,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';
import { STRAIGHT_THROUGH } from './calibrate.js';
import { type RowEvidence, rowConfidence } from './item-confidence.js';

// Pos | Beschreibung | Anzahl | Einzelpreis | Betrag, 9-point text 12 points a line
const HEADS: Text[] = [
  [60, 214, 'Pos.'],
  [80, 214, 'Beschreibung'],
  [360, 214, 'Anzahl'],
  [420, 214, 'Einzelpreis'],
  [500, 214, 'Betrag'],
];
type Row = { pos: string; cell: string[]; qty: string; price: string; amount: string; note?: string[] };
const ROWS: Row[] = [
  {
    pos: '1',
    cell: ['Flimmerbandrolle'],
    qty: '3',
    price: '10,00',
    amount: '30,00',
    note: ['Wir erlauben uns Ihnen folgende Positionen', 'aus der Lieferung in Rechnung zu stellen:'],
  },
  {
    pos: '2',
    cell: ['Wendelnagel stumpf'],
    qty: '2',
    price: '5,00',
    amount: '10,00',
    note: ['Anzahl Packstücke: 2'],
  },
  { pos: '3', cell: ['Murmelfaden gelb'], qty: '1', price: '20,00', amount: '20,00' },
];

/** The rows with their numbers on the cell's first or last line, each note a blank line under its cell. */
function table(numbersOn: 'first' | 'last', rows: Row[] = ROWS): { texts: Text[]; y: number } {
  let y = 230;
  const texts: Text[] = [...HEADS];
  for (const r of rows) {
    const ny = y + (numbersOn === 'last' ? (r.cell.length - 1) * 12 : 0);
    r.cell.forEach((l, k) => {
      texts.push([80, y + k * 12, l]);
    });
    texts.push([62, ny, r.pos], right(390, ny, r.qty), right(460, ny, r.price), right(530, ny, r.amount));
    y += r.cell.length * 12;
    if (r.note) {
      y += 12;
      r.note.forEach((l) => {
        texts.push([80, y, l]);
        y += 12;
      });
    }
    y += 18;
  }
  return { texts, y };
}

describe('notes under item rows (round 33)', () => {
  it('leaves a note set apart by blank lines out of the descriptions, and the rows sure', async () => {
    const { texts, y } = table('first');
    const r = await read(page(texts, y + 20, '60,00', '11,40', '71,40'));
    expect(r.items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Flimmerbandrolle', 30],
      ['Wendelnagel stumpf', 10],
      ['Murmelfaden gelb', 20],
    ]);
    for (const k of [0, 1, 2])
      expect(r.confidence.fields[`items.${k}`]).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('does not take a note for the head of the next cell whose numbers stand on its last line', async () => {
    const rows = ROWS.map((r, k) =>
      k === 1 ? { ...r, cell: ['Wendelnagel stumpf', 'inkl. Montagesatz'] } : r,
    );
    const { texts, y } = table('last', rows);
    const r = await read(page(texts, y + 20, '60,00', '11,40', '71,40'));
    expect(r.items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Flimmerbandrolle', 30],
      ['Wendelnagel stumpf inkl. Montagesatz', 10],
      ['Murmelfaden gelb', 20],
    ]);
  });
});

describe('a number of the row read into its description (round 33)', () => {
  const evidence: RowEvidence = {
    arithmetic: 0.95,
    aligned: true,
    offLabels: false,
    descFrom: 'row',
    leftOver: false,
  };
  const row = { itemQty: 120, price: -369176, amount: -44301120 };

  it('doubts a row whose description ends with its whole-unit price, thousands separator and all', () => {
    const clean = rowConfidence(evidence, { ...row, itemDesc: 'Prestation de service' }, true);
    const priced = rowConfidence(evidence, { ...row, itemDesc: 'Prestation de service -369,176' }, true);
    expect(clean).toBeGreaterThan(0.9);
    expect(priced).toBeLessThan(0.4);
  });

  it('keeps a number of the name that is no number of the row', () => {
    expect(rowConfidence(evidence, { ...row, itemDesc: 'Steel bracket 40' }, true)).toBeGreaterThan(0.9);
  });
});

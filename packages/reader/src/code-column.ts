import type { Line } from './layout.js';
import { looksNumeric } from './parse.js';
import type { TItem } from './types.js';

/**
 * An article number as a cell of its own: up to four capitals, then four to ten digits ("P67940", "ART311531",
 * "586753").
 */
const CODE_CELL = /^[A-Z]{0,4}\d{4,10}$/;

/** How far apart (page fractions) the left edges of one column's cells may stand on a phone scan. */
const SAME_COLUMN = 0.015;

/**
 * A scan's article numbers printed in a column of their own between the description and the numbers, read into
 * the description because the table's heading for them was lost (OCR dropped it, or the table prints none): the
 * row's description reads "Espresso beans 1 kg P67940". Where at least two rows of a page have such a cell
 * (one token, after the description's own cell) at the same left edge, it is a code column: each of those
 * rows' code leaves the description and becomes the item's code. A lone cell is no column and stays, as do
 * rows that already have a code and tokens the description holds more than once.
 * `lines[i]` is the line `items[i]` was read from. Returns the rows changed.
 */
export function codesFromOwnColumn(items: TItem[], lines: Line[]): number {
  const found: { item: TItem; code: string; x0: number; page: number }[] = [];
  items.forEach((item, i) => {
    const line = lines[i];
    if (!line || item.itemCode || !item.itemDesc) return;
    // the code stands right of the description's own cell (not first, and not after a number)
    const cell = line.cells.find(
      (c, k) => k > 0 && CODE_CELL.test(c.text) && !looksNumeric(line.cells[k - 1]!.text),
    );
    if (!cell) return;
    const words = item.itemDesc.split(' ');
    if (words.filter((w) => w === cell.text).length !== 1 || words[0] === cell.text) return;
    found.push({ item, code: cell.text, x0: cell.x0, page: line.page });
  });
  let changed = 0;
  for (const f of found) {
    const column = found.filter((g) => g.page === f.page && Math.abs(g.x0 - f.x0) < SAME_COLUMN);
    if (column.length < 2) continue;
    f.item.itemCode = f.code;
    f.item.itemDesc = f.item
      .itemDesc!.split(' ')
      .filter((w) => w !== f.code)
      .join(' ');
    changed++;
  }
  return changed;
}

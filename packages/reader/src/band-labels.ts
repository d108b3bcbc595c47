import { type Cell, cellOf, type Line, xOverlap } from './layout.js';

/**
 * A scan's band of header labels whose cells OCR ran together, split where the values under them start.
 *
 * A phone scan's words stay in one cell across gaps of up to `OCR_WORD_GAP` letter heights, so labels set close
 * together over their own values ("Invoice no. Date | Order date") read as one cell, and the value under that
 * cell belongs to its first label only: the second label lost its value, or took the one under a third. When the
 * line under such a label cell sets two or more values, each a cell with a digit and its own left edge, the
 * label's words are grouped by the value whose column they start in (a letter height of slack). The split is
 * kept only when every such value gets words, i.e. the labels start where their values do, as a band prints them.
 * Lines that are not such a band come back unchanged (the same object).
 */
export function splitBandLabels(lines: Line[], line: Line): Line {
  const values = lines[line.index + 1];
  if (!values || values.page !== line.page || line.cells.length === 0) return line;
  const height = line.y1 - line.y0;
  if (values.y0 - line.y1 > height * 2.5) return line;
  let split = false;
  const cells: Cell[] = [];
  for (const cell of line.cells) {
    const under = values.cells.filter((v) => xOverlap(v, cell) > 0);
    if (
      cell.words.length < 2 ||
      under.length < 2 ||
      /\d/.test(cell.text) ||
      !under.every((v) => /\d/.test(v.text))
    ) {
      cells.push(cell);
      continue;
    }
    const groups: Cell['words'][] = under.map(() => []);
    for (const w of cell.words) {
      const slack = w.y1 - w.y0;
      let k = 0;
      under.forEach((v, i) => {
        if (v.x0 <= w.x0 + slack) k = i;
      });
      groups[k]!.push(w);
    }
    if (groups.some((g) => g.length === 0)) {
      cells.push(cell);
      continue;
    }
    split = true;
    for (const g of groups) cells.push(cellOf(g));
  }
  return split ? { ...line, cells } : line;
}

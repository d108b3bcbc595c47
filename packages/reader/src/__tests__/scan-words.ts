import { extractItems } from '../items.js';
import { contextOf, type DocumentWords } from '../read.js';
import type { PageWords, Word } from '../types.js';

/**
 * The words of one line from `y0` to `y1` (page fractions), as OCR gives them: each [x0, x1, text] spread evenly
 * over its words, each word with confidence `conf` (none when null: the line grouping then reads its gaps as a
 * text layer's).
 */
export function ocrLine(
  y0: number,
  y1: number,
  cells: [number, number, string][],
  conf: number | null = 0.9,
): Word[] {
  return cells.flatMap(([x0, x1, text]) => {
    const parts = text.split(' ');
    const w = (x1 - x0) / parts.length;
    return parts.map((t, i) => ({
      text: t,
      page: 1,
      x0: x0 + i * w,
      x1: x0 + (i + 1) * w - 0.002,
      y0,
      y1,
      ...(conf === null ? {} : { conf }),
    }));
  });
}

/** A line of OCR words one hundredth of the page tall at `y`. */
export const ocrRow = (y: number, cells: [number, number, string][]) => ocrLine(y, y + 0.01, cells);

/** A one-page document of these words as `read` hands it on: a scan (PNG) or a PDF's text layer. */
export function onePage(
  words: Word[],
  source: 'ocr' | 'text' = 'ocr',
  page: Partial<Pick<PageWords, 'width' | 'height' | 'grainy'>> = {},
): DocumentWords {
  return {
    pages: [{ page: 1, width: 1654, height: 2339, words, source, ...page }],
    numPages: 1,
    source,
    attachments: [],
    kind: source === 'ocr' ? 'png' : 'pdf',
  };
}

/** The item rows read from a one-page document of these words. */
export const itemsOf = (words: Word[], source: 'ocr' | 'text' = 'ocr') =>
  extractItems(contextOf(onePage(words, source))).items;

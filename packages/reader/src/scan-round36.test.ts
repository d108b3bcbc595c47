import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { extractHeaders } from './extract.js';
import { contextOf } from './read.js';

/** The header fields read from a one-page scan of these words. */
const headersOf = (words: ReturnType<typeof row>) =>
  Object.fromEntries(Object.entries(extractHeaders(contextOf(onePage(words)))).map(([k, v]) => [k, v.value]));

describe('a scan’s label "ID:" whose capital I OCR read as a one (round 36)', () => {
  it('reads the value right of "invoice 1D:" as the invoice number, not the slip', () => {
    const got = headersOf([
      ...row(0.16, [
        [0.08, 0.3, 'Nordlicht Print LLC'],
        [0.58, 0.68, 'invoice 1D:'],
        [0.75, 0.88, 'INV-2020/5988'],
      ]),
      ...row(0.18, [
        [0.58, 0.66, 'Date:'],
        [0.75, 0.85, '16/12/2020'],
      ]),
    ]);
    expect(got.invoiceNum).toBe('INV-2020/5988');
  });

  it('reads "1D: 48184" under a party block back as "ID: 48184", the label of the number beside it', () => {
    const ctx = contextOf(
      onePage([
        ...row(0.16, [[0.55, 0.75, 'Nordlicht Supplies V.O.F.']]),
        ...row(0.18, [[0.55, 0.7, 'Industrieweg 40']]),
        ...row(0.2, [[0.55, 0.68, '1D: 48184']]),
      ]),
    );
    expect(ctx.lines.map((l) => l.text)).toContain('ID: 48184');
  });
});

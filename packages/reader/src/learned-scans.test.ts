import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { learnFromWords } from './learn.js';
import { applyProfile } from './profile.js';
import { contextOf, extractAll } from './read.js';
import type { Word } from './types.js';

/**
 * The top of a scanned invoice of one supplier's layout: its VAT id under its name, the dates beside their labels.
 */
const scan = (invoiceNo: string, issued: string, due: string, vatId = 'FR77176492967'): Word[] => [
  ...row(0.05, [[0.4, 0.62, 'Horizon Installatie SA']]),
  ...row(0.07, [
    [0.4, 0.5, 'N° TVA:'],
    [0.51, 0.62, vatId],
  ]),
  ...row(0.16, [[0.09, 0.3, 'Kestrel Installatie SAS']]),
  ...row(0.18, [[0.09, 0.3, '7 boulevard Voltaire']]),
  ...row(0.2, [[0.09, 0.22, '31000 Toulouse']]),
  ...row(0.26, [
    [0.09, 0.22, 'Numéro de facture:'],
    [0.24, 0.3, invoiceNo],
  ]),
  ...row(0.29, [
    [0.09, 0.22, 'Date de facturation:'],
    [0.24, 0.3, issued],
  ]),
  ...row(0.3, [
    [0.09, 0.2, "Date d'échéance:"],
    [0.24, 0.3, due],
  ]),
];

function read(words: Word[]) {
  const doc = onePage(words);
  const ctx = contextOf(doc);
  return { doc, ctx, generic: extractAll(ctx, doc, 'scan.png') };
}

/** The profile learned from one scan of the layout, its dates corrected to these. */
function learnedFrom(issued: [string, string], due: [string, string]) {
  const first = read(scan('2021-6352', issued[0], due[0]));
  const corrected = {
    ...first.generic,
    headers: { ...first.generic.headers, invoiceDate: issued[1], dueDate: due[1] },
    vendor: { ...first.generic.vendor, vatNumber: 'FR77176492967' },
  };
  return learnFromWords(first.doc, 'horizon', corrected, undefined);
}

describe('a learned layout reads a scanned date whose separators OCR misread', () => {
  const profile = learnedFrom(['08/03/2022', '2022-03-08'], ['22/04/2022', '2022-04-22']);

  it('learns the printed form of the dates', () => {
    expect(profile.fields['headers.dueDate']?.printed).toBe('99/99/9999');
  });

  it('reads a due date whose two slashes OCR took for a 7 and a 1, for a person to confirm', () => {
    const next = read(scan('2025-4113', '11/09/2019', '1171012019'));
    expect(next.generic.headers.dueDate).toBeUndefined();
    const out = applyProfile(next.generic, next.ctx, profile);
    expect(out.headers.dueDate).toBe('2019-10-11');
    expect(out.confidence.fields['headers.dueDate']).toBeLessThan(0.97);
    expect(out.headers.invoiceDate).toBe('2019-09-11');
  });

  it('reads a date of two-digit years that lost a separator, and leaves a cell that is no such date alone', () => {
    const short = learnedFrom(['08/03/22', '2022-03-08'], ['22/04/22', '2022-04-22']);
    const lost = read(scan('2025-4114', '11/09/23', '1110/23'));
    expect(lost.generic.headers.dueDate).toBeUndefined();
    expect(applyProfile(lost.generic, lost.ctx, short).headers.dueDate).toBe('2023-10-11');
    const other = read(scan('2025-4115', '11/09/23', 'on receipt'));
    expect(applyProfile(other.generic, other.ctx, short).headers.dueDate).toBeUndefined();
  });
});

describe("a learned layout reads the supplier's own VAT id where a scan's OCR slipped on it", () => {
  const profile = learnedFrom(['08/03/2022', '2022-03-08'], ['22/04/2022', '2022-04-22']);
  const vatOf = (printed: string) => {
    const next = read(scan('2025-4116', '11/09/2019', '11/10/2019', printed));
    const out = applyProfile(next.generic, next.ctx, profile);
    return [next.generic.vendor.vatNumber, out.vendor.vatNumber, out.confidence.fields['vendor.vatNumber']];
  };

  it('takes the learned id for one digit misread or the country prefix lost, for a person to confirm', () => {
    expect(vatOf('FR77176492961')).toEqual(['FR77176492961', 'FR77176492967', 0.9]);
    expect(vatOf('77176492967').slice(1)).toEqual(['FR77176492967', 0.9]);
  });

  it('keeps an id that differs by more than a slip', () => {
    expect(vatOf('FR12345678901').slice(0, 2)).toEqual(['FR12345678901', 'FR12345678901']);
  });
});

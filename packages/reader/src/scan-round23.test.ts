import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { extractParties } from './parties.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

/** A line of cells at height `y` (page fractions), `h` tall; each cell is [x0, x1, text], one word per space. */
const row = (y: number, cells: [number, number, string][], h = 0.01) => ocrLine(y, y + h, cells);

/** A scanned invoice's head: letterhead initials, title, the buyer's block, its delivery block, the header fields. */
const head = (): Word[] => [
  ...row(0.05, [[0.07, 0.11, 'KS']], 0.02),
  ...row(0.12, [[0.78, 0.9, 'Tax Invoice']], 0.015),
  ...row(0.16, [
    [0.12, 0.25, 'Greenfield Hardware plc'],
    [0.55, 0.62, 'Invoice #:'],
    [0.73, 0.8, 'FA-19.3257'],
  ]),
  ...row(0.173, [
    [0.12, 0.18, '8 Mill Lane'],
    [0.55, 0.63, 'Date of issue:'],
    [0.73, 0.8, '27-Oct-2024'],
  ]),
  ...row(0.186, [[0.12, 0.22, 'London EC1A 1BB']]),
  ...row(0.199, [[0.12, 0.14, 'GB']]),
  ...row(0.225, [[0.12, 0.17, 'Deliver to:']]),
  ...row(0.238, [[0.12, 0.25, 'Greenfield Hardware plc']]),
  ...row(0.251, [[0.12, 0.18, '8 Mill Lane']]),
  ...row(0.264, [[0.12, 0.23, 'Edinburgh EH1 1YZ']]),
];

/** A three-column footer: the issuer's address, its VAT id and register number, its bank over the account. */
const footer = (iban: string): Word[] => [
  ...row(
    0.925,
    [
      [0.08, 0.16, 'Kestrel Supplies plc'],
      [0.36, 0.47, 'VAT reg. no. GB523211632'],
      [0.64, 0.72, 'Barclays Bank plc'],
    ],
    0.007,
  ),
  ...row(
    0.934,
    [
      [0.08, 0.14, '14 High Street'],
      [0.36, 0.46, 'Company No. 34519481'],
      [0.64, 0.8, iban],
    ],
    0.007,
  ),
  ...row(
    0.943,
    [
      [0.08, 0.16, 'London EC1A 1BB'],
      [0.64, 0.73, 'BIC BARCGB08XXX'],
    ],
    0.007,
  ),
];

describe("a scan's footer bank whose IBAN label OCR slipped on", () => {
  it('is no vendor: "BAN" or "[BAN" before the account number is the IBAN', () => {
    for (const iban of ['BAN GBSS 6972 3821 7308 1915 83', '[BAN GB85 6972 3821 7308 1915 83']) {
      const p = extractParties(contextOf(onePage([...head(), ...footer(iban)])));
      expect(p.vendor.name).toBe('Kestrel Supplies plc');
    }
  });

  it('was no vendor with the label read whole (unchanged)', () => {
    const p = extractParties(contextOf(onePage([...head(), ...footer('IBAN GB85 6972 3821 7308 1915 83')])));
    expect(p.vendor.name).toBe('Kestrel Supplies plc');
  });
});

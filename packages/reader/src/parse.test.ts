import { describe, expect, it } from 'vitest';
import { identify } from './identify.js';
import { findDates, guessDateOrder, guessDecimalStyle, parseNumber, wholeUnits } from './parse.js';

describe('parseNumber', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u00a0234,56', 1234.56],
    ['1234.5', 1234.5],
    ['-5,00', -5],
    ['5,00-', -5],
    ['(12.50)', -12.5],
    ['€ 99,90', 99.9],
    ['EUR 1.000.000,00', 1000000],
    ['3,3333', 3.3333],
    ['20,00%', 20],
  ])('%s → %d', (raw, want) => {
    expect(parseNumber(raw)).toBe(want);
  });
  it('uses the document style for ambiguous thousands', () => {
    expect(parseNumber('1.234', 'comma')).toBe(1234);
    expect(parseNumber('1.234', 'dot')).toBe(1.234);
    expect(parseNumber('1,234', 'dot')).toBe(1234);
    expect(parseNumber('1,234', 'comma')).toBe(1.234);
  });
  it('refuses text', () => {
    expect(parseNumber('abc')).toBeUndefined();
    expect(parseNumber('12a')).toBeUndefined();
  });
  it('guesses the decimal style from a document', () => {
    expect(guessDecimalStyle(['Summe 1.234,56', 'MwSt 234,56'])).toBe('comma');
    expect(guessDecimalStyle(['Total 1,234.56'])).toBe('dot');
  });
});

describe('findDates', () => {
  it.each([
    ['Datum: 13.11.2017', '2017-11-13'],
    ['2022-01-31', '2022-01-31'],
    ['le 31 janvier 2022', '2022-01-31'],
    ['7. Mai 2014', '2014-05-07'],
    ['12 maart 2023', '2023-03-12'],
    ['March 1, 2020', '2020-03-01'],
    ['31-Jan-2022', '2022-01-31'],
    ['25/12/18', '2018-12-25'],
    ['20220131', '2022-01-31'],
    ['1er février 2021', '2021-02-01'],
  ])('%s → %s', (text, iso) => {
    expect(findDates(text)[0]?.iso).toBe(iso);
  });
  it('decides day-first or month-first by evidence', () => {
    expect(guessDateOrder(['03/14/2024', '04/02/2024'])).toBe('mdy');
    expect(guessDateOrder(['14/03/2024', '04/02/2024'])).toBe('dmy');
    expect(findDates('04/02/2024', 'mdy')[0]?.iso).toBe('2024-04-02');
    expect(findDates('04/02/2024', 'dmy')[0]?.iso).toBe('2024-02-04');
    expect(findDates('04/02/2024')[0]?.ambiguous).toBe(true);
  });
  it('ignores impossible dates', () => {
    expect(findDates('31.02.2024')).toHaveLength(0);
  });
});

describe('identify', () => {
  it('uses bytes, not names', () => {
    expect(identify(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(identify(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(identify(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(identify(new TextEncoder().encode('<?xml version="1.0"?><Invoice/>'))).toBe('xml');
    expect(identify(new TextEncoder().encode('MZ executable'))).toBe('unknown');
  });
});

describe('wholeUnits', () => {
  it('takes one decimal-looking number among many thousands groups for an OCR slip, not for cents', () => {
    const page = [
      '336,935 336,935',
      '3.866 301.548',
      '191.436 10,146,108',
      '281,082 13.491.936',
      'Total livraison 32,209.55',
      '52,479,982',
    ];
    expect(wholeUnits(page, true)).toBe(true);
    // two amounts with cents, or one among few groups: a page in cents
    expect(wholeUnits([...page, '1,234.50'], true)).toBe(false);
    expect(wholeUnits(['1,250 pcs', '12,500', 'Total 13,750.00'], true)).toBe(false);
    // a text layer has no OCR slips: its one amount with cents is the page's cents
    expect(wholeUnits(page)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { capByVatCheck } from './calibrate.js';
import { extractVat, vatDigits } from './parties.js';
import { contextOf } from './read.js';
import { ibanCheck, vatCheck, vatRepair, withIbanCheck, withVatCheck } from './vat-id.js';

// ids made up for these tests, their check digits computed by hand from each country's scheme
describe('VAT id check digits', () => {
  it('holds for ids whose check digits are right', () => {
    for (const id of [
      'DE274518364', // ISO 7064 MOD 11,10
      'FR59412853970', // (12 + 3 × (SIREN mod 97)) mod 97
      'GB583921710', // weights 8 … 2, sum + check ≡ 0 (mod 97)
      'GB620451818', // the "9755" scheme: sum + 55 + check ≡ 0 (mod 97)
      'NL839217465B74', // mod 97 of NL…B.. as an IBAN's
      'NL731492584B01', // the older 11-test
      'BE0471829378', // 97 − (first 8 mod 97)
      'IT04192837468', // Luhn
      'ATU37281641',
    ])
      expect(vatCheck(id), id).toBe(true);
  });

  it('fails for one digit changed, and knows no scheme for other countries', () => {
    for (const id of ['DE274518354', 'FR59412853971', 'GB583921770', 'NL839217465B75', 'BE0471829379'])
      expect(vatCheck(id), id).toBe(false);
    expect(vatCheck('ESX1234567Z')).toBeUndefined();
    expect(vatCheck('DE27451836')).toBeUndefined();
  });

  it('makes ids and IBANs with their check digits from the digits drawn', () => {
    expect(withVatCheck('DE', '274518360')).toBe('DE274518364');
    expect(withVatCheck('FR', '00412853970')).toBe('FR59412853970');
    expect(withVatCheck('GB', '583921700')).toBe('GB583921710');
    expect(withVatCheck('NL', '83921746500')).toBe('NL839217465B74');
    expect(withIbanCheck('DE', '370400440532013000')).toBe('DE89370400440532013000');
    expect(ibanCheck('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanCheck('DE89 3704 0044 0532 0130 01')).toBe(false);
  });
});

describe('a scanned VAT id OCR slipped on', () => {
  it('is repaired where exactly one slip explains the failed check', () => {
    expect(vatRepair('GB583927710', vatDigits)).toBe('GB583921710'); // 1 read as 7
    expect(vatRepair('BE04718293778', vatDigits)).toBe('BE0471829378'); // a speck read as a digit
  });

  it('is left alone where its check holds, or where several repairs would make it hold', () => {
    expect(vatRepair('GB583921710', vatDigits)).toBeUndefined();
    // a one-digit check (MOD 11,10) passes some repair by chance as often as the printed id: no repair
    expect(vatRepair('DE274518354', vatDigits)).toBeUndefined();
  });

  /** a letterhead and a footer line with the vendor's VAT id as read */
  const page = (id: string) => [
    ...row(0.05, [[0.08, 0.4, 'Brightwater Tools Ltd']]),
    ...row(0.2, [[0.08, 0.3, 'Invoice 4711']]),
    ...row(0.93, [[0.08, 0.5, `VAT reg. no. ${id}`]]),
  ];

  it('is read repaired from a scan, and as printed from a text layer', () => {
    expect(extractVat(contextOf(onePage(page('GB583927710'))), new Set())?.value).toBe('GB583921710');
    expect(extractVat(contextOf(onePage(page('GB583927710'), 'text')), new Set())?.value).toBe('GB583927710');
    // a sample document's made-up id stays as printed
    expect(extractVat(contextOf(onePage(page('DE123456789'), 'text')), new Set())?.value).toBe('DE123456789');
  });

  it('is read with its country code apart and its B read as 8', () => {
    expect(extractVat(contextOf(onePage(page('NL 839217465874'))), new Set())?.value).toBe('NL839217465B74');
  });

  it('makes a scan not sure where no single repair restores its check', () => {
    expect(capByVatCheck({ 'vendor.vatNumber': 0.99 }, 'DE274518354')['vendor.vatNumber']).toBe(0.85);
    expect(capByVatCheck({ 'vendor.vatNumber': 0.99 }, 'DE274518364')['vendor.vatNumber']).toBe(0.99);
    // nor where it has not its country's shape (two digits lost)
    expect(capByVatCheck({ 'vendor.vatNumber': 0.99 }, 'DE2745183')['vendor.vatNumber']).toBe(0.85);
    // a country whose scheme is not known here keeps its confidence
    expect(capByVatCheck({ 'vendor.vatNumber': 0.99 }, 'ESX1234567Z')['vendor.vatNumber']).toBe(0.99);
  });
});

// The check digits of VAT ids and IBANs. A scan's OCR slips on one character of an id now and then; a real id
// carries check digits, so a slip mostly breaks the check and a single repair that restores it is most likely
// the printed id. Text layers never go through this: sample documents print made-up ids ("DE123456789").

/** ISO 7064 MOD 97-10 of a string of digits, read piecewise so it never leaves the safe integers. */
function mod97(digits: string): number {
  let r = 0;
  for (let i = 0; i < digits.length; i += 7) r = Number(`${r}${digits.slice(i, i + 7)}`) % 97;
  return r;
}

/** Letters as ISO 13616 numbers them for the mod-97 check (A = 10 … Z = 35). */
const letterDigits = (s: string) => s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** ISO 7064 MOD 11,10 check digit of a German VAT id's first 8 digits (the Bundeszentralamt's scheme). */
function mod1110(body: string): number {
  let p = 10;
  for (const ch of body) {
    const s = (Number(ch) + p) % 10 || 10;
    p = (2 * s) % 11;
  }
  return (11 - p) % 10;
}

/** The Luhn sum's check digit of a string of digits (Italy's partita IVA). */
function luhnDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return (10 - (sum % 10)) % 10;
}

/** The UK's weighted sum of a VAT id's first 7 digits (weights 8 … 2; HMRC's mod-97 and "9755" schemes). */
const gbSum = (d: string) => [...d.slice(0, 7)].reduce((a, ch, i) => a + Number(ch) * (8 - i), 0);

/** The Dutch 11-test of the older (RSIN-based) ids: weights 9 … 2 on the first 8 digits, mod 11 is the 9th. */
const nlElevenDigit = (d: string) =>
  [...d.slice(0, 8)].reduce((a, ch, i) => a + Number(ch) * (9 - i), 0) % 11;

/** Austria's check digit of "U" + 8 digits: weights 1,2,1,… on 7 digits (digit sums), then 10 − (S + 4) mod 10. */
function atDigit(d: string): number {
  const s = [...d.slice(0, 7)].reduce((a, ch, i) => {
    const v = Number(ch) * (i % 2 === 1 ? 2 : 1);
    return a + Math.floor(v / 10) + (v % 10);
  }, 0);
  return (10 - ((s + 4) % 10)) % 10;
}

/**
 * The checks of two digits mod 97 (FR, GB, BE, the newer NL): an id passes by chance one time in 97, so a
 * repair that makes one pass is telling. Undefined for an id of another country or shape.
 */
function check97(v: string): boolean | undefined {
  const cc = v.slice(0, 2);
  const rest = v.slice(2);
  // FR: key = (12 + 3 × (SIREN mod 97)) mod 97; an older letter key has another scheme
  if (cc === 'FR' && /^\d{11}$/.test(rest))
    return (12 + 3 * (Number(rest.slice(2)) % 97)) % 97 === Number(rest.slice(0, 2));
  if (cc === 'GB' && /^\d{9}(?:\d{3})?$/.test(rest)) {
    const s = gbSum(rest) + Number(rest.slice(7, 9));
    return s % 97 === 0 || (s + 55) % 97 === 0;
  }
  // NL: since 2020 "NL" + digits + "B" + digits is ISO 7064 mod 97-10 as an IBAN is
  if (cc === 'NL' && /^\d{9}B\d{2}$/.test(rest)) return mod97(letterDigits(v)) === 1;
  // BE: 97 − (first 8 digits mod 97) is the last two
  if (cc === 'BE' && /^[01]\d{9}$/.test(rest))
    return 97 - (Number(rest.slice(0, 8)) % 97) === Number(rest.slice(8));
  return undefined;
}

/** The checks of one digit (DE, IT, AT, the older NL): an id passes by chance one time in ten or eleven. */
function check10(v: string): boolean | undefined {
  const cc = v.slice(0, 2);
  const rest = v.slice(2);
  if (cc === 'DE' && /^\d{9}$/.test(rest)) return mod1110(rest.slice(0, 8)) === Number(rest[8]);
  // NL: the older ids pass the 11-test
  if (cc === 'NL' && /^\d{9}B\d{2}$/.test(rest)) return nlElevenDigit(rest) === Number(rest[8]);
  if (cc === 'IT' && /^\d{11}$/.test(rest)) return luhnDigit(rest.slice(0, 10)) === Number(rest[10]);
  if (cc === 'AT' && /^U\d{8}$/.test(rest)) return atDigit(rest.slice(1)) === Number(rest[8]);
  return undefined;
}

const compactId = (id: string) => id.replace(/[\s.-]/g, '').toUpperCase();

/**
 * Whether a VAT id's check digits hold: true or false for the countries whose scheme is implemented here (DE, FR
 * with a numeric key, GB, NL, BE, IT, AT), undefined for the others or an id not of its country's shape.
 */
export function vatCheck(id: string): boolean | undefined {
  const v = compactId(id);
  const a = check97(v);
  const b = check10(v);
  return a === undefined && b === undefined ? undefined : a === true || b === true;
}

/**
 * A VAT id of `cc` with valid check digits made from the digits `d` as drawn (the generator's ids are real-shaped):
 * the check digits replace the drawn ones in their places, so as many digits are drawn as before.
 */
export function withVatCheck(cc: 'DE' | 'FR' | 'GB' | 'NL', d: string): string {
  if (cc === 'DE') return `DE${d.slice(0, 8)}${mod1110(d.slice(0, 8))}`;
  if (cc === 'FR') {
    const siren = d.slice(2, 11);
    return `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;
  }
  if (cc === 'GB') {
    // the check pair makes the sum a multiple of 97 (HMRC's original scheme): 1 … 97
    return `GB${d.slice(0, 7)}${String(97 - (gbSum(d) % 97)).padStart(2, '0')}`;
  }
  // NL: the newer mod-97 scheme; the branch number's two digits become the check
  const body = `NL${d.slice(0, 9)}B`;
  const c = 98 - mod97(letterDigits(`${body}00`));
  return `${body}${String(c).padStart(2, '0')}`;
}

/** Whether an IBAN's ISO 13616 check holds: the country and check digits moved to the end, mod 97 is 1. */
export function ibanCheck(iban: string): boolean {
  const v = iban.replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[0-9A-Z]+$/.test(v) && mod97(letterDigits(v.slice(4) + v.slice(0, 4))) === 1;
}

/** An IBAN of country `cc` and BBAN `bban` with its ISO 13616 check digits. */
export function withIbanCheck(cc: string, bban: string): string {
  const c = 98 - mod97(letterDigits(`${bban}${cc}00`));
  return `${cc}${String(c).padStart(2, '0')}${bban}`;
}

/**
 * What OCR reads for a printed character and the reverse (0/O/D/Q, 1/l/I/7, 5/S, 8/B, 2/Z, 6/G and digits of
 * like shape): the characters a slip may have put in an id's place.
 */
const CONFUSABLE: Record<string, string> = {
  '0': 'ODQ869',
  '1': 'lI|74',
  '2': 'Z7',
  '3': '85',
  '4': 'A1',
  '5': 'S63',
  '6': 'G58',
  '7': '12',
  '8': 'B3690',
  '9': '80',
};
const MISREAD: Record<string, string> = {};
for (const [digit, reads] of Object.entries(CONFUSABLE))
  for (const c of reads) MISREAD[c] = (MISREAD[c] ?? '') + digit;

/**
 * A scanned VAT id whose check digits fail (or that is one character too long for them), repaired where exactly
 * one repair makes them hold: one character put back to a digit it is confused with, or one character OCR added
 * (a speck) dropped. `normal` turns a candidate into its country's form (vatDigits). Undefined when the check
 * holds, when the country has no check mod 97, or when no repair or several do.
 */
export function vatRepair(read: string, normal: (id: string) => string): string | undefined {
  if (vatCheck(normal(read)) === true) return undefined;
  const found = new Set<string>();
  // only a check mod 97 tells a repair: of some 25 repairs, two or three pass a one-digit check by chance, so
  // the one that passes is as often a chance as the printed id
  const tryId = (cand: string) => {
    const id = normal(cand);
    if (check97(compactId(id))) found.add(id);
  };
  // the country code stays: a slip there makes another country's id, not a repair
  // (a digit OCR lost is not put back: any of ten digits in any place makes too many ids whose check holds)
  for (let i = 2; i < read.length; i++) {
    for (const d of MISREAD[read[i]!] ?? '') tryId(read.slice(0, i) + d + read.slice(i + 1));
    tryId(read.slice(0, i) + read.slice(i + 1));
  }
  return found.size === 1 ? [...found][0] : undefined;
}

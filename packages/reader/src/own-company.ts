import { LEGAL_FORM } from './labels.js';
import { editDistance, norm } from './parse.js';

/**
 * The company that uploads the document, as the platform knows it: a shop uploads documents whose buyer it is,
 * a supplier documents it issued. Its name, VAT id or address printed in a block tells which party that block is.
 */
export interface OwnCompany {
  role: 'buyer' | 'supplier';
  name: string;
  /** street, post code and town as the company entered them (free text, any separators) */
  address?: string;
  vatId?: string;
}

const LEGAL = new RegExp(LEGAL_FORM.source, 'giu');

/**
 * A name's words without legal form, accents, punctuation and the letters OCR confuses ("1"/"l"/"i", "0"/"o",
 * "rn"/"m"), and with a German umlaut written out ("Mueller") read as the plain vowel.
 */
function words(t: string): string[] {
  return norm(t)
    .replace(LEGAL, ' ')
    .replace(/&/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) =>
      w
        .replace(/([aou])e/g, '$1')
        .replace(/rn/g, 'm')
        .replace(/[1i|]/g, 'l')
        .replace(/0/g, 'o')
        .replace(/5/g, 's'),
    );
}

/** Words LEGAL_FORM takes away that name no legal form ("Trading", "Enterprise", "Co."). */
const NOT_A_FORM = new Set(['trading', 'enterprise', 'co']);
const SAME_FORM: Record<string, string> = { limited: 'ltd', mbh: 'gmbh', sdnbhd: 'bhd' };

/** The legal forms printed in a name, written one way ("S.A.R.L." and "sarl", "Limited" and "Ltd" alike). */
function legalForms(t: string): Set<string> {
  const out = new Set<string>();
  for (const m of norm(t).matchAll(LEGAL)) {
    const f = m[0].replace(/[^a-z]/g, '');
    if (!NOT_A_FORM.has(f)) out.add(SAME_FORM[f] ?? f);
  }
  return out;
}

/**
 * Whether a printed name is the own company's: the same words once legal form, case, accents and spacing are
 * set aside, with about one OCR slip per seven letters; or the own name's words in a row inside a longer printed
 * name ("Brightway Bakery" in "The Brightway Bakery Company Ltd"). One shared word ("Nordic Foods" and
 * "Nordic Trading") is not enough, and another legal form is another company ("Rheinland Distribution B.V."
 * is not "Rheinland Distribution SAS"); a name printed or known without its legal form can be either.
 */
export function isOwnName(printed: string, own: string): boolean {
  const pf = legalForms(printed);
  const of = legalForms(own);
  if (pf.size && of.size && ![...pf].some((f) => of.has(f))) return false;
  const p = words(printed);
  const o = words(own);
  const a = p.join('');
  const b = o.join('');
  if (a.length < 3 || b.length < 3) return false;
  if (a === b) return true;
  const allowed = Math.floor(Math.max(a.length, b.length) / 7);
  if (allowed > 0 && Math.abs(a.length - b.length) <= allowed && editDistance(a, b) <= allowed) return true;
  // the own name inside a longer printed one, with at most two more words
  if (b.length < 8 || p.length - o.length > 2 || p.length <= o.length) return false;
  for (let i = 0; i + o.length <= p.length; i++) if (o.every((w, k) => p[i + k] === w)) return true;
  return false;
}

/** A VAT id as compared: letters and digits only, in capitals. */
export const vatKey = (id: string) => id.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether address lines printed under a name hold the own company's street (its address's first part, e.g.
 * "14 Mill Lane" of "14 Mill Lane, Leeds LS1 1AA"), allowing one OCR slip.
 */
export function isOwnAddress(lines: string[], own: OwnCompany): boolean {
  const street = own.address?.split(/[,\n;]/)[0] ?? '';
  const s = words(street).join('');
  if (s.length < 6 || !/\d/.test(s) || !/[a-z]{3}/.test(s)) return false;
  return lines.some((l) => {
    const t = words(l).join('');
    return t === s || (t.length >= s.length && editDistance(t.slice(0, s.length), s) <= 1);
  });
}

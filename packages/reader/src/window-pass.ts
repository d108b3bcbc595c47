import type { Box } from './image.js';
import { LEGAL_FORM, PARTY_LABELS } from './labels.js';
import type { Line } from './layout.js';
import { compact, norm } from './parse.js';
import { ocrSameName, SENDER_SPLIT } from './parties.js';
import type { TParty, Word } from './types.js';

/**
 * The address window of a scanned page read again on its own. Page segmentation (psm 3) may run the tightly set
 * lines under a window's heading or sender line into one tall line of specks ("Kunde:" over "ey", the name and
 * street lost), so the buyer is missing or a fragment ("50667 Koln", "a ser"), or the sender line itself. Read as
 * one uniform block, its letters larger, the window's lines come back.
 */

/**
 * A buyer's name a scan's reading may have lost or garbled: none, no legal form, a run of digits (a postcode
 * line, OCR noise), or a sender line's separators. (A name without a legal form may be right: the window is read
 * again, and its reading is taken only when it names a company with its legal form.)
 */
export function weakBuyerName(name: string | undefined): boolean {
  if (!name?.trim()) return true;
  return !LEGAL_FORM.test(name) || /\d{2}/.test(name) || SENDER_SPLIT.test(name);
}

/**
 * The window to read again, in page fractions: from its topmost marker in the upper half of the first page (a
 * sender line of three parts, a buyer heading starting a cell, or where the buyer's name was read) about eight
 * lines down, from the marker's left edge to the page's middle or a little past it. None without a marker.
 */
export function windowBand(lines: Line[], nameBox?: { page: number; x: number; y: number }): Box | undefined {
  const marks: { x0: number; y0: number }[] = [];
  for (const l of lines) {
    if (l.page !== 1 || l.y0 > 0.45) continue;
    for (const c of l.cells) {
      if (c.x0 > 0.45) continue;
      const sender = c.text.split(SENDER_SPLIT).filter((t) => t.trim()).length >= 3;
      const heading = PARTY_LABELS.invoiceTo.exec(norm(c.text));
      if (sender || (heading && heading.index <= 1 && c.text.length <= heading[0].length + 4))
        marks.push({ x0: c.x0, y0: c.y0 });
    }
  }
  if (nameBox && nameBox.page === 1 && nameBox.y < 0.45 && nameBox.x <= 0.45)
    marks.push({ x0: nameBox.x, y0: nameBox.y });
  if (!marks.length) return undefined;
  const top = marks.reduce((a, b) => (b.y0 < a.y0 ? b : a));
  const x0 = Math.max(0, Math.min(...marks.filter((m) => m.y0 - top.y0 < 0.1).map((m) => m.x0)) - 0.03);
  return { x0, y0: Math.max(0, top.y0 - 0.008), x1: Math.min(1, x0 + 0.45), y1: Math.min(1, top.y0 + 0.1) };
}

/** The first page's words with those in `band` replaced by the window's own reading. */
export function withWindowWords(words: Word[], band: Box, window: Word[]): Word[] {
  const inBand = (w: Word) => {
    const x = (w.x0 + w.x1) / 2;
    const y = (w.y0 + w.y1) / 2;
    return w.page === 1 && x >= band.x0 && x <= band.x1 && y >= band.y0 && y <= band.y1;
  };
  return [...words.filter((w) => !inBand(w)), ...window.map((w) => ({ ...w, page: 1 }))];
}

/**
 * The buyer the window's own reading names, where it is better than the one read: a company with its legal form,
 * no run of digits, no sender line, and not the vendor (nor the vendor as OCR misread it).
 */
export function betterBuyer(read: TParty, again: TParty, vendor: TParty): TParty | undefined {
  const name = again.name?.trim();
  if (!name || !weakBuyerName(read.name) || weakBuyerName(name)) return undefined;
  const v = vendor.name ?? '';
  if (v && (compact(v) === compact(name) || ocrSameName(v, name))) return undefined;
  if (read.name && compact(read.name) === compact(name)) return undefined;
  return again;
}

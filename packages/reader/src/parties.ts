import { boxOf, cleanId, type ExtractContext, type Found, rawIndex } from './context.js';
import { DOC_TYPE, LEGAL_FORM, PARTY_LABELS } from './labels.js';
import { type Cell, type Line, xOverlap } from './layout.js';
import { findDates, norm } from './parse.js';
import type { TBox, TParty } from './types.js';

const VAT_ID =
  /\b(?:ATU\d{8}|BE\s?0?\d{3}\.?\d{3}\.?\d{3}|DE\s?\d{3}\s?\d{3}\s?\d{3}|FR\s?[0-9A-Z]{2}\s?\d{3}\s?\d{3}\s?\d{3}|NL\s?\d{9}\s?B\s?\d{2}|LU\s?\d{8}|GB\s?\d{3}\s?\d{4}\s?\d{2}|ES\s?[A-Z0-9]\d{7}[A-Z0-9]|IT\s?\d{11}|CHE[-\s]?\d{3}\.?\d{3}\.?\d{3})\b/g;
const BUYER_HINT =
  /\b(?:client|kunde|kunden|customer|buyer|acheteur|kaufer|ihre|votre|uw|klant|afnemer|empfanger|destinataire|ship\s+to|deliver\w*|livraison|your)\b/;
const SELLER_HINT =
  /\b(?:seller|vendor|supplier|lieferant|verkaufer|fournisseur|vendeur|leverancier|our|unsere|notre|onze)\b/;

/** The vendor's VAT number: VAT ids on the page, preferring those not labelled as the buyer's. */
export function extractVat(ctx: ExtractContext, buyerZone: Set<number>): Found<string> | undefined {
  const cands: { id: string; score: number; line: Line }[] = [];
  for (const line of ctx.lines) {
    for (const m of line.text.matchAll(VAT_ID)) {
      const id = m[0].replace(/[\s.-]/g, '');
      const before = norm(line.text.slice(0, m.index));
      const prevLine = ctx.lines[line.index - 1];
      let score = 1;
      if (BUYER_HINT.test(before.slice(-40))) score -= 2;
      if (SELLER_HINT.test(before.slice(-40))) score += 2;
      if (buyerZone.has(line.index)) score -= 1.5;
      if (prevLine && BUYER_HINT.test(norm(prevLine.text)) && !before) score -= 0.5;
      if (/\b(?:ust|vat|tva|btw|mwst|umsatzsteuer)/.test(before)) score += 0.5;
      cands.push({ id, score, line });
    }
  }
  cands.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
  const c = cands[0];
  if (!c || c.score < 0) return undefined;
  // another VAT id that scores about as well makes the choice uncertain
  const rival = cands.find((o) => o.id !== c.id && o.score >= c.score - 1);
  return { value: c.id, conf: c.score >= 1 && !rival ? 0.88 : 0.6, box: boxOf(c.line) };
}

export function isNoiseName(t: string): boolean {
  const n = norm(t);
  if (n.length < 3 || !/[a-z]{2}/.test(n)) return true;
  for (const [re] of DOC_TYPE) if (re.test(n) && n.split(' ').length <= 3) return true;
  if (/^(?:page|seite|tel|fax|phone|date|datum|www|http|e-?mail|iban|bic)\b/.test(n)) return true;
  if (/@|www\.|https?:/.test(n)) return true;
  if (
    /\b(?:nummer|number|nr|gln|gtin|siren|siret|iban)\b/.test(n) ||
    /^[\p{L} .-]{2,30}:\s*\S/u.test(t.trim())
  )
    return true;
  if (findDates(t).length) return true;
  return false;
}

/** Address lines after a name line: until a phone/email/VAT line or a gap. */
export function addressAfter(
  ctx: ExtractContext,
  start: Line,
  cell: Cell,
  maxLines: number,
): { lines: Line[]; cells: Cell[] } {
  const lines: Line[] = [];
  const cells: Cell[] = [];
  let prev: { y1: number; h: number } = { y1: cell.y1, h: cell.y1 - cell.y0 };
  for (let j = start.index + 1; j < ctx.lines.length && lines.length < maxLines; j++) {
    const l = ctx.lines[j]!;
    if (l.page !== start.page) break;
    if (l.y0 - prev.y1 > prev.h * 1.8) break;
    const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.03 || xOverlap(c, cell) > 0.6);
    if (!c) continue;
    const n = norm(c.text);
    if (
      /\b(?:tel|phone|fax|e-?mail|www|gst|vat|tva|ust|btw|iban|siren|siret|rcs|date|invoice|receipt|tax|hrb|steuer)\b|@|:/.test(
        n,
      )
    )
      break;
    lines.push(l);
    cells.push(c);
    prev = { y1: c.y1, h: c.y1 - c.y0 };
  }
  return { lines, cells };
}

const POSTCODE_CITY = /^(?:(?:[A-Z]{1,2}-?)?(\d{4,5}|\d{4}\s?[A-Z]{2})\s+(.+)|(.+?)\s+(\d{5})\s*$)/;
export function partyFromLines(name: string, addr: string[]): TParty {
  const p: TParty = { name: name.trim() };
  const rest: string[] = [];
  for (const a of addr) {
    const m = POSTCODE_CITY.exec(a.trim());
    if (m && !p.postCode) {
      p.postCode = (m[1] ?? m[4])!;
      const city = (m[2] ?? m[3])!.replace(/,\s*[A-Z]{2}$/, (x) => {
        p.country = x.replace(/[, ]/g, '');
        return '';
      });
      p.city = city.trim();
    } else rest.push(a.trim());
  }
  if (rest.length) p.address = rest.join(', ');
  return p;
}
export interface Parties {
  vendor: TParty;
  invoiceTo: TParty;
  recipient: TParty;
  boxes: Record<string, TBox>;
  conf: Record<string, number>;
  buyerZone: Set<number>;
  account?: { value: string; box: TBox };
}

/** Vendor, invoice-to and deliver-to parties of an invoice or order (receipts: receiptParties). */
export function extractParties(ctx: ExtractContext): Parties {
  const boxes: Record<string, TBox> = {};
  const conf: Record<string, number> = {};
  const buyerZone = new Set<number>();
  let account: { value: string; box: TBox } | undefined;
  const first = ctx.lines.filter((l) => l.page === 1);
  const labelled = (re: RegExp, avoid?: RegExp): { party: TParty; line: Line; cell: Cell } | undefined => {
    for (const line of first) {
      for (let ci = 0; ci < line.cells.length; ci++) {
        const cell = line.cells[ci]!;
        const n = norm(cell.text);
        const m = re.exec(n);
        if (!m || m.index > 3 || n.length > m[0].length + 40) continue;
        if (avoid?.test(n)) continue;
        if (
          /\b(?:no|nr|number|nummer|n°|id|vat|tva|ust|date|datum|ref)\b/.test(
            n.slice(m.index + m[0].length, m.index + m[0].length + 12),
          )
        )
          continue;
        // value on the same cell after a colon, else the cell below
        const after = cell.text.slice(rawIndex(cell.text, m.index + m[0].length));
        const rest = /^\s*:/.test(after) ? after.replace(/^[\s:]+/, '').trim() : '';
        let nameCell: Cell | undefined;
        let nameLine = line;
        // a block with its own "Name:" row
        for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 5) && !rest; j++) {
          const l = ctx.lines[j]!;
          if (l.page !== line.page) break;
          const k = l.cells.findIndex((c) =>
            /^(?:name|nom|naam|firma|raison sociale)\s*:?$/i.test(c.text.trim()),
          );
          if (k >= 0 && l.cells[k + 1]) {
            nameCell = l.cells[k + 1];
            nameLine = l;
            break;
          }
        }
        if (nameCell) {
          // found through the Name: row
        } else if (rest.length > 2 && !/^(?:address|adresse|anschrift)/i.test(rest))
          nameCell = { ...cell, text: rest };
        else {
          for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 4); j++) {
            const l = ctx.lines[j]!;
            if (l.page !== line.page) break;
            const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.04 || xOverlap(c, cell) > 0.5);
            if (c && !isNoiseName(c.text)) {
              nameCell = c;
              nameLine = l;
              break;
            }
          }
        }
        if (!nameCell) continue;
        const a = addressAfter(ctx, nameLine, nameCell, 5);
        for (const l of a.lines) buyerZone.add(l.index);
        buyerZone.add(nameLine.index);
        // the buyer's number at the supplier ("Nummer: GE2020211" inside the buyer block)
        for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 6) && !account; j++) {
          const l = ctx.lines[j]!;
          const k = l.cells.findIndex((c) =>
            /^(?:nummer|number|id|kunden\s*-?\s*nr\.?|kundennummer|customer\s+(?:no|id))\s*:?\s*$/i.test(
              c.text.trim(),
            ),
          );
          const v =
            k >= 0
              ? cleanId(l.cells[k + 1]?.text ?? '')
              : /^(?:nummer|kundennummer)\s*:\s*(\S+)$/i.exec(l.text.trim())?.[1];
          if (v && /\d/.test(v)) account = { value: v.replace(/^:\s*/, ''), box: boxOf(l) };
        }
        const p = partyFromLines(
          nameCell.text,
          a.cells.map((c) => c.text),
        );
        return { party: p, line: nameLine, cell: nameCell };
      }
    }
    return undefined;
  };
  const inv = labelled(PARTY_LABELS.invoiceTo, /\b(?:no|nr|number|nummer|id|vat|tva)\b/);
  const zoneBeforeRecipient = new Set(buyerZone);
  const rec = labelled(PARTY_LABELS.recipient, /\b(?:date|datum|conditions|bedingungen)\b/);
  const vendorByLabel = labelled(PARTY_LABELS.vendor, /\b(?:no|nr|number|id)\b/);
  // vendor: a labelled seller block, else a line with a legal form outside the buyer blocks, else the top line
  let vendor: TParty = {};
  let vBox: TBox | undefined;
  let vConf = 0.5;
  if (vendorByLabel) {
    vendor = vendorByLabel.party;
    vBox = boxOf(vendorByLabel.cell);
    vConf = 0.9;
    for (const l of ctx.lines)
      if (l.index >= vendorByLabel.line.index && l.index <= vendorByLabel.line.index + 5)
        buyerZone.delete(l.index);
  } else {
    const cands: { cell: Cell; line: Line; score: number }[] = [];
    for (const line of first) {
      if (buyerZone.has(line.index) || zoneBeforeRecipient.has(line.index)) continue;
      for (const cell of line.cells) {
        if (isNoiseName(cell.text) || cell.text.length > 60) continue;
        let score = 0;
        if (LEGAL_FORM.test(cell.text)) score += 2;
        if (line.y0 < 0.2) score += 1;
        if (line.y0 > 0.85) score += 0.3;
        const h = cell.y1 - cell.y0;
        score += Math.min(1.5, h * 60);
        if (/\d{3,}/.test(cell.text)) score -= 1;
        if (/[·•|]/.test(cell.text)) score -= 1;
        if (score > 0) cands.push({ cell, line, score });
      }
    }
    // a sender line "Name · Street · City" above the address window names the vendor too
    for (const line of first.filter((l) => l.y0 < 0.35)) {
      const parts = line.text.split(/\s*[·•|]\s*|\s+-\s+/);
      if (parts.length >= 3 && LEGAL_FORM.test(parts[0]!))
        cands.push({ cell: { ...line.cells[0]!, text: parts[0]! }, line, score: 2.8 });
    }
    cands.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
    const best = cands[0];
    if (best) {
      const a = addressAfter(ctx, best.line, best.cell, 4);
      vendor = partyFromLines(
        best.cell.text,
        a.cells.map((c) => c.text),
      );
      vBox = boxOf(best.cell);
      vConf = LEGAL_FORM.test(best.cell.text) ? (best.line.y0 < 0.2 ? 0.87 : 0.75) : 0.45;
    }
  }
  if (vBox) boxes['vendor.name'] = vBox;
  conf['vendor.name'] = vConf;
  // without an invoice-to label, a German-style address window (left, top quarter) holds the buyer
  let invoiceTo = inv?.party ?? {};
  if (inv) {
    boxes['invoiceTo.name'] = boxOf(inv.cell);
    conf['invoiceTo.name'] = 0.9;
  } else {
    const sender = first.find((l) => l.y0 < 0.3 && l.text.split(/\s*[·•|]\s*|\s+-\s+/).length >= 3);
    if (sender) {
      const next = ctx.lines[sender.index + 1];
      const cell = next?.cells.find((c) => Math.abs(c.x0 - sender.x0) < 0.05);
      if (next && cell && !isNoiseName(cell.text)) {
        const a = addressAfter(ctx, next, cell, 4);
        invoiceTo = partyFromLines(
          cell.text,
          a.cells.map((c) => c.text),
        );
        boxes['invoiceTo.name'] = boxOf(cell);
        conf['invoiceTo.name'] = 0.8;
        buyerZone.add(next.index);
        for (const l of a.lines) buyerZone.add(l.index);
      }
    }
  }
  const recipient = rec?.party ?? {};
  if (rec) boxes['recipient.name'] = boxOf(rec.cell);
  return { vendor, invoiceTo, recipient, boxes, conf, buyerZone, account };
}

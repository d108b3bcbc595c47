import { XMLParser } from 'fast-xml-parser';
import type { TDocumentType, TItem, TParty, TReaderResult } from './types.js';

type X = Record<string, unknown> | unknown[] | string | number | undefined;

/** First descendant with the given (namespace-free) element name, depth first. */
function find(node: X, name: string, depth = 0): X {
  if (!node || typeof node !== 'object' || depth > 40) return undefined;
  if (Array.isArray(node)) {
    for (const n of node) {
      const r = find(n as X, name, depth + 1);
      if (r !== undefined) return r;
    }
    return undefined;
  }
  if (name in node) return (node as Record<string, X>)[name];
  for (const v of Object.values(node)) {
    const r = find(v as X, name, depth + 1);
    if (r !== undefined) return r;
  }
  return undefined;
}
function all(node: X, name: string, out: X[] = [], depth = 0): X[] {
  if (!node || typeof node !== 'object' || depth > 40) return out;
  if (Array.isArray(node)) {
    for (const n of node) all(n as X, name, out, depth + 1);
    return out;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === name) {
      if (Array.isArray(v)) out.push(...(v as X[]));
      else out.push(v as X);
    } else all(v as X, name, out, depth + 1);
  }
  return out;
}
function text(node: X): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim();
  if (Array.isArray(node)) return text(node[0] as X);
  if (typeof node === 'object' && '#text' in node) return text((node as Record<string, X>)['#text']);
  return undefined;
}
const str = (node: X, name: string) => text(find(node, name));
const num = (node: X, name: string) => {
  const t = str(node, name);
  const n = t === undefined ? Number.NaN : Number(t);
  return Number.isFinite(n) ? n : undefined;
};
function isoDate(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(s.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

function ciiParty(p: X): TParty {
  if (!p) return {};
  const out: TParty = {};
  const name = str(p, 'Name');
  if (name) out.name = name;
  const addr = find(p, 'PostalTradeAddress');
  if (addr) {
    const lines = ['LineOne', 'LineTwo', 'LineThree'].map((k) => str(addr, k)).filter(Boolean);
    if (lines.length) out.address = lines.join(', ');
    const pc = str(addr, 'PostcodeCode');
    if (pc) out.postCode = pc;
    const city = str(addr, 'CityName');
    if (city) out.city = city;
    const c = str(addr, 'CountryID');
    if (c) out.country = c;
  }
  for (const reg of all(p, 'SpecifiedTaxRegistration')) {
    const id = find(reg, 'ID');
    const scheme =
      id && typeof id === 'object' && !Array.isArray(id)
        ? (id as Record<string, X>)['@_schemeID']
        : undefined;
    if (scheme === 'VA' || !out.vatNumber) out.vatNumber = text(id);
  }
  const email = str(find(p, 'EmailURIUniversalCommunication'), 'URIID');
  if (email) out.email = email;
  return out;
}

function ublParty(p: X): TParty {
  if (!p) return {};
  const out: TParty = {};
  const name = str(find(p, 'PartyName'), 'Name') ?? str(find(p, 'PartyLegalEntity'), 'RegistrationName');
  if (name) out.name = name;
  const addr = find(p, 'PostalAddress');
  if (addr) {
    const lines = [str(addr, 'StreetName'), str(addr, 'AdditionalStreetName')].filter(Boolean);
    if (lines.length) out.address = lines.join(', ');
    const pc = str(addr, 'PostalZone');
    if (pc) out.postCode = pc;
    const city = str(addr, 'CityName');
    if (city) out.city = city;
    const c = str(find(addr, 'Country'), 'IdentificationCode');
    if (c) out.country = c;
  }
  const vat = str(find(p, 'PartyTaxScheme'), 'CompanyID');
  if (vat) out.vatNumber = vat;
  return out;
}

export type EInvoice = Pick<
  TReaderResult,
  'documentType' | 'currency' | 'vendor' | 'recipient' | 'invoiceTo' | 'headers' | 'totals' | 'items'
> & {
  format: string;
};

/** Reads a CII (Factur-X, ZUGFeRD 1/2, XRechnung CII, Order-X) or UBL invoice/credit note. */
export function parseEInvoice(xml: string | Uint8Array): EInvoice | undefined {
  const s = typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
  if (s.length > 20_000_000) return undefined;
  const parser = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    processEntities: false,
  });
  let doc: Record<string, X>;
  try {
    doc = parser.parse(s) as Record<string, X>;
  } catch {
    return undefined;
  }
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?'));
  if (!rootName) return undefined;
  const root = doc[rootName];
  if (rootName === 'Invoice' || rootName === 'CreditNote') return parseUbl(root, rootName);
  if (!/CrossIndustry|SCRDMCCBDACIOMessageStructure/.test(rootName)) return undefined;
  const isOrder = rootName === 'SCRDMCCBDACIOMessageStructure';
  const header = find(root, 'ExchangedDocument') ?? find(root, 'HeaderExchangedDocument');
  const typeCode = str(header, 'TypeCode');
  const documentType: TDocumentType = isOrder
    ? 'order'
    : typeCode === '381' || typeCode === '261'
      ? 'creditNote'
      : 'invoice';
  const issue = isoDate(str(find(header, 'IssueDateTime'), 'DateTimeString'));
  const seller = ciiParty(find(root, 'SellerTradeParty'));
  const buyer = ciiParty(find(root, 'BuyerTradeParty'));
  const shipTo = ciiParty(find(root, 'ShipToTradeParty'));
  const sums =
    find(root, 'SpecifiedTradeSettlementHeaderMonetarySummation') ??
    find(root, 'SpecifiedTradeSettlementMonetarySummation');
  const items: TItem[] = [];
  for (const li of all(root, 'IncludedSupplyChainTradeLineItem')) {
    const it: TItem = {};
    const prod = find(li, 'SpecifiedTradeProduct');
    const name = str(prod, 'Name');
    if (name) it.itemDesc = name;
    const code = str(prod, 'SellerAssignedID');
    if (code) it.itemCode = code;
    const gid = str(prod, 'GlobalID');
    if (gid) it.unitBarcode = gid;
    const qtyNode = find(li, 'BilledQuantity') ?? find(li, 'RequestedQuantity') ?? find(li, 'AgreedQuantity');
    const q = text(qtyNode);
    if (q !== undefined) it.itemQty = Number(q);
    if (qtyNode && typeof qtyNode === 'object' && !Array.isArray(qtyNode)) {
      const u = (qtyNode as Record<string, X>)['@_unitCode'];
      if (typeof u === 'string') it.unitOfMeasure = u;
    }
    const net = find(li, 'NetPriceProductTradePrice');
    const p = num(net, 'ChargeAmount');
    const basis = num(net, 'BasisQuantity');
    if (p !== undefined) it.price = basis && basis !== 1 ? p / basis : p;
    const rate =
      num(find(li, 'ApplicableTradeTax'), 'RateApplicablePercent') ??
      num(find(li, 'ApplicableTradeTax'), 'ApplicablePercent');
    if (rate !== undefined) it.vat = rate;
    const cat = str(find(li, 'ApplicableTradeTax'), 'CategoryCode');
    if (cat) it.vatCode = cat;
    const amt = num(
      find(li, 'SpecifiedTradeSettlementLineMonetarySummation') ?? find(li, 'SpecifiedLineTradeSettlement'),
      'LineTotalAmount',
    );
    if (amt !== undefined) it.amount = amt;
    items.push(it);
  }
  const totals: EInvoice['totals'] = {};
  const set = (k: keyof EInvoice['totals'], v: number | undefined) => {
    if (v !== undefined) totals[k] = v;
  };
  set('subtotal', num(sums, 'LineTotalAmount'));
  set('discount', num(sums, 'AllowanceTotalAmount'));
  set('charges', num(sums, 'ChargeTotalAmount'));
  set('net', num(sums, 'TaxBasisTotalAmount'));
  set('vat', num(sums, 'TaxTotalAmount'));
  set('invoiceTotal', num(sums, 'GrandTotalAmount'));
  const headers: EInvoice['headers'] = {};
  const id = str(header, 'ID');
  if (isOrder) {
    if (id) headers.orderNum = id;
    if (issue) headers.orderDate = issue;
  } else {
    if (id) headers.invoiceNum = id;
    if (issue) headers.invoiceDate = issue;
    const po = str(find(root, 'BuyerOrderReferencedDocument'), 'IssuerAssignedID');
    if (po) headers.orderNum = po;
  }
  const due = isoDate(
    str(find(find(root, 'SpecifiedTradePaymentTerms'), 'DueDateDateTime'), 'DateTimeString'),
  );
  if (due) headers.dueDate = due;
  if (buyer.vatNumber) headers.shopVat = buyer.vatNumber;
  const ref = str(root, 'BuyerReference');
  if (ref) headers.reference = ref;
  const currency =
    str(root, 'InvoiceCurrencyCode') ?? str(root, 'OrderCurrencyCode') ?? str(root, 'TaxCurrencyCode');
  return {
    format: isOrder ? 'order-x' : 'cii',
    documentType,
    currency,
    vendor: seller,
    invoiceTo: buyer,
    recipient: shipTo.name ? shipTo : buyer,
    headers,
    totals,
    items,
  };
}

function parseUbl(root: X, rootName: string): EInvoice {
  const headers: EInvoice['headers'] = {};
  const id = text((root as Record<string, X>).ID);
  if (id) headers.invoiceNum = id;
  const d = isoDate(text((root as Record<string, X>).IssueDate));
  if (d) headers.invoiceDate = d;
  const due = isoDate(
    text((root as Record<string, X>).DueDate) ?? str(find(root, 'PaymentMeans'), 'PaymentDueDate'),
  );
  if (due) headers.dueDate = due;
  const po = str(find(root, 'OrderReference'), 'ID');
  if (po) headers.orderNum = po;
  const vendor = ublParty(find(find(root, 'AccountingSupplierParty'), 'Party'));
  const buyer = ublParty(find(find(root, 'AccountingCustomerParty'), 'Party'));
  const m = find(root, 'LegalMonetaryTotal');
  const totals: EInvoice['totals'] = {};
  const line = num(m, 'LineExtensionAmount');
  if (line !== undefined) totals.subtotal = line;
  const net = num(m, 'TaxExclusiveAmount');
  if (net !== undefined) totals.net = net;
  const gross = num(m, 'TaxInclusiveAmount');
  if (gross !== undefined) totals.invoiceTotal = gross;
  const allow = num(m, 'AllowanceTotalAmount');
  if (allow !== undefined) totals.discount = allow;
  const charge = num(m, 'ChargeTotalAmount');
  if (charge !== undefined) totals.charges = charge;
  const vat = num(find(root, 'TaxTotal'), 'TaxAmount');
  if (vat !== undefined) totals.vat = vat;
  const items: TItem[] = [];
  for (const li of [...all(root, 'InvoiceLine'), ...all(root, 'CreditNoteLine')]) {
    const it: TItem = {};
    const item = find(li, 'Item');
    const name = str(item, 'Name');
    if (name) it.itemDesc = name;
    const code = str(find(item, 'SellersItemIdentification'), 'ID');
    if (code) it.itemCode = code;
    const q = num(li, 'InvoicedQuantity') ?? num(li, 'CreditedQuantity');
    if (q !== undefined) it.itemQty = q;
    const p = num(find(li, 'Price'), 'PriceAmount');
    if (p !== undefined) it.price = p;
    const a = num(li, 'LineExtensionAmount');
    if (a !== undefined) it.amount = a;
    const r = num(find(item, 'ClassifiedTaxCategory'), 'Percent');
    if (r !== undefined) it.vat = r;
    items.push(it);
  }
  const currency = text((root as Record<string, X>).DocumentCurrencyCode);
  return {
    format: 'ubl',
    documentType: rootName === 'CreditNote' ? 'creditNote' : 'invoice',
    currency,
    vendor,
    invoiceTo: buyer,
    recipient: buyer,
    headers,
    totals,
    items,
  };
}

/** Picks the e-invoice XML among PDF attachments (factur-x.xml, zugferd-invoice.xml, order-x.xml, …). */
export function pickEInvoiceAttachment(
  att: { name: string; content: Uint8Array }[],
): { name: string; content: Uint8Array } | undefined {
  const xmls = att.filter((a) => /\.xml$/i.test(a.name));
  return (
    xmls.find((a) => /factur-?x|zugferd|order-x|xrechnung|cii/i.test(a.name)) ??
    xmls.find((a) =>
      /CrossIndustry|SCRDMCCBDACIOMessageStructure|<(\w+:)?Invoice\b/.test(
        new TextDecoder().decode(a.content.subarray(0, 4000)),
      ),
    )
  );
}

import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { enInvoice, makePdf } from './__tests__/make-docs.js';
import { parseEInvoice } from './einvoice.js';
import { readDocument } from './read.js';

const cii = (total: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocument><ram:ID>FX-2024-001</ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20240131</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:SellerAssignedID>ART-1</ram:SellerAssignedID><ram:Name>Papier A4</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>4.50</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">10</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>45.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty><ram:Name>Papeterie Martin SAS</ram:Name>
    <ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:LineOne>1 rue de Rivoli</ram:LineOne><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>
    <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR11999999998</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>Boutique Durand</ram:Name></ram:BuyerTradeParty>
   <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-77</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>45.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>45.00</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">9.00</ram:TaxTotalAmount><ram:GrandTotalAmount>${total}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const ubl = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
 <cbc:ID>UBL-9</cbc:ID><cbc:IssueDate>2024-02-10</cbc:IssueDate><cbc:DueDate>2024-03-10</cbc:DueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
 <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Leverancier B.V.</cbc:Name></cac:PartyName>
  <cac:PartyTaxScheme><cbc:CompanyID>NL123456789B01</cbc:CompanyID></cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty>
 <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Winkel</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
 <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount></cac:TaxTotal>
 <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount>
  <cbc:TaxInclusiveAmount currencyID="EUR">121.00</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal>
 <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
  <cac:Item><cbc:Name>Koffiebonen 1 kg</cbc:Name><cac:ClassifiedTaxCategory><cbc:Percent>21</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
  <cac:Price><cbc:PriceAmount currencyID="EUR">25.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

describe('e-invoices', () => {
  it('parses CII (Factur-X / ZUGFeRD)', () => {
    const e = parseEInvoice(cii('54.00'))!;
    expect(e.headers).toMatchObject({
      invoiceNum: 'FX-2024-001',
      invoiceDate: '2024-01-31',
      dueDate: '2024-03-01',
      orderNum: 'PO-77',
    });
    expect(e.vendor).toMatchObject({
      name: 'Papeterie Martin SAS',
      vatNumber: 'FR11999999998',
      postCode: '75001',
      city: 'Paris',
    });
    expect(e.totals).toMatchObject({ subtotal: 45, net: 45, vat: 9, invoiceTotal: 54 });
    expect(e.items[0]).toMatchObject({
      itemCode: 'ART-1',
      itemDesc: 'Papier A4',
      itemQty: 10,
      price: 4.5,
      amount: 45,
      vat: 20,
      unitOfMeasure: 'C62',
    });
  });

  it('parses UBL', () => {
    const e = parseEInvoice(ubl)!;
    expect(e.headers).toMatchObject({
      invoiceNum: 'UBL-9',
      invoiceDate: '2024-02-10',
      dueDate: '2024-03-10',
    });
    expect(e.totals).toMatchObject({ net: 100, vat: 21, invoiceTotal: 121 });
    expect(e.items[0]).toMatchObject({ itemDesc: 'Koffiebonen 1 kg', itemQty: 4, price: 25, amount: 100 });
  });

  it('reads a standalone XML file', async () => {
    const r = await readDocument(new TextEncoder().encode(ubl), { fileName: 'x.xml' });
    expect(r.source).toBe('embedded-xml');
    expect(r.vendor.name).toBe('Leverancier B.V.');
    expect(r.pendingReview).toBe(false);
  });

  it('reads the XML embedded in a PDF and cross-checks it with the page', async () => {
    const pdf = await new Promise<Uint8Array>((resolve) => {
      const doc = new PDFDocument({ size: 'A4' });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      doc.file(Buffer.from(cii('54.00')), { name: 'factur-x.xml', type: 'text/xml' });
      doc.fontSize(12).text('Facture FX-2024-001', 50, 50);
      doc.text('Total TTC', 300, 300);
      doc.text('64,00', 450, 300);
      doc.end();
    });
    const r = await readDocument(pdf, { fileName: 'fx.pdf' });
    expect(r.source).toBe('embedded-xml');
    expect(r.headers.invoiceNum).toBe('FX-2024-001');
    expect(r.totals.invoiceTotal).toBe(54);
    // the page says 64,00: a person must look
    expect(r.issues.some((i) => /page shows 64\.00/.test(i.description))).toBe(true);
    expect(r.pendingReview).toBe(true);
  });

  it('ignores XML that is not an invoice', async () => {
    const r = await readDocument(new TextEncoder().encode('<?xml version="1.0"?><note>hi</note>'), {
      fileName: 'n.xml',
    });
    expect(r.pendingReview).toBe(true);
    expect(r.issues[0]!.description).toMatch(/not a CII or UBL/);
  });

  it('still reads the page of a PDF without XML', async () => {
    const r = await readDocument(await makePdf(enInvoice(1)), { fileName: 'plain.pdf' });
    expect(r.source).toBe('text');
  });
});

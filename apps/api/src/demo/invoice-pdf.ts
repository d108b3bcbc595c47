import PDFDocument from 'pdfkit';

export type TInvoiceLine = { code: string; description: string; qty: number; price: number };
export type TInvoice = {
  vendor: string;
  vendorAddress?: string;
  invoiceNum: string;
  orderNum?: string;
  date: string;
  customer?: string;
  lines: TInvoiceLine[];
  vatRate?: number;
  /** A delivery charge added after the subtotal: the net is printed too. */
  delivery?: number;
  /** Print a wrong amount on the first line, to make the reader's checks fail. */
  wrongLine?: boolean;
  /** A credit note instead of an invoice: its title and number label say so. */
  creditNote?: boolean;
  /** The buyer's reference printed in the header (a credit note names the invoice it corrects there). */
  reference?: string;
};

const money = (n: number) => n.toFixed(2);

/** A one-page supplier invoice (demo data and tests) with a text layer, laid out like the ones shops receive. */
export function invoicePdf(inv: TInvoice): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(18).text(inv.vendor, 50, 50);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(inv.vendorAddress ?? '12 Market Street, Leeds LS1 4AB', 50, 75);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(inv.creditNote ? 'CREDIT NOTE' : 'INVOICE', 400, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${inv.creditNote ? 'Credit Note No' : 'Invoice No'}: ${inv.invoiceNum}`, 400, 75);
  if (inv.reference) doc.text(`Buyer Reference: ${inv.reference}`, 400, 120);
  doc.text(`Invoice Date: ${inv.date}`, 400, 90);
  if (inv.orderNum) doc.text(`Order No: ${inv.orderNum}`, 400, 105);
  doc.text('Bill To:', 50, 130);
  doc.text(inv.customer ?? 'Corner Shop Ltd, 1 High Street, York YO1 7HH', 50, 145);

  const cols = [50, 130, 330, 400, 480];
  let y = 200;
  doc.font('Helvetica-Bold');
  const row = (cells: string[]) => {
    cells.forEach((v, i) => {
      doc.text(v, cols[i]!, y);
    });
  };
  row(['Code', 'Description', 'Qty', 'Unit Price', 'Amount']);
  doc.font('Helvetica');
  let subtotal = 0;
  inv.lines.forEach((line, n) => {
    y += 18;
    const amount = Math.round(line.qty * line.price * 100) / 100;
    subtotal += amount;
    const printed = inv.wrongLine && n === 0 ? amount + 10 : amount;
    row([line.code, line.description, String(line.qty), money(line.price), money(printed)]);
  });
  const rate = inv.vatRate ?? 20;
  const net = Math.round((subtotal + (inv.delivery ?? 0)) * 100) / 100;
  const vat = Math.round(net * rate) / 100;
  const total = Math.round((net + vat) * 100) / 100;
  y += 40;
  doc.text('Subtotal', 400, y);
  doc.text(money(subtotal), 480, y);
  if (inv.delivery !== undefined) {
    doc.text('Delivery charge', 400, y + 16);
    doc.text(money(inv.delivery), 480, y + 16);
    doc.text('Net total', 400, y + 32);
    doc.text(money(net), 480, y + 32);
    y += 32;
  }
  doc.text(`VAT ${rate}%`, 400, y + 16);
  doc.text(money(vat), 480, y + 16);
  doc.font('Helvetica-Bold').text('Total', 400, y + 32);
  doc.text(money(total), 480, y + 32);
  doc.end();
  return done;
}

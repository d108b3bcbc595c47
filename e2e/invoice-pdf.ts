import PDFDocument from 'pdfkit';

export type TLine = { code: string; description: string; qty: number; price: number };

const money = (n: number) => n.toFixed(2);

/**
 * A one-page supplier invoice with a text layer, laid out like the API tests' invoices (which the reader reads
 * perfectly). `wrongLine` prints 10.00 too much on the first line, so the reader's checks raise issues.
 */
export function invoicePdf(inv: {
  vendor: string;
  invoiceNum: string;
  orderNum?: string;
  date: string;
  lines: TLine[];
  wrongLine?: boolean;
  /** A credit note instead of an invoice: its title and number label say so. */
  creditNote?: boolean;
}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(18).text(inv.vendor, 50, 50);
  doc.font('Helvetica').fontSize(10).text('12 Market Street, Leeds LS1 4AB', 50, 75);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(inv.creditNote ? 'CREDIT NOTE' : 'INVOICE', 400, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${inv.creditNote ? 'Credit Note No' : 'Invoice No'}: ${inv.invoiceNum}`, 400, 75);
  doc.text(`Invoice Date: ${inv.date}`, 400, 90);
  if (inv.orderNum) doc.text(`Order No: ${inv.orderNum}`, 400, 105);
  doc.text('Bill To:', 50, 130);
  doc.text('Corner Grocer Ltd, 1 High Street, York YO1 7HH', 50, 145);
  const cols = [50, 130, 330, 400, 480];
  let y = 200;
  const row = (cells: string[]) => {
    cells.forEach((v, i) => {
      doc.text(v, cols[i]!, y);
    });
  };
  doc.font('Helvetica-Bold');
  row(['Code', 'Description', 'Qty', 'Unit Price', 'Amount']);
  doc.font('Helvetica');
  let subtotal = 0;
  inv.lines.forEach((line, n) => {
    y += 18;
    const amount = Math.round(line.qty * line.price * 100) / 100;
    subtotal += amount;
    row([
      line.code,
      line.description,
      String(line.qty),
      money(line.price),
      money(inv.wrongLine && n === 0 ? amount + 10 : amount),
    ]);
  });
  const vat = Math.round(subtotal * 20) / 100;
  const total = Math.round((subtotal + vat) * 100) / 100;
  y += 40;
  doc.text('Subtotal', 400, y);
  doc.text(money(subtotal), 480, y);
  doc.text('VAT 20%', 400, y + 16);
  doc.text(money(vat), 480, y + 16);
  doc.font('Helvetica-Bold').text('Total', 400, y + 32);
  doc.text(money(total), 480, y + 32);
  doc.end();
  return done;
}

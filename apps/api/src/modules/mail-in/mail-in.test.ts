import type { TMailMessage } from '@orderbridge/contract';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { startSmtpReceiver } from './smtp-receiver.js';

const DOMAIN = 'in.orderbridge.test';
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_IN_PORT: '0', MAIL_IN_DOMAIN: DOMAIN, HOST: '127.0.0.1' });
});
afterAll(() => t.close());

let invoiceNo = 9000;
const pdf = (vendor = 'Fresh Farm Foods') =>
  invoicePdf({
    vendor,
    invoiceNum: `INV-${invoiceNo++}`,
    date: '2026-11-02',
    lines: [{ code: 'A100', description: 'Organic apples 1kg', qty: 10, price: 2.5 }],
  });

/** A UBL e-invoice as suppliers attach them. */
const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
 <cbc:ID>UBL-42</cbc:ID><cbc:IssueDate>2026-11-10</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
 <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Fresh Farm Foods</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>
 <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Corner Shop</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
 <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:TaxInclusiveAmount currencyID="EUR">121.00</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal>
 <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
  <cac:Item><cbc:Name>Coffee beans 1 kg</cbc:Name></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">25.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

type TShop = { owner: TSession; shopId: number; address: string; supplierEmail: string; linkId: number };

/** A shop with one supplier (known by `supplierEmail`) and its ingestion address. */
async function shop(): Promise<TShop> {
  const owner = await signUp(t.app);
  const shopId = await createCompany(t.app, owner, 'shops');
  const supplierEmail = uniqueEmail('billing');
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/suppliers`,
    headers: bearer(owner.token),
    payload: { supplierEmail, supplierName: `Fresh Farm ${shopId}` },
  });
  expect(link.statusCode).toBe(201);
  const config = await t.app.inject({
    method: 'GET',
    url: `/api/shops/${shopId}/email-config`,
    headers: bearer(owner.token),
  });
  expect(config.statusCode).toBe(200);
  return {
    owner,
    shopId,
    address: config.json().data.ingestionAddress,
    supplierEmail,
    linkId: link.json().data.shopSupplierId,
  };
}

const smtp = (port = t.app.mailReceiver!.port) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

/** Sends over SMTP to the real receiver; resolves with the SMTP error for refused mail. */
async function send(mail: SendMailOptions, port?: number) {
  try {
    return { info: await smtp(port).sendMail(mail), error: null };
  } catch (error) {
    return { info: null, error: error as Error & { responseCode?: number } };
  }
}

/** The shop's log once the newest message has been handled. */
async function settled(s: TShop, count: number, timeoutMs = 20_000): Promise<TMailMessage[]> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${s.shopId}/email-config`,
      headers: bearer(s.owner.token),
    });
    const messages = res.json().data.messages as TMailMessage[];
    if (messages.length >= count && messages.every((m) => m.status !== 'queued')) return messages;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('messages still queued');
}

const unprocessed = async (s: TShop) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/shops/${s.shopId}/orders/unprocessed?PerPage=100`,
      headers: bearer(s.owner.token),
    })
  ).json().data.data as {
    id: number;
    uploadedVia: string;
    emailSender: string | null;
    fileName: string;
    shopSupplierId: number | null;
    supplierName: string | null;
  }[];

const call = (s: TShop, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers: bearer(s.owner.token), payload: payload as object });

/** The shop owner's notifications, newest first. */
const notificationsOf = async (s: TShop) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/shops/${s.shopId}/notifications?PerPage=100`,
      headers: bearer(s.owner.token),
    })
  ).json().data.data as { kind: string; title: string; body: string; link: string }[];

describe('the built-in SMTP receiver and the ingestion job', () => {
  it('turns the PDF of a known supplier into a document that says it came by email; the same file again is a duplicate', async () => {
    const s = await shop();
    expect(s.address).toMatch(new RegExp(`^orders\\+[a-z0-9]{24}@${DOMAIN.replaceAll('.', '\\.')}$`));
    const bytes = await pdf();
    const sent = await send({
      from: `Fresh Farm Billing <${s.supplierEmail.toUpperCase()}>`,
      to: s.address,
      subject: 'Invoice INV-1',
      text: 'Please find our invoice attached. Also online: https://example.com/invoice.pdf',
      attachments: [{ filename: 'invoice-1.pdf', content: bytes }],
    });
    expect(sent.error).toBeNull();
    const [message] = await settled(s, 1);
    expect(message).toMatchObject({
      source: 'smtp',
      sender: s.supplierEmail,
      subject: 'Invoice INV-1',
      status: 'done',
      shopSupplierId: s.linkId,
      outcome: `From Fresh Farm ${s.shopId}: 1 document.`,
    });
    expect(message!.attachments).toEqual([
      { fileName: 'invoice-1.pdf', outcome: 'document', documentId: expect.any(Number) },
    ]);
    // Links in the text are not followed: one document, from the attachment only.
    const docs = await unprocessed(s);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      uploadedVia: 'email',
      emailSender: s.supplierEmail,
      fileName: 'invoice-1.pdf',
    });
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${s.shopId}/orders/pending-review/${docs[0]!.id}`,
      headers: bearer(s.owner.token),
    });
    expect(review.json().data).toMatchObject({ uploadedVia: 'email', emailSender: s.supplierEmail });
    // The shop is told that mail brought a document.
    expect(await notificationsOf(s)).toContainEqual(
      expect.objectContaining({
        kind: 'document_emailed',
        title: `1 document from Fresh Farm ${s.shopId} arrived by email`,
        link: `/shops/${s.shopId}/orders`,
      }),
    );

    await send({
      from: s.supplierEmail,
      to: s.address,
      subject: 'Again',
      attachments: [{ filename: 'again.pdf', content: bytes }],
    });
    const [again] = await settled(s, 2);
    expect(again).toMatchObject({
      status: 'refused',
      outcome: `From Fresh Farm ${s.shopId}: 0 documents, 1 duplicate not read again.`,
    });
    expect(again!.attachments[0]).toMatchObject({
      outcome: 'duplicate',
      reason: expect.stringContaining('it is not read twice'),
    });
    expect(await unprocessed(s)).toHaveLength(1);
  });

  it('makes two documents of two PDFs, refuses the text file beside them, and reads an e-invoice XML as one', async () => {
    const s = await shop();
    await send({
      from: s.supplierEmail,
      to: s.address,
      subject: 'Two invoices',
      attachments: [
        { filename: 'a.pdf', content: await pdf() },
        { filename: 'b.pdf', content: await pdf() },
        { filename: 'notes.txt', content: 'delivery on Tuesday' },
        { filename: 'invoice.xml', content: UBL, contentType: 'application/xml' },
      ],
    });
    const [message] = await settled(s, 1);
    expect(message).toMatchObject({
      status: 'done',
      outcome: `From Fresh Farm ${s.shopId}: 3 documents, 1 refused.`,
    });
    expect(message!.attachments.map((a) => [a.fileName, a.outcome])).toEqual([
      ['a.pdf', 'document'],
      ['b.pdf', 'document'],
      ['notes.txt', 'refused'],
      ['invoice.xml', 'document'],
    ]);
    expect(message!.attachments[2]!.reason).toBe('Only PDF, PNG, JPG, and JPEG files are supported.');
    const docs = await unprocessed(s);
    expect(docs.map((d) => d.fileName).sort()).toEqual(['a.pdf', 'b.pdf', 'invoice.xml']);
  });

  it("puts an unknown sender's documents in the review queue without a supplier until a person chooses one, then offers the address as a secondary email", async () => {
    const s = await shop();
    const stranger = uniqueEmail('accounts');
    await send({
      from: stranger,
      to: s.address,
      subject: 'Invoice',
      attachments: [
        { filename: 'x.pdf', content: await pdf() },
        { filename: 'y.pdf', content: await pdf() },
      ],
    });
    const [waiting] = await settled(s, 1);
    expect(waiting).toMatchObject({
      status: 'needs_supplier',
      outcome: `Unknown sender ${stranger}: choose the supplier`,
      sender: stranger,
      shopSupplierId: null,
    });
    const [x, y] = waiting!.attachments.map((a) => a.documentId!);
    expect(x && y).toBeTruthy();
    // Both wait in the shop's list with no supplier, said to be from the sender; the shop is told where to look.
    const docs = await unprocessed(s);
    expect(docs.map((d) => [d.id, d.shopSupplierId, d.supplierName, d.emailSender]).sort()).toEqual(
      [
        [x, null, null, stranger],
        [y, null, null, stranger],
      ].sort(),
    );
    expect(await notificationsOf(s)).toContainEqual(
      expect.objectContaining({
        kind: 'document_emailed',
        title: `2 documents from unknown sender ${stranger} arrived by email`,
        link: `/shops/${s.shopId}/orders/review/${x}`,
      }),
    );
    const review = async (id: number) => {
      const end = Date.now() + 90_000;
      for (;;) {
        const r = await call(s, 'GET', `/api/shops/${s.shopId}/orders/pending-review/${id}`);
        if (r.json().data.status !== 'reading' || Date.now() > end) return r.json().data;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    expect(await review(x!)).toMatchObject({
      status: 'pending_review',
      supplier: null,
      emailSender: stranger,
    });
    await review(y!);
    // The review queue lists them too (the screen where a person chooses).
    const queue = (await call(s, 'GET', `/api/shops/${s.shopId}/orders/pending-review?PerPage=100`)).json()
      .data;
    expect(queue.data.map((d: { id: number }) => d.id).sort()).toEqual([x, y].sort());
    // The dashboard counts them as documents not yet an order.
    const dashboard = (await call(s, 'GET', `/api/shops/${s.shopId}/dashboard`)).json().data;
    expect(dashboard.noOfUnprocessedOrders).toBe(2);

    // No order without a supplier, not even with "process anyway".
    const early = await call(s, 'POST', `/api/shops/${s.shopId}/orders/pending-review/${x}/process`, {
      override: true,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Unknown sender ${stranger}: choose the supplier before processing it.`,
    );
    // Another shop's supplier is not one to choose.
    const other = await shop();
    const foreign = await call(s, 'POST', `/api/shops/${s.shopId}/orders/pending-review/${x}/supplier`, {
      shopSupplierId: other.linkId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This supplier was not found among your suppliers.');
    const bad = await call(s, 'POST', `/api/shops/${s.shopId}/orders/pending-review/${x}/supplier`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.shopSupplierId).toEqual(['Choose a supplier']);

    // From the review screen, for one document: it becomes the supplier's; the message waits for the other.
    const chosen = await call(s, 'POST', `/api/shops/${s.shopId}/orders/pending-review/${x}/supplier`, {
      shopSupplierId: s.linkId,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({
      offerSecondaryEmail: stranger,
      document: { id: x, supplier: { shopSupplierId: s.linkId, shopSupplierName: `Fresh Farm ${s.shopId}` } },
    });
    expect(
      (
        await call(s, 'POST', `/api/shops/${s.shopId}/orders/pending-review/${x}/supplier`, {
          shopSupplierId: s.linkId,
        })
      ).statusCode,
    ).toBe(409);
    expect((await settled(s, 1))[0]!.status).toBe('needs_supplier');

    // From the email page, for the whole message: the rest becomes the supplier's and the message is done.
    const whole = await call(
      s,
      'POST',
      `/api/shops/${s.shopId}/email-config/messages/${waiting!.id}/supplier`,
      {
        shopSupplierId: s.linkId,
      },
    );
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data).toMatchObject({
      offerSecondaryEmail: stranger,
      message: {
        status: 'done',
        shopSupplierId: s.linkId,
        outcome: `From Fresh Farm ${s.shopId} (chosen by a person): 2 documents.`,
      },
    });
    expect((await unprocessed(s)).every((d) => d.shopSupplierId === s.linkId)).toBe(true);
    const twice = await call(
      s,
      'POST',
      `/api/shops/${s.shopId}/email-config/messages/${waiting!.id}/supplier`,
      {
        shopSupplierId: s.linkId,
      },
    );
    expect(twice.statusCode).toBe(409);
    // Now it can become an order of that supplier.
    const processed = await call(s, 'POST', `/api/shops/${s.shopId}/orders/pending-review/${x}/process`, {
      override: true,
    });
    expect(processed.statusCode).toBe(200);
    expect(processed.json().data).toMatchObject({ isProcessed: true, orderId: expect.any(Number) });

    // Accepting the offer: the next message from that address finds its supplier by itself.
    const patched = await call(s, 'PATCH', `/api/shops/${s.shopId}/suppliers/${s.linkId}`, {
      secondaryEmails: [stranger],
    });
    expect(patched.statusCode).toBe(200);
    await send({
      from: stranger,
      to: s.address,
      subject: 'Next',
      attachments: [{ filename: 'z.pdf', content: await pdf() }],
    });
    const [next] = await settled(s, 2);
    expect(next).toMatchObject({ status: 'done', shopSupplierId: s.linkId });
  }, 240_000);

  it("does not give a spoofed sender of another shop's supplier to that supplier, nor trust a From the envelope contradicts", async () => {
    const a = await shop();
    const b = await shop();
    // b's supplier address, sent to a: a does not know it; nothing reaches b.
    await send({
      from: b.supplierEmail,
      to: a.address,
      subject: 'Invoice',
      attachments: [{ filename: 's.pdf', content: await pdf() }],
    });
    const [spoofed] = await settled(a, 1);
    expect(spoofed).toMatchObject({
      status: 'needs_supplier',
      outcome: `Unknown sender ${b.supplierEmail}: choose the supplier`,
    });
    expect((await settled(b, 0)).length).toBe(0);
    expect(await unprocessed(b)).toHaveLength(0);
    // It waits in a's review queue without a supplier.
    expect((await unprocessed(a)).map((d) => [d.shopSupplierId, d.emailSender])).toEqual([
      [null, b.supplierEmail],
    ]);

    // a's own supplier in the header From, but the envelope comes from elsewhere: a person decides.
    await send({
      from: a.supplierEmail,
      to: a.address,
      envelope: { from: 'bounce@attacker.example', to: a.address },
      subject: 'Invoice',
      attachments: [{ filename: 't.pdf', content: await pdf() }],
    });
    const [forged] = await settled(a, 2);
    expect(forged).toMatchObject({
      status: 'needs_supplier',
      outcome: `Unknown sender ${a.supplierEmail} (sent through bounce@attacker.example): choose the supplier`,
    });
    expect((await unprocessed(a)).map((d) => d.shopSupplierId)).toEqual([null, null]);
  });

  it('refuses a 30 MB message at the door and logs it; a malformed MIME message and one without attachments are logged as refused', async () => {
    const s = await shop();
    const big = await send({
      from: s.supplierEmail,
      to: s.address,
      subject: 'Huge',
      attachments: [{ filename: 'huge.pdf', content: Buffer.alloc(30 * 1024 * 1024, 0x41) }],
    });
    expect(big.error?.responseCode).toBe(552);

    const malformed = [
      `From: ${s.supplierEmail}`,
      `To: ${s.address}`,
      'Subject: broken',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="never-closed"',
      '',
      '--never-closed',
      'Content-Type: application/pdf; name="cut.pdf"',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename="cut.pdf"',
      '',
      '%%%% not base64 at all ####',
      '--wrong-boundary',
      '\u0000\u0001 garbage',
    ].join('\r\n');
    expect(
      (await send({ envelope: { from: s.supplierEmail, to: [s.address] }, raw: malformed })).error,
    ).toBeNull();
    await send({
      from: s.supplierEmail,
      to: s.address,
      subject: 'Just a link',
      text: 'Download: https://example.com/inv.pdf',
    });

    const messages = await settled(s, 3);
    const bySubject = (subject: string | null) => messages.find((m) => m.subject === subject);
    const refusedBig = messages.find((m) => m.size > 30 * 1024 * 1024);
    expect(refusedBig).toMatchObject({
      status: 'refused',
      outcome: 'Refused: the message is larger than 25 MB.',
    });
    expect(bySubject('broken')).toMatchObject({ status: 'refused' });
    expect(bySubject('broken')!.attachments.every((a) => a.outcome !== 'document')).toBe(true);
    expect(bySubject('Just a link')).toMatchObject({
      status: 'refused',
      outcome: expect.stringContaining('links in the text are not followed'),
    });
    expect(await unprocessed(s)).toHaveLength(0);
    // Each refusal is told to the shop, with its reason, pointing at the email page.
    const refusals = (await notificationsOf(s)).filter((n) => n.kind === 'email_refused');
    expect(refusals).toHaveLength(3);
    expect(refusals.map((n) => n.body)).toEqual(
      expect.arrayContaining([
        'Refused: the message is larger than 25 MB.',
        expect.stringContaining('links in the text are not followed'),
      ]),
    );
    for (const n of refusals) {
      expect(n.title).toBe(`A message from ${s.supplierEmail} was refused`);
      expect(n.link).toBe(`/shops/${s.shopId}/config/email`);
    }
    expect((await notificationsOf(s)).some((n) => n.kind === 'document_emailed')).toBe(false);
  });

  it('accepts mail only for current ingestion addresses (a rotated one is refused)', async () => {
    const s = await shop();
    const unknown = await send({
      from: s.supplierEmail,
      to: `orders+${'0'.repeat(24)}@${DOMAIN}`,
      text: 'x',
    });
    expect(unknown.error?.responseCode).toBe(550);
    const otherDomain = await send({
      from: s.supplierEmail,
      to: s.address.replace(DOMAIN, 'example.com'),
      text: 'x',
    });
    expect(otherDomain.error?.responseCode).toBe(550);

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${s.shopId}/email-config/address`,
      headers: bearer(s.owner.token),
    });
    expect(rotated.statusCode).toBe(201);
    const fresh = rotated.json().data.ingestionAddress as string;
    expect(fresh).not.toBe(s.address);
    expect((await send({ from: s.supplierEmail, to: s.address, text: 'x' })).error?.responseCode).toBe(550);
    expect((await send({ from: s.supplierEmail, to: fresh, text: 'x' })).error).toBeNull();
  });

  it('limits the messages per sending address and minute', async () => {
    const s = await shop();
    const receiver = await startSmtpReceiver({
      port: 0,
      host: '127.0.0.1',
      maxBytes: 1024 * 1024,
      ratePerMinute: 2,
      mailIn: t.app.services.mailIn,
      log: t.app.log,
    });
    try {
      const results = [];
      for (let i = 0; i < 3; i++)
        results.push(
          await send({ from: s.supplierEmail, to: s.address, subject: `n${i}`, text: 'x' }, receiver.port),
        );
      expect(results.map((r) => r.error?.responseCode ?? 250)).toEqual([250, 250, 421]);
    } finally {
      await receiver.close();
    }
  });
});

describe('the lists of received messages and mailboxes (the shared list module)', () => {
  it('pages the messages newest first with a cursor, filters them by state, and refuses bad values in the envelope', async () => {
    const s = await shop();
    for (const subject of ['first', 'second', 'third'])
      await send({
        from: s.supplierEmail,
        to: s.address,
        subject,
        attachments: [{ filename: `${subject}.pdf`, content: await pdf() }],
      });
    await send({ from: s.supplierEmail, to: s.address, subject: 'no attachment', text: 'hello' });
    await settled(s, 4);
    const list = (query: string) => call(s, 'GET', `/api/shops/${s.shopId}/email-config/messages?${query}`);

    const first = (await list('PerPage=3')).json().data;
    expect(first).toMatchObject({ total: 4, page: 1, perPage: 3, nextCursor: expect.any(String) });
    expect(first.data.map((m: TMailMessage) => m.subject)).toEqual(['no attachment', 'third', 'second']);
    const rest = (await list(`PerPage=3&cursor=${first.nextCursor}`)).json().data;
    expect(rest.data.map((m: TMailMessage) => m.subject)).toEqual(['first']);
    expect(rest.nextCursor).toBeNull();
    const oldest = (await list('sort=oldest&PerPage=1')).json().data;
    expect(oldest.data[0].subject).toBe('first');
    const refused = (await list('status=refused')).json().data;
    expect(refused).toMatchObject({
      total: 1,
      data: [expect.objectContaining({ subject: 'no attachment' })],
    });

    const bad = await list('status=lost&sort=size');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: { status: [expect.stringContaining('Choose one of')], sort: expect.any(Array) },
    });
    expect((await list(`sort=oldest&cursor=${first.nextCursor}`)).statusCode).toBe(400);
    // Another shop sees none of them.
    const other = await shop();
    expect(
      (await call(other, 'GET', `/api/shops/${other.shopId}/email-config/messages`)).json().data.total,
    ).toBe(0);
    expect((await call(other, 'GET', `/api/shops/${s.shopId}/email-config/messages`)).statusCode).toBe(403);
  });

  it("pages the shop's mailboxes in the order they were added", async () => {
    const s = await shop();
    for (const name of ['a', 'b', 'c'])
      expect(
        (
          await call(s, 'POST', '/api/AppEmailAccess/new', {
            shopId: s.shopId,
            emailAddress: `${name}@shop.example`,
            emailProvider: 'custom',
            credentials: { host: '127.0.0.1', port: 1, tls: false, password: 'x' },
          })
        ).statusCode,
      ).toBe(201);
    const page1 = (await call(s, 'GET', `/api/shops/${s.shopId}/email-config/mailboxes?PerPage=2`)).json()
      .data;
    expect(page1).toMatchObject({ total: 3, perPage: 2, nextCursor: expect.any(String) });
    expect(page1.data.map((m: { emailAddress: string }) => m.emailAddress)).toEqual([
      'a@shop.example',
      'b@shop.example',
    ]);
    const newest = (await call(s, 'GET', `/api/shops/${s.shopId}/email-config/mailboxes?sort=newest`)).json()
      .data;
    expect(newest.data[0].emailAddress).toBe('c@shop.example');
    // The spec's call still answers every mailbox, in the same order.
    expect(
      (await call(s, 'GET', `/api/AppEmailAccess?shopId=${s.shopId}`))
        .json()
        .data.map((m: { emailAddress: string }) => m.emailAddress),
    ).toEqual(['a@shop.example', 'b@shop.example', 'c@shop.example']);
  });
});

describe("the spec's general email calls", () => {
  const call = (s: TSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload ? { payload } : {}) });

  it('refuses suppliers and members of other companies, and validates input with the envelope', async () => {
    const s = await shop();
    const supplierOwner = await signUp(t.app);
    const supplierId = await createCompany(t.app, supplierOwner, 'suppliers');
    const stranger = await shop();
    for (const url of [
      '/api/AppEmailAccess',
      '/api/email-config',
      '/api/EmailTest/preview',
      '/api/EmailTest/queue',
    ]) {
      expect((await call(supplierOwner, 'GET', `${url}?shopId=${supplierId}`)).statusCode).toBe(403);
      expect((await call(stranger.owner, 'GET', `${url}?ShopId=${s.shopId}`)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `${url}?shopId=${s.shopId}` })).statusCode).toBe(401);
      expect((await call(s.owner, 'GET', `${url}?shopId=abc`)).statusCode).toBe(400);
    }
    const patch = await call(stranger.owner, 'PATCH', '/api/EmailTest/patch-test', {
      shopId: s.shopId,
      messageId: 1,
    });
    expect(patch.statusCode).toBe(403);
    const bad = await call(s.owner, 'POST', '/api/AppEmailAccess/new', {
      shopId: s.shopId,
      emailAddress: 'not-an-address',
      emailProvider: 'custom',
      credentials: { password: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: expect.any(Object),
      trace: expect.any(String),
    });
  });

  it("keeps a mailbox's password out of every reply, and shows an unreachable server as its error", async () => {
    const s = await shop();
    const password = 'super secret app password 31';
    const added = await call(s.owner, 'POST', '/api/AppEmailAccess/new', {
      shopId: s.shopId,
      emailAddress: 'inbox@shop.example',
      emailProvider: 'custom',
      credentials: { host: '127.0.0.1', port: 1, tls: false, username: 'inbox', password },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      emailAddress: 'inbox@shop.example',
      emailProvider: 'custom',
      error: expect.stringContaining('ECONNREFUSED'),
      credentials: { host: '127.0.0.1', port: 1, tls: false, username: 'inbox', hasPassword: true },
    });
    const again = await call(s.owner, 'POST', '/api/AppEmailAccess/new', {
      shopId: s.shopId,
      emailAddress: 'INBOX@shop.example',
      emailProvider: 'gmail',
      credentials: { password },
    });
    expect(again.statusCode).toBe(409);
    const id = added.json().data.id;
    const replies = [
      added.body,
      again.body,
      (await call(s.owner, 'GET', `/api/AppEmailAccess?shopId=${s.shopId}`)).body,
      (await call(s.owner, 'GET', `/api/email-config?shopId=${s.shopId}`)).body,
      (await call(s.owner, 'GET', `/api/shops/${s.shopId}/email-config`)).body,
      (await call(s.owner, 'POST', `/api/shops/${s.shopId}/email-config/${id}/test`)).body,
      (await call(s.owner, 'GET', `/api/EmailTest/preview?shopId=${s.shopId}`)).body,
      (await call(s.owner, 'GET', `/api/shops/${s.shopId}/email-config/mailboxes`)).body,
    ];
    for (const body of replies) expect(body).not.toContain(password);
    // A preset fills host and port.
    const gmail = await call(s.owner, 'POST', '/api/email-config', {
      shopId: s.shopId,
      emailAddress: 'second@shop.example',
      emailProvider: 'gmail',
      credentials: { password },
    });
    expect(gmail.json().data.credentials).toMatchObject({
      host: 'imap.gmail.com',
      port: 993,
      tls: true,
      username: 'second@shop.example',
    });
    expect((await call(s.owner, 'DELETE', `/api/shops/${s.shopId}/email-config/${id}`)).statusCode).toBe(200);
    expect((await call(s.owner, 'DELETE', `/api/shops/${s.shopId}/email-config/${id}`)).statusCode).toBe(404);
  });

  it('ingests an uploaded .eml or file as if mailed, sends a test invoice through the receiver, re-reads a message and shows the queue', async () => {
    const s = await shop();
    const eml = await new MailComposer({
      from: s.supplierEmail,
      to: s.address,
      subject: 'From a file',
      attachments: [{ filename: 'f.pdf', content: await pdf() }],
    })
      .compile()
      .build();
    const form = multipart(
      { ShopId: String(s.shopId) },
      { field: 'File', name: 'm.eml', type: 'message/rfc822', bytes: eml },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/EmailTest/upload',
      headers: { ...bearer(s.owner.token), ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(202);
    expect(uploaded.json().data).toMatchObject({ source: 'test', status: 'queued' });
    const plain = multipart(
      { ShopId: String(s.shopId), From: s.supplierEmail },
      { field: 'File', name: 'plain.pdf', type: 'application/pdf', bytes: await pdf() },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/EmailTest/upload',
          headers: { ...bearer(s.owner.token), ...plain.headers },
          payload: plain.payload,
        })
      ).statusCode,
    ).toBe(202);
    const sent = await call(
      s.owner,
      'GET',
      `/api/EmailTest/send-order-email?shopId=${s.shopId}&ShopSupplierId=${s.linkId}`,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ ingestionAddress: s.address, from: s.supplierEmail });

    const log = await settled(s, 3);
    expect(log.map((m) => [m.source, m.status]).sort()).toEqual([
      ['smtp', 'done'],
      ['test', 'done'],
      ['test', 'done'],
    ]);
    expect((await call(s.owner, 'GET', `/api/EmailTest/queue?shopId=${s.shopId}`)).json().data).toEqual({
      queued: 0,
      done: 3,
      needs_supplier: 0,
      refused: 0,
      failed: 0,
    });
    const retried = await call(s.owner, 'PATCH', '/api/EmailTest/patch-test', {
      shopId: s.shopId,
      messageId: log[0]!.id,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.attachments[0]).toMatchObject({ outcome: 'duplicate' });
    expect((await unprocessed(s)).length).toBe(3);
  });

  it('takes raw messages from an external pipeline with the ingestion address as its token', async () => {
    const s = await shop();
    const eml = await new MailComposer({
      from: s.supplierEmail,
      to: s.address,
      subject: 'Piped',
      attachments: [{ filename: 'p.pdf', content: await pdf() }],
    })
      .compile()
      .build();
    const post = (fields: Record<string, string>, bytes?: Buffer) => {
      const form = multipart(
        fields,
        bytes ? { field: 'File', name: 'm.eml', type: 'message/rfc822', bytes } : undefined,
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/Upload/upload-from-email',
        headers: form.headers,
        payload: form.payload,
      });
    };
    const token = s.address.slice('orders+'.length, s.address.indexOf('@'));
    expect((await post({ Token: token }, eml)).statusCode).toBe(202);
    expect((await post({ Token: s.address }, Buffer.from('%PDF-1.4 not a message'))).statusCode).toBe(415);
    expect((await post({ Token: 'f'.repeat(24) }, eml)).statusCode).toBe(401);
    const missing = await post({ Token: token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ File: ['Attach the raw message (.eml)'] });
    const [piped] = await settled(s, 1);
    expect(piped).toMatchObject({ source: 'api', status: 'done', subject: 'Piped' });
  });
});

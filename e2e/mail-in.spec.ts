import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { DOVECOT, startDovecot, type TDovecot } from '../apps/api/src/test/dovecot';
import { signedInCompany, uniqueEmail } from './helpers';
import { invoicePdf } from './invoice-pdf';

const IMAP_USER = 'invoices@corner-grocer.test';
const IMAP_PASSWORD = 'grocer app password 5'.replaceAll(' ', '-');
let dovecot: TDovecot;

test.skip(!existsSync(DOVECOT), 'needs Dovecot (apt-get install dovecot-imapd)');
test.beforeAll(async () => {
  dovecot = await startDovecot({ [IMAP_USER]: IMAP_PASSWORD });
});
test.afterAll(async () => {
  await dovecot?.stop();
});

test('a shop connects its mailbox, and an emailed invoice arrives in the review queue', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { companyId, base } = await signedInCompany(page, request, 'shops');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const supplierEmail = uniqueEmail('billing');
  const created = await request.post(`/api/shops/${companyId}/suppliers`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { supplierName: 'Fresh Farm Supplies', supplierEmail },
  });
  expect(created.status()).toBe(201);

  // The supplier's invoice is already waiting in the shop's mailbox.
  const raw = await new MailComposer({
    from: `Fresh Farm Billing <${supplierEmail}>`,
    to: IMAP_USER,
    subject: 'Invoice FF-2201',
    text: 'Our invoice is attached.',
    attachments: [
      {
        filename: 'FF-2201.pdf',
        content: await invoicePdf({
          vendor: 'Fresh Farm Supplies',
          invoiceNum: 'FF-2201',
          date: '2026-11-20',
          lines: [
            { code: 'A100', description: 'Organic apples 1kg', qty: 10, price: 2.5 },
            { code: 'B200', description: 'Free range eggs x12', qty: 5, price: 3.2 },
          ],
        }),
      },
    ],
  })
    .compile()
    .build();
  const imap = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });
  await imap.connect();
  await imap.append('INBOX', raw);
  await imap.logout();

  // The spec's redirect screen keeps the query string.
  await page.goto('/shops/config/email/?from=mail');
  await expect(page).toHaveURL(`${base}/config/email?from=mail`);
  await expect(page.getByRole('heading', { name: 'Email', exact: true })).toBeVisible();
  await expect(page.getByTestId('ingestion-address')).toContainText(/^orders\+[a-z0-9]+@/);

  // A wrong password first: the server's answer is shown.
  const form = page.getByRole('form', { name: 'Mailbox' });
  await form.getByLabel('Provider').selectOption('custom');
  await form.getByLabel('Email address').fill(IMAP_USER);
  await form.getByLabel('IMAP server').fill(dovecot.host);
  await form.getByLabel('Port').fill(String(dovecot.port));
  await form.getByLabel('TLS').uncheck();
  await form.getByLabel('App password').fill('wrong-password');
  await form.getByRole('button', { name: 'Connect and test' }).click();
  await expect(page.getByText('The mail server answered: Authentication failed.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/App password/).fill(IMAP_PASSWORD);
  await dialog.getByRole('button', { name: 'Save and test' }).click();
  // Saved and tested: the dialog closes and the mailbox shows no error any more.
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Connected')).toBeVisible();
  await expect(page.getByText('The mail server answered')).toHaveCount(0);

  // The message log (a notification toast may say the same).
  const logged = page.getByTestId('mail-message').getByText('From Fresh Farm Supplies: 1 document.');
  await expect(logged).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('list-total')).toHaveText('1 message');
  // The log filters by state, and the filter lives in the address.
  await page.getByRole('tab', { name: 'Refused' }).click();
  await expect(page).toHaveURL(/mail=refused/);
  await expect(page.getByText('No messages in this state')).toBeVisible();
  await page.getByRole('tab', { name: 'Read', exact: true }).click();
  await expect(logged).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await page.screenshot({ path: 'e2e/screenshots/mail-in-email-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/screenshots/mail-in-email-390.png', fullPage: true });

  await page.goto(`${base}/config/email2`);
  await expect(page.getByText(IMAP_USER, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/mail-in-email2-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'e2e/screenshots/mail-in-email2-1280.png', fullPage: true });

  // The document waits in the review queue, marked as emailed.
  await expect(async () => {
    await page.goto(`${base}/orders?tab=review`);
    await expect(page.getByText(`By email from ${supplierEmail}`).first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: 'e2e/screenshots/mail-in-review-queue-1280.png', fullPage: true });
});

test("an unknown sender's invoice waits in review without a supplier; the shop chooses one and keeps the address", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { companyId, base } = await signedInCompany(page, request, 'shops');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post(`/api/shops/${companyId}/suppliers`, {
    headers,
    data: { supplierName: 'Harbour Bakery', supplierEmail: uniqueEmail('harbour') },
  });
  expect(created.status()).toBe(201);

  // Mailed from an address no supplier of the shop uses (the EmailTest upload: ingested as if mailed).
  const stranger = uniqueEmail('new-accounts');
  const sent = await request.post('/api/EmailTest/upload', {
    headers,
    multipart: {
      ShopId: String(companyId),
      From: stranger,
      File: {
        name: 'HB-77.pdf',
        mimeType: 'application/pdf',
        buffer: await invoicePdf({
          vendor: 'Harbour Bakery',
          invoiceNum: 'HB-77',
          date: '2026-11-21',
          lines: [{ code: 'S1', description: 'Sourdough loaf', qty: 12, price: 3.4 }],
        }),
      },
    },
  });
  expect(sent.status()).toBe(202);

  // In the review queue, without a supplier.
  await expect(async () => {
    await page.goto(`${base}/orders?tab=review`);
    await expect(page.getByText('Unknown sender: choose the supplier').first()).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 60_000 });
  await page.getByText('Unknown sender: choose the supplier').first().click();

  await expect(page.getByText(`Unknown sender ${stranger}: choose the supplier`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Process', exact: true })).toBeDisabled();
  await page.screenshot({ path: 'e2e/screenshots/mail-in-unknown-sender-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/screenshots/mail-in-unknown-sender-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Choosing with the keyboard: the select, then the button.
  await page.getByLabel('Supplier of this document').selectOption({ label: 'Harbour Bakery' });
  await page.getByRole('button', { name: 'Use this supplier' }).click();
  await expect(page.getByText(`Use ${stranger} for Harbour Bakery from now on?`)).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/mail-in-supplier-chosen-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Add as secondary email' }).click();
  await expect(page.getByText(`${stranger} now belongs to Harbour Bakery.`)).toBeVisible();
  await expect(page.getByText('Harbour Bakery ·', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Process', exact: true })).toBeEnabled();

  // The address is the supplier's now.
  const suppliers = await request.get(`/api/shops/${companyId}/suppliers`, { headers });
  const harbour = (await suppliers.json()).data.data.find(
    (s: { supplierName: string }) => s.supplierName === 'Harbour Bakery',
  );
  expect(harbour.secondaryEmails).toContain(stranger);
});

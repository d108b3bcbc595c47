import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, expectAccessible, PASSWORD, signedInCompany } from './helpers';
import { invoicePdf } from './invoice-pdf';

const shots = path.join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

/** Full-page screenshots at desktop and phone width, then back to desktop. */
async function snapBoth(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await ready();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shots, `admin-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready();
}

test('an operator looks after a company, works the training queue and finds every read in the audit log', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // A shop with a supplier and an uploaded invoice that the reader reads (a new supplier: in training).
  const shopContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const shopPage = await shopContext.newPage();
  const shop = await signedInCompany(shopPage, request, 'shops');
  const shopSession = await apiLogin(request, shop.email);
  const auth = { Authorization: `Bearer ${shopSession.token}` };
  const link = await request.post(`/api/shops/${shop.companyId}/suppliers`, {
    headers: auth,
    data: { supplierName: 'Hillside Dairy', supplierEmail: `dairy-${Date.now()}@example.com` },
  });
  expect(link.status()).toBe(201);
  const linkId = ((await link.json()) as { data: { shopSupplierId: number } }).data.shopSupplierId;
  const pdf = await invoicePdf({
    vendor: 'Hillside Dairy',
    invoiceNum: 'HD-3301',
    date: '2026-03-02',
    lines: [
      { code: 'MLK-1', description: 'Whole milk 2L', qty: 12, price: 1.85 },
      { code: 'BTR-2', description: 'Butter 250g', qty: 6, price: 2.4 },
    ],
  });
  const upload = await request.post(`/api/shops/${shop.companyId}/orders/upload`, {
    headers: auth,
    multipart: {
      ShopSupplierId: String(linkId),
      File: { name: 'hillside-march.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(upload.status()).toBe(201);
  const documentId = ((await upload.json()) as { data: { tempOrderId: number } }).data.tempOrderId;

  // A company admin is no operator.
  await shopPage.goto('/admin');
  await expect(shopPage.getByText('Operators only')).toBeVisible();
  await shopContext.close();

  // The operator made by `npm run operator -- add` (playwright.config.ts) sets a password through the printed link.
  const email = process.env.E2E_OPERATOR_EMAIL!;
  const setPassword = new URL(process.env.E2E_OPERATOR_LINK!);
  await page.goto(`${setPassword.pathname}${setPassword.search}`);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // ---- the reason for the audit log ----
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Why are you opening company data?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Give a reason of 5 to 500 characters')).toBeVisible();
  await page.getByLabel('Reason').fill('Ticket 88: shop asks about March invoices');
  await page.getByRole('button', { name: 'Continue' }).click();

  // ---- companies ----
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByText('Corner Grocer').first()).toBeVisible();
  await page.getByLabel('Type').selectOption('suppliers');
  await expect(companies.getByText('Corner Grocer')).toHaveCount(0);
  await page.getByLabel('Type').selectOption('shops');
  await expectAccessible(page, 'companies');
  await snapBoth(page, 'companies', async () => {
    await expect(page.getByText('Corner Grocer').first()).toBeVisible();
  });

  await page.goto(`/admin/companies/${shop.companyId}`);
  await expect(page.getByRole('heading', { name: 'Corner Grocer' })).toBeVisible();
  await page.getByLabel('Plan').selectOption('Enterprise');
  await page.getByLabel('Billing cycle').selectOption('Yearly');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Corner Grocer was saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Corner Grocer?' });
  await dialog.getByLabel('Why').fill('Unpaid since January');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(
    page.getByText('Unpaid since January — its users cannot sign in to it; its data stays.'),
  ).toBeVisible();
  await expectAccessible(page, 'company');
  await snapBoth(page, 'company', async () => {
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  });
  // The shop's user cannot sign in while suspended.
  const refused = await request.post('/api/account/login', {
    data: { userName: shop.email, password: PASSWORD },
  });
  expect(refused.status()).toBe(403);
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Corner Grocer is active again.')).toBeVisible();
  expect(
    (
      await request.post('/api/account/login', { data: { userName: shop.email, password: PASSWORD } })
    ).status(),
  ).toBe(200);

  // ---- training queue: the document waits for a person ----
  await page.getByRole('link', { name: 'Training' }).click();
  const suppliers = page.getByRole('table', { name: 'Suppliers in training' });
  await expect(suppliers.getByText('Hillside Dairy')).toBeVisible({ timeout: 60_000 });
  const waiting = page.getByRole('table', { name: 'Documents in training' });
  await expect(waiting.getByText('HD-3301')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'training');
  await snapBoth(page, 'training', async () => {
    await expect(page.getByText('HD-3301').first()).toBeVisible();
  });

  await page.goto(`/admin/documents/${documentId}`);
  await expect(page.getByRole('heading', { name: 'HD-3301' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items' }).getByText('Butter 250g')).toBeVisible();
  await page.getByLabel('Reference').fill('March delivery');
  await page.getByRole('button', { name: 'Save corrections' }).click();
  await expect(page.getByText('Saved on the shop’s behalf.')).toBeVisible();
  await expectAccessible(page, 'document');
  await snapBoth(page, 'document', async () => {
    await expect(page.getByRole('heading', { name: 'HD-3301' })).toBeVisible();
  });
  await page.getByRole('button', { name: /^Process/ }).click();
  await expect(page.getByText(`(${email}), OrderBridge support, on the shop’s behalf`)).toBeVisible();

  // The shop sees who processed it.
  const shopAgain = await apiLogin(request, shop.email);
  const review = await request.get(`/api/shops/${shop.companyId}/orders/pending-review/${documentId}`, {
    headers: { Authorization: `Bearer ${shopAgain.token}` },
  });
  expect(
    ((await review.json()) as { data: { processedBy: { operator: boolean } } }).data.processedBy.operator,
  ).toBe(true);

  // ---- orders across companies, and the audit log ----
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('table', { name: 'Orders' }).getByText('HD-3301')).toBeVisible();
  await snapBoth(page, 'orders', async () => {
    await expect(page.getByText('HD-3301').first()).toBeVisible();
  });
  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByText('document.process')).toBeVisible();
  await expect(log.getByText('company.suspend')).toBeVisible();
  await expect(log.getByText('Ticket 88: shop asks about March invoices').first()).toBeVisible();
  await expectAccessible(page, 'audit log');
  await snapBoth(page, 'audit', async () => {
    await expect(page.getByText('document.process').first()).toBeVisible();
  });
});

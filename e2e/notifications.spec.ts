import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, linkFromOutbox, PASSWORD, signedInCompany, uniqueEmail } from './helpers';
import { invoicePdf } from './invoice-pdf';

const shots = path.join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

async function snapBoth(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await ready();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const pdfOf = (invoiceNum: string) =>
  invoicePdf({
    vendor: 'Live Farm Supplies',
    invoiceNum,
    date: '2026-03-09',
    lines: [
      { code: 'APL-01', description: 'Apples Gala 1kg', qty: 10, price: 2.5 },
      { code: 'MLK-03', description: 'Whole milk 2L', qty: 12, price: 1.85 },
    ],
  });

test('an upload moves to ready without a reload, and the bell counts what a colleague does', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const shop = await signedInCompany(page, request, 'shops');
  const owner = await apiLogin(request, shop.email);
  const auth = { Authorization: `Bearer ${owner.token}` };
  const link = await request.post(`/api${shop.base}/suppliers`, {
    headers: auth,
    data: { supplierName: 'Live Farm Supplies', supplierEmail: uniqueEmail('live-farm') },
  });
  expect(link.status()).toBe(201);

  // A colleague joins the shop through an invitation and signs in in another browser.
  const colleagueEmail = uniqueEmail('colleague');
  expect(
    (
      await request.post(`/api${shop.base}/users/invite`, { headers: auth, data: { email: colleagueEmail } })
    ).status(),
  ).toBe(201);
  const invitation = new URL(await linkFromOutbox(request, colleagueEmail, 'invitation=')).searchParams.get(
    'invitation',
  );
  const reg = await request.post('/api/account/register', {
    data: {
      email: colleagueEmail,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Cole',
      lastName: 'League',
      invitation,
    },
  });
  expect(reg.status()).toBe(201);
  await request.get(await linkFromOutbox(request, colleagueEmail, 'confirm-email'), { maxRedirects: 0 });
  const colleague = await apiLogin(request, colleagueEmail);
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const otherPage = await other.newPage();
  await otherPage.goto('/privacy-policy');
  await otherPage.evaluate(
    ({ s, companyId }) => {
      localStorage.setItem('accessToken', s.token);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('deviceID', s.deviceId);
      localStorage.setItem('_companyType', 'shops');
      localStorage.setItem('_companyId', String(companyId));
    },
    { s: colleague, companyId: shop.companyId },
  );
  await otherPage.goto(`${shop.base}/orders`);
  const otherBell = otherPage.getByTestId('notification-bell');
  await expect(otherBell).toHaveAccessibleName('Notifications');

  // ---- the owner uploads; the overlay follows the reading live ----
  await page.goto(`${shop.base}/orders?tab=unprocessed`);
  await page.getByRole('banner').getByRole('button', { name: 'Upload order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload order' });
  await dialog.getByLabel('Order file').setInputFiles({
    name: 'live-invoice.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfOf('LIVE-1'),
  });
  await dialog.getByRole('combobox', { name: 'Supplier' }).fill('Live Farm');
  await dialog.getByRole('option', { name: /Live Farm Supplies/ }).click();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const success = page.getByRole('alertdialog', { name: 'Your file has been uploaded!' });
  const progress = success.getByTestId('upload-progress');
  await expect(progress).toHaveAttribute('data-stage', 'ready', { timeout: 60_000 });
  await expect(progress).toContainText('Read: ready for your review.');
  await snapBoth(page, 'upload-progress', () => expect(progress).toBeVisible());
  await success.getByRole('button', { name: 'Go to orders' }).click();
  await page.getByRole('tab', { name: /All unprocessed/ }).click();

  await expect(page.getByRole('row', { name: /LIVE-1/ })).toContainText('Needs review');

  // The colleague's bell counted the owner's upload, without a reload.
  await expect(otherBell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });

  // ---- the colleague uploads: the owner's list and bell move by themselves (a marker on window would be gone
  // after a reload) ----
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const bell = page.getByTestId('notification-bell');
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);
  const uploaded = await request.post(`/api${shop.base}/orders/upload`, {
    headers: { Authorization: `Bearer ${colleague.token}` },
    multipart: {
      ShopSupplierId: String(
        ((await link.json()) as { data: { shopSupplierId: number } }).data.shopSupplierId,
      ),
      File: { name: 'colleague.pdf', mimeType: 'application/pdf', buffer: await pdfOf('LIVE-2') },
    },
  });
  expect(uploaded.status()).toBe(201);
  await expect(page.getByRole('row', { name: /LIVE-2/ })).toContainText('Needs review', { timeout: 60_000 });
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // ---- the Notifications page: unread first, mark all read ----
  await bell.click();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/notifications$`));
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(
    list.getByRole('link', { name: /LIVE-2 from Live Farm Supplies is ready for review/ }),
  ).toBeVisible();
  await snapBoth(page, 'notifications', () => expect(list).toBeVisible());
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeHidden();
  await other.close();
});

test('email settings are saved per user, and the unsubscribe link works without signing in', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const shop = await signedInCompany(page, request, 'shops');
  await page.goto(`${shop.base}/notifications`);
  await page.getByRole('link', { name: 'Email settings' }).click();
  await expect(page.getByRole('heading', { name: 'Email settings' })).toBeVisible();
  const failed = page.getByRole('checkbox', { name: 'A document could not be read' });
  const ready = page.getByRole('checkbox', { name: 'A document is ready for review' });
  await expect(failed).toBeChecked();
  await expect(ready).not.toBeChecked();
  await ready.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email settings saved')).toBeVisible();
  await snapBoth(page, 'email-settings', () => expect(ready).toBeChecked());
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'A document is ready for review' })).toBeChecked();

  // A document read for review is now mailed at once, with the unsubscribe link at its foot.
  const owner = await apiLogin(request, shop.email);
  const link = await request.post(`/api${shop.base}/suppliers`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { supplierName: 'Mail Farm', supplierEmail: uniqueEmail('mail-farm') },
  });
  const uploaded = await request.post(`/api${shop.base}/orders/upload`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    multipart: {
      ShopSupplierId: String(
        ((await link.json()) as { data: { shopSupplierId: number } }).data.shopSupplierId,
      ),
      File: { name: 'mailed.pdf', mimeType: 'application/pdf', buffer: await pdfOf('MAIL-1') },
    },
  });
  expect(uploaded.status()).toBe(201);
  const unsubscribe = new URL(await linkFromOutbox(request, shop.email, '/unsubscribe?token='));

  const stranger = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const out = await stranger.newPage();
  await out.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(out.getByRole('heading', { name: 'Unsubscribe from OrderBridge email' })).toBeVisible();
  await expect(out.getByText(shop.email)).toBeVisible();
  await snapBoth(out, 'unsubscribe', () =>
    expect(out.getByRole('button', { name: 'Unsubscribe' })).toBeVisible(),
  );
  await out.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(out.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'A document is ready for review' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Daily summary' })).not.toBeChecked();
});

test('the Home screen shows what needs attention and its counts follow the stream', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const shop = await signedInCompany(page, request, 'shops');
  const owner = await apiLogin(request, shop.email);
  const auth = { Authorization: `Bearer ${owner.token}` };
  const link = await request.post(`/api${shop.base}/suppliers`, {
    headers: auth,
    data: { supplierName: 'Home Farm', supplierEmail: uniqueEmail('home-farm') },
  });
  const shopSupplierId = String(
    ((await link.json()) as { data: { shopSupplierId: number } }).data.shopSupplierId,
  );

  await page.goto(`${shop.base}/orders`);
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByTestId('count-unprocessed')).toHaveText('0');
  await expect(page.getByText('Nothing waits for review.')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  for (const n of [1, 2]) {
    const uploaded = await request.post(`/api${shop.base}/orders/upload`, {
      headers: auth,
      multipart: {
        ShopSupplierId: shopSupplierId,
        File: { name: `home-${n}.pdf`, mimeType: 'application/pdf', buffer: await pdfOf(`HOME-${n}`) },
      },
    });
    expect(uploaded.status()).toBe(201);
  }
  // The stream moves the counts and the panels, without a reload.
  await expect(page.getByTestId('count-unprocessed')).toHaveText('2', { timeout: 60_000 });
  const review = page.getByRole('heading', { name: 'Documents to review (2)' });
  await expect(review).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'home-2.pdf' })).toBeVisible();
  await expect(page.getByText(/2 documents read in 14 days, 0 % straight through\./)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snapBoth(page, 'home', () => expect(review).toBeVisible());

  await page.getByRole('link', { name: 'home-1.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/orders/review/\\d+$`));
});

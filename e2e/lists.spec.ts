import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, createConfirmedUser, signedInCompany, uniqueEmail } from './helpers';

const shots = path.join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

async function snapBoth(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Issue 19: the orders list keeps its search, sort and page in the address and searches names and items too. */
test('the orders list searches numbers, names and items accent-insensitively and keeps its state in the address', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const shop = await signedInCompany(page, request, 'shops');
  const shopToken = (await apiLogin(request, shop.email)).token;
  const supplierUser = await createConfirmedUser(request, 'supplier');
  const supplier = await apiLogin(request, supplierUser);
  const supplierEmail = uniqueEmail('farm');
  const created = await request.post('/api/onboarding/company', {
    headers: { Authorization: `Bearer ${supplier.token}` },
    data: { companyName: 'Fresh Farm Foods', companyType: 'suppliers', companyMainEmail: supplierEmail },
  });
  const supplierId = ((await created.json()) as { data: { companyId: number } }).data.companyId;
  const link = await request.post(`/api/shops/${shop.companyId}/suppliers`, {
    headers: { Authorization: `Bearer ${shopToken}` },
    data: { supplierEmail, supplierName: 'Crème de la Crème Dairy' },
  });
  expect(link.status()).toBe(201);
  const supplierAuth = { Authorization: `Bearer ${(await apiLogin(request, supplierUser)).token}` };
  // 30 orders: more than a page (25); every fifth sells Brötchen.
  for (let n = 1; n <= 30; n++) {
    const res = await request.post('/api/SupplierOrder', {
      headers: supplierAuth,
      data: {
        supplierId,
        shopId: shop.companyId,
        invoiceNum: `INV-${String(7000 + n)}`,
        orderNum: `PO-${300 + n}`,
        currency: 'GBP',
        items: [
          n % 5 === 0
            ? { itemCode: 'BR', itemDesc: 'Brötchen x6', itemQty: n, price: 2, amount: 2 * n }
            : { itemCode: 'MK', itemDesc: 'Whole milk 2L', itemQty: n, price: 1.5, amount: 1.5 * n },
        ],
      },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto(`${shop.base}/orders`);
  await expect(page.getByTestId('list-total')).toHaveText('30 orders');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  const box = page.getByLabel('Search');
  // Two characters: a hint, the list stays.
  await box.fill('br');
  await expect(page.getByText('Type at least 3 characters')).toBeVisible();
  await expect(page.getByTestId('list-total')).toHaveText('30 orders');
  // An item description, without its umlaut: the six Brötchen orders, and the term in the address.
  await box.fill('brotchen');
  await expect(page.getByTestId('list-total')).toHaveText('6 orders');
  await expect(page).toHaveURL(/[?&]q=brotchen/);
  await expect(page.getByText('Type at least 3 characters')).toBeHidden();
  await snapBoth(page, 'orders-search');

  // The supplier's name without accents finds all of its orders; a number by a piece of its middle.
  await box.fill('creme de la');
  await expect(page.getByTestId('list-total')).toHaveText('30 orders');
  await box.fill('7012');
  await expect(page.getByTestId('list-total')).toHaveText('1 order');
  await expect(page.getByRole('link', { name: 'INV-7012' }).first()).toBeVisible();

  // Sort and page live in the address: a reload comes back to the same page of the same list.
  await box.fill('');
  await expect(page.getByTestId('list-total')).toHaveText('30 orders');
  await page.getByRole('button', { name: /Total/ }).click();
  await expect(page).toHaveURL(/sort=total/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page).toHaveURL(/sort=total/);
  // Smallest totals are on the last page of "largest first".
  await expect(page.getByRole('link', { name: 'INV-7001' }).first()).toBeVisible();
  await snapBoth(page, 'orders-page-2');
});

import { expect, test } from '@playwright/test';
import { expectAccessible, linkFromOutbox, PASSWORD, signedInCompany, uniqueEmail } from './helpers';

test('a shop creates a supplier, whose invited address registers and sees the shop as its client', async ({
  page,
  request,
  browser,
}) => {
  // Two accounts register, confirm and onboard through the browser: 57 s alone on a 2-core CI machine, past the
  // default 60 s when the rest of the suite runs beside it.
  test.setTimeout(150_000);
  const shop = await signedInCompany(page, request, 'shops');
  const supplierEmail = uniqueEmail('acme');
  await page.goto(`${shop.base}/config/suppliers`);
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No suppliers yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Create new supplier' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create new supplier' });
  await expect(dialog.getByRole('button', { name: 'Create supplier' })).toBeDisabled();
  await expectAccessible(page, 'create supplier dialog');
  await dialog.getByLabel('Supplier name').fill('Acme Wholesale');
  await dialog.getByLabel('Supplier email').fill(supplierEmail);
  await dialog.getByRole('button', { name: 'Create supplier' }).click();

  await expect(page.getByText('You’ve successfully added a new supplier.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Acme Wholesale' });
  await expect(row).toContainText(supplierEmail);
  await expect(row).toContainText('Invited');
  await expectAccessible(page, 'suppliers page');

  // A second supplier with the same name is refused before anything is sent.
  await page.getByRole('button', { name: 'Create new supplier' }).first().click();
  await dialog.getByLabel('Supplier name').fill('ACME wholesale');
  await dialog.getByLabel('Supplier email').fill(uniqueEmail('other'));
  await dialog.getByRole('button', { name: 'Create supplier' }).click();
  await expect(dialog.getByText('A supplier named "Acme Wholesale" already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The invitation email, opened by someone new in another browser.
  const invitation = await linkFromOutbox(request, supplierEmail, 'invitation=');
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(invitation);
  await expect(other.getByText('You were invited to join Acme Wholesale')).toBeVisible();
  await other.getByLabel('First name').fill('Ada');
  await other.getByLabel('Last name').fill('Supplier');
  await expect(other.getByLabel('Work email')).toHaveValue(supplierEmail);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByLabel('Confirm password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await other.goto(await linkFromOutbox(request, supplierEmail, 'confirm-email'));
  await expect(other.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await other.getByRole('link', { name: 'Sign in' }).click();
  await other.getByLabel('Email').fill(supplierEmail);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();

  // Lands in the supplier company, whose client list shows the shop.
  await expect(other).toHaveURL(/\/suppliers\/\d+\/orders$/);
  await expect(other.getByTestId('active-company')).toHaveText('Acme Wholesale');
  await other.getByRole('link', { name: 'Configuration' }).click();
  await other
    .getByRole('navigation', { name: 'Configuration' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await expect(other.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  const clients = other.getByRole('list', { name: 'Client shops of Acme Wholesale' });
  await expect(clients.getByRole('listitem')).toHaveCount(1);
  await expect(clients).toContainText('Corner Grocer');
  await expect(clients).toContainText(shop.email);
  await expectAccessible(other, 'clients page');
  // The search is the API's (accents and case folded), sent once three characters are typed, kept in the address.
  await other.getByLabel('Search clients').fill('gr');
  await expect(other.getByText('Type at least 3 characters')).toBeVisible();
  await other.getByLabel('Search clients').fill('GRÖCER');
  await expect(other).toHaveURL(/[?&]q=GR%C3%96CER/);
  await expect(clients.getByRole('listitem')).toHaveCount(1);
  await other.getByLabel('Search clients').fill('zzz');
  await expect(other.getByText('No clients match your search')).toBeVisible();

  // Back at the shop, the supplier is now on OrderBridge; the client list is a supplier screen.
  await page.goto(`${shop.base}/config/clients`);
  await expect(page).toHaveURL(/\/NotAuthorizedToAccess$/);
  await page.goto(`${shop.base}/config/suppliers`);
  await expect(page.getByRole('row').filter({ hasText: 'Acme Wholesale' })).toContainText('On OrderBridge');
  await context.close();
});

test('a shop admin edits a supplier’s addresses and flags, and deletes it after confirming', async ({
  page,
  request,
}) => {
  const shop = await signedInCompany(page, request, 'shops');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  for (const name of ['Bolt Foods', 'Crate Co']) {
    const res = await request.post(`/api/shops/${shop.companyId}/suppliers`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { supplierName: name, supplierEmail: uniqueEmail(name.split(' ')[0]!.toLowerCase()) },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto(`${shop.base}/config/suppliers`);
  await page.getByLabel('Search suppliers').fill('bolt');
  await expect(page.getByText('1 supplier', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Bolt Foods' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit supplier' });
  await edit.getByLabel('Secondary emails').fill('billing@bolt.example');
  await edit.getByRole('button', { name: 'Add', exact: true }).click();
  await edit.getByLabel(/Process automatically/).check();
  await expectAccessible(page, 'edit supplier dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bolt Foods was saved.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Bolt Foods' });
  await expect(row).toContainText('+1 more');
  await expect(row.getByText('Auto-process')).toHaveClass(/font-medium/);

  await page.getByRole('button', { name: 'Delete Bolt Foods' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete supplier' });
  await expect(confirm).toContainText('Bolt Foods is removed from your suppliers.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Bolt Foods was deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No suppliers match your search' })).toBeVisible();
  await page.getByLabel('Search suppliers').fill('');
  await expect(page.getByText('1 supplier', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Resend invitation to Crate Co' }).click();
  await expect(page.getByText(/^Invitation sent to crate-.*@example\.com\.$/)).toBeVisible();
});

test('the supplier picker of the upload dialog filters, creates a supplier and selects it', async ({
  page,
  request,
}) => {
  const shop = await signedInCompany(page, request, 'shops');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  for (const name of ['Acme Wholesale', 'Bolt Foods', 'acorn farms']) {
    const res = await request.post(`/api/shops/${shop.companyId}/suppliers`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { supplierName: name, supplierEmail: uniqueEmail('picker') },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto(`${shop.base}/orders`);
  await page.getByRole('banner').getByRole('button', { name: 'Upload order' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload order' });
  const combo = upload.getByRole('combobox', { name: 'Supplier' });
  await combo.click();
  const options = upload.getByRole('option');
  await expect(options).toHaveCount(3);
  expect((await upload.getByTestId('supplier-dropdown').boundingBox())?.height).toBeLessThanOrEqual(201);

  await combo.fill('AC');
  await expect(options).toHaveCount(2);
  await options.filter({ hasText: 'acorn farms' }).click();
  await expect(upload.getByRole('listbox')).toBeHidden();
  await expect(combo).toHaveValue('acorn farms');

  // Escape closes the list, not the upload dialog.
  await combo.fill('zeta');
  await expect(upload.getByText('No supplier matches "zeta".')).toBeVisible();
  await combo.press('Escape');
  await expect(upload.getByRole('listbox')).toBeHidden();
  await expect(upload).toBeVisible();

  await combo.click();
  await upload.getByRole('button', { name: 'Create new supplier' }).click();
  const create = page.getByRole('dialog', { name: 'Create new supplier' });
  await expect(create.getByLabel('Supplier name')).toHaveValue('zeta');
  await create.getByLabel('Supplier name').fill('Zeta Dairy');
  await create.getByLabel('Supplier email').fill(uniqueEmail('zeta'));
  await create.getByRole('button', { name: 'Create supplier' }).click();
  await expect(page.getByText('You’ve successfully added a new supplier.')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(upload).toBeVisible();
  await expect(combo).toHaveValue('Zeta Dairy');
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signedInCompany } from './helpers';
import { invoicePdf } from './invoice-pdf';

const shots = path.join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

/** Full-page screenshots at desktop and phone width, then back to desktop. */
async function snapBoth(page: Page, name: string, ready: () => Promise<void>, fullPage = true) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await ready();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready();
}

const LINES = [
  { code: 'APL-01', description: 'Apples Gala 1kg', qty: 10, price: 2.5 },
  { code: 'BRD-02', description: 'Sourdough loaf', qty: 5, price: 3.2 },
  { code: 'MLK-03', description: 'Whole milk 2L', qty: 12, price: 1.85 },
];

test('a shop uploads an invoice, corrects it on the review screen and processes it; the supplier sees the order', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // The supplier company exists first; the shop's new supplier with the same main email links to it.
  const supplierContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const supplierPage = await supplierContext.newPage();
  const supplier = await signedInCompany(supplierPage, request, 'suppliers');
  const shop = await signedInCompany(page, request, 'shops');

  // The upload route of spec §2 opens the dialog over the orders list.
  await page.goto(`${shop.base}/upload`);
  const dialog = page.getByRole('dialog', { name: 'Upload order' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/orders$`));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No orders yet')).toBeVisible();

  // ---- upload dialog ----
  await page.getByRole('banner').getByRole('button', { name: 'Upload order' }).click();
  const uploadButton = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(dialog.getByText('PDF, TXT, PNG, JPG, GIF up to 10MB')).toBeVisible();
  await expect(dialog.getByLabel('Order file')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
  await expect(uploadButton).toBeDisabled();
  await expectAccessible(page, 'upload dialog');

  await dialog.getByLabel('Order file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an invoice'),
  });
  await expect(dialog.getByText('Only PDF, PNG, JPG, and JPEG files are supported.')).toBeVisible();

  const pdf = await invoicePdf({
    vendor: 'Fresh Farm Supplies',
    invoiceNum: 'INV-7001',
    date: '2026-03-02',
    lines: LINES,
    wrongLine: true,
  });
  await dialog.getByLabel('Order file').setInputFiles({
    name: 'fresh-farm-invoice-march-2026.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  // 16 characters of the base name, an ellipsis, the last base character and the extension (spec §5).
  await expect(dialog.getByText('fresh-farm-invoi…6.pdf')).toBeVisible();
  await expect(dialog.getByText('Only PDF, PNG, JPG, and JPEG files are supported.')).toBeHidden();
  await expect(uploadButton).toBeDisabled();

  // No supplier yet: the picker offers to create one, which is then chosen.
  const picker = dialog.getByRole('combobox', { name: 'Supplier' });
  await picker.fill('Fresh Farm');
  await dialog.getByRole('button', { name: 'Create new supplier' }).click();
  const create = page.getByRole('dialog', { name: 'Create new supplier' });
  await create.getByLabel('Supplier name').fill('Fresh Farm Supplies');
  await create.getByLabel('Supplier email').fill(supplier.email);
  await create.getByRole('button', { name: 'Create supplier' }).click();
  await expect(create).toBeHidden();
  await expect(picker).toHaveValue('Fresh Farm Supplies');
  await dialog.getByLabel('Memo (optional)').fill('Delivered on Monday');
  await expect(uploadButton).toBeEnabled();
  await snapBoth(
    page,
    'upload-dialog',
    async () => {
      await expect(dialog).toBeVisible();
    },
    false,
  );
  await uploadButton.click();

  const success = page.getByRole('alertdialog', { name: 'Your file has been uploaded!' });
  await expect(success).toContainText(
    'Your order has been successfully received and is currently being processed. It will be available within an hour.',
  );
  await expect(dialog).toBeHidden();
  await success.getByRole('button', { name: 'Go to orders' }).click();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/orders$`));

  // The same file again is refused; the overlay goes and the server's words show in the dialog.
  await page.getByRole('banner').getByRole('button', { name: 'Upload order' }).click();
  await expect(dialog.getByLabel('Memo (optional)')).toHaveValue('');
  await dialog.getByLabel('Order file').setInputFiles({
    name: 'again.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await picker.fill('Fresh');
  await dialog.getByRole('option', { name: /Fresh Farm Supplies/ }).click();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'This file was already uploaded for Fresh Farm Supplies',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // ---- the document is read, then waits for review ----
  await page.getByRole('tab', { name: /Needs review/ }).click();
  const row = page.getByRole('row').filter({ hasText: 'INV-7001' });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('Needs review');
  await expect(row).toContainText('Fresh Farm Supplies');
  await expectAccessible(page, 'needs review list');
  await snapBoth(page, 'orders-review', async () => {
    await expect(page.getByText('INV-7001').first()).toBeVisible();
  });
  await row.getByRole('link', { name: 'INV-7001' }).click();

  // ---- review screen ----
  await expect(page).toHaveURL(/\/orders\/review\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Review invoice INV-7001' })).toBeVisible();
  const summary = page.getByTestId('issue-summary');
  await expect(summary).toContainText('Line 1 · Amount');
  await expect(page.getByTestId('issue-count')).toContainText(/\d+ issues? remaining/);
  // The issue is also next to its line, in words.
  await expect(page.getByTestId('item-1')).toBeVisible();
  await expect(
    page.getByText(/Amount:\s*Quantity × price − discount is 25\.00 but the line says 35\.00/),
  ).toBeVisible();
  // The document is drawn with the read fields outlined.
  await expect(page.getByRole('img', { name: 'Page 1' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-box-key="headers.invoiceNum"]')).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('button', { name: 'Fit to width' })).toHaveText('125%');
  await page.getByRole('button', { name: 'Fit to width' }).click();
  await expect(page.getByRole('button', { name: 'Fit to width' })).toHaveText('100%');
  const reviewPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open the original file in a new tab' }).click();
  const file = await reviewPopup;
  await expect.poll(() => file.url()).toContain('/api/files/signed/');
  await file.close();
  await page.getByLabel('Invoice number').click();
  await expect(page.locator('[data-box-key="headers.invoiceNum"]')).toHaveClass(/border-brand-600/);
  // The review screen is a working surface with a sticky footer: shot as the viewport shows it.
  await snapBoth(
    page,
    'review',
    async () => {
      await expect(page.getByRole('heading', { name: 'Review invoice INV-7001' })).toBeVisible();
    },
    false,
  );
  await expectAccessible(page, 'review screen');
  // Every total the reader knows is editable, document charges (shipping, fees) among them.
  await snapBoth(
    page,
    'review-totals',
    async () => {
      await page.getByLabel('Charges').scrollIntoViewIfNeeded();
      await expect(page.getByLabel('Net total')).toBeInViewport();
    },
    false,
  );

  // Correct a header field (Enter saves it) and the wrong line.
  await page.getByLabel('Order number').fill('PO-777');
  await page.getByLabel('Order number').press('Enter');
  await expect(page.getByLabel('Saved')).toBeVisible();
  await page.getByLabel('Line 1 amount').fill('25');
  await page.getByLabel('Line 1 amount').press('Enter');
  await expect(page.getByTestId('issue-count')).toHaveText('No issues remaining');
  await expect(summary).toBeHidden();

  // A line the reader could not know about; now the lines no longer add up to the subtotal.
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByLabel('New item description').fill('Free-range eggs');
  await page.getByLabel('New item qty').fill('2');
  await page.getByLabel('New item price').fill('3');
  await page.getByLabel('New item amount').fill('6');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('The item was added.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items (4)' })).toBeVisible();
  await expect(page.getByTestId('issue-count')).toContainText('1 issue remaining');

  // Ctrl+Enter processes; the server refuses while an issue remains, 'Process anyway' overrides.
  await page.keyboard.press('Control+Enter');
  const refused = page.getByRole('dialog', { name: 'This order still has issues' });
  await expect(refused).toContainText('subtotal');
  await refused.getByRole('button', { name: 'Process anyway' }).click();
  await expect(page.getByText('Order INV-7001 was processed.')).toBeVisible();

  // ---- order page ----
  await expect(page).toHaveURL(new RegExp(`${shop.base}/orders/\\d+$`));
  await expect(page.getByRole('heading', { name: 'Invoice INV-7001' })).toBeVisible();
  await expect(page.getByText('Fresh Farm Supplies · Order PO-777')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items of the order' }).getByRole('row')).toHaveCount(5);
  const received = page.getByLabel('Received quantity, line 1 (Apples Gala 1kg)');
  await received.fill('10');
  await received.press('Enter');
  await expect(page.getByText('Line 1 saved.')).toBeVisible();
  const changes = page.getByRole('list', { name: 'Changes' });
  await expect(changes).toContainText('Received quantity');
  await expect(changes).toContainText('10');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open original document' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toContain('/api/files/signed/');
  await popup.close();
  await snapBoth(page, 'order', async () => {
    await expect(page.getByRole('heading', { name: 'Invoice INV-7001' })).toBeVisible();
  });
  await expectAccessible(page, 'order page');

  // ---- the orders list ----
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  const orderRow = page.getByRole('row').filter({ hasText: 'INV-7001' });
  await expect(orderRow).toBeVisible();
  await expect(orderRow).toContainText('Fresh Farm Supplies');
  await expect(orderRow).toContainText('Open');
  await expect(page.getByTestId('list-total')).toHaveText('1 order');
  await page.getByLabel('Status').selectOption('delivered');
  await expect(page.getByText('No orders match these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await expect(orderRow).toBeVisible();
  await snapBoth(page, 'orders', async () => {
    await expect(page.getByText('INV-7001').first()).toBeVisible();
  });
  await expectAccessible(page, 'orders page');

  // ---- the supplier sees it, read-only ----
  await supplierPage.goto(`${supplier.base}/orders`);
  const supplierRow = supplierPage.getByRole('row').filter({ hasText: 'INV-7001' });
  await expect(supplierRow).toBeVisible();
  await expect(supplierRow).toContainText('Corner Grocer');
  await expect(supplierPage.getByRole('tab')).toHaveCount(0);
  await supplierRow.getByRole('link', { name: 'INV-7001' }).click();
  await expect(supplierPage.getByRole('heading', { name: 'Invoice INV-7001' })).toBeVisible();
  await expect(supplierPage.getByText('Corner Grocer · Order PO-777')).toBeVisible();
  await expect(supplierPage.getByLabel(/Received quantity/)).toHaveCount(0);
  await expect(supplierPage.getByRole('list', { name: 'Changes' })).toContainText('Received quantity');
  const supplierPopup = supplierPage.waitForEvent('popup');
  await supplierPage.getByRole('button', { name: 'Open original document' }).click();
  const original = await supplierPopup;
  await expect.poll(() => original.url()).toContain('/api/files/signed/');
  await original.close();
  await snapBoth(supplierPage, 'supplier-order', async () => {
    await expect(supplierPage.getByRole('heading', { name: 'Invoice INV-7001' })).toBeVisible();
  });
  await expectAccessible(supplierPage, 'supplier order page');
  await supplierContext.close();
});

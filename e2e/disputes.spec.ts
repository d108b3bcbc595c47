import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiLogin, createConfirmedUser, signedInCompany, uniqueEmail } from './helpers';
import { invoicePdf } from './invoice-pdf';

/** A 1×1 PNG as the photo of the damaged crate. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A shop signed in on the page, its supplier and an order of two lines (apples 24, eggs 10). */
async function orderFromSupplier(page: Page, request: APIRequestContext) {
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
    data: { supplierEmail, supplierName: 'Fresh Farm' },
  });
  expect(link.status()).toBe(201);
  const supplierAuth = { Authorization: `Bearer ${(await apiLogin(request, supplierUser)).token}` };
  const order = await request.post('/api/SupplierOrder', {
    headers: supplierAuth,
    data: {
      supplierId,
      shopId: shop.companyId,
      invoiceNum: 'INV-1001',
      orderNum: 'PO-77',
      currency: 'GBP',
      items: [
        { itemCode: 'A100', itemDesc: 'Organic apples 1kg', itemQty: 24, price: 2.5, amount: 60 },
        { itemCode: 'B200', itemDesc: 'Free range eggs x12', itemQty: 10, price: 3.6, amount: 36 },
      ],
    },
  });
  const orderId = ((await order.json()) as { data: { id: number } }).data.id;
  const items = (
    (await (
      await request.get(`/api/shops/${shop.companyId}/orders/${orderId}/items`, {
        headers: { Authorization: `Bearer ${shopToken}` },
      })
    ).json()) as { data: { data: { id: number }[] } }
  ).data.data;
  return { shop, shopToken, supplierId, supplierUser, supplierAuth, items, orderId };
}

/** The order of `orderFromSupplier` with a short-delivery dispute with a photo on its first line. */
async function disputedOrder(page: Page, request: APIRequestContext) {
  const { shop, shopToken, supplierId, supplierUser, supplierAuth, items, orderId } = await orderFromSupplier(
    page,
    request,
  );
  const short = await request.post(`/api/shops/${shop.companyId}/disputes`, {
    headers: { Authorization: `Bearer ${shopToken}` },
    multipart: {
      orderId: String(orderId),
      itemId: String(items[0]!.id),
      reason: 'short_delivery',
      quantity: '2',
      note: '22 of 24 cases arrived',
      photo: { name: 'crate.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(short.status()).toBe(201);
  const disputeId = ((await short.json()) as { data: { id: number } }).data.id;
  return { shop, shopToken, supplierId, supplierUser, supplierAuth, items, orderId, disputeId };
}

test('the shop sees its disputes with their status and the credited amount (1280 and 390 px)', async ({
  page,
  request,
}) => {
  const { shop, shopToken, supplierId, supplierAuth, items, orderId, disputeId } = await disputedOrder(
    page,
    request,
  );
  await request.post(`/api/shops/${shop.companyId}/disputes`, {
    headers: { Authorization: `Bearer ${shopToken}` },
    data: { orderId, itemId: items[1]!.id, reason: 'damaged', quantity: 1 },
  });
  // the supplier answers in the thread and credits the short line in full
  await request.post(`/api/suppliers/${supplierId}/messages`, {
    headers: supplierAuth,
    data: { itemDisputeId: disputeId, messageVal: 'Sorry, two cases stayed in the van.' },
  });
  const credit = await request.post(`/api/suppliers/${supplierId}/disputes/${disputeId}/credit`, {
    headers: supplierAuth,
    data: { creditNoteNum: 'CN-1', creditDate: '2026-11-05', amount: 5 },
  });
  expect(credit.status()).toBe(200);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.goto(`${shop.base}/disputes`);
    await page.getByRole('tab', { name: 'All' }).click();
    const list = width > 800 ? page.getByRole('table') : page.getByRole('list').last();
    await expect(list.getByText('Organic apples 1kg')).toBeVisible();
    await expect(list.getByText('Resolved')).toBeVisible();
    await expect(page.getByLabel('Totals').getByText('£5.00').last()).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/disputes-shop-${width}.png`, fullPage: true });
  }
});

test('shop and supplier talk in the dispute, the supplier credits it and the shop sees it resolved (1280 and 390 px)', async ({
  page,
  browser,
  request,
}) => {
  const { shop, supplierId, supplierUser } = await disputedOrder(page, request);

  // the shop opens the dispute from its row and writes in the thread
  await page.goto(`${shop.base}/disputes`);
  await page.getByRole('table').getByRole('link', { name: 'Organic apples 1kg' }).click();
  await expect(page.getByRole('heading', { name: 'Organic apples 1kg' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'What the shop photographed' })).toBeVisible();
  await expect(page.getByText('22 of 24 cases arrived')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Write a message')).toBeVisible();
  await page.getByLabel('Reply').fill('Two cases of apples are missing from the delivery.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('list', { name: 'Thread' }).getByText('Two cases of apples are missing'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw dispute' })).toBeVisible();
  const detailUrl = page.url();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  // a marker on window would be gone after a reload
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // the supplier, in its own browser context, reads it and credits the line in full
  const { context: supplierContext, page: supplierPage } = await supplierPageOf(
    browser,
    request,
    supplierUser,
    supplierId,
  );
  await supplierPage.goto(detailUrl.replace(/\/shops\/\d+\//, `/suppliers/${supplierId}/`));
  await expect(supplierPage.getByText('Two cases of apples are missing')).toBeVisible();
  await supplierPage.getByRole('button', { name: 'Credit', exact: true }).click();
  const form = supplierPage.getByRole('form', { name: 'Credit' });
  await form.getByRole('button', { name: 'Record credit' }).click();
  await expect(form.getByText('Enter the credit note number')).toBeVisible();
  await form.getByLabel('Credit note number').fill('CN-77');
  await expect(form.getByLabel('Amount')).toHaveValue('5');
  await form.getByRole('button', { name: 'Record credit' }).click();
  await expect(supplierPage.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await supplierPage.setViewportSize({ width: 1280, height: 800 });
  await supplierPage.screenshot({ path: 'e2e/screenshots/dispute-detail-supplier-1280.png', fullPage: true });
  await supplierContext.close();

  // the shop's bell counted the supplier's answer through the event stream, without a reload
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // the shop sees the dispute resolved, the credit in the history and no actions left
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.goto(detailUrl);
    await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/CN-77/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw dispute' })).toHaveCount(0);
    // the photo is served through its signed link
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'What the shop photographed' })
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBe(1);
    await page.screenshot({ path: `e2e/screenshots/dispute-detail-shop-${width}.png`, fullPage: true });
  }
});

test('the shop records a short delivery and disputes the missing cases from the order line, with a photo (1280 and 390 px)', async ({
  page,
  request,
}) => {
  const { shop, orderId } = await orderFromSupplier(page, request);
  await page.goto(`${shop.base}/orders/${orderId}`);
  const apples = page.getByRole('row').filter({ hasText: 'Organic apples 1kg' });
  await apples.getByLabel(/Received quantity/).fill('22');
  await apples.getByLabel(/Received quantity/).press('Enter');
  // the receive check proposes a dispute of exactly what is missing
  await apples.getByRole('button', { name: /^Dispute 2 missing/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispute this item' });
  await expect(dialog.getByLabel('Reason')).toHaveValue('short_delivery');
  await expect(dialog.getByLabel('Quantity')).toHaveValue('2');
  await expect(dialog.getByText('2 missing (ordered 24, received 22)')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/dispute-item-dialog-1280.png' });

  // more than is missing: the server's words under the field, nothing stored
  await dialog.getByLabel('Quantity').fill('30');
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dialog.getByText('At most 2')).toBeVisible();
  // a text file named like a picture is refused by its content
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel(/^Photo/).setInputFiles({
    name: 'crate.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all'),
  });
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dialog.getByText('The picture must be a JPEG, PNG, WebP or HEIC image.')).toBeVisible();
  await dialog.getByLabel(/^Photo/).setInputFiles({ name: 'crate.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByLabel(/^Note/).fill('Two cases missing from the pallet');
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dialog).toHaveCount(0);

  // the line shows it is disputed and the order is disputed
  const link = apples.getByRole('link', { name: /^Disputed: Awaiting supplier/ });
  await expect(link).toBeVisible();
  await expect(page.getByText('Disputed', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/order-disputed-line-1280.png', fullPage: true });

  // on a phone the line is a card with the same link; the other line can still be disputed
  await page.setViewportSize({ width: 390, height: 844 });
  const eggs = page.getByRole('listitem').filter({ hasText: 'Free range eggs x12' });
  await eggs.getByRole('button', { name: /^Dispute this item/ }).click();
  await expect(dialog.getByLabel('Reason')).toHaveValue('damaged');
  await dialog.getByLabel('Reason').selectOption('wrong_price');
  await dialog.getByLabel('Quantity').fill('10');
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dialog.getByText('Enter the price difference per unit')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/dispute-item-dialog-390.png' });
  await dialog.getByLabel('Price difference per unit').fill('0.40');
  // a phone's HEIC photo is taken (the server stores it as a JPEG)
  await dialog
    .getByLabel(/^Photo/)
    .setInputFiles(path.join(import.meta.dirname, '../apps/api/src/test/fixtures/crate.heic'));
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(eggs.getByRole('link', { name: /^Disputed: Awaiting supplier/ })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/order-disputed-line-390.png', fullPage: true });

  // the link opens the dispute with its photo and note
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Organic apples 1kg' })
    .getByRole('link', { name: /^Disputed/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Organic apples 1kg' })).toBeVisible();
  await expect(page.getByText('Two cases missing from the pallet')).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: 'What the shop photographed' })
        .evaluate((i: HTMLImageElement) => i.naturalWidth),
    )
    .toBe(1);
});

test('the Messages inbox: unread conversations first, open one, reply, edit and delete one’s own unread message; the supplier sees the same conversation (1280 and 390 px)', async ({
  page,
  browser,
  request,
}) => {
  const { shop, supplierId, supplierUser, supplierAuth, disputeId } = await disputedOrder(page, request);
  for (const messageVal of ['We are checking the van.', 'Two cases were left behind; a credit follows.']) {
    const sent = await request.post(`/api/suppliers/${supplierId}/messages`, {
      headers: supplierAuth,
      data: { itemDisputeId: disputeId, messageVal },
    });
    expect(sent.status()).toBe(201);
  }

  await page.goto(`${shop.base}/messages`);
  const conversations = page.getByRole('list', { name: 'Conversations' });
  const row = conversations.getByRole('button', { name: /Organic apples 1kg/ });
  await expect(row).toContainText('2 unread');
  await expect(row).toContainText('Two cases were left behind');
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(row).toBeVisible();
  // The tab lives in the address: a reload keeps it.
  await expect(page).toHaveURL(/[?&]show=unread/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
  await expect(row).toContainText('2 unread');
  await page.screenshot({ path: 'e2e/screenshots/messages-shop-unread-1280.png', fullPage: true });
  await row.click();
  await expect(page).toHaveURL(/[?&]show=unread&dispute=\d+|[?&]dispute=\d+.*show=unread/);
  const thread = page.getByRole('list', { name: 'Thread' });
  await expect(thread.getByText('We are checking the van.')).toBeVisible();
  // opening the conversation read it: the Unread tab is empty now
  await expect(page.getByText('Nothing unread')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(row).not.toContainText('unread');

  await page.getByLabel('Reply').fill('Thank you, we wait for the credit.');
  await page.getByRole('button', { name: 'Send' }).click();
  const mine = thread.getByRole('listitem').filter({ hasText: 'Thank you, we wait for the credit.' });
  await expect(mine).toContainText('not read yet');
  await mine.getByRole('button', { name: 'Edit' }).click();
  const editForm = thread.getByRole('form', { name: 'Edit message' });
  await editForm.getByLabel('Edit message').fill('');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(editForm.getByText('Write a message')).toBeVisible();
  await editForm.getByLabel('Edit message').fill('Thank you, we will wait for the credit note.');
  await editForm.getByRole('button', { name: 'Save' }).click();
  const edited = thread.getByRole('listitem').filter({ hasText: 'we will wait for the credit note' });
  await expect(edited).toContainText('edited');
  await page.screenshot({ path: 'e2e/screenshots/messages-shop-1280.png', fullPage: true });

  await page.getByLabel('Reply').fill('Sent by mistake');
  await page.getByRole('button', { name: 'Send' }).click();
  const mistake = thread.getByRole('listitem').filter({ hasText: 'Sent by mistake' });
  await mistake.getByRole('button', { name: 'Delete' }).click();
  await expect(mistake).toHaveCount(0);

  // on a phone the open conversation stands alone, with a way back to the list
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(conversations).toBeHidden();
  await page.screenshot({ path: 'e2e/screenshots/messages-shop-thread-390.png', fullPage: true });
  await page.getByRole('button', { name: 'All messages' }).click();
  await expect(conversations).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/messages-shop-390.png', fullPage: true });

  // the supplier's inbox has the shop's reply unread; once read it can no longer be deleted by the shop
  const { context: supplierContext, page: supplierPage } = await supplierPageOf(
    browser,
    request,
    supplierUser,
    supplierId,
  );
  await supplierPage.goto(`/suppliers/${supplierId}/messages`);
  const supplierRow = supplierPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /Organic apples 1kg/ });
  await expect(supplierRow).toContainText('1 unread');
  await expect(supplierRow).toContainText('Corner Grocer');
  await supplierRow.click();
  await expect(
    supplierPage.getByRole('list', { name: 'Thread' }).getByText('we will wait for the credit note'),
  ).toBeVisible();
  await supplierPage.screenshot({ path: 'e2e/screenshots/messages-supplier-1280.png', fullPage: true });
  await supplierContext.close();

  await page.goto(`${shop.base}/messages?dispute=${disputeId}`);
  const read = page
    .getByRole('list', { name: 'Thread' })
    .getByRole('listitem')
    .filter({ hasText: 'we will wait for the credit note' });
  await expect(read).toContainText('read');
  await expect(read.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

/** The supplier of `disputedOrder` signed in on a page of its own browser context. */
async function supplierPageOf(
  browser: Browser,
  request: APIRequestContext,
  supplierUser: string,
  supplierId: number,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const s = await apiLogin(request, supplierUser);
  await page.goto('/privacy-policy');
  await page.evaluate(
    ({ s, supplierId }) => {
      localStorage.setItem('accessToken', s.token);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('deviceID', s.deviceId);
      localStorage.setItem('_companyType', 'suppliers');
      localStorage.setItem('_companyId', String(supplierId));
    },
    { s, supplierId },
  );
  return { context, page };
}

test('the supplier takes a return through its steps on the Returns page, uploads a credit note that matches nothing and assigns its line by hand on the Credits page (1280 and 390 px)', async ({
  page,
  browser,
  request,
}) => {
  // reading the uploaded credit note is a background job: on a loaded machine it takes a while
  test.setTimeout(180_000);
  const { shop, shopToken, supplierId, supplierUser, supplierAuth, items, orderId, disputeId } =
    await disputedOrder(page, request);
  const eggs = await request.post(`/api/shops/${shop.companyId}/disputes`, {
    headers: { Authorization: `Bearer ${shopToken}` },
    data: { orderId, itemId: items[1]!.id, reason: 'damaged', quantity: 1 },
  });
  const eggsId = ((await eggs.json()) as { data: { id: number } }).data.id;
  const started = await request.post(`/api/suppliers/${supplierId}/disputes/${disputeId}/return`, {
    headers: supplierAuth,
    data: { note: 'Driver collects on Friday' },
  });
  expect(started.status()).toBe(200);

  const supplier = await supplierPageOf(browser, request, supplierUser, supplierId);
  const sp = supplier.page;
  await sp.goto(`/suppliers/${supplierId}`);
  const nav = sp.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Returns' })).toBeVisible();
  await nav.getByRole('link', { name: 'Returns' }).click();
  const card = sp.getByRole('list', { name: 'Returns' }).getByRole('listitem').first();
  await expect(card).toContainText('2 × Organic apples 1kg');
  await expect(card).toContainText('Driver collects on Friday');
  await card.getByRole('button', { name: /^Mark collected/ }).click();
  await expect(sp.getByText('No returns to collect')).toBeVisible();
  await sp.getByRole('tab', { name: 'All' }).click();
  // the step is in the address: a reload (or a shared link) shows the same tab
  await expect(sp).toHaveURL(/[?&]status=all\b/);
  await sp.reload();
  await expect(sp.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('listitem').filter({ hasText: 'Collected' })).toContainText('Test supplier');
  await card.getByRole('button', { name: /^Mark received/ }).click();
  await card.getByRole('button', { name: /^Mark credited/ }).click();
  await expect(card.getByText('Enter the credit note number')).toBeVisible();
  await sp.screenshot({ path: 'e2e/screenshots/returns-supplier-1280.png', fullPage: true });
  await card.getByLabel('Credit note number').fill('CN-R1');
  await card.getByRole('button', { name: /^Mark credited/ }).click();
  await expect(card.getByText('Credited', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: /^Mark/ })).toHaveCount(0);
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.screenshot({ path: 'e2e/screenshots/returns-supplier-390.png', fullPage: true });
  await sp.setViewportSize({ width: 1280, height: 800 });

  // a credit note for something nobody disputed: read, matched to nothing, waiting for a person
  await sp.getByRole('navigation').first().getByRole('link', { name: 'Credits' }).click();
  await expect(sp.getByRole('list', { name: 'Credits' })).toContainText('Credit note CN-R1');
  await sp.getByRole('button', { name: 'Upload credit note' }).click();
  const dialog = sp.getByRole('dialog', { name: 'Upload a credit note' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Choose the shop the credit note is for')).toBeVisible();
  await dialog.getByLabel('Shop').selectOption({ label: 'Corner Grocer' });
  await dialog.getByLabel('Credit note', { exact: true }).setInputFiles({
    name: 'credit-note.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf({
      vendor: 'Fresh Farm Foods',
      invoiceNum: 'CN-900',
      orderNum: 'PO-NONE',
      date: '2026-11-10',
      creditNote: true,
      lines: [{ code: 'Z900', description: 'Bananas loose', qty: 1, price: 3.6 }],
    }),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toHaveCount(0);
  const readingNote = sp.getByText(/^Reading the credit note/);
  const credit = sp
    .getByRole('list', { name: 'Credits' })
    .getByRole('listitem')
    .filter({ hasText: 'CN-900' })
    .first();
  // The page says it is reading, unless the worker read the note before the dialog had closed; when the worker is
  // quick, both show for a moment.
  await expect(readingNote.or(credit).first()).toBeVisible();
  await sp.getByRole('tab', { name: 'Waiting for review' }).click();
  await expect(sp).toHaveURL(/[?&]status=review\b/);
  // the page follows the reading by itself: the credit appears without a reload
  await expect(credit).toBeVisible({ timeout: 120_000 });
  await expect(readingNote).toHaveCount(0);
  await expect(credit).toContainText('matches no open dispute');
  await credit.getByRole('button', { name: 'Assign lines' }).click();
  const line = credit.getByLabel(/^Line 1: Z900 Bananas loose/);
  await line.selectOption({ label: `Invoice INV-1001 · B200 Free range eggs x12 · Damaged · 3.60 open` });
  await expect(credit.getByText('1 of 1 lines assigned')).toBeVisible();
  await sp.screenshot({ path: 'e2e/screenshots/credits-review-1280.png', fullPage: true });
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.screenshot({ path: 'e2e/screenshots/credits-review-390.png', fullPage: true });
  await credit.getByRole('button', { name: 'Apply credit' }).click();
  await expect(sp.getByText('Nothing waits for review')).toBeVisible();
  await supplier.context.close();

  // the shop sees the eggs dispute settled by the credit note
  await page.goto(`${shop.base}/disputes/${eggsId}`);
  await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/CN-900/).first()).toBeVisible();
});

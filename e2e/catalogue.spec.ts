import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, expectAccessible, signedInCompany, uniqueEmail } from './helpers';
import { invoicePdf } from './invoice-pdf';

const shots = path.join(import.meta.dirname, '..', 'test-results', 'catalogue-screens');
mkdirSync(shots, { recursive: true });

/** Full-page screenshots at 1280 and 390 px, then back to desktop. */
async function snapBoth(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await ready();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const until = async <T>(what: string, probe: () => T | undefined | false, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
};

let agent: ChildProcess | undefined;
test.afterEach(() => {
  agent?.kill('SIGKILL');
});

test('a shop pairs the Semtek agent from the web page, sees its catalogue, confirms a match and disputes a risen price', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const shop = await signedInCompany(page, request, 'shops');
  const auth = { Authorization: `Bearer ${(await apiLogin(request, shop.email)).token}` };
  const link = await request.post(`/api/shops/${shop.companyId}/suppliers`, {
    headers: auth,
    data: { supplierName: 'Fresh Farm Foods', supplierEmail: uniqueEmail('farm') },
  });
  expect(link.status()).toBe(201);
  const shopSupplierId = ((await link.json()) as { data: { shopSupplierId: number } }).data.shopSupplierId;

  // ---- Configuration → Integrations → Semtek, never connected: no sidebar block yet ----
  await page.goto(`${shop.base}/config/integrations`);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Semtek/ })).toContainText('Never connected');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Integrations')).toHaveCount(0);
  await page.getByRole('link', { name: /Semtek/ }).click();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/config/integrations/Semtek/overview$`));
  await expect(page.getByTestId('integration-status').first()).toHaveText('Never connected');
  await expectAccessible(page, 'Semtek overview');

  // The agent is downloaded from the page, as a shop owner would, into the POS computer's folder.
  const posFolder = mkdtempSync(path.join(tmpdir(), 'ob-e2e-pos-'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download agent' }).click(),
  ]);
  const agentFile = path.join(posFolder, download.suggestedFilename());
  await download.saveAs(agentFile);
  expect(path.basename(agentFile)).toBe('orderbridge-semtek-agent.mjs');

  await page.getByRole('button', { name: 'Show pairing code' }).click();
  const code = ((await page.getByTestId('pairing-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^\d{8}$/);
  await expect(page.getByText(`--code ${code}`)).toBeVisible();
  await snapBoth(page, 'semtek-pairing', () => expect(page.getByTestId('pairing-code')).toBeVisible());

  // The POS exported its catalogue: apples cost 2.00 a bag, eggs 3.20 a pack.
  const folder = path.join(posFolder, 'pos');
  mkdirSync(path.join(folder, 'export'), { recursive: true });
  writeFileSync(
    path.join(folder, 'export', 'catalogue.csv'),
    [
      'productCode,description,barcode,caseQty,price,casePrice,vatRate,active',
      'APL,Organic apples 1kg bag,,1,2.99,2.00,0,1',
      'EGG12,Free range eggs 12 pack,,1,3.99,3.20,0,1',
      'MLK2,Whole milk 2 litre,,1,1.65,1.10,0,1',
    ].join('\n'),
  );
  let output = '';
  agent = spawn(
    process.execPath,
    [
      agentFile,
      '--server',
      new URL(page.url()).origin,
      '--folder',
      folder,
      '--code',
      code,
      '--interval',
      '1',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Listened for from the start: the agent may stop before the test looks.
  const exited = once(agent, 'exit');
  agent.stdout!.on('data', (d) => {
    output += d;
  });
  agent.stderr!.on('data', (d) => {
    output += d;
  });
  await until('the pairing', () => /Paired with/.test(output));

  // ---- connected: the page (polling every 30 s; reloaded here) and the sidebar block say so ----
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('integration-status').first()).toHaveText('Connected', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const block = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Semtek: Connected' });
  await expect(block).toBeVisible();
  await expect(block).toHaveAttribute('href', `${shop.base}/config/integrations/semtek/overview`);

  // ---- the catalogue arrived ----
  await page
    .getByRole('navigation', { name: 'Semtek pages' })
    .getByRole('link', { name: 'POS products' })
    .click();
  await expect(page).toHaveURL(/\/Semtek\/integration-products$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('list-total')).toHaveText('3 POS products', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('cell', { name: 'Organic apples 1kg bag' })).toBeVisible();
  await page.getByLabel('Search').fill('eggs');
  await expect(page.getByTestId('list-total')).toHaveText('1 POS product');
  await page.getByLabel('Search').fill('');
  await expectAccessible(page, 'POS products');
  await snapBoth(page, 'semtek-pos-products', () =>
    expect(page.getByText('Whole milk 2 litre').filter({ visible: true })).toBeVisible(),
  );
  await page
    .getByRole('navigation', { name: 'Semtek pages' })
    .getByRole('link', { name: 'Sync history' })
    .click();
  await expect(page.getByText('Catalogue sync')).toBeVisible();
  await expect(page.getByText('Succeeded')).toBeVisible();
  // The total as the API gives it, below the list (the shared Pager).
  await expect(page.getByTestId('list-total')).toHaveText('1 entry');
  await snapBoth(page, 'semtek-sync-history', () => expect(page.getByText('Catalogue sync')).toBeVisible());

  // ---- an invoice is read and matched: apples at 2.50 (+25 % on the POS cost), eggs at the usual 3.20 ----
  const pdf = await invoicePdf({
    vendor: 'Fresh Farm Foods',
    invoiceNum: 'FF-901',
    date: '2026-11-03',
    lines: [
      { code: 'A100', description: 'Organic apples 1kg', qty: 10, price: 2.5 },
      { code: 'B200', description: 'Free range eggs 12 pack', qty: 5, price: 3.2 },
    ],
  });
  const uploaded = await request.post(`/api/shops/${shop.companyId}/orders/upload`, {
    headers: auth,
    multipart: {
      ShopSupplierId: String(shopSupplierId),
      File: { name: 'ff-901.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  const docId = ((await uploaded.json()) as { data: { tempOrderId: number } }).data.tempOrderId;
  await page.goto(`${shop.base}/orders/review/${docId}`);
  const apples = page.getByTestId('line-mark-1');
  await expect(apples).toContainText('APL', { timeout: 90_000 });
  await expect(apples.getByTestId('price-flag')).toHaveText('+25 % against the POS cost');
  await expect(page.getByTestId('line-mark-2')).toContainText('EGG12');
  await expect(page.getByTestId('line-mark-2').getByTestId('price-flag')).toHaveCount(0);
  await apples.getByRole('button', { name: 'Confirm the POS product of line 1' }).click();
  await expect(page.getByText("Line 1 confirmed; this supplier's name for it is remembered.")).toBeVisible();
  await expect(apples.getByLabel('Confirmed')).toBeVisible();
  await expect(apples.getByRole('button', { name: /Confirm the POS product/ })).toHaveCount(0);
  // A wrong suggestion is unmatched, then the right product chosen through the picker.
  const eggs = page.getByTestId('line-mark-2');
  await eggs.getByRole('button', { name: 'Unmatch line 2' }).click();
  await expect(page.getByText('Line 2 is not matched to a POS product.')).toBeVisible();
  await expect(eggs).toContainText('Not in the POS catalogue');
  await eggs.getByRole('button', { name: 'Choose the POS product of line 2' }).click();
  const picker = page.getByRole('dialog', { name: 'POS product of line 2' });
  await picker.getByLabel('Search').fill('EGG');
  await picker.getByRole('button', { name: /Free range eggs 12 pack/ }).click();
  await expect(page.getByText("Line 2 matched; this supplier's name for it is remembered.")).toBeVisible();
  await expect(eggs).toContainText('EGG12');
  await expect(eggs.getByLabel('Confirmed')).toBeVisible();
  await expectAccessible(page, 'review screen with marks');
  await snapBoth(page, 'review-marks', () => expect(apples.getByTestId('price-flag')).toBeVisible());

  // ---- processed: the order shows the marks and the risen price is disputed in one click ----
  const processed = await request.post(
    `/api/shops/${shop.companyId}/orders/pending-review/${docId}/process`,
    {
      headers: auth,
      data: { override: true },
    },
  );
  const orderId = ((await processed.json()) as { data: { orderId: number } }).data.orderId;
  await page.goto(`${shop.base}/orders/${orderId}`);
  const orderApples = page.getByTestId('line-mark-1');
  await expect(orderApples.getByTestId('price-flag')).toHaveText('+25 % against the POS cost');
  await snapBoth(page, 'order-marks', () => expect(page.getByTestId('line-mark-1')).toBeVisible());
  await orderApples.getByRole('button', { name: 'Dispute the price of line 1' }).click();
  await expect(page.getByText('The price dispute has been sent to the supplier.')).toBeVisible();
  await orderApples.getByRole('link', { name: 'Price disputed' }).click();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/disputes/\\d+$`));
  await expect(page.getByText('Wrong price').first()).toBeVisible();

  // The processed order goes to the POS: the agent writes its goods-received file.
  const integrations = (await (
    await request.get(`/api/shops/${shop.companyId}/integrations`, { headers: auth })
  ).json()) as {
    data: { data: { id: number }[] };
  };
  const semtekId = integrations.data.data[0]!.id;
  await request.post(`/api/shops/${shop.companyId}/integrations/${semtekId}/syncs/push`, {
    headers: auth,
    data: { orderId },
  });
  const received = path.join(folder, 'goods-received');
  const file = await until('the goods-received file', () => {
    try {
      // The agent writes `….csv.part` and renames it when complete: wait for the finished file.
      return readdirSync(received).find((n) => n.startsWith(`GR-${orderId}-`) && n.endsWith('.csv'));
    } catch {
      return undefined;
    }
  });
  expect(readFileSync(path.join(received, file), 'utf8')).toContain(
    `APL,Organic apples 1kg,10,2.5,${orderId},FF-901`,
  );

  // ---- the price change is listed on the Products page ----
  await page.goto(`${shop.base}/products?view=price-changes`);
  await expect(page.getByRole('link', { name: 'Organic apples 1kg bag' })).toBeVisible();
  await expect(page.getByTestId('price-flag').first()).toHaveText('+25 % against the POS cost');
  await expect(page.getByTestId('list-total')).toHaveText('1 price change');
  await snapBoth(page, 'products-price-changes', () =>
    expect(page.getByTestId('price-flag').first()).toBeVisible(),
  );
  // The suppliers' products tab: its search waits for three characters and is kept in the address.
  await page.getByRole('tab', { name: 'Supplier products' }).click();
  await page.getByLabel('Search').fill('zz');
  await expect(page.getByText('Type at least 3 characters')).toBeVisible();
  await page.getByLabel('Search').fill('zzz unknown');
  await expect(page.getByText('No product matches')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=zzz(\+|%20)unknown/);
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('zzz unknown');

  // ---- disconnecting from the page revokes the agent's token: it stops and says to pair again ----
  await page.goto(`${shop.base}/config/integrations/Semtek/overview`);
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Semtek disconnected.')).toBeVisible();
  await expect(page.getByTestId('integration-status').first()).toHaveText('Disconnected');
  const [exitCode] = await exited;
  expect(exitCode).toBe(2);
  expect(output).toMatch(/Pair the agent again/);
  await page.getByRole('link', { name: 'Notifications', exact: true }).click();
  // The notification (also shown live as a toast) opens the integration's page.
  await page.getByRole('link', { name: /^Semtek was disconnected/ }).click();
  await expect(page).toHaveURL(new RegExp(`${shop.base}/config/integrations/semtek/overview$`));
  await expect(page.getByTestId('integration-status').first()).toHaveText('Disconnected');
});

test('a supplier keeps its price list: create, search, edit, CSV import with a refused line', async ({
  page,
  request,
}) => {
  const supplier = await signedInCompany(page, request, 'suppliers');
  await page.goto(`${supplier.base}/products`);
  await expect(page.getByText('No products yet')).toBeVisible();
  await page.getByRole('button', { name: 'New product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(dialog.getByText('SKU is required')).toBeVisible();
  await dialog.getByLabel('SKU').fill('CC24');
  await dialog.getByLabel('Name').fill('Coca-Cola 24x330ml can');
  await dialog.getByLabel('Unit price').fill('12.50');
  await dialog.getByLabel('Pack size').fill('24');
  await dialog.getByLabel('Aliases').fill('COCA COLA 24X330ML CAN');
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'CC24' })).toBeVisible();

  // A taken SKU is refused under its field.
  await page.getByRole('button', { name: 'New product' }).first().click();
  await dialog.getByLabel('SKU').fill('cc24');
  await dialog.getByLabel('Name').fill('Other');
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(dialog.getByText('SKU cc24 is taken')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import a price list' });
  await importer.getByLabel('CSV file').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'sku,name,unitPrice,packSize\nFA6,Fanta orange 6x1.5L,6.60,6\n,No SKU,1,1\nW32,Walkers crisps 32x32.5g,8.64,32\n',
    ),
  });
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer.getByText('2 new, 0 changed, 0 unchanged.')).toBeVisible();
  await expect(importer.getByText(/^Line 3:/)).toBeVisible();
  await importer.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('list-total')).toHaveText('3 products');

  await page.getByLabel('Search').fill('fanta');
  await expect(page.getByTestId('list-total')).toHaveText('1 product');
  await page.getByRole('button', { name: 'FA6' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit FA6' });
  await edit.getByLabel('Unit price').fill('6.90');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '6.90' })).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expectAccessible(page, 'supplier products');
  await snapBoth(page, 'supplier-products', () =>
    expect(page.getByTestId('list-total')).toHaveText('3 products'),
  );
});

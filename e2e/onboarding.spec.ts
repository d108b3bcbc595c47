import { expect, test } from '@playwright/test';
import { createConfirmedUser, linkFromOutbox, PASSWORD, sidebarLabels, uniqueEmail } from './helpers';

test('a shop registers, confirms, signs in, onboards and lands on its orders', async ({ page, request }) => {
  const email = uniqueEmail('newshop');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Purchase orders and invoices');
  await page.getByRole('link', { name: 'Get started' }).click();

  await expect(page).toHaveURL(/\/register$/);
  // Client-side validation mirrors the server before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Shopkeeper');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const link = await linkFromOutbox(request, email, 'confirm-email');
  await page.goto(link);
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByText('Shop', { exact: true }).click();
  await page.getByLabel('Company name').fill('Corner Grocer');
  await page.getByLabel('Main email').fill(email);
  await page.getByLabel('Address (optional)').fill('1 High Street, Springfield');
  await page.getByLabel('Plan', { exact: true }).selectOption('Enterprise');
  await page.getByLabel('Billing cycle').selectOption('Yearly');
  await page.getByRole('button', { name: 'Create company' }).click();

  await expect(page).toHaveURL(/\/shops\/\d+\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  expect(await sidebarLabels(page)).toEqual([
    'Orders',
    'Products',
    'Disputes',
    'Messages',
    'Notifications',
    'Configuration',
  ]);
  await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('active-company')).toHaveText('Corner Grocer');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Upload order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
  const stored = await page.evaluate(() => [
    localStorage.getItem('_companyType'),
    localStorage.getItem('_companyId'),
  ]);
  expect(stored[0]).toBe('shops');
  expect(page.url()).toContain(`/shops/${stored[1]}/orders`);
});

test('a supplier onboards, sees Returns and Credits, and is refused shops-only screens', async ({
  page,
  request,
}) => {
  const email = await createConfirmedUser(request, 'newsupplier');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByText('Supplier', { exact: true }).click();
  await page.getByLabel('Company name').fill('Fresh Farm Supplies');
  await page.getByLabel('Main email').fill(email);
  await page.getByRole('button', { name: 'Create company' }).click();

  await expect(page).toHaveURL(/\/suppliers\/\d+\/orders$/);
  const id = /\/suppliers\/(\d+)\//.exec(page.url())![1];
  expect(await sidebarLabels(page)).toEqual([
    'Orders',
    'Products',
    'Disputes',
    'Messages',
    'Returns',
    'Credits',
    'Notifications',
    'Configuration',
  ]);
  await expect(page.getByRole('button', { name: 'Upload order' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Returns' }).click();
  await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Configuration' }).click();
  // Config index on a wide screen: suppliers go to users.
  await expect(page).toHaveURL(new RegExp(`/suppliers/${id}/config/users$`));

  for (const path of [
    `/suppliers/${id}/config/email`,
    `/suppliers/${id}/config/email2`,
    `/suppliers/${id}/config/suppliers`,
    `/suppliers/${id}/config/integrations`,
    `/suppliers/${id}/config/integrations/Semtek/overview`,
    `/suppliers/${id}/upload`,
    `/shops/${id}/upload`,
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/NotAuthorizedToAccess$/);
    await expect(page.getByRole('heading', { name: 'Not authorized to access' })).toBeVisible();
  }
});

test('login shows the session-ended message and refuses wrong passwords', async ({ page, request }) => {
  const email = await createConfirmedUser(request, 'wrongpw');
  await page.goto('/login?error=true');
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login/);
});

import { expect, test } from '@playwright/test';
import { signedInCompany } from './helpers';

test('an expired access token is refreshed once for parallel requests', async ({ page, request }) => {
  const { base } = await signedInCompany(page, request, 'shops');
  await page.goto(`${base}/config/users`);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // Hold the refresh back a little so both first requests are surely in flight with the dead token.
  await page.route('**/api/account/refresh-token', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const refreshCalls: string[] = [];
  const unauthorized: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/account/refresh-token')) refreshCalls.push(req.url());
  });
  page.on('response', (res) => {
    if (res.status() === 401) unauthorized.push(new URL(res.url()).pathname);
  });
  const oldRefresh = await page.evaluate(() => {
    // A well-formed but expired JWT: the server refuses it with 401.
    const b64 = (o: object) =>
      btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    localStorage.setItem(
      'accessToken',
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp: 1 })}.sig`,
    );
    return localStorage.getItem('refreshToken');
  });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '(you)' })).toBeVisible();
  expect(refreshCalls).toHaveLength(1);
  expect(unauthorized.filter((p) => p !== '/api/account/refresh-token').length).toBeGreaterThanOrEqual(2);
  const after = await page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
  }));
  expect(after.refresh).not.toBe(oldRefresh);
  expect(after.access?.split('.')).toHaveLength(3);
  expect(page.url()).toContain(`${base}/config/users`);
});

test('a failed refresh lands on /login?error=true', async ({ page, request }) => {
  const { base } = await signedInCompany(page, request, 'suppliers');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'not-a-token');
    localStorage.setItem('refreshToken', 'not-a-refresh-token');
  });
  await page.goto(`${base}/orders`);
  await expect(page).toHaveURL(/\/login\?error=true$/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('no stored token sends company routes to /login?error=true', async ({ page }) => {
  await page.goto('/shops/1/orders');
  await expect(page).toHaveURL(/\/login\?error=true$/);
});

test('unknown paths show the not-found page; a bad company type raises the router error', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/warehouses/1/orders');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});

test('signing out returns to the login page and forgets the session', async ({ page, request }) => {
  const { base } = await signedInCompany(page, request, 'shops');
  await page.goto(`${base}/orders`);
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, signedInCompany } from './helpers';

const shots = path.join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

for (const width of [1280, 390]) {
  test(`screenshots and axe at ${width}px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const snap = (name: string) =>
      page.screenshot({
        path: path.join(shots, `${name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
      });

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    await snap('landing');
    await expectAccessible(page, 'landing');

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await snap('login');
    await expectAccessible(page, 'login');

    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await snap('register');
    await expectAccessible(page, 'register');

    const { base } = await signedInCompany(page, request, 'shops');
    await page.goto('/onboarding');
    await expect(page.getByRole('button', { name: 'Create company' })).toBeVisible();
    await snap('onboarding');
    await expectAccessible(page, 'onboarding');

    await page.goto(`${base}/orders`);
    await expect(page.getByText('No orders yet')).toBeVisible();
    await snap('orders-empty');
    await expectAccessible(page, 'orders');

    await page.goto(`${base}/config/users`);
    await expect(page.getByRole('row').filter({ hasText: '(you)' })).toBeVisible();
    await snap('users');
    await expectAccessible(page, 'users');
  });
}

test('axe on the other account and error screens, and on open dialogs', async ({ page, request }) => {
  // Thirteen screens, each checked by axe: more than the default minute on a busy machine.
  test.slow();
  for (const [path, ready] of [
    ['/forgot-password', 'Send reset link'],
    ['/reset-password?token=x', 'Change password'],
    ['/email-verified', 'Sign in'],
    ['/email-verified?error=The%20link%20has%20expired.', 'Send a new link'],
    ['/privacy-policy', 'Privacy policy'],
    ['/terms', 'Terms of service'],
    ['/no-such-page', 'Go to home'],
    ['/NotAuthorizedToAccess', 'Go back'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
  const { base, email } = await signedInCompany(page, request, 'suppliers');
  for (const path of [
    '/company-contact-form',
    '/select-company',
    `${base}/returns`,
    `${base}/config/users`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite a colleague' })).toBeVisible();
  await expectAccessible(page, 'invite dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'profile menu');
});

import path from 'node:path';
import { expect, test } from '@playwright/test';
import { linkFromOutbox, PASSWORD, signedInCompany, uniqueEmail } from './helpers';

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar hides and the Sidebar/Back buttons work', async ({ page, request }) => {
    const { base } = await signedInCompany(page, request, 'shops');
    await page.goto(`${base}/orders`);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeHidden();

    await page.getByRole('button', { name: 'Sidebar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await page.screenshot({
      path: path.join(import.meta.dirname, 'screenshots', 'sidebar-drawer-390.png'),
      animations: 'disabled',
    });
    await drawer.getByRole('link', { name: 'Configuration' }).click();
    await expect(drawer).toBeHidden();
    // Config index on a small screen: the hint, no redirect.
    await expect(page).toHaveURL(new RegExp(`${base}/config$`));
    await expect(page.getByText('This is the config page navigate to a page')).toBeVisible();

    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/config/users$`));
    await expect(page.getByRole('button', { name: 'Sidebar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/config$`));
    await expect(page.getByRole('button', { name: 'Sidebar' })).toBeVisible();
  });
});

test('admins invite a colleague who registers from the link, then change roles and remove users', async ({
  page,
  request,
  browser,
}) => {
  const { base } = await signedInCompany(page, request, 'shops');
  await page.goto(`${base}/config/users`);
  await expect(page.getByRole('row').filter({ hasText: '(you)' })).toBeVisible();

  // An invitation that is revoked again.
  await page.getByRole('button', { name: 'Invite user' }).click();
  let dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('Email').fill('revoked@example.com');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to revoked@example.com.')).toBeVisible();
  const revoked = page.getByRole('row').filter({ hasText: 'revoked@example.com' });
  await expect(revoked).toContainText('Invited');
  // The search is kept in the address and reaches both lists (members, pending invitations): only the invitation.
  const search = page.getByLabel('Search users');
  await search.fill('revoked');
  await expect(page).toHaveURL(/[?&]q=revoked(&|$)/);
  await expect(page.getByRole('row').filter({ hasText: '(you)' })).toHaveCount(0);
  await expect(revoked).toContainText('Invited');
  await search.fill('');
  await expect(page.getByRole('row').filter({ hasText: '(you)' })).toBeVisible();
  await revoked.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('dialog', { name: 'Remove user' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('revoked@example.com was removed.')).toBeVisible();
  await expect(revoked).toHaveCount(0);

  // An invitation that is accepted by registering from the emailed link.
  const colleague = uniqueEmail('colleague');
  await page.getByRole('button', { name: 'Invite user' }).click();
  dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('Email').fill(colleague);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('row').filter({ hasText: colleague })).toContainText('Invited');

  const invite = await linkFromOutbox(request, colleague, 'invitation=');
  const other = await browser.newContext();
  const them = await other.newPage();
  await them.goto(invite);
  await expect(them.getByText('You were invited to join Corner Grocer')).toBeVisible();
  await expect(them.getByLabel('Work email')).toHaveValue(colleague);
  await them.getByLabel('First name').fill('Colin');
  await them.getByLabel('Last name').fill('League');
  await them.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await them.getByLabel('Confirm password').fill(PASSWORD);
  await them.getByRole('button', { name: 'Create account' }).click();
  await expect(them.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await them.goto(await linkFromOutbox(request, colleague, 'confirm-email'));
  await them.getByRole('link', { name: 'Sign in' }).click();
  await them.getByLabel('Email').fill(colleague);
  await them.getByLabel('Password').fill(PASSWORD);
  await them.getByRole('button', { name: 'Sign in' }).click();
  await expect(them).toHaveURL(new RegExp(`${base}/orders$`));
  // Members see the list but not the admin controls.
  await them.goto(`${base}/config/users`);
  await expect(them.getByText('Only administrators can invite people')).toBeVisible();
  await expect(them.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
  await other.close();

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: colleague });
  await expect(row).toContainText('Active');
  await row.getByLabel(/Role of/).selectOption('admin');
  await expect(page.getByText(`${colleague} is now administrator.`)).toBeVisible();
  await row.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('dialog', { name: 'Remove user' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${colleague} was removed.`)).toBeVisible();

  // The last administrator cannot be removed: the server refuses and the page says so.
  await page
    .getByRole('row')
    .filter({ hasText: '(you)' })
    .getByRole('button', { name: /Remove/ })
    .click();
  await page.getByRole('dialog', { name: 'Remove user' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Could not remove the user')).toBeVisible();
  await expect(page.getByText('A company needs at least one admin')).toBeVisible();
});

test('hovering a sidebar item preloads its screen', async ({ page, request }) => {
  const { base } = await signedInCompany(page, request, 'suppliers');
  await page.goto(`${base}/orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/') && r.url().endsWith('.js')) loaded.push(r.url());
  });
  await page.getByRole('link', { name: 'Credits' }).hover();
  await expect.poll(() => loaded.some((u) => u.includes('credits-page'))).toBe(true);
});

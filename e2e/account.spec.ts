import { expect, test } from '@playwright/test';
import { apiLogin, createConfirmedUser, linkFromOutbox, PASSWORD, signedInCompany } from './helpers';

const NEW_PASSWORD = 'Another-secret-77';

test('forgot and reset password, then sign in with the new password', async ({ page, request }) => {
  const email = await createConfirmedUser(request, 'forgot');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  await page.goto(await linkFromOutbox(request, email, 'reset-password'));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('Something-else-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a bad confirmation link explains itself and offers a new one', async ({ page }) => {
  await page.goto('/api/account/confirm-email?userId=nobody&token=bad');
  await expect(page).toHaveURL(/\/email-verified\?error=/);
  await expect(page.getByRole('heading', { name: 'We could not confirm your email' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('a new link is on its way')).toBeVisible();
});

test('the profile menu changes the password and signs out everywhere', async ({ page, request }) => {
  const { base, email } = await signedInCompany(page, request, 'suppliers');
  await page.goto(`${base}/orders`);
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('Wrong-password-9');
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  // The server's field error lands under the input it concerns.
  await expect(dialog.getByText('The current password is not correct')).toBeVisible();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const res = await request.post('/api/account/login', { data: { userName: email, password: NEW_PASSWORD } });
  expect(res.ok()).toBe(true);
});

test('users of several companies choose one and switch between them', async ({ page, request }) => {
  const { email, base } = await signedInCompany(page, request, 'shops');
  const session = await apiLogin(request, email);
  const res = await request.post('/api/onboarding/company', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { companyName: 'Second Supplier Ltd', companyType: 'suppliers', companyMainEmail: email },
  });
  const supplierId = ((await res.json()) as { data: { companyId: number } }).data.companyId;

  await page.evaluate(() => {
    localStorage.removeItem('_companyId');
    localStorage.removeItem('_companyType');
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/select-company$/);
  await page.getByRole('button', { name: /Second Supplier Ltd/ }).click();
  await expect(page).toHaveURL(new RegExp(`/suppliers/${supplierId}/orders$`));
  await expect(page.getByTestId('active-company')).toHaveText('Second Supplier Ltd');

  await page.getByRole('button', { name: /Switch company/ }).click();
  await page.getByRole('menuitem', { name: 'Corner Grocer' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/orders$`));
  await expect(page.getByTestId('active-company')).toHaveText('Corner Grocer');

  // `/` with a valid token goes to the stored company.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`${base}/orders$`));

  // A company that is not the user's sends them to `/`, which picks a company of theirs.
  await page.goto('/shops/999999/orders');
  await expect(page).toHaveURL(/\/select-company$/);
});

test('the email configuration redirect screen and the focus check', async ({ page, request }) => {
  const { base, companyId } = await signedInCompany(page, request, 'shops');
  await page.goto('/shops/config/email/?code=abc');
  await expect(page).toHaveURL(new RegExp(`/shops/${companyId}/config/email\\?code=abc$`));
  await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();

  await page.goto(`${base}/orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  // Another tab switched company: on focus this tab starts over.
  await page.evaluate(() => {
    localStorage.setItem('_companyId', '424242');
    window.dispatchEvent(new Event('focus'));
  });
  await expect(page).toHaveURL(/\/login\?error=true$/);
});

test('contact details are saved and shown in the profile menu', async ({ page, request }) => {
  const { base, email } = await signedInCompany(page, request, 'shops');
  await page.goto(`${base}/orders`);
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Contact details' }).click();
  await expect(page).toHaveURL(/\/company-contact-form$/);
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await page.getByLabel('First name').fill('Petra');
  await page.getByLabel('Last name').fill('Shopwell');
  await page.getByLabel('Phone number (optional)').fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your contact details are saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/orders$`));
  // The avatar now shows the new initials.
  await expect(page.getByRole('banner').getByRole('img', { name: 'Petra Shopwell' })).toHaveText('PS');
});

test('a signed-in user opening an invitation link joins the company', async ({ page, request, browser }) => {
  const shop = await signedInCompany(page, request, 'shops');
  const otherContext = await browser.newContext();
  const them = await otherContext.newPage();
  const member = await signedInCompany(them, request, 'suppliers');

  await page.goto(`${shop.base}/config/users`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${member.email}.`)).toBeVisible();

  await them.goto(await linkFromOutbox(request, member.email, 'invitation='));
  await them.getByRole('button', { name: 'Join Corner Grocer' }).click();
  await expect(them).toHaveURL(new RegExp(`${shop.base}/orders$`));
  await expect(them.getByTestId('active-company')).toHaveText('Corner Grocer');
  await otherContext.close();
});

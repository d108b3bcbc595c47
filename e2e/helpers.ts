import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'Correct-horse-42';

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

type TOutboxMessage = { id: string; to: string; subject: string; text: string; links: string[] };

/** The newest outbox message to an address whose links contain `linkPart`. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  linkPart: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox');
        const body = (await res.json()) as { data: TOutboxMessage[] };
        const msg = body.data.find((m) => m.to.includes(to) && m.links.some((l) => l.includes(linkPart)));
        found = msg?.links.find((l) => l.includes(linkPart));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Register and confirm an account through the API (for tests whose subject is not registration). */
export async function createConfirmedUser(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const reg = await request.post('/api/account/register', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Test', lastName: prefix },
  });
  expect(reg.status()).toBe(201);
  const link = await linkFromOutbox(request, email, 'confirm-email');
  const confirm = await request.get(link, { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  return email;
}

type TSession = { token: string; refreshToken: string; deviceId: string };

export async function apiLogin(request: APIRequestContext, email: string): Promise<TSession> {
  const res = await request.post('/api/account/login', { data: { userName: email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: TSession }).data;
}

/** A confirmed user owning one company of the given type, signed in in the page's storage. */
export async function signedInCompany(page: Page, request: APIRequestContext, type: 'shops' | 'suppliers') {
  const email = await createConfirmedUser(request, type === 'shops' ? 'shop' : 'supplier');
  const session = await apiLogin(request, email);
  const res = await request.post('/api/onboarding/company', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      companyName: type === 'shops' ? 'Corner Grocer' : 'Fresh Farm Supplies',
      companyType: type,
      companyMainEmail: email,
      plan: 'Business',
      billingCycle: 'Monthly',
    },
  });
  expect(res.status()).toBe(201);
  const companyId = ((await res.json()) as { data: { companyId: number } }).data.companyId;
  // Tokens go in fresh: the onboarding may have changed the user's claims.
  const fresh = await apiLogin(request, email);
  await page.goto('/privacy-policy');
  await page.evaluate(
    ({ s, type, companyId }) => {
      localStorage.setItem('accessToken', s.token);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('deviceID', s.deviceId);
      localStorage.setItem('_companyType', type);
      localStorage.setItem('_companyId', String(companyId));
    },
    { s: fresh, type, companyId },
  );
  return { email, companyId, base: `/${type}/${companyId}` };
}

/** Sidebar item labels, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/**
 * Fails on serious or critical axe findings. Dialogs and toasts fade: axe would measure the contrast of
 * half-transparent text mid-animation, so it waits for running animations and leaves the toaster out.
 */
export async function expectAccessible(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `${name} has serious accessibility violations`,
  ).toEqual([]);
}

import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { companyAreaLoader, shopsOnly } from './guards';
import { navItemsFor } from './layouts/nav-items';
import { parentPath, segmentCount } from './layouts/top-bar';

afterEach(cleanup);

describe('guards', () => {
  beforeEach(() => localStorage.clear());
  const args = (params: Record<string, string>) =>
    ({ params, request: new Request('http://x/'), context: {} }) as Parameters<typeof shopsOnly>[0];

  it('raises an error for a company type other than shops or suppliers', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 't');
    expect(() => companyAreaLoader(args({ companyType: 'warehouses', companyId: '1' }))).toThrow(
      /Company type must be shops or suppliers/,
    );
    expect(() => companyAreaLoader(args({ companyType: 'shops', companyId: 'abc' }))).toThrow(/company id/);
  });

  it('sends a visitor without a token to /login?error=true', () => {
    let thrown: unknown;
    try {
      companyAreaLoader(args({ companyType: 'shops', companyId: '1' }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login?error=true');
  });

  it('sends suppliers away from shops-only screens', () => {
    let thrown: unknown;
    try {
      shopsOnly(args({ companyType: 'suppliers', companyId: '1' }));
    } catch (e) {
      thrown = e;
    }
    expect((thrown as Response).headers.get('Location')).toBe('/NotAuthorizedToAccess');
    expect(shopsOnly(args({ companyType: 'shops', companyId: '1' }))).toBeNull();
  });
});

describe('layout helpers', () => {
  it('gives each company type its sidebar items', () => {
    expect(navItemsFor('shops').map((i) => i.label)).toEqual([
      'Orders',
      'Products',
      'Disputes',
      'Messages',
      'Notifications',
      'Configuration',
    ]);
    expect(navItemsFor('suppliers').map((i) => i.label)).toEqual([
      'Orders',
      'Products',
      'Disputes',
      'Messages',
      'Returns',
      'Credits',
      'Notifications',
      'Configuration',
    ]);
  });

  it('shows Back (to the parent) beyond three path segments', () => {
    expect(segmentCount('/shops/1/orders')).toBe(3);
    expect(segmentCount('/shops/1/config/users')).toBe(4);
    expect(parentPath('/shops/1/config/users')).toBe('/shops/1/config');
  });
});

describe('email configuration redirect screen', () => {
  beforeEach(() => localStorage.clear());

  async function renderAt(url: string) {
    const { default: EmailRedirectPage } = await import('../features/mail-in/routes/email-redirect-page');
    const router = createMemoryRouter(
      [
        { path: '/shops/config/email', Component: EmailRedirectPage },
        { path: '/shops/:id/config/email', element: <p>email config</p> },
        { path: '/login', element: <p>login page</p> },
      ],
      { initialEntries: [url] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('goes to login with the error flag without a stored shop company', async () => {
    localStorage.setItem(STORAGE_KEYS.companyType, 'suppliers');
    localStorage.setItem(STORAGE_KEYS.companyId, '4');
    const router = await renderAt('/shops/config/email');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?error=true');
  });

  it('replaces the route with the shop email configuration, keeping the query', async () => {
    localStorage.setItem(STORAGE_KEYS.companyType, 'shops');
    localStorage.setItem(STORAGE_KEYS.companyId, '9');
    const router = await renderAt('/shops/config/email?code=abc');
    await screen.findByText('email config');
    expect(router.state.location.pathname).toBe('/shops/9/config/email');
    expect(router.state.location.search).toBe('?code=abc');
  });
});

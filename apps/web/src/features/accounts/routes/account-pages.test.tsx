import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/storage';
import LoginPage from './login-page';
import RegisterPage from './register-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(ui: ReactNode, url: string, fetchImpl: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    fetchImpl(String(input), init),
  );
  configureApiClient({ fetch: fetchMock as typeof fetch, onSessionExpired: vi.fn() });
  const router = createMemoryRouter(
    [
      { path: url.split('?')[0], element: ui },
      { path: '/onboarding', element: <p>onboarding</p> },
      { path: '/shops/:id/orders', element: <p>shop orders</p> },
    ],
    { initialEntries: [url] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the session-ended message for ?error=true', async () => {
    setup(<LoginPage />, '/login?error=true', () => json(500, null));
    expect(await screen.findByText('Your session has ended')).toBeTruthy();
  });

  it('validates with the contract schema before calling the server', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup(<LoginPage />, '/login', () => json(500, null));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's words for wrong credentials", async () => {
    const user = userEvent.setup();
    setup(<LoginPage />, '/login', () =>
      json(401, { success: false, message: 'Invalid email or password.', data: null, trace: 't1' }),
    );
    await user.type(await screen.findByLabelText('Email'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
  });

  it('stores the tokens and goes to the only company', async () => {
    const user = userEvent.setup();
    const { router } = setup(<LoginPage />, '/login', (url) => {
      if (url.endsWith('/account/login')) {
        return json(200, {
          success: true,
          message: 'ok',
          data: {
            token: 'a.b.c',
            refreshToken: 'r',
            deviceId: 'd',
            companyId: 5,
            role: 'admin',
            success: true,
            errors: [],
          },
        });
      }
      const company = {
        id: 5,
        name: 'S',
        type: 'shops',
        logo: null,
        roles: ['admin'],
        requireApproval: false,
        orderApprovalEnabled: false,
      };
      return json(200, {
        success: true,
        message: 'ok',
        data: {
          id: 'u',
          userName: 'a@example.com',
          firstName: 'A',
          lastName: 'B',
          emailAddress: 'a@example.com',
          timestampInserted: null,
          phoneNumber: null,
          profileImage: null,
          roles: [],
          companies: [company],
          shops: [company],
          suppliers: [],
        },
      });
    });
    await user.type(await screen.findByLabelText('Email'), 'A@Example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('shop orders')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shops/5/orders');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a.b.c');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r');
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe('d');
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBe('5');
  });
});

describe('RegisterPage', () => {
  beforeEach(() => localStorage.clear());

  it('mirrors the server rules, then says to check the email', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup(<RegisterPage />, '/register', () =>
      json(201, { success: true, message: 'Check your email to confirm your address.', data: null }),
    );
    await user.type(await screen.findByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Work email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Work email'));
    await user.type(screen.getByLabelText('Work email'), 'ann@example.com');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Long-enough-1');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('puts server field errors under their inputs', async () => {
    const user = userEvent.setup();
    setup(<RegisterPage />, '/register', () =>
      json(400, {
        success: false,
        message: 'Invalid input',
        data: null,
        errors: { email: ['This address cannot receive mail'] },
        trace: 't',
      }),
    );
    await user.type(await screen.findByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Work email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'Long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(
      screen.getByText('You have made an error in the below form, please see below for more information.'),
    ).toBeTruthy();
  });
});

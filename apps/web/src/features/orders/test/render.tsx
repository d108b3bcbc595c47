import type { TLiveEvent, TProfile } from '@orderbridge/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { OverlayProvider } from '../../../components/ui/overlay';
import { Toaster } from '../../../components/ui/toast';
import { configureApiClient } from '../../../lib/api-client';
import { CompanyContext, type TCompanyContext } from '../../../lib/company-context';
import { holdLiveEvents } from '../../../lib/live-events';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type TCall = { method: string; path: string; body: unknown };
type THandler = (call: TCall) => Response | undefined;

/** A fake API: each handler may answer a call; unanswered calls get a 404 envelope. */
export function fakeApi(handler: THandler) {
  const calls: TCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : null;
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    return handler(call) ?? json(404, { success: false, message: 'Not found.', data: null, trace: 't' });
  });
  configureApiClient({ fetch: fetchMock as typeof fetch, onSessionExpired: () => undefined });
  return { calls };
}

const company = {
  id: 1,
  name: 'Corner Shop',
  type: 'shops' as const,
  logo: null,
  roles: ['admin' as const],
  requireApproval: false,
  orderApprovalEnabled: false,
};
const profile: TProfile = {
  id: 'u1',
  userName: 'olga@example.com',
  firstName: 'Olga',
  lastName: 'Shop',
  emailAddress: 'olga@example.com',
  timestampInserted: null,
  phoneNumber: null,
  profileImage: null,
  roles: ['admin'],
  companies: [company],
  shops: [company],
  suppliers: [],
};
const ctx: TCompanyContext = {
  companyType: 'shops',
  companyId: 1,
  company,
  profile,
  isAdmin: true,
  basePath: '/shops/1',
};

/** Renders a screen inside a shop's context, a router (at `path`), the query cache, overlay and toasts. */
export function renderInShop(
  ui: ReactNode,
  opts: { path?: string; route?: string; routes?: { path: string; element: ReactNode }[] } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: opts.route ?? '*', element: ui },
      ...(opts.routes ?? []),
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [opts.path ?? '/shops/1/orders'] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <CompanyContext.Provider value={ctx}>
          <OverlayProvider>
            <RouterProvider router={router} />
            <Toaster />
          </OverlayProvider>
        </CompanyContext.Provider>
      </QueryClientProvider>,
    ),
  };
}

/**
 * The tab's event stream with a stand-in for the browser's EventSource (jsdom has none): the real
 * lib/live-events asks the (fake) API for a ticket and opens it; `emit` delivers an event as the server would.
 */
export async function fakeEventStream() {
  let source: { onmessage: ((m: { lastEventId: string; data: string }) => void) | null } | null = null;
  let id = 0;
  vi.stubGlobal(
    'EventSource',
    class {
      onmessage = null;
      onerror = null;
      onopen = null;
      constructor() {
        source = this;
      }
      close() {}
    },
  );
  const release = holdLiveEvents();
  await vi.waitFor(() => {
    if (!source) throw new Error('no stream opened');
  });
  return {
    emit: (event: TLiveEvent) =>
      source!.onmessage?.({ lastEventId: String(++id), data: JSON.stringify(event) }),
    release: () => {
      release();
      vi.unstubAllGlobals();
    },
  };
}

import type { TProfile, TShopSupplier } from '@orderbridge/contract';
import { EMPTY_SUPPLIER_METRICS } from '@orderbridge/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { configureApiClient } from '../../../lib/api-client';
import { CompanyContext, type TCompanyContext } from '../../../lib/company-context';

export const supplier = (id: number, name: string, extra: Partial<TShopSupplier> = {}): TShopSupplier => ({
  shopSupplierId: id,
  shopId: 1,
  supplierId: 100 + id,
  supplierName: name,
  supplierMainEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  supplierEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  secondaryEmails: [],
  isAutoProcessed: false,
  skipApproval: false,
  logoURL: null,
  claimed: false,
  ...EMPTY_SUPPLIER_METRICS,
  ...extra,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type TFakeCall = { method: string; url: string; body: unknown };

/**
 * A fake API for the partners screens: GET pages through `suppliers` (those whose name holds `search`, as the API's
 * folded search finds them), POST answers with `onCreate`.
 */
export function fakeApi(opts: {
  suppliers: TShopSupplier[];
  onCreate?: (body: { supplierName: string; supplierEmail: string }) => { status: number; body: unknown };
}) {
  const calls: TFakeCall[] = [];
  const list = [...opts.suppliers];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method, url: `${url.pathname}${url.search}`, body });
    if (method === 'GET' && url.pathname === '/api/shops/1/suppliers') {
      const page = Number(url.searchParams.get('Page'));
      const perPage = Number(url.searchParams.get('PerPage'));
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = list.filter((s) => s.supplierName.toLowerCase().includes(search));
      const data = found.slice((page - 1) * perPage, page * perPage);
      return json(200, { success: true, message: 'ok', data: { total: found.length, page, perPage, data } });
    }
    if (method === 'POST' && url.pathname === '/api/shops/1/suppliers') {
      const reply = opts.onCreate?.(body) ?? {
        status: 201,
        body: { success: true, message: 'Supplier created.', data: supplier(900, body.supplierName) },
      };
      const created = (reply.body as { data?: TShopSupplier | null }).data;
      if (reply.status < 300 && created) list.push(created);
      return json(reply.status, reply.body);
    }
    return json(404, { success: false, message: 'Not found.', data: null, trace: 't' });
  });
  configureApiClient({ fetch: fetchMock as typeof fetch, onSessionExpired: () => undefined });
  return { calls, fetchMock };
}

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
  companies: [],
  shops: [],
  suppliers: [],
};

/** Renders inside a shop's company context (at `/`, list state in the address) with a fresh query cache and the toaster. */
export function renderInShop(ui: ReactNode, opts: { isAdmin?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const company = {
    id: 1,
    name: 'Corner Shop',
    type: 'shops' as const,
    logo: null,
    roles: [opts.isAdmin === false ? ('member' as const) : ('admin' as const)],
    requireApproval: false,
    orderApprovalEnabled: false,
  };
  const ctx: TCompanyContext = {
    companyType: 'shops',
    companyId: 1,
    company,
    profile: { ...profile, companies: [company], shops: [company] },
    isAdmin: opts.isAdmin !== false,
    basePath: '/shops/1',
  };
  return {
    client,
    ...render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <CompanyContext.Provider value={ctx}>
            {ui}
            <Toaster />
          </CompanyContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    ),
  };
}

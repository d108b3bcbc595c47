import { SEARCH_MIN_LENGTH, type TPartnerListItem, type TSupplierClient } from '@orderbridge/contract';
import { Search, Store } from 'lucide-react';
import { type LoaderFunctionArgs, Navigate, redirect } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useListUrl, usePrefetchNextPage, useSearchBox } from '../../../lib/list-state';
import { queryClient } from '../../../lib/query-client';
import { CLIENTS_PER_PAGE, clientsQueryOptions, useClients } from '../api/get-clients';

/** The spec's normalised list item (§3) of a client shop. */
export const toListItem = (c: TSupplierClient): TPartnerListItem => ({
  id: c.supplierClientId ?? c.id,
  name: c.clientName ?? c.name,
  logoURL: c.logoURL ?? null,
  email: c.clientEmail ?? c.email ?? null,
});

/** Suppliers only (spec §6 keeps shops out of supplier screens); starts fetching the list with the code. */
export function loader({ params, request }: LoaderFunctionArgs) {
  if (params.companyType !== 'suppliers') throw redirect('/NotAuthorizedToAccess');
  const address = new URL(request.url).searchParams;
  const page = Math.max(1, Number(address.get('page')) || 1);
  void queryClient.prefetchQuery(
    clientsQueryOptions(Number(params.companyId), { page, search: address.get('q') ?? '' }),
  );
  return null;
}

/** Configuration → Clients (suppliers): the shops this supplier serves. */
export default function ClientsPage() {
  const { companyType, companyId, company } = useCompany();
  // Page and search live in the address (lib/list-state); the search is sent once typing settles.
  const url = useListUrl();
  const term = url.get('q');
  const search = useSearchBox(term, (q) => url.set({ q }));
  const filter = { page: url.page, search: term };
  const clients = useClients(companyId, filter);
  usePrefetchNextPage(clients.data, url.page, (page) => clientsQueryOptions(companyId, { ...filter, page }));
  const matches = (clients.data?.data ?? []).map(toListItem);

  if (companyType !== 'suppliers') return <Navigate to="/NotAuthorizedToAccess" replace />;

  return (
    <>
      <PageHeader title="Clients" description={`The shops ${company.name} supplies.`} />
      <div className="mb-4 max-w-sm">
        <label htmlFor="client-search" className="sr-only">
          Search clients
        </label>
        <div className="relative">
          <Search
            size={16}
            aria-hidden="true"
            className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
          />
          <input
            id="client-search"
            type="search"
            placeholder="Search by name"
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
            aria-describedby={search.tooShort ? 'client-search-hint' : undefined}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
        {search.tooShort ? (
          <p id="client-search-hint" className="mt-1 text-xs text-slate-600">
            Type at least {SEARCH_MIN_LENGTH} characters
          </p>
        ) : null}
      </div>
      {clients.isError ? <Alert tone="error">{userMessage(clients.error)}</Alert> : null}
      {clients.isPending ? (
        <Card className="divide-y divide-slate-100" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3 px-4 py-3">
              <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
              <span className="h-3 w-48 animate-pulse rounded bg-slate-200" />
            </div>
          ))}
        </Card>
      ) : clients.data && clients.data.total === 0 ? (
        <EmptyState icon={Store} title={term ? 'No clients match your search' : 'No client shops yet'}>
          {term
            ? 'Try another name.'
            : 'Shops that add you as their supplier appear here, with the orders they send you.'}
        </EmptyState>
      ) : clients.data ? (
        <Card>
          <ul aria-label={`Client shops of ${company.name}`} className="divide-y divide-slate-100">
            {matches.map((c) => (
              <li key={c.id} className="flex items-center gap-3 px-4 py-3">
                <Avatar name={c.name} src={c.logoURL} size={36} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{c.name}</p>
                  {c.email ? (
                    <a href={`mailto:${c.email}`} className="truncate text-xs text-slate-600 hover:underline">
                      {c.email}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={url.page}
            perPage={CLIENTS_PER_PAGE}
            total={clients.data.total}
            capped={clients.data.totalCapped}
            noun={['client', 'clients']}
            onPage={(page) => url.set({ page })}
          />
        </Card>
      ) : null}
    </>
  );
}

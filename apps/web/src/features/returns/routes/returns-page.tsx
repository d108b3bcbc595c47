import { Undo2 } from 'lucide-react';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { useCompany } from '../../../lib/company-context';
import { useListUrl, usePrefetchNextPage } from '../../../lib/list-state';
import { returnsQueryOptions, useReturns } from '../api/get-returns';
import { ReturnCard } from '../components/return-card';

const TABS = [
  { id: 'requested', label: 'To collect' },
  { id: 'collected', label: 'Collected' },
  { id: 'received', label: 'Received' },
  { id: 'credited', label: 'Credited' },
  { id: 'all', label: 'All' },
] as const;
const PER_PAGE = 25;

/**
 * The supplier's returns: collections agreed as answers to disputes, by step, with the next step to take. Step and
 * page live in the address (`?status=all&page=2`); "To collect" is the default.
 */
export default function ReturnsPage() {
  const { companyId } = useCompany();
  const url = useListUrl();
  const tab = TABS.some((t) => t.id === url.get('status')) ? url.get('status') : 'requested';
  const status = tab === 'all' ? undefined : tab;
  const filter = { page: url.page, perPage: PER_PAGE, status };
  const query = useReturns(companyId, filter);
  usePrefetchNextPage(query.data, url.page, (page) => returnsQueryOptions(companyId, { ...filter, page }));
  const data = query.data;
  return (
    <div>
      <PageHeader
        title="Returns"
        description="Goods you collect from client shops to settle a dispute: requested → collected → received → credited."
      />
      <FilterTabs
        label="Step"
        tabs={TABS}
        value={tab}
        onChange={(id) => url.set({ status: id === 'requested' ? null : id })}
      />
      {query.isError ? (
        <LoadError
          title="The returns could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : !data ? (
        <ListLoading label="Loading returns" />
      ) : data.total === 0 ? (
        <EmptyState
          icon={Undo2}
          title={
            status ? `No returns ${TABS.find((t) => t.id === status)?.label.toLowerCase()}` : 'No returns'
          }
        >
          When you answer a dispute with “Start a return”, the collection is tracked here step by step.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <ul className="space-y-4" aria-label="Returns">
            {data.data.map((r) => (
              <li key={r.id}>
                <ReturnCard r={r} />
              </li>
            ))}
          </ul>
          <Pager
            page={url.page}
            perPage={PER_PAGE}
            total={data.total}
            capped={data.totalCapped}
            noun={['return', 'returns']}
            onPage={(page) => url.set({ page })}
          />
        </div>
      )}
    </div>
  );
}

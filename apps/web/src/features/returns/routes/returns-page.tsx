import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { useCompany } from '../../../lib/company-context';
import { useReturns } from '../api/get-returns';
import { ReturnCard } from '../components/return-card';

const TABS = [
  { id: 'requested', label: 'To collect' },
  { id: 'collected', label: 'Collected' },
  { id: 'received', label: 'Received' },
  { id: 'credited', label: 'Credited' },
  { id: '', label: 'All' },
] as const;
const PER_PAGE = 25;

/** The supplier's returns: collections agreed as answers to disputes, by step, with the next step to take. */
export default function ReturnsPage() {
  const { companyId } = useCompany();
  const [status, setStatus] = useState<string>('requested');
  const [page, setPage] = useState(1);
  const query = useReturns(companyId, { page, perPage: PER_PAGE, status: status || undefined });
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
        value={status}
        onChange={(id) => {
          setStatus(id);
          setPage(1);
        }}
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
            page={page}
            perPage={PER_PAGE}
            total={data.total}
            noun={['return', 'returns']}
            onPage={setPage}
          />
        </div>
      )}
    </div>
  );
}

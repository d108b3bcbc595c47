import type { TIntegration, TSyncEntry } from '@orderbridge/contract';
import { History } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { useListUrl, usePrefetchNextPage } from '../../../lib/list-state';
import { syncHistoryQueryOptions, useSyncHistory } from '../api/get-sync-history';
import { PER_PAGE } from '../api/keys';
import { dateTime } from '../components/format';
import { IntegrationShell } from '../components/integration-shell';
import { ListError, SkeletonList } from '../components/list-parts';

/** Integrations → Semtek → Sync history: every catalogue sync and order push, paged (`?page=2`). */
export default function SyncHistoryPage() {
  return (
    <IntegrationShell name="Semtek" title="Sync history">
      {(i) => <SyncHistory integration={i} />}
    </IntegrationShell>
  );
}

const STATUS_TONE: Record<TSyncEntry['status'], string> = {
  succeeded: 'bg-green-50 text-green-800 ring-green-200',
  acknowledged: 'bg-green-50 text-green-800 ring-green-200',
  partial: 'bg-amber-50 text-amber-900 ring-amber-200',
  pending: 'bg-blue-50 text-blue-800 ring-blue-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
};
const STATUS_WORDS: Record<TSyncEntry['status'], string> = {
  succeeded: 'Succeeded',
  acknowledged: 'Written by the POS',
  partial: 'Some rows refused',
  pending: 'Waiting for the agent',
  failed: 'Failed',
};
const what = (e: TSyncEntry) =>
  e.operation === 'sync' ? 'Catalogue sync' : `Order ${e.entityId ?? ''} sent to the POS`.replace('  ', ' ');

function SyncHistory({ integration }: { integration: TIntegration }) {
  const { companyId } = useCompany();
  const url = useListUrl();
  const list = useSyncHistory(companyId, integration.id, url.page);
  usePrefetchNextPage(list.data, url.page, (page) =>
    syncHistoryQueryOptions(companyId, integration.id, page),
  );
  const data = list.data;
  if (list.isError)
    return <ListError what="The sync history" error={list.error} retry={() => list.refetch()} />;
  if (!data)
    return (
      <Card>
        <SkeletonList />
      </Card>
    );
  if (data.total === 0)
    return (
      <EmptyState icon={History} title="No syncs yet">
        Each catalogue the agent sends and each processed order it writes to the POS is listed here, with its
        status and duration.
      </EmptyState>
    );
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-slate-100">
        {data.data.map((e) => (
          <li
            key={e.id}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{what(e)}</p>
              <p className="text-xs text-slate-600">
                {dateTime(e.createdAt)} · {e.rows.toLocaleString()} rows · {e.duration.toLocaleString()} ms
                {e.acknowledgedAt ? ` · written ${dateTime(e.acknowledgedAt)}` : ''}
              </p>
              {e.errors.length ? (
                <details className="mt-1 text-xs text-amber-900">
                  <summary className="cursor-pointer">{e.errors.length} refused rows</summary>
                  <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-4">
                    {e.errors.map((r) => (
                      <li key={r.line}>
                        Line {r.line}: {r.message}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </div>
            <span
              className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1', STATUS_TONE[e.status])}
            >
              {STATUS_WORDS[e.status]}
            </span>
          </li>
        ))}
      </ul>
      <Pager
        page={url.page}
        perPage={PER_PAGE}
        total={data.total}
        capped={data.totalCapped}
        noun={['entry', 'entries']}
        onPage={(page) => url.set({ page })}
      />
    </Card>
  );
}

import { ChevronRight, Plug } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { useCompany } from '../../../lib/company-context';
import { useIntegrations } from '../api/get-integrations';
import { date } from '../components/format';
import { IntegrationLogo } from '../components/integration-logo';
import { ListError, SkeletonList } from '../components/list-parts';
import { StatusDot } from '../components/status-dot';

/** Configuration → Integrations (spec §2): every connector with this shop's connection status. */
export default function IntegrationsPage() {
  const { companyId, basePath } = useCompany();
  const list = useIntegrations(companyId);
  return (
    <div>
      <PageHeader
        title="Integrations"
        description="Connect your point-of-sale system: its product catalogue comes in, processed orders go back as goods received."
      />
      {list.isError ? (
        <ListError what="The integrations" error={list.error} retry={() => list.refetch()} />
      ) : !list.data ? (
        <Card>
          <SkeletonList rows={2} />
        </Card>
      ) : list.data.length === 0 ? (
        <EmptyState icon={Plug} title="No integrations available">
          No point-of-sale connector is offered yet.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.data.map((i) => (
            <li key={i.id}>
              <Link
                to={`${basePath}/config/integrations/${i.name}/overview`}
                className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <IntegrationLogo integration={i} size={40} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{i.name}</span>
                  <span className="block text-sm text-slate-600">{i.description}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
                    <StatusDot status={i.status} label />
                    {i.lastSyncAt ? <span>Last sync {date(i.lastSyncAt)}</span> : null}
                  </span>
                </span>
                <ChevronRight size={18} aria-hidden="true" className="text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

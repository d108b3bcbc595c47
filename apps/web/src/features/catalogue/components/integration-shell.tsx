import type { TIntegration } from '@orderbridge/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { useIntegrationNamed } from '../api/get-integrations';
import { IntegrationLogo } from './integration-logo';
import { ListError } from './list-parts';
import { StatusDot } from './status-dot';

const TABS = [
  { to: 'overview', label: 'Overview' },
  { to: 'sync-history', label: 'Sync history' },
  { to: 'integration-products', label: 'POS products' },
];

/**
 * The pages of one integration (spec §2 `integrations/Semtek/…`): its name, logo and status, the three tabs, and
 * the page itself once the integration is known.
 */
export function IntegrationShell({
  name,
  title,
  children,
}: {
  name: string;
  title: string;
  children: (integration: TIntegration) => ReactNode;
}) {
  const { companyId, basePath } = useCompany();
  const found = useIntegrationNamed(companyId, name);
  const base = `${basePath}/config/integrations/${name}`;
  useDocumentTitle(`${name} · ${title}`);
  const i = found.integration;
  return (
    <div className="space-y-5">
      <Link
        to={`${basePath}/config/integrations`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft size={16} aria-hidden="true" /> Integrations
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        {i ? <IntegrationLogo integration={i} size={36} /> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
        {i ? <StatusDot status={i.status} label /> : null}
      </header>
      <nav aria-label={`${name} pages`} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={`${base}/${t.to}`}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
                isActive
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {found.isError ? (
        <ListError what={name} error={found.error} retry={() => found.refetch()} />
      ) : !found.data ? (
        <PageSpinner label={`Loading ${name}`} />
      ) : !i ? (
        <Alert tone="error" title={`${name} is not available`}>
          This integration is not in the registry.
        </Alert>
      ) : (
        children(i)
      )}
    </div>
  );
}

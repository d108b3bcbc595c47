import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { useIntegrations } from '../api/get-integrations';
import { IntegrationLogo } from './integration-logo';
import { STATUS_TEXT, StatusDot } from './status-dot';

/**
 * The sidebar's Integrations block (spec §2, shops): logo, name and status dot of each integration the shop has
 * connected, linking to its overview; hidden while every integration is neverConnected.
 */
export function SidebarIntegrations({ onNavigate }: { onNavigate?: () => void }) {
  const { companyId, basePath } = useCompany();
  const list = useIntegrations(companyId);
  const shown = (list.data ?? []).filter((i) => i.status !== 'neverConnected');
  if (!shown.length) return null;
  return (
    <section aria-labelledby="sidebar-integrations" className="mt-4 border-t border-slate-200 pt-3">
      <h2
        id="sidebar-integrations"
        className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Integrations
      </h2>
      <ul className="space-y-0.5">
        {shown.map((i) => (
          <li key={i.id}>
            <NavLink
              to={`${basePath}/config/integrations/${i.name.toLowerCase()}/overview`}
              onClick={onNavigate}
              aria-label={`${i.name}: ${STATUS_TEXT[i.status]}`}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              <IntegrationLogo integration={i} size={18} />
              <span className="flex-1 truncate">{i.name}</span>
              <StatusDot status={i.status} />
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

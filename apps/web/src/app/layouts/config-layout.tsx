import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn';
import { useCompany } from '../../lib/company-context';
import { useIsMobile } from '../../lib/use-media-query';

/** Configuration section with its own tabs; the shops-only tabs are hidden for suppliers. */
export default function ConfigLayout() {
  const { companyType, basePath } = useCompany();
  const isMobile = useIsMobile();
  const tabs = [
    ...(companyType === 'shops' ? [{ to: 'email', label: 'Email' }] : []),
    { to: 'users', label: 'Users' },
    ...(companyType === 'shops'
      ? [
          { to: 'suppliers', label: 'Suppliers' },
          { to: 'integrations', label: 'Integrations' },
        ]
      : [{ to: 'clients', label: 'Clients' }]),
  ];
  return (
    <div>
      <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Configuration</p>
      <nav aria-label="Configuration" className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((t) => (
          <NavLink
            key={t.to}
            to={`${basePath}/config/${t.to}`}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                isActive
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                isMobile && 'py-2.5',
              )
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

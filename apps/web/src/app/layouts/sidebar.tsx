import { Check, ChevronsUpDown, LogOut, Plus } from 'lucide-react';
import { DropdownMenu as M } from 'radix-ui';
import { useRef } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { ErrorBoundary } from '../../components/ui/error-fallback';
import { Logo } from '../../components/ui/logo';
import { SidebarIntegrations } from '../../features/catalogue/components/sidebar-integrations';
import { cn } from '../../lib/cn';
import { useCompany } from '../../lib/company-context';
import { companiesOf, companyHome } from '../../lib/session';
import { setStoredCompany } from '../../lib/storage';
import { preloadScreen } from '../screens';
import { navItemsFor, type TNavItem } from './nav-items';

/** Route prefetch hover delay of spec §9. */
export const PRELOAD_DELAY_MS = 100;

/** The company sidebar (spec §2): logo to `/`, company switcher, items, Logout at the bottom. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { companyType, basePath } = useCompany();
  const items = navItemsFor(companyType);
  return (
    <div className="flex h-full flex-col">
      <ErrorBoundary
        fallback={() => (
          <p className="p-4 text-xs text-red-700">Something went wrong in the sidebar switcher.</p>
        )}
      >
        <div className="px-3 pt-4 pb-3">
          <Link
            to="/"
            aria-label="OrderBridge home"
            className="inline-flex rounded-md px-1"
            onClick={onNavigate}
          >
            <Logo />
          </Link>
          <CompanySwitcher />
        </div>
      </ErrorBoundary>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-0.5">
          {items.map((it) => (
            <li key={it.id}>
              <SidebarItem item={it} basePath={basePath} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
        {companyType === 'shops' ? <SidebarIntegrations onNavigate={onNavigate} /> : null}
      </nav>
      <div className="border-t border-slate-200 px-3 py-3">
        <Link
          to="/logout"
          onClick={onNavigate}
          className="flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <LogOut size={18} aria-hidden="true" /> Logout
        </Link>
      </div>
    </div>
  );
}

function SidebarItem({
  item,
  basePath,
  onNavigate,
}: {
  item: TNavItem;
  basePath: string;
  onNavigate?: () => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const Icon = item.icon;
  if (!item.selectable) {
    return (
      <span
        aria-disabled="true"
        className="flex h-10 cursor-not-allowed items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-400"
      >
        <Icon size={18} aria-hidden="true" /> {item.label}
      </span>
    );
  }
  const startPreload = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => preloadScreen(item.screen), PRELOAD_DELAY_MS);
  };
  const cancelPreload = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return (
    <NavLink
      to={`${basePath}/${item.path}`}
      onMouseEnter={startPreload}
      onMouseLeave={cancelPreload}
      onFocus={startPreload}
      onBlur={cancelPreload}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
          isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Icon size={18} aria-hidden="true" /> {item.label}
    </NavLink>
  );
}

const menuItem =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100';

/** Switch between the user's companies (shown when there are several) and create another one. */
function CompanySwitcher() {
  const { company, profile } = useCompany();
  const navigate = useNavigate();
  const companies = companiesOf(profile);
  return (
    <M.Root modal={false}>
      <M.Trigger
        className="mt-3 flex w-full items-center gap-2 rounded-lg border border-slate-200 px-2 py-1.5 text-left hover:bg-slate-50"
        aria-label={`Active company: ${company.name}. Switch company`}
      >
        <Avatar name={company.name} src={company.logo} size={24} className="rounded-md" />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 block text-sm leading-tight font-medium break-words text-slate-900">
            {company.name}
          </span>
          <span className="block text-xs text-slate-600">
            {company.type === 'shops' ? 'Shop' : 'Supplier'}
          </span>
        </span>
        <ChevronsUpDown size={14} aria-hidden="true" className="shrink-0 text-slate-500" />
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <M.Label className="px-2 py-1.5 text-xs font-medium text-slate-600">Your companies</M.Label>
          {companies.map((c) => (
            <M.Item
              key={`${c.type}-${c.id}`}
              className={menuItem}
              onSelect={() => {
                setStoredCompany(c.type, c.id);
                navigate(companyHome(c));
              }}
            >
              <Avatar name={c.name} src={c.logo} size={20} className="rounded" />
              <span className="flex-1 truncate">{c.name}</span>
              {c.id === company.id && c.type === company.type ? (
                <Check size={14} aria-label="Active" className="text-brand-600" />
              ) : null}
            </M.Item>
          ))}
          <M.Separator className="my-1 h-px bg-slate-200" />
          <M.Item className={menuItem} onSelect={() => navigate('/onboarding')}>
            <Plus size={16} aria-hidden="true" /> Create company
          </M.Item>
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}

import { Building2, ClipboardList, FileStack, GraduationCap, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { isAppError, userMessage } from '../../../lib/errors';
import { getAuditReason, setAuditReason } from '../api/admin-request';
import { useMe } from '../api/get-me';
import { ReasonGate } from '../components/reason-gate';

const NAV = [
  { to: 'companies', label: 'Companies', icon: Building2 },
  { to: 'orders', label: 'Orders', icon: FileStack },
  { to: 'training', label: 'Training', icon: GraduationCap },
  { to: 'audit', label: 'Audit log', icon: ClipboardList },
];

/**
 * The operator's console `/admin`: only for platform operators (the API decides), and only after the operator
 * said why they open company data. Loaded lazily: none of it is in the shop or supplier screens' code.
 */
export default function AdminLayout() {
  const me = useMe();
  const [reason, setReason] = useState(getAuditReason);
  const [changing, setChanging] = useState(false);

  if (me.isPending) return <PageSpinner label="Loading the console" />;
  if (me.error) {
    const refused = isAppError(me.error) && me.error.status === 403;
    return (
      <div className="mx-auto mt-16 max-w-lg px-4">
        <Alert
          tone={refused ? 'warning' : 'error'}
          title={refused ? 'Operators only' : 'The console could not be opened'}
        >
          {refused
            ? 'This console is for the people who run OrderBridge. Your account is not an operator.'
            : userMessage(me.error)}
        </Alert>
        <Link to="/" className={buttonClass('secondary', 'md', 'mt-4')}>
          Go to your companies
        </Link>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/admin" className="flex items-center gap-2" aria-label="Operator console home">
            <Logo compact />
            <span className="text-sm font-semibold text-slate-900">Operator console</span>
          </Link>
          <nav aria-label="Console" className="-mx-1 flex gap-1 overflow-x-auto">
            {NAV.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex h-9 shrink-0 items-center gap-2 rounded-lg px-2.5 text-sm font-medium sm:px-3',
                    isActive
                      ? 'bg-brand-50 text-brand-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                {/* Labels only on a phone, so all four fit in one row. */}
                <Icon size={16} aria-hidden="true" className="hidden sm:block" />
                {label}
              </NavLink>
            ))}
          </nav>
          <span className="ml-auto truncate text-xs text-slate-600">{me.data.email}</span>
        </div>
        {reason && !changing ? (
          <div className="border-t border-slate-100 bg-amber-50/60">
            <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5 text-xs text-amber-900">
              <ShieldAlert size={14} aria-hidden="true" className="shrink-0" />
              <span className="truncate">
                Audited as: <strong className="font-medium">{reason}</strong>
              </span>
              <button
                type="button"
                className="ml-auto shrink-0 font-medium underline"
                onClick={() => setChanging(true)}
              >
                Change reason
              </button>
            </div>
          </div>
        ) : null}
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        {!reason || changing ? (
          <ReasonGate
            initial={reason}
            onReason={(value) => {
              setAuditReason(value);
              setReason(value);
              setChanging(false);
            }}
          />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}

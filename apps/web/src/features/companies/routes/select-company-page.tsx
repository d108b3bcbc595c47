import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Plus, Store, Truck } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { userMessage } from '../../../lib/errors';
import { profileQueryOptions } from '../../../lib/profile-query';
import { companiesOf, companyHome } from '../../../lib/session';
import { setStoredCompany } from '../../../lib/storage';

export default function SelectCompanyPage() {
  useDocumentTitle('Select company');
  const navigate = useNavigate();
  const profile = useQuery(profileQueryOptions());
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Alert tone="error">{userMessage(profile.error)}</Alert>
      </div>
    );
  }
  const companies = companiesOf(profile.data);
  if (companies.length === 0) return <Navigate to="/onboarding" replace />;

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Select a company</h1>
      <p className="mt-1.5 text-sm text-slate-600">
        You belong to several companies. Choose the one to work in.
      </p>
      <Card className="mt-6 divide-y divide-slate-200 overflow-hidden">
        <ul>
          {companies.map((c) => (
            <li key={`${c.type}-${c.id}`} className="border-b border-slate-200 last:border-b-0">
              <button
                type="button"
                className="flex w-full items-center gap-3 px-4 py-3.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                onClick={() => {
                  setStoredCompany(c.type, c.id);
                  navigate(companyHome(c));
                }}
              >
                <Avatar name={c.name} src={c.logo} size={36} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{c.name}</span>
                  <span className="flex items-center gap-1 text-xs text-slate-600">
                    {c.type === 'shops' ? (
                      <Store size={12} aria-hidden="true" />
                    ) : (
                      <Truck size={12} aria-hidden="true" />
                    )}
                    {c.type === 'shops' ? 'Shop' : 'Supplier'} ·{' '}
                    {c.roles.includes('admin') ? 'Administrator' : 'Member'}
                  </span>
                </span>
                <ChevronRight size={18} aria-hidden="true" className="text-slate-400" />
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Link to="/onboarding" className={buttonClass('secondary', 'md', 'mt-4')}>
        <Plus size={16} aria-hidden="true" /> Create another company
      </Link>
    </div>
  );
}

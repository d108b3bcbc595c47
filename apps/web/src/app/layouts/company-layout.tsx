import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Drawer } from '../../components/ui/dialog';
import { ErrorBoundary } from '../../components/ui/error-fallback';
import { PageSpinner } from '../../components/ui/spinner';
import { CompanyContext, type TCompanyContext } from '../../lib/company-context';
import { toAppError } from '../../lib/errors';
import { LineMarkContext } from '../../lib/line-mark-context';
import { holdLiveEvents } from '../../lib/live-events';
import { profileQueryOptions } from '../../lib/profile-query';
import { companiesOf, isCompanyType } from '../../lib/session';
import { clearStoredCompany, getStoredCompany, setStoredCompany } from '../../lib/storage';
import { UploadOrderContext } from '../../lib/upload-order-context';
import { useIsMobile } from '../../lib/use-media-query';
import { NOT_AUTHORIZED_PATH } from '../guards';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const UploadOrder = lazy(() => import('../upload-order'));
// The catalogue's mark on the orders screens' lines; its code loads with the first line that shows it.
const LineMatchMark = lazy(() => import('../../features/catalogue/components/line-mark'));

/**
 * The company area `/{companyType}/{companyId}` (spec §2, §4): fetches the profile, checks the company is
 * the user's, keeps it in storage and watches for another tab switching company.
 */
export default function CompanyLayout() {
  const params = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The upload dialog's code loads on first use and stays mounted afterwards, so it can close gracefully.
  const [upload, setUpload] = useState<'unused' | 'open' | 'closed'>('unused');
  const openUpload = useCallback(() => setUpload('open'), []);
  const profile = useQuery(profileQueryOptions());
  const companyType = isCompanyType(params.companyType) ? params.companyType : null;
  const companyId = Number(params.companyId);

  const ctx = useMemo<TCompanyContext | null>(() => {
    if (!profile.data || !companyType) return null;
    const company = companiesOf(profile.data).find((c) => c.id === companyId && c.type === companyType);
    if (!company) return null;
    return {
      companyType,
      companyId,
      company,
      profile: profile.data,
      isAdmin: company.roles.includes('admin'),
      basePath: `/${companyType}/${companyId}`,
    };
  }, [profile.data, companyType, companyId]);

  useEffect(() => {
    if (ctx) setStoredCompany(ctx.companyType, ctx.companyId);
  }, [ctx]);

  // One event stream per tab while a company area is open: notifications, counts, upload progress.
  useEffect(() => holdLiveEvents(), []);

  // Another tab switched company: this tab's view is stale, start over (spec §4).
  useEffect(() => {
    const onFocus = () => {
      const stored = getStoredCompany().id;
      if (stored && stored !== String(companyId)) navigate('/login?error=true', { replace: true });
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [companyId, navigate]);

  // Close the drawer after any navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => setDrawerOpen(false), [pathname]);

  if (profile.isPending) return <PageSpinner label="Loading your workspace" />;
  if (profile.isError) {
    if (toAppError(profile.error).kind === 'canceled') return <PageSpinner />;
    return <Navigate to="/login?error=true" replace />;
  }
  if (!profile.data?.id) return <Navigate to="/logout" replace />;
  if (!ctx) {
    // The user's own company opened under the other type (a supplier at /shops/{id}/…): not allowed.
    const sameId = companiesOf(profile.data).some((c) => c.id === companyId);
    if (sameId) return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
    clearStoredCompany();
    return <Navigate to="/" replace />;
  }

  const isConfig = pathname.split('/').filter(Boolean)[2]?.toLowerCase() === 'config';
  return (
    <CompanyContext.Provider value={ctx}>
      <UploadOrderContext.Provider value={ctx.companyType === 'shops' ? openUpload : null}>
        <LineMarkContext.Provider value={ctx.companyType === 'shops' ? LineMatchMark : null}>
          <div className="min-h-dvh bg-slate-50">
            <aside
              aria-label="Sidebar"
              className="fixed inset-y-0 left-0 z-20 hidden w-sidebar border-r border-slate-200 bg-white md:block"
              data-testid="sidebar"
            >
              {isMobile ? null : <Sidebar />}
            </aside>
            <div
              className="md:pl-[12rem]"
              data-minimised={isMobile || undefined}
              data-config={isConfig || undefined}
            >
              <TopBar minimised={isMobile} onOpenSidebar={() => setDrawerOpen(true)} />
              <main id="main" className="mx-auto w-full max-w-[1280px] px-4 py-6 md:px-8 md:py-8">
                <ErrorBoundary key={pathname}>
                  <Suspense fallback={<PageSpinner />}>
                    <Outlet />
                  </Suspense>
                </ErrorBoundary>
              </main>
            </div>
            {isMobile ? (
              <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title="Navigation">
                <Sidebar onNavigate={() => setDrawerOpen(false)} />
              </Drawer>
            ) : null}
            {ctx.companyType === 'shops' && upload !== 'unused' ? (
              <Suspense fallback={null}>
                <UploadOrder
                  open={upload === 'open'}
                  onOpenChange={(o) => setUpload(o ? 'open' : 'closed')}
                />
              </Suspense>
            ) : null}
          </div>
        </LineMarkContext.Provider>
      </UploadOrderContext.Provider>
    </CompanyContext.Provider>
  );
}

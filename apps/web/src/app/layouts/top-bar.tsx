import { ArrowLeft, House, Menu, Upload } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { ProfileMenu } from '../../features/accounts/components/profile-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useCompany } from '../../lib/company-context';
import { useOpenUpload } from '../../lib/upload-order-context';

/** Parent of a path: `/shops/1/config/users` → `/shops/1/config`. */
export const parentPath = (pathname: string) => {
  const segments = pathname.split('/').filter(Boolean);
  return `/${segments.slice(0, -1).join('/')}`;
};

export const segmentCount = (pathname: string) => pathname.split('/').filter(Boolean).length;

/**
 * Top bar (spec §2): Sidebar/Back on narrow screens, Upload order for shops, company name, the notification
 * Home screen, the notification bell, email, avatar.
 */
export function TopBar({ minimised, onOpenSidebar }: { minimised: boolean; onOpenSidebar: () => void }) {
  const { company, companyType, profile, basePath } = useCompany();
  const openUpload = useOpenUpload();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const deep = segmentCount(pathname) > 3;
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-1.5 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:gap-3 md:px-8">
      {minimised ? (
        deep ? (
          <button
            type="button"
            onClick={() => navigate(parentPath(pathname))}
            className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}
          >
            <ArrowLeft size={18} aria-hidden="true" />
            {/* On a phone the icon alone leaves the company name room to be read. */}
            <span className="sr-only sm:not-sr-only">Back</span>
          </button>
        ) : (
          <button
            type="button"
            onClick={onOpenSidebar}
            className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}
          >
            <Menu size={18} aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Sidebar</span>
          </button>
        )
      ) : null}
      <p
        className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900"
        data-testid="active-company"
      >
        {company.name}
      </p>
      {companyType === 'shops' && openUpload ? (
        <button
          type="button"
          onClick={openUpload}
          className={buttonClass('primary', 'sm', minimised ? 'px-2.5' : undefined)}
        >
          <Upload size={16} aria-hidden="true" />
          <span className={minimised ? 'sr-only' : undefined}>Upload order</span>
        </button>
      ) : null}
      {/* The sidebar's items are the spec's; the company's Home screen is reached from here. */}
      <Link
        to={`${basePath}/home`}
        aria-label="Home"
        title="Home"
        className={buttonClass('ghost', 'md', 'px-2.5')}
      >
        <House size={18} aria-hidden="true" />
      </Link>
      <NotificationBell />
      <ProfileMenu profile={profile} compact={minimised} />
    </header>
  );
}

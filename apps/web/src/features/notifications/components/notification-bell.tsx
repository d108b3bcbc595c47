import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useCompany } from '../../../lib/company-context';
import { useUnreadCount } from '../api/get-unread-count';
import { useLiveNotifications } from './use-live-notifications';

/** The top bar's bell: the unread count of this company, kept current by the event stream. */
export function NotificationBell() {
  const { companyType, companyId, basePath } = useCompany();
  const unread = useUnreadCount(companyType, companyId).data ?? 0;
  useLiveNotifications();
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={`${basePath}/notifications`}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className={buttonClass('ghost', 'md', 'relative px-2.5')}
    >
      <Bell size={18} aria-hidden="true" />
      {unread ? (
        <span
          data-testid="unread-count"
          className="tabular absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

import { Bell, CheckCheck, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The Notifications page of the company area: unread first, each opens the thing it is about. */
export default function NotificationsPage() {
  const { companyType, companyId, basePath } = useCompany();
  const list = useNotifications(companyType, companyId);
  const mark = useMarkRead(companyType, companyId);
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);
  const unread = pages[0]?.unread ?? 0;

  return (
    <>
      <PageHeader
        title="Notifications"
        description={unread ? `${unread} unread` : 'Documents, disputes and messages that need you.'}
        actions={
          <>
            <Link to={`${basePath}/notifications/settings`} className={buttonClass('ghost', 'md')}>
              <Mail size={16} aria-hidden="true" /> Email settings
            </Link>
            {unread ? (
              <Button variant="secondary" onClick={() => mark.mutate(undefined)} disabled={mark.isPending}>
                <CheckCheck size={16} aria-hidden="true" /> Mark all read
              </Button>
            ) : null}
          </>
        }
      />
      {list.isPending ? (
        <Card className="flex justify-center p-10">
          <Spinner label="Loading notifications" />
        </Card>
      ) : list.isError ? (
        <Alert tone="error">{userMessage(list.error)}</Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={Bell} title="You're all caught up">
          New orders, disputes and messages that need your attention will be listed here.
        </EmptyState>
      ) : (
        <Card className="divide-y divide-slate-200 overflow-hidden p-0">
          <ul aria-label="Notifications">
            {items.map((n) => (
              <li key={n.id} className={cn('flex gap-3 px-4 py-3', !n.isRead && 'bg-brand-50/60')}>
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    n.isRead ? 'bg-transparent' : 'bg-brand-600',
                  )}
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={n.link}
                    onClick={() => {
                      if (!n.isRead) mark.mutate(n.id);
                    }}
                    className="block font-medium text-slate-900 hover:underline"
                  >
                    {n.title}
                    {n.isRead ? null : <span className="sr-only"> (unread)</span>}
                  </Link>
                  <p className="mt-0.5 text-sm text-slate-600">{n.body}</p>
                  <p className="mt-1 text-xs text-slate-500">{when(n.createdAt)}</p>
                </div>
                {n.isRead ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => mark.mutate(n.id)}
                    className="shrink-0 self-start"
                  >
                    Mark read
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="flex justify-center p-3">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                Show older
              </Button>
            </div>
          ) : null}
        </Card>
      )}
    </>
  );
}

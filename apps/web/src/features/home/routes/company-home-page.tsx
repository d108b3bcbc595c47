import type { THome } from '@orderbridge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, FileText, MessagesSquare, ScanSearch, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useLiveEvents } from '../../../lib/live-events';
import { formatMoney } from '../../../lib/money';
import { homeKeys, useCompanyHome } from '../api/get-company-home';
import { ReadingChart } from '../components/reading-chart';

const when = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** Reads the Home figures again when the company's stream reports a change (a document, a notification). */
function useLiveHome() {
  const { companyType, companyId } = useCompany();
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (event.companyId !== companyId || (event.type !== 'document' && event.type !== 'notification')) return;
    // A reading sends several events in a second: one refetch for the lot.
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void qc.invalidateQueries({ queryKey: homeKeys.company(companyType, companyId) }),
      300,
    );
  });
}

/** `/{shops|suppliers}/{id}/home`: what needs the company now, its month, and how reading goes. */
export default function CompanyHomePage() {
  const { companyType, companyId, company } = useCompany();
  const home = useCompanyHome(companyType, companyId);
  useLiveHome();
  return (
    <>
      <PageHeader
        title="Home"
        description={`What needs attention at ${company.name}, kept up to date as it happens.`}
      />
      {home.isPending ? (
        <Card className="flex justify-center p-10">
          <Spinner label="Loading the overview" />
        </Card>
      ) : home.isError ? (
        <Alert tone="error">{userMessage(home.error)}</Alert>
      ) : (
        <HomeBody home={home.data} />
      )}
    </>
  );
}

function HomeBody({ home }: { home: THome }) {
  const { basePath, companyType } = useCompany();
  const shop = companyType === 'shops';
  const { counts } = home;
  const tiles = [
    { label: 'Orders', value: counts.noOfOrders, to: 'orders', icon: FileText, id: 'orders' },
    {
      label: 'Not processed yet',
      value: counts.noOfUnprocessedOrders,
      to: 'orders?tab=unprocessed',
      icon: ScanSearch,
      id: 'unprocessed',
    },
    {
      label: 'Open disputes',
      value: counts.noOfDispute,
      to: 'disputes',
      icon: TriangleAlert,
      id: 'disputes',
    },
    {
      label: 'Unread messages',
      value: counts.noOfMessage,
      to: 'messages',
      icon: MessagesSquare,
      id: 'messages',
    },
  ];
  // Bars compare partners within one currency: the largest of that currency fills its bar.
  const top = (currency: string | null) =>
    Math.max(1, ...home.month.byPartner.filter((p) => p.currency === currency).map((p) => p.total));
  return (
    <div className="space-y-4">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Counts">
        {tiles.map((t) => (
          <li key={t.id}>
            <Link
              to={`${basePath}/${t.to}`}
              className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <t.icon size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
              <span className="min-w-0">
                <span
                  className="block text-2xl font-semibold tabular-nums text-slate-900"
                  data-testid={`count-${t.id}`}
                >
                  {t.value}
                </span>
                <span className="block text-sm text-slate-600">{t.label}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Needs attention</h2>
          {shop ? (
            <Section
              title={`Documents to review (${home.toReview.total})`}
              more={
                home.toReview.total > home.toReview.items.length ? `${basePath}/orders?tab=review` : undefined
              }
              empty="Nothing waits for review."
            >
              {home.toReview.items.map((d) => (
                <li key={d.id} className="py-2">
                  <Link
                    to={`${basePath}/orders/review/${d.id}`}
                    className="font-medium text-slate-900 hover:underline"
                  >
                    {d.fileName}
                  </Link>
                  <span className="text-sm text-slate-600"> · {d.supplierName}</span>
                  {d.status === 'failed' ? (
                    <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700">
                      Unreadable
                    </span>
                  ) : null}
                  {d.reasons.length ? (
                    <p className="mt-0.5 text-sm text-amber-800">{d.reasons.join(' ')}</p>
                  ) : null}
                </li>
              ))}
            </Section>
          ) : null}
          <Section
            title={`${shop ? 'Disputes the supplier rejected' : 'Disputes waiting for your answer'} (${home.disputesWaiting.total})`}
            more={
              home.disputesWaiting.total > home.disputesWaiting.items.length
                ? `${basePath}/disputes`
                : undefined
            }
            empty={shop ? 'No dispute waits for you.' : 'Every dispute has an answer.'}
          >
            {home.disputesWaiting.items.map((d) => (
              <li key={d.id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0">
                  <Link
                    to={`${basePath}/disputes/${d.id}`}
                    className="font-medium text-slate-900 hover:underline"
                  >
                    {d.item}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {' '}
                    · {d.partyName} · {when.format(new Date(d.createdAt))}
                  </span>
                </span>
                <span className="shrink-0 text-sm tabular-nums text-slate-700">
                  {formatMoney(d.disputeVal, null)}
                </span>
              </li>
            ))}
          </Section>
          <p className="mt-4 text-sm text-slate-700">
            {counts.noOfMessage ? (
              <Link to={`${basePath}/messages`} className="font-medium text-brand-700 hover:underline">
                {counts.noOfMessage} unread message{counts.noOfMessage === 1 ? '' : 's'}
              </Link>
            ) : (
              'No unread messages.'
            )}
          </p>
        </Card>

        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">This month</h2>
          <p className="mt-2 text-3xl font-semibold tabular-nums text-slate-900" data-testid="month-total">
            {home.month.totals.length
              ? home.month.totals.map((t) => formatMoney(t.total, t.currency)).join(' + ')
              : formatMoney(0, null)}
          </p>
          <p className="text-sm text-slate-600">{shop ? 'spent, by supplier' : 'sold, by shop'}</p>
          {home.month.byPartner.length ? (
            <ul className="mt-3 space-y-2">
              {home.month.byPartner.map((p) => (
                <li key={`${p.name} ${p.currency}`}>
                  <div className="flex justify-between gap-3 text-sm">
                    <span className="truncate text-slate-800">{p.name}</span>
                    <span className="shrink-0 tabular-nums text-slate-700">
                      {formatMoney(p.total, p.currency)}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 rounded-full bg-slate-100">
                    <div
                      className="h-1.5 rounded-full bg-brand-600"
                      style={{ width: `${(p.total / top(p.currency)) * 100}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">No orders yet this month.</p>
          )}
          <div className="mt-5 border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold text-slate-900">Credits outstanding</h3>
            <p className="mt-1 text-sm text-slate-700">
              {home.creditsOutstanding.disputes ? (
                <>
                  <span className="text-lg font-semibold tabular-nums text-slate-900">
                    {home.creditsOutstanding.amounts
                      .map((a) => formatMoney(a.amount, a.currency))
                      .join(' + ')}
                  </span>{' '}
                  on {home.creditsOutstanding.disputes} open dispute
                  {home.creditsOutstanding.disputes === 1 ? '' : 's'}
                </>
              ) : (
                <span className="inline-flex items-center gap-1">
                  <CircleCheck size={16} aria-hidden="true" className="text-green-600" /> Nothing is waiting
                  for a credit.
                </span>
              )}
            </p>
          </div>
        </Card>
      </div>

      <Card className="p-5">
        <h2 className="mb-1 text-base font-semibold text-slate-900">Documents read per day</h2>
        <ReadingChart days={home.documentsPerDay} />
      </Card>
    </div>
  );
}

function Section({
  title,
  more,
  empty,
  children,
}: {
  title: string;
  more?: string;
  empty: string;
  children: React.ReactNode[];
}) {
  return (
    <section className="mt-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
        {more ? (
          <Link to={more} className="text-sm font-medium text-brand-700 hover:underline">
            See all
          </Link>
        ) : null}
      </div>
      {children.length ? (
        <ul className="mt-1 divide-y divide-slate-100">{children}</ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
}

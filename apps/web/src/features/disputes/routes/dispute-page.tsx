import type { TCompanyType, TItemDispute } from '@orderbridge/contract';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { date, dateTime, money } from '../../../lib/format';
import { useDispute } from '../api/get-dispute';
import { ShopActions, SupplierActions } from '../components/answers';
import { StatusBadge } from '../components/status-badge';
import { Thread } from '../components/thread';

/** One item dispute: the order line, the photo, the thread with a reply box, the answers and the history. */
export default function DisputePage() {
  const { companyType, companyId, basePath } = useCompany();
  const id = Number(useParams().disputeId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={`${basePath}/disputes`} replace />;
  return <DisputeView key={id} type={companyType} companyId={companyId} id={id} />;
}

function DisputeView({ type, companyId, id }: { type: TCompanyType; companyId: number; id: number }) {
  const { basePath } = useCompany();
  const dispute = useDispute(type, companyId, id);
  const d = dispute.data;
  useDocumentTitle(d ? `Dispute: ${d.itemDesc ?? d.itemCode ?? d.id}` : 'Dispute');
  const back = (
    <Link
      to={`${basePath}/disputes`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft size={16} aria-hidden="true" /> Disputes
    </Link>
  );
  if (dispute.isPending) return <PageSpinner label="Loading the dispute" />;
  if (dispute.isError || !d) {
    return (
      <div className="space-y-4">
        {back}
        <Alert tone="error" title="The dispute could not be loaded">
          {userMessage(dispute.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => dispute.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900">{d.itemDesc ?? d.itemCode ?? 'Item'}</h1>
          <p className="text-sm text-slate-600">
            {d.reasonText} × {d.quantity} · {type === 'shops' ? d.supplierName : d.shopName} ·{' '}
            <Link
              to={`${basePath}/orders/${d.orderId}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {d.invoiceNum ? `Invoice ${d.invoiceNum}` : d.orderNum ? `Order ${d.orderNum}` : 'Order'}
            </Link>
          </p>
        </div>
        <StatusBadge status={d.status} text={d.statusText} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <Card className="p-4">
            <Summary d={d} />
          </Card>
          <Card className="space-y-2 p-4">
            {type === 'shops' ? (
              <ShopActions shopId={companyId} d={d} />
            ) : (
              <SupplierActions supplierId={companyId} d={d} />
            )}
            {d.status === 'rejected' || d.status === 'resolved' || d.status === 'withdrawn' ? (
              <p className="text-sm text-slate-600">
                {d.status === 'rejected'
                  ? `Rejected: ${d.rejectionReason ?? ''}`
                  : d.status === 'resolved'
                    ? `Resolved: ${money(d.totalCredit, d.currency)} credited.`
                    : 'Withdrawn by the shop.'}
              </p>
            ) : null}
          </Card>
          <Card className="p-4">
            <Thread type={type} companyId={companyId} disputeId={d.id} />
          </Card>
        </div>
        <div className="space-y-6">
          {d.imageUrl ? (
            <Card className="p-4">
              <h2 className="mb-2 text-base font-semibold text-slate-900">Photo</h2>
              <a href={d.imageUrl} target="_blank" rel="noreferrer">
                <img
                  src={d.imageUrl}
                  alt="What the shop photographed"
                  className="max-h-72 w-full rounded-lg object-contain"
                />
              </a>
            </Card>
          ) : null}
          <Card className="p-4">
            <History d={d} />
          </Card>
        </div>
      </div>
    </div>
  );
}

function Summary({ d }: { d: TItemDispute }) {
  const rows: [string, string][] = [
    ['Item code', d.itemCode ?? '—'],
    ['Ordered', d.line.itemQty == null ? '—' : `${d.line.itemQty} ${d.line.unitOfMeasure ?? ''}`.trim()],
    ['Received', d.line.receivedQuantity == null ? '—' : String(d.line.receivedQuantity)],
    ['Unit price', d.line.price == null ? '—' : money(d.line.price, d.currency)],
    ['Line amount', d.line.amount == null ? '—' : money(d.line.amount, d.currency)],
    ['Disputed quantity', String(d.quantity)],
    ...(d.priceDifference == null
      ? []
      : ([['Price difference', money(d.priceDifference, d.currency)]] as [string, string][])),
    ['Disputed value', money(d.disputeVal, d.currency)],
    ['Credited', money(d.totalCredit, d.currency)],
    ['Raised', `${date(d.createdDate)}${d.userName ? ` by ${d.userName}` : ''}`],
  ];
  return (
    <>
      <dl className="grid gap-x-6 text-sm sm:grid-cols-2" aria-label="Order line">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b border-slate-100 py-1.5">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-right tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {d.note ? <p className="mt-3 text-sm text-slate-700">“{d.note}”</p> : null}
    </>
  );
}

function History({ d }: { d: TItemDispute }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-2 text-base font-semibold text-slate-900">
        History
      </h2>
      {d.history.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing has happened yet.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {d.history.map((e) => (
            <li key={e.id}>
              <div className="text-slate-900">{e.text}</div>
              <div className="text-xs text-slate-500">
                {e.userName ?? 'OrderBridge'} · {dateTime(e.timestamp)}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

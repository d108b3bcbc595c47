import type { TOrderDetail, TOrderItem } from '@orderbridge/contract';
import { ArrowLeft, ExternalLink, History } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { PageSpinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { LineMark } from '../../../lib/line-mark-context';
import { useIsMobile } from '../../../lib/use-media-query';
import { getOrderFileUrl } from '../api/get-invoice-url';
import { useOrder } from '../api/get-order';
import { CHANGES_PER_PAGE, useOrderChanges } from '../api/get-order-changes';
import { useOrderDisputes } from '../api/order-disputes';
import { useUpdateOrderItem } from '../api/update-order-item';
import { formatDate, formatDateTime, formatMoney, orderNumberOf } from '../components/format';
import { disputeOfLine, LineDispute } from '../components/line-dispute';
import { PartyBlock } from '../components/parties';
import { OrderStatusBadge } from '../components/status-badge';

/** One order: header, parties, items with what was received, the change history and the original file. */
export default function OrderPage() {
  const { companyType, companyId, basePath } = useCompany();
  const orderId = Number(useParams().orderId);
  if (!Number.isInteger(orderId) || orderId <= 0) return <Navigate to={`${basePath}/orders`} replace />;
  return <OrderView key={orderId} type={companyType} companyId={companyId} orderId={orderId} />;
}

function OrderView({
  type,
  companyId,
  orderId,
}: {
  type: 'shops' | 'suppliers';
  companyId: number;
  orderId: number;
}) {
  const { basePath } = useCompany();
  const order = useOrder(type, companyId, orderId);
  const o = order.data;
  const title = o ? `Invoice ${orderNumberOf(o) ?? o.id}` : 'Order';
  useDocumentTitle(title);

  if (order.isPending) return <PageSpinner label="Loading the order" />;
  if (order.isError || !o) {
    return (
      <div className="space-y-4">
        <BackLink to={`${basePath}/orders`} />
        <Alert tone="error">{userMessage(order.error)}</Alert>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <BackLink to={`${basePath}/orders`} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            <OrderStatusBadge status={o.orderStatus} text={o.orderStatusText} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {type === 'shops' ? o.supplierName : o.companyName}
            {o.orderNum ? ` · Order ${o.orderNum}` : ''}
            {o.invoiceDate ? ` · ${formatDate(o.invoiceDate)}` : ''}
          </p>
        </div>
        <OpenOriginal type={type} companyId={companyId} orderId={o.id} />
      </header>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="p-4 lg:col-span-2">
          <h2 className="mb-3 text-sm font-semibold text-slate-900">Parties</h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <PartyBlock title="Supplier" party={o.vendor} />
            <PartyBlock title="Deliver to" party={o.recipient} />
            <PartyBlock title="Invoice to" party={o.invoiceTo} />
          </div>
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold text-slate-900">Details</h2>
          <dl className="text-sm">
            <Detail label="Invoice date" value={formatDate(o.invoiceDate)} />
            <Detail label="Due date" value={formatDate(o.dueDate)} />
            {o.reference ? <Detail label="Reference" value={o.reference} /> : null}
            <Detail label="Received via" value={o.orderInsertedViaText} />
            <Detail label="Uploaded by" value={o.userUploaded ?? '—'} />
            <Detail label="Processed" value={formatDateTime(o.timestampInserted)} />
            {o.memo ? <Detail label="Memo" value={o.memo} /> : null}
          </dl>
        </Card>
      </div>
      <Items type={type} order={o} editable={type === 'shops'} />
      <Changes type={type} companyId={companyId} orderId={o.id} items={o.items} />
    </div>
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft size={16} aria-hidden="true" /> Orders
    </Link>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/** Opens the original file through a fresh signed link (links live 5 minutes). */
function OpenOriginal({
  type,
  companyId,
  orderId,
}: {
  type: 'shops' | 'suppliers';
  companyId: number;
  orderId: number;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        // Open the tab now, while the click still counts as the user's, and point it at the link once known.
        const tab = window.open('', '_blank');
        setBusy(true);
        try {
          const { url } = await getOrderFileUrl(type, companyId, orderId);
          if (tab) tab.location.href = url;
          else window.location.assign(url);
        } catch (e) {
          tab?.close();
          notify.error('Could not open the original document', userMessage(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <ExternalLink size={16} aria-hidden="true" /> Open original document
    </Button>
  );
}

function Items({
  type,
  order,
  editable,
}: {
  type: 'shops' | 'suppliers';
  order: TOrderDetail;
  editable: boolean;
}) {
  const { companyId } = useCompany();
  const update = useUpdateOrderItem(companyId, order.id);
  const disputes = useOrderDisputes(type, companyId, order.id).data?.data ?? [];
  const lineDispute = (i: TOrderItem) => (
    <LineDispute orderId={order.id} item={i} dispute={disputeOfLine(disputes, i.id)} canDispute={editable} />
  );
  const isMobile = useIsMobile();
  const t = order.totals;
  const received = order.items.filter(
    (i) => i.receivedQuantity !== null && i.receivedQuantity >= (i.itemQty ?? 0),
  ).length;

  const save = async (
    item: TOrderItem,
    input: { receivedQuantity?: number | null; notes?: string | null },
  ) => {
    try {
      await update.mutateAsync({ itemId: item.id, input });
      notify.success(`Line ${item.lineNo} saved.`);
      return true;
    } catch (e) {
      notify.error(`Could not save line ${item.lineNo}`, userMessage(e));
      return false;
    }
  };

  const totals = (
    <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-y-1 text-sm">
      {t.subtotal !== undefined ? (
        <TotalRow label="Subtotal" value={formatMoney(t.subtotal, order.currency)} />
      ) : null}
      {t.discount ? (
        <TotalRow label="Discount" value={formatMoney(-Math.abs(t.discount), order.currency)} />
      ) : null}
      {t.charges ? <TotalRow label="Charges" value={formatMoney(t.charges, order.currency)} /> : null}
      {t.vat !== undefined ? <TotalRow label="VAT" value={formatMoney(t.vat, order.currency)} /> : null}
      <TotalRow
        label="Total"
        value={formatMoney(order.invoiceTotal ?? t.invoiceTotal, order.currency)}
        strong
      />
    </dl>
  );

  return (
    <Card>
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Items</h2>
        <p className="text-xs text-slate-600">
          {received} of {order.items.length} lines received in full
          {editable ? ' · type the received quantity and press Enter' : ''}
        </p>
      </div>
      {isMobile ? (
        <ul className="divide-y divide-slate-100" aria-label="Items">
          {order.items.map((i) => (
            <li key={i.id} className="space-y-2 px-4 py-3">
              <div className="flex justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{i.itemDesc ?? '—'}</p>
                  <LineMark source={{ orderId: order.id }} lineNo={i.lineNo} item={lineOf(i)} />
                  <p className="text-xs text-slate-500">
                    {i.itemCode ? `${i.itemCode} · ` : ''}
                    {i.itemQty ?? '—'} × {formatMoney(i.price, order.currency)}
                  </p>
                </div>
                <span className="tabular font-medium text-slate-900">
                  {formatMoney(i.amount, order.currency)}
                </span>
              </div>
              <ReceiveFields item={i} editable={editable} onSave={save} />
              {lineDispute(i)}
            </li>
          ))}
        </ul>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Items of the order</caption>
          <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">
                #
              </th>
              <th scope="col" className="px-2 py-2.5">
                Code
              </th>
              <th scope="col" className="px-2 py-2.5">
                Description
              </th>
              <th scope="col" className="px-2 py-2.5 text-right">
                Qty
              </th>
              <th scope="col" className="px-2 py-2.5 text-right">
                Price
              </th>
              <th scope="col" className="px-2 py-2.5 text-right">
                Amount
              </th>
              <th scope="col" className="px-2 py-2.5">
                Received
              </th>
              <th scope="col" className="px-2 py-2.5">
                Notes
              </th>
              <th scope="col" className="px-4 py-2.5">
                Dispute
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {order.items.map((i) => (
              <tr key={i.id}>
                <td className="tabular px-4 py-2 text-slate-500">{i.lineNo}</td>
                <td className="px-2 py-2 whitespace-nowrap text-slate-700">{i.itemCode ?? '—'}</td>
                <td className="px-2 py-2 text-slate-900">
                  {i.itemDesc ?? '—'}
                  <LineMark source={{ orderId: order.id }} lineNo={i.lineNo} item={lineOf(i)} />
                </td>
                <td className="tabular px-2 py-2 text-right">{i.itemQty ?? '—'}</td>
                <td className="tabular px-2 py-2 text-right whitespace-nowrap">
                  {formatMoney(i.price, order.currency)}
                </td>
                <td className="tabular px-2 py-2 text-right font-medium whitespace-nowrap">
                  {formatMoney(i.amount, order.currency)}
                </td>
                <ReceiveFields item={i} editable={editable} onSave={save} asCells />
                <td className="px-4 py-1.5">{lineDispute(i)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="border-t border-slate-200 px-4 py-3">{totals}</div>
    </Card>
  );
}

/** What the catalogue's mark needs to dispute a line's price. */
const lineOf = (i: TOrderItem) => ({ id: i.id, price: i.price ?? null });

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className={cn('text-slate-600', strong && 'font-semibold text-slate-900')}>{label}</dt>
      <dd className={cn('tabular text-right', strong ? 'font-semibold text-slate-900' : 'text-slate-800')}>
        {value}
      </dd>
    </>
  );
}

/** Received quantity and notes of a line: saved with Enter or on leaving the field, when changed. */
function ReceiveFields({
  item,
  editable,
  onSave,
  asCells,
}: {
  item: TOrderItem;
  editable: boolean;
  onSave: (
    item: TOrderItem,
    input: { receivedQuantity?: number | null; notes?: string | null },
  ) => Promise<boolean>;
  asCells?: boolean;
}) {
  const [qty, setQty] = useState(item.receivedQuantity === null ? '' : String(item.receivedQuantity));
  const [notes, setNotes] = useState(item.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const label = `line ${item.lineNo}${item.itemDesc ? ` (${item.itemDesc})` : ''}`;

  const saveQty = async () => {
    const text = qty.trim();
    const value = text === '' ? null : Number(text.replace(',', '.'));
    if (value !== null && (!Number.isFinite(value) || value < 0)) {
      setError('Enter a number of 0 or more');
      return;
    }
    setError(null);
    if (value === item.receivedQuantity) return;
    await onSave(item, { receivedQuantity: value });
  };
  const saveNotes = async () => {
    const value = notes.trim() || null;
    if (value === (item.notes ?? null)) return;
    await onSave(item, { notes: value });
  };
  const onEnter = (save: () => Promise<void>) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    }
  };

  if (!editable) {
    const q = <span className="tabular">{item.receivedQuantity ?? '—'}</span>;
    const n = <span className="text-slate-600">{item.notes ?? ''}</span>;
    return asCells ? (
      <>
        <td className="px-2 py-2">{q}</td>
        <td className="px-2 py-2">{n}</td>
      </>
    ) : (
      <p className="text-xs text-slate-600">
        Received {q} {item.notes ? `· ${item.notes}` : ''}
      </p>
    );
  }
  const qtyInput = (
    <div>
      <input
        aria-label={`Received quantity, ${label}`}
        inputMode="decimal"
        value={qty}
        placeholder="—"
        onChange={(e) => setQty(e.target.value)}
        onKeyDown={onEnter(saveQty)}
        onBlur={() => void saveQty()}
        aria-invalid={error ? true : undefined}
        className={cn(
          'tabular h-10 w-20 md:h-9 rounded-md border bg-white px-2 text-right text-sm focus:outline-2 focus:outline-brand-600',
          error ? 'border-red-500' : 'border-slate-300',
        )}
      />
      {error ? <p className="mt-0.5 text-xs text-red-700">{error}</p> : null}
    </div>
  );
  const notesInput = (
    <input
      aria-label={`Notes, ${label}`}
      value={notes}
      placeholder="Add a note"
      onChange={(e) => setNotes(e.target.value)}
      onKeyDown={onEnter(saveNotes)}
      onBlur={() => void saveNotes()}
      className="h-10 w-full md:h-9 min-w-32 rounded-md border border-slate-300 bg-white px-2 text-sm focus:outline-2 focus:outline-brand-600"
    />
  );
  return asCells ? (
    <>
      <td className="px-2 py-1.5">{qtyInput}</td>
      <td className="px-2 py-1.5">{notesInput}</td>
    </>
  ) : (
    <div className="flex items-start gap-2">
      <div>
        <span aria-hidden="true" className="mb-0.5 block text-xs text-slate-600">
          Received
        </span>
        {qtyInput}
      </div>
      <div className="flex-1">
        <span aria-hidden="true" className="mb-0.5 block text-xs text-slate-600">
          Note
        </span>
        {notesInput}
      </div>
    </div>
  );
}

const FIELD_NAMES: Record<string, string> = {
  receivedQuantity: 'Received quantity',
  notes: 'Notes',
  orderStatus: 'Status',
};

function Changes({
  type,
  companyId,
  orderId,
  items,
}: {
  type: 'shops' | 'suppliers';
  companyId: number;
  orderId: number;
  items: TOrderItem[];
}) {
  const lineOf = (itemId: number | null) => {
    const item = items.find((i) => i.id === itemId);
    if (!item) return itemId ? ' of a line' : '';
    return ` of line ${item.lineNo}${item.itemDesc ? ` (${item.itemDesc})` : ''}`;
  };
  const [page, setPage] = useState(1);
  const changes = useOrderChanges(type, companyId, orderId, page);
  const rows = changes.data?.data ?? [];
  return (
    <Card>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <History size={16} aria-hidden="true" className="text-slate-500" />
        <h2 className="text-sm font-semibold text-slate-900">Changes</h2>
      </div>
      {changes.isError ? (
        <div className="p-4">
          <Alert tone="error">{userMessage(changes.error)}</Alert>
        </div>
      ) : changes.isPending ? (
        <p className="px-4 py-3 text-sm text-slate-500">Loading the history…</p>
      ) : rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No changes since the order was processed.</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Changes">
          {rows.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-4 py-2.5 text-sm">
              <span className="font-medium text-slate-900">{c.userName ?? 'Someone'}</span>
              <span className="text-slate-700">
                {FIELD_NAMES[c.field] ?? c.field}
                {lineOf(c.itemId)}:{' '}
                <span className="text-slate-500 line-through">{c.oldValue ?? 'empty'}</span> →{' '}
                <span className="font-medium">{c.newValue ?? 'empty'}</span>
              </span>
              <span className="ml-auto text-xs text-slate-500">{formatDateTime(c.timestamp)}</span>
            </li>
          ))}
        </ol>
      )}
      {changes.data && changes.data.total > CHANGES_PER_PAGE ? (
        <Pager
          page={page}
          perPage={CHANGES_PER_PAGE}
          total={changes.data.total}
          noun={['change', 'changes']}
          onPage={setPage}
        />
      ) : null}
    </Card>
  );
}

import {
  DOCUMENT_STATUS_TEXT,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  type TAdminDocument,
  type TOrderListItem,
} from '@orderbridge/contract';
import { FileStack, Inbox } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { useAdminDocuments } from '../api/get-documents';
import { useAdminOrders } from '../api/get-orders';
import { AdminTable, formatDateTime, formatMoney, Tag, type TColumn } from '../components/admin-table';
import { Filters, useListParams } from '../components/filters';

const ORDER_COLUMNS: TColumn<TOrderListItem>[] = [
  {
    header: 'Number',
    cell: (o) => <span className="font-medium">{o.invoiceNum ?? o.orderNum ?? `#${o.id}`}</span>,
  },
  { header: 'Shop', cell: (o) => o.companyName },
  { header: 'Supplier', cell: (o) => o.supplierName },
  { header: 'Via', cell: (o) => o.orderInsertedViaText },
  { header: 'Reader', cell: (o) => (o.aiModel === 'builtin' ? 'Built-in' : o.aiModel) },
  {
    header: 'Status',
    cell: (o) => (
      <Tag tone={o.orderStatus === 'disputed' ? 'red' : o.orderStatus === 'open' ? 'blue' : 'green'}>
        {o.orderStatusText}
      </Tag>
    ),
  },
  { header: 'Total', cell: (o) => formatMoney(o.invoiceTotal, o.currency), align: 'right' },
  { header: 'Created', cell: (o) => formatDateTime(o.createdDate) },
];

export const DOCUMENT_COLUMNS: TColumn<TAdminDocument>[] = [
  {
    header: 'Document',
    cell: (d) => (
      <div className="min-w-0">
        <div className="truncate font-medium text-slate-900">{d.invoiceNum ?? d.fileName}</div>
        <div className="truncate text-xs text-slate-600">{d.fileName}</div>
      </div>
    ),
  },
  { header: 'Shop', cell: (d) => d.shopName },
  { header: 'Supplier', cell: (d) => d.supplierName },
  {
    header: 'State',
    cell: (d) => (
      <span className="flex flex-wrap gap-1">
        <Tag
          tone={
            d.status === 'failed'
              ? 'red'
              : d.status === 'pending_review'
                ? 'amber'
                : d.status === 'processed'
                  ? 'green'
                  : 'blue'
          }
        >
          {DOCUMENT_STATUS_TEXT[d.status]}
        </Tag>
        {d.inTraining ? <Tag tone="blue">In training</Tag> : null}
        {d.urgent ? <Tag tone="red">Urgent</Tag> : null}
      </span>
    ),
  },
  { header: 'Issues', cell: (d) => d.issueCount, align: 'right' },
  { header: 'Corrections', cell: (d) => d.corrections, align: 'right' },
  { header: 'Uploaded', cell: (d) => formatDateTime(d.createdDate) },
];

/** Orders and incoming documents of every company. */
export default function AdminOrdersPage() {
  const navigate = useNavigate();
  const list = useListParams();
  const showDocuments = list.get('tab') === 'documents';
  const orders = useAdminOrders({ page: list.page, search: list.get('q'), status: list.get('status') });
  const documents = useAdminDocuments({
    page: list.page,
    search: list.get('q'),
    status: list.get('docstatus'),
  });
  return (
    <>
      <PageHeader title="Orders" description="Orders and incoming documents across every company." />
      <div role="tablist" aria-label="Lists" className="mb-4 flex gap-1 border-b border-slate-200">
        {[
          ['orders', 'Orders'],
          ['documents', 'Documents'],
        ].map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={(id === 'documents') === showDocuments}
            onClick={() => list.set('tab', id === 'documents' ? 'documents' : undefined)}
            className={
              (id === 'documents') === showDocuments
                ? '-mb-px h-10 border-b-2 border-brand-600 px-3 text-sm font-medium text-brand-700'
                : '-mb-px h-10 border-b-2 border-transparent px-3 text-sm font-medium text-slate-600 hover:text-slate-900'
            }
          >
            {label}
          </button>
        ))}
      </div>
      {showDocuments ? (
        <>
          <Filters
            list={list}
            search="File name, supplier or invoice number"
            selects={[{ key: 'docstatus', label: 'State', options: Object.entries(DOCUMENT_STATUS_TEXT) }]}
          />
          <AdminTable
            label="Documents"
            columns={DOCUMENT_COLUMNS}
            rows={documents.data?.data}
            rowKey={(d) => d.id}
            isLoading={documents.isPending}
            error={documents.error}
            empty={{ icon: Inbox, title: 'No documents match', text: 'Change the search or the state.' }}
            onRowClick={(d) => navigate(`/admin/documents/${d.id}`)}
            paging={
              documents.data
                ? {
                    page: list.page,
                    perPage: 25,
                    total: documents.data.total,
                    capped: documents.data.totalCapped,
                    onPage: list.setPage,
                  }
                : undefined
            }
          />
        </>
      ) : (
        <>
          <Filters
            list={list}
            search="Invoice or order number"
            selects={[
              {
                key: 'status',
                label: 'Status',
                options: ORDER_STATUSES.map((s) => [s, ORDER_STATUS_TEXT[s]]),
              },
            ]}
          />
          <AdminTable
            label="Orders"
            columns={ORDER_COLUMNS}
            rows={orders.data?.data}
            rowKey={(o) => o.id}
            isLoading={orders.isPending}
            error={orders.error}
            empty={{ icon: FileStack, title: 'No orders match', text: 'Change the search or the status.' }}
            onRowClick={(o) => (o.tempOrderId ? navigate(`/admin/documents/${o.tempOrderId}`) : undefined)}
            paging={
              orders.data
                ? {
                    page: list.page,
                    perPage: 25,
                    total: orders.data.total,
                    capped: orders.data.totalCapped,
                    onPage: list.setPage,
                  }
                : undefined
            }
          />
        </>
      )}
    </>
  );
}

import type { TTrainingSupplier } from '@orderbridge/contract';
import { GraduationCap, Inbox } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { usePrefetchNextPage } from '../../../lib/list-state';
import { useAdminDocuments } from '../api/get-documents';
import { trainingQueryOptions, useTraining } from '../api/get-training';
import { AdminTable, formatDateTime, type TColumn } from '../components/admin-table';
import { Filters, useListParams } from '../components/filters';
import { DOCUMENT_COLUMNS } from './orders-page';

const SUPPLIER_COLUMNS: TColumn<TTrainingSupplier>[] = [
  { header: 'Supplier', cell: (s) => <span className="font-medium">{s.supplierName}</span> },
  { header: 'Shop', cell: (s) => s.shopName },
  { header: 'In training', cell: (s) => s.totalInTrainingOrders, align: 'right' },
  {
    header: 'Urgent',
    cell: (s) => (
      <span className={s.totalUrgentTrainOrders ? 'font-semibold text-red-700' : undefined}>
        {s.totalUrgentTrainOrders}
      </span>
    ),
    align: 'right',
  },
  { header: 'Pending review', cell: (s) => s.totalPendingReviewOrders, align: 'right' },
  { header: 'Trained', cell: (s) => s.totalTrainedOrders, align: 'right' },
  {
    header: 'Processed',
    cell: (s) => `${s.totalProcessedOrders} of ${s.totalProcessedOrders + s.totalUnprocessedOrders}`,
    align: 'right',
  },
  { header: 'Corrections', cell: (s) => s.corrections, align: 'right' },
  { header: 'Waiting since', cell: (s) => formatDateTime(s.oldestWaiting) },
];

/**
 * The training queue: suppliers whose layout the reader has not learned yet, and their documents waiting
 * for a person. Urgent: waiting too long, or a supplier whose documents needed many corrections.
 */
export default function TrainingPage() {
  const navigate = useNavigate();
  const list = useListParams();
  const urgent = list.get('urgent') === 'true' ? true : undefined;
  const shopSupplierId = Number(list.get('link')) || undefined;
  const filter = { page: list.page, search: list.get('q'), urgent };
  const suppliers = useTraining(filter);
  usePrefetchNextPage(suppliers.data, list.page, (page) => trainingQueryOptions({ ...filter, page }));
  const documents = useAdminDocuments({
    page: 1,
    inTraining: true,
    status: 'pending_review',
    urgent,
    shopSupplierId,
  });
  return (
    <>
      <PageHeader
        title="Training queue"
        description="Suppliers the reader is still learning. Correct and process their documents to teach it."
      />
      <Filters
        list={list}
        search="Supplier or shop"
        selects={[{ key: 'urgent', label: 'Show', options: [['true', 'Urgent only']] }]}
      />
      <AdminTable
        label="Suppliers in training"
        columns={SUPPLIER_COLUMNS}
        rows={suppliers.data?.data}
        rowKey={(s) => s.shopSupplierId}
        isLoading={suppliers.isPending}
        error={suppliers.error}
        empty={{
          icon: GraduationCap,
          title: 'Nothing in training',
          text: 'Every supplier with waiting documents has a learned layout.',
        }}
        onRowClick={(s) =>
          list.set('link', shopSupplierId === s.shopSupplierId ? undefined : String(s.shopSupplierId))
        }
        paging={
          suppliers.data
            ? {
                page: list.page,
                perPage: 25,
                total: suppliers.data.total,
                capped: suppliers.data.totalCapped,
                onPage: list.setPage,
              }
            : undefined
        }
      />
      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">
        Documents waiting{shopSupplierId ? ' for the chosen supplier' : ''}
      </h2>
      <AdminTable
        label="Documents in training"
        columns={DOCUMENT_COLUMNS}
        rows={documents.data?.data}
        rowKey={(d) => d.id}
        isLoading={documents.isPending}
        error={documents.error}
        empty={{
          icon: Inbox,
          title: 'No documents waiting',
          text: 'Documents in training that wait for a person show here.',
        }}
        onRowClick={(d) => navigate(`/admin/documents/${d.id}`)}
      />
    </>
  );
}

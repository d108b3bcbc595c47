import type { TAuditEntry } from '@orderbridge/contract';
import { ClipboardList } from 'lucide-react';
import { PageHeader } from '../../../components/ui/page';
import { useAudit } from '../api/get-audit';
import { AdminTable, formatDateTime, type TColumn } from '../components/admin-table';
import { Filters, useListParams } from '../components/filters';

const COLUMNS: TColumn<TAuditEntry>[] = [
  { header: 'When', cell: (e) => formatDateTime(e.timestamp) },
  { header: 'Who', cell: (e) => e.operatorEmail },
  { header: 'What', cell: (e) => <code className="text-xs">{e.action}</code> },
  { header: 'Company', cell: (e) => e.companyName ?? (e.companyId ? `#${e.companyId}` : 'All companies') },
  { header: 'Why', cell: (e) => e.reason, className: 'max-w-xs' },
  {
    header: 'Call',
    cell: (e) => <code className="text-xs break-all text-slate-600">{`${e.method} ${e.target}`}</code>,
  },
];

/** Every operator read or change of company data: who, what, when and why. */
export default function AuditPage() {
  const list = useListParams();
  const audit = useAudit({ page: list.page, operator: list.get('q') });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every operator read or change of company data, newest first."
      />
      {/* The API filters by one whole address, read in page order through its index. */}
      <Filters list={list} search="An operator’s whole email address" selects={[]} />
      <AdminTable
        label="Audit log"
        columns={COLUMNS}
        rows={audit.data?.data}
        rowKey={(e) => e.id}
        isLoading={audit.isPending}
        error={audit.error}
        empty={{
          icon: ClipboardList,
          title: 'Nothing logged yet',
          text: 'Operator reads of company data show here.',
        }}
        paging={
          audit.data
            ? {
                page: list.page,
                perPage: 25,
                total: audit.data.total,
                capped: audit.data.totalCapped,
                onPage: list.setPage,
              }
            : undefined
        }
      />
    </>
  );
}

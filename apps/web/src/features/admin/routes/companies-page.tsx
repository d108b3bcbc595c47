import { BILLING_CYCLES, PLANS, type TAdminCompany } from '@orderbridge/contract';
import { Building2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { useCompanies } from '../api/get-companies';
import { AdminTable, formatDateTime, Tag, type TColumn } from '../components/admin-table';
import { Filters, useListParams } from '../components/filters';

const COLUMNS: TColumn<TAdminCompany>[] = [
  {
    header: 'Company',
    cell: (c) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-900">{c.companyName}</div>
        <div className="truncate text-xs text-slate-600">{c.companyMainEmail}</div>
      </div>
    ),
  },
  { header: 'Type', cell: (c) => (c.types[0] === 'shops' ? 'Shop' : 'Supplier') },
  { header: 'Plan', cell: (c) => `${c.plan} · ${c.billingCycle}` },
  { header: 'Reader', cell: (c) => (c.aiModel === 'builtin' ? 'Built-in' : c.aiModel) },
  { header: 'Users', cell: (c) => c.userCount, align: 'right' },
  {
    header: 'Status',
    cell: (c) => (c.suspended ? <Tag tone="red">Suspended</Tag> : <Tag tone="green">Active</Tag>),
  },
  { header: 'Since', cell: (c) => formatDateTime(c.createdDate) },
];

/** Every company on the platform, searchable and filtered by type, plan, billing cycle and status. */
export default function CompaniesPage() {
  const navigate = useNavigate();
  const list = useListParams();
  const query = useCompanies({
    page: list.page,
    search: list.get('q'),
    type: list.get('type'),
    plan: list.get('plan'),
    billingCycle: list.get('billing'),
    status: list.get('status'),
  });
  return (
    <>
      <PageHeader title="Companies" description="Shops and suppliers on OrderBridge." />
      <Filters
        list={list}
        search="Search name or email"
        selects={[
          {
            key: 'type',
            label: 'Type',
            options: [
              ['shops', 'Shops'],
              ['suppliers', 'Suppliers'],
            ],
          },
          { key: 'plan', label: 'Plan', options: PLANS.map((p) => [p, p]) },
          { key: 'billing', label: 'Billing', options: BILLING_CYCLES.map((b) => [b, b]) },
          {
            key: 'status',
            label: 'Status',
            options: [
              ['active', 'Active'],
              ['suspended', 'Suspended'],
            ],
          },
        ]}
      />
      <AdminTable
        label="Companies"
        columns={COLUMNS}
        rows={query.data?.data}
        rowKey={(c) => c.companyId}
        isLoading={query.isPending}
        error={query.error}
        empty={{ icon: Building2, title: 'No companies match', text: 'Change the search or the filters.' }}
        onRowClick={(c) => navigate(`/admin/companies/${c.companyId}`)}
        paging={
          query.data
            ? {
                page: list.page,
                perPage: 25,
                total: query.data.total,
                capped: query.data.totalCapped,
                onPage: list.setPage,
              }
            : undefined
        }
      />
    </>
  );
}

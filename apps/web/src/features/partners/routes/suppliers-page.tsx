import { SEARCH_MIN_LENGTH, type TShopSupplier } from '@orderbridge/contract';
import { Check, Mail, Minus, Pencil, Plus, Search, Trash2, Truck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useListUrl, usePrefetchNextPage, useSearchBox } from '../../../lib/list-state';
import { useDeleteSupplier } from '../api/delete-supplier';
import { SUPPLIERS_PER_PAGE, suppliersPageQueryOptions, useSuppliersPage } from '../api/get-suppliers';
import { useResendInvitation } from '../api/resend-invitation';
import { CreateSupplierDialog } from '../components/create-supplier-dialog';
import { EditSupplierDialog } from '../components/edit-supplier-dialog';

const metricColumns = [
  { key: 'totalOrders', label: 'Orders' },
  { key: 'totalProcessedOrders', label: 'Processed' },
  { key: 'totalUnprocessedOrders', label: 'Unprocessed' },
  { key: 'totalPendingReviewOrders', label: 'In review' },
] as const;

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap text-xs',
        on ? 'font-medium text-brand-800' : 'text-slate-500',
      )}
    >
      {on ? <Check size={14} aria-hidden="true" /> : <Minus size={14} aria-hidden="true" />}
      {label}
      <span className="sr-only">: {on ? 'on' : 'off'}</span>
    </span>
  );
}

/** Configuration → Suppliers: the shop's suppliers with their order counts, edit and delete. */
export default function SuppliersPage() {
  const { companyId: shopId, company, isAdmin } = useCompany();
  // Page and search live in the address (lib/list-state); the API pages and searches (its list module).
  const url = useListUrl();
  const term = url.get('q');
  const search = useSearchBox(term, (q) => url.set({ q }));
  const filter = { page: url.page, search: term };
  const suppliers = useSuppliersPage(shopId, filter);
  usePrefetchNextPage(suppliers.data, url.page, (page) =>
    suppliersPageQueryOptions(shopId, { ...filter, page }),
  );
  const remove = useDeleteSupplier(shopId);
  const resend = useResendInvitation(shopId);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TShopSupplier | null>(null);
  const [deleting, setDeleting] = useState<TShopSupplier | null>(null);
  const rows = suppliers.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Suppliers"
        description={`The suppliers ${company.name} buys from.`}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden="true" /> Create new supplier
          </Button>
        }
      />
      {!isAdmin ? (
        <Alert tone="info" className="mb-4">
          Only administrators can edit or delete suppliers.
        </Alert>
      ) : null}
      <div className="mb-4 max-w-sm">
        <label htmlFor="supplier-search" className="sr-only">
          Search suppliers
        </label>
        <div className="relative">
          <Search
            size={16}
            aria-hidden="true"
            className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
          />
          <input
            id="supplier-search"
            type="search"
            placeholder="Search by name"
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
            aria-describedby={search.tooShort ? 'supplier-search-hint' : undefined}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
        {search.tooShort ? (
          <p id="supplier-search-hint" className="mt-1 text-xs text-slate-600">
            Type at least {SEARCH_MIN_LENGTH} characters
          </p>
        ) : null}
      </div>
      {suppliers.isError ? <Alert tone="error">{userMessage(suppliers.error)}</Alert> : null}
      {suppliers.isPending ? (
        <Card className="divide-y divide-slate-100" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3 px-4 py-3">
              <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
              <span className="h-3 w-48 animate-pulse rounded bg-slate-200" />
            </div>
          ))}
        </Card>
      ) : suppliers.data && suppliers.data.total === 0 ? (
        <EmptyState
          icon={Truck}
          title={term ? 'No suppliers match your search' : 'No suppliers yet'}
          action={
            term ? null : (
              <Button onClick={() => setCreating(true)}>
                <Plus size={16} aria-hidden="true" /> Create new supplier
              </Button>
            )
          }
        >
          {term
            ? 'Try another name.'
            : 'Add the suppliers you receive invoices from; each one gets an invitation to join OrderBridge.'}
        </EmptyState>
      ) : suppliers.data ? (
        <Card className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Suppliers of {company.name}</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-600 uppercase max-md:hidden">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  Supplier
                </th>
                {metricColumns.map((c) => (
                  <th key={c.key} scope="col" className="px-2 py-2.5 text-right">
                    {c.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2.5">
                  Training
                </th>
                <th scope="col" className="px-3 py-2.5">
                  Processing
                </th>
                <th scope="col" className="px-4 py-2.5 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((s) => (
                <tr
                  key={s.shopSupplierId}
                  className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-2 max-md:px-4 max-md:py-3"
                >
                  <td className="px-4 py-3 max-md:w-full max-md:p-0">
                    <div className="flex items-center gap-3 md:max-w-64">
                      <Avatar name={s.supplierName} src={s.logoURL} size={32} />
                      <div className="min-w-0">
                        <p className="flex min-w-0 items-center gap-2">
                          <span className="truncate font-medium text-slate-900" title={s.supplierName}>
                            {s.supplierName}
                          </span>
                          <span
                            className={cn(
                              'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1',
                              s.claimed
                                ? 'bg-green-50 text-green-800 ring-green-200'
                                : 'bg-amber-50 text-amber-900 ring-amber-200',
                            )}
                          >
                            {s.claimed ? 'On OrderBridge' : 'Invited'}
                          </span>
                        </p>
                        <p className="truncate text-xs text-slate-600" title={s.supplierMainEmail}>
                          {s.supplierMainEmail}
                          {s.secondaryEmails.length > 0 ? ` +${s.secondaryEmails.length} more` : ''}
                        </p>
                      </div>
                    </div>
                  </td>
                  {metricColumns.map((c) => (
                    <td key={c.key} className="tabular px-2 py-3 text-right max-md:p-0 max-md:text-xs">
                      <span className="md:sr-only">{c.label}: </span>
                      {s[c.key]}
                    </td>
                  ))}
                  <td className="px-3 py-3 text-xs text-slate-700 max-md:p-0">
                    <span className="block whitespace-nowrap">{s.totalInTrainingOrders} in training</span>
                    <span className="block whitespace-nowrap text-slate-500">
                      {s.totalUrgentTrainOrders} urgent · {s.totalTrainedOrders} trained
                    </span>
                  </td>
                  <td className="px-3 py-3 max-md:p-0">
                    <div className="flex flex-col gap-0.5 max-md:flex-row max-md:gap-3">
                      <Flag on={s.isAutoProcessed} label="Auto-process" />
                      <Flag on={s.skipApproval} label="Skip approval" />
                    </div>
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap max-md:ml-auto max-md:p-0">
                    {s.claimed ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Resend invitation to ${s.supplierName}`}
                        title="Resend invitation"
                        disabled={resend.isPending && resend.variables === s.shopSupplierId}
                        onClick={() =>
                          resend.mutate(s.shopSupplierId, {
                            onSuccess: (message) => notify.success(message),
                            onError: (e) => notify.error('Could not send the invitation', userMessage(e)),
                          })
                        }
                      >
                        <Mail size={16} aria-hidden="true" />
                      </Button>
                    )}
                    {isAdmin ? (
                      <>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Edit ${s.supplierName}`}
                          title="Edit"
                          onClick={() => setEditing(s)}
                        >
                          <Pencil size={16} aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Delete ${s.supplierName}`}
                          title="Delete"
                          onClick={() => setDeleting(s)}
                          className="text-red-700 hover:bg-red-50"
                        >
                          <Trash2 size={16} aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={url.page}
            perPage={SUPPLIERS_PER_PAGE}
            total={suppliers.data.total}
            capped={suppliers.data.totalCapped}
            noun={['supplier', 'suppliers']}
            onPage={(page) => url.set({ page })}
          />
        </Card>
      ) : null}
      <CreateSupplierDialog open={creating} onOpenChange={setCreating} />
      <EditSupplierDialog supplier={editing} onClose={() => setEditing(null)} />
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete supplier"
        description={
          deleting
            ? `${deleting.supplierName} is removed from your suppliers. Suppliers with orders cannot be deleted.`
            : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              const s = deleting;
              remove.mutate(s.shopSupplierId, {
                onSuccess: () => notify.success(`${s.supplierName} was deleted.`),
                onError: (e) => notify.error('Could not delete the supplier', userMessage(e)),
                onSettled: () => setDeleting(null),
              });
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  BILLING_CYCLES,
  PLANS,
  type TAdminCompanyDetail,
  ZAdminCompanyPatchSchema,
  ZSuspendSchema,
} from '@orderbridge/contract';
import { ArrowLeft, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useCompany } from '../api/get-companies';
import { useModels } from '../api/get-me';
import { useUpdateCompany } from '../api/update-company';
import { AdminTable, formatDateTime, Tag } from '../components/admin-table';

type TPatchInput = z.input<typeof ZAdminCompanyPatchSchema>;
type TPatchOutput = z.output<typeof ZAdminCompanyPatchSchema>;

/** One company: its details, its plan, billing, approval and reading model, suspension, and its users. */
export default function CompanyPage() {
  const companyId = Number(useParams().companyId);
  const company = useCompany(companyId);
  if (company.isPending) return <PageSpinner label="Loading the company" />;
  if (company.error)
    return (
      <Alert tone="error" title="The company could not be loaded">
        {userMessage(company.error)}
      </Alert>
    );
  const c = company.data;
  return (
    <>
      <Link
        to="/admin/companies"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft size={16} aria-hidden="true" /> Companies
      </Link>
      <PageHeader
        title={c.companyName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {c.types[0] === 'shops' ? 'Shop' : 'Supplier'} · {c.companyMainEmail}
            {c.suspended ? <Tag tone="red">Suspended</Tag> : <Tag tone="green">Active</Tag>}
          </span>
        }
        actions={<SuspendButton company={c} />}
      />
      {c.suspended ? (
        <Alert tone="warning" title={`Suspended since ${formatDateTime(c.suspendedAt)}`} className="mb-6">
          {c.suspendedReason} — its users cannot sign in to it; its data stays.
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
        <Card className="p-5">
          <h2 className="mb-4 text-base font-semibold text-slate-900">Plan and reading</h2>
          <SettingsForm company={c} />
        </Card>
        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Details</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {[
              ['Company id', c.companyId],
              ['Address', c.companyAddress ?? '—'],
              ['Phone', c.companyPhone ?? '—'],
              ['Website', c.companyWebsite ?? '—'],
              ['Created', formatDateTime(c.createdDate)],
            ].map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="min-w-0 break-words text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Users</h2>
      <AdminTable
        label="Users"
        columns={[
          { header: 'Name', cell: (u) => `${u.firstName} ${u.lastName}` },
          { header: 'Email', cell: (u) => u.emailAddress },
          { header: 'Role', cell: (u) => (u.role === 'admin' ? 'Admin' : 'Member') },
          { header: 'Joined', cell: (u) => formatDateTime(u.timestampInserted) },
        ]}
        rows={c.userProfiles}
        rowKey={(u) => u.id}
        isLoading={false}
        error={null}
        empty={{ icon: Users, title: 'No users yet', text: 'Nobody has claimed this company yet.' }}
      />
    </>
  );
}

function SettingsForm({ company }: { company: TAdminCompanyDetail }) {
  const update = useUpdateCompany(company.companyId);
  const models = useModels();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TPatchInput, unknown, TPatchOutput>({
    resolver: zodResolver(ZAdminCompanyPatchSchema),
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => {
    form.reset({
      plan: company.plan,
      billingCycle: company.billingCycle,
      requireApproval: company.requireApproval,
      aiModel: company.aiModel,
    });
  }, [company, form]);
  const onSubmit = form.handleSubmit(async (patch) => {
    setFormError(null);
    try {
      await update.mutateAsync({ kind: 'edit', patch });
      notify.success(`${company.companyName} was saved.`);
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['plan', 'billingCycle', 'aiModel']))
        setFormError(userMessage(e));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Plan" error={errors.plan?.message} {...form.register('plan')}>
          {PLANS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </SelectField>
        <SelectField
          label="Billing cycle"
          error={errors.billingCycle?.message}
          {...form.register('billingCycle')}
        >
          {BILLING_CYCLES.map((b) => (
            <option key={b}>{b}</option>
          ))}
        </SelectField>
      </div>
      <SelectField label="Reading model" error={errors.aiModel?.message} {...form.register('aiModel')}>
        {(models.data ?? [{ id: company.aiModel, label: company.aiModel }]).map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register('requireApproval')} />
        Orders need approval (requireApproval)
      </label>
      <Button type="submit" loading={update.isPending} disabled={!isDirty}>
        Save
      </Button>
    </form>
  );
}

function SuspendButton({ company }: { company: TAdminCompanyDetail }) {
  const update = useUpdateCompany(company.companyId);
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof ZSuspendSchema>, unknown, z.output<typeof ZSuspendSchema>>({
    resolver: zodResolver(ZSuspendSchema),
  });
  if (company.suspended) {
    return (
      <Button
        variant="secondary"
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { kind: 'reactivate' },
            {
              onSuccess: () => notify.success(`${company.companyName} is active again.`),
              onError: (e) => notify.error('Not reactivated', userMessage(e)),
            },
          )
        }
      >
        Reactivate
      </Button>
    );
  }
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await update.mutateAsync({ kind: 'suspend', reason });
      notify.success(`${company.companyName} is suspended.`);
      setOpen(false);
      form.reset();
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['reason']))
        form.setError('reason', { message: userMessage(e) });
    }
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Suspend
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Suspend ${company.companyName}?`}
        description="Its users cannot sign in to it until you reactivate it. Nothing is deleted. Users who belong to other companies keep those."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label="Why" error={form.formState.errors.reason?.message} {...form.register('reason')} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={update.isPending}>
              Suspend
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

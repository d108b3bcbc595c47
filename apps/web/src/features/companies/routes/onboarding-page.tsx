import { zodResolver } from '@hookform/resolvers/zod';
import { BILLING_CYCLES, PLANS, ZOnboardingCompanySchema } from '@orderbridge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Store, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, SelectField, TextField } from '../../../components/ui/field';
import { useOverlay } from '../../../components/ui/overlay';
import { useDocumentTitle } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { sessionKeys } from '../../../lib/profile-query';
import { companyHome } from '../../../lib/session';
import { setStoredCompany } from '../../../lib/storage';
import { useCreateCompany } from '../api/create-company';

type TInput = z.input<typeof ZOnboardingCompanySchema>;
type TOutput = z.output<typeof ZOnboardingCompanySchema>;

const FIELDS = [
  'companyName',
  'companyType',
  'companyMainEmail',
  'companyAddress',
  'companyPhone',
  'companyWebsite',
  'plan',
  'billingCycle',
] as const;

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'];

export default function OnboardingPage() {
  useDocumentTitle('Set up your company');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overlay = useOverlay();
  const create = useCreateCompany();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const typeLabelId = useId();

  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZOnboardingCompanySchema),
    defaultValues: {
      companyName: '',
      companyType: undefined,
      companyMainEmail: '',
      companyAddress: '',
      companyPhone: '',
      companyWebsite: '',
      plan: 'Business',
      billingCycle: 'Monthly',
    },
  });
  const { errors } = form.formState;
  const companyType = form.watch('companyType');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    overlay.loading(`Creating ${values.companyName}...`);
    try {
      const company = await create.mutateAsync({ ...values, logo });
      setStoredCompany(values.companyType, company.companyId);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      overlay.idle();
      notify.success(`${company.companyName} is ready.`);
      navigate(companyHome({ type: values.companyType, id: company.companyId }), { replace: true });
    } catch (e) {
      overlay.idle();
      if (toAppError(e).kind === 'canceled') return;
      applyServerErrors(e, form.setError, FIELDS);
      setFormError(userMessage(e));
    }
  });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Set up your company</h1>
      <p className="mt-1.5 text-sm text-slate-600">
        Tell us who you are. You become the company's administrator and can invite your colleagues afterwards.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Card className="space-y-4 p-5 sm:p-6">
          <fieldset aria-describedby={errors.companyType ? `${typeLabelId}-error` : undefined}>
            <legend id={typeLabelId} className="text-sm font-medium text-slate-800">
              Company type
            </legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {(
                [
                  {
                    value: 'shops',
                    title: 'Shop',
                    text: 'I buy from suppliers and upload their invoices.',
                    Icon: Store,
                  },
                  {
                    value: 'suppliers',
                    title: 'Supplier',
                    text: 'I sell to shops and answer their disputes.',
                    Icon: Truck,
                  },
                ] as const
              ).map(({ value, title, text, Icon }) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                    companyType === value
                      ? 'border-brand-600 bg-brand-50'
                      : 'border-slate-300 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" value={value} className="sr-only" {...form.register('companyType')} />
                  <Icon size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-600" />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{title}</span>
                    <span className="block text-xs text-slate-600">{text}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={`${typeLabelId}-error`} message={errors.companyType?.message} />
          </fieldset>
          <TextField
            label="Company name"
            autoComplete="organization"
            error={errors.companyName?.message}
            {...form.register('companyName')}
          />
          <TextField
            label="Main email"
            type="email"
            autoComplete="email"
            hint="Where orders, invoices and notifications for the company go."
            error={errors.companyMainEmail?.message}
            {...form.register('companyMainEmail')}
          />
          <TextField
            label="Address (optional)"
            autoComplete="street-address"
            error={errors.companyAddress?.message}
            {...form.register('companyAddress')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              error={errors.companyPhone?.message}
              {...form.register('companyPhone')}
            />
            <TextField
              label="Website (optional)"
              type="url"
              autoComplete="url"
              placeholder="https://"
              error={errors.companyWebsite?.message}
              {...form.register('companyWebsite')}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="logo" className="text-sm font-medium text-slate-800">
              Logo (optional)
            </label>
            <div className="flex items-center gap-3">
              <span className="inline-flex h-12 w-12 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 text-slate-500">
                {logo ? (
                  <img src={URL.createObjectURL(logo)} alt="" className="h-full w-full object-contain" />
                ) : (
                  <Building2 size={20} aria-hidden="true" />
                )}
              </span>
              <input
                id="logo"
                type="file"
                accept=".png,.jpg,.jpeg,.svg,.webp"
                aria-describedby={logoError ? 'logo-error' : undefined}
                className="block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  if (file && !LOGO_TYPES.includes(file.type)) {
                    setLogo(null);
                    setLogoError('Only PNG, JPG, SVG and WebP images are supported.');
                    return;
                  }
                  setLogoError(undefined);
                  setLogo(file);
                }}
              />
            </div>
            <FieldError id="logo-error" message={logoError} />
          </div>
        </Card>
        <Card className="space-y-4 p-5 sm:p-6">
          <h2 className="text-base font-semibold text-slate-900">Plan</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Plan" error={errors.plan?.message} {...form.register('plan')}>
              {PLANS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Billing cycle"
              error={errors.billingCycle?.message}
              {...form.register('billingCycle')}
            >
              {BILLING_CYCLES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          </div>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            Create company
          </Button>
        </div>
      </form>
    </div>
  );
}

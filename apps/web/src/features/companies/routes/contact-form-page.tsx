import { zodResolver } from '@hookform/resolvers/zod';
import { ZOnboardingContactSchema } from '@orderbridge/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, TextField } from '../../../components/ui/field';
import { useDocumentTitle } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { profileQueryOptions, sessionKeys } from '../../../lib/profile-query';
import { useUpdateContact } from '../api/update-contact';

type TInput = z.input<typeof ZOnboardingContactSchema>;
type TOutput = z.output<typeof ZOnboardingContactSchema>;

export default function ContactFormPage() {
  useDocumentTitle('Contact details');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueryOptions());
  const update = useUpdateContact();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZOnboardingContactSchema),
    defaultValues: { firstName: '', lastName: '', phoneNumber: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    const p = profile.data;
    if (p && !form.formState.isDirty) {
      form.reset({ firstName: p.firstName, lastName: p.lastName, phoneNumber: p.phoneNumber ?? '' });
    }
  }, [profile.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({ ...values, profileImage: image });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      notify.success('Your contact details are saved.');
      navigate(-1);
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      applyServerErrors(e, form.setError, ['firstName', 'lastName', 'phoneNumber']);
      setFormError(userMessage(e));
    }
  });

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Contact details</h1>
      <p className="mt-1.5 text-sm text-slate-600">
        How your colleagues and trading partners see and reach you.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Card className="space-y-4 p-5 sm:p-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            label="Phone number (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phoneNumber?.message}
            {...form.register('phoneNumber')}
          />
          <div className="space-y-1.5">
            <label htmlFor="profileImage" className="text-sm font-medium text-slate-800">
              Profile picture (optional)
            </label>
            <input
              id="profileImage"
              type="file"
              accept=".png,.jpg,.jpeg,.webp"
              className="block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                if (file && !file.type.startsWith('image/')) {
                  setImage(null);
                  setImageError('Choose an image file.');
                  return;
                }
                setImageError(undefined);
                setImage(file);
              }}
            />
            <FieldError message={imageError} />
          </div>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </div>
      </form>
    </div>
  );
}

import type { TCompanyAdmin, TOnboardingCompany } from '@orderbridge/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Create a company (the creator becomes its admin); multipart when a logo is attached. */
export function createCompany(input: TOnboardingCompany & { logo?: File | null }): Promise<TCompanyAdmin> {
  const { logo, ...fields } = input;
  if (!logo) return api.post<TCompanyAdmin>('/onboarding/company', fields);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.set(k, String(v));
  form.set('logo', logo);
  return api.post<TCompanyAdmin>('/onboarding/company', form);
}

export const useCreateCompany = () => useMutation({ mutationFn: createCompany });

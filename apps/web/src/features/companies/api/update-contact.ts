import type { TOnboardingContact, TProfile } from '@orderbridge/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Save the user's contact details (multipart, optional profile image). */
export function updateContact(input: TOnboardingContact & { profileImage?: File | null }): Promise<TProfile> {
  const form = new FormData();
  form.set('firstName', input.firstName);
  form.set('lastName', input.lastName);
  if (input.phoneNumber) form.set('phoneNumber', input.phoneNumber);
  if (input.profileImage) form.set('profileImage', input.profileImage);
  return api.post<TProfile>('/onboarding/contact', form);
}

export const useUpdateContact = () => useMutation({ mutationFn: updateContact });

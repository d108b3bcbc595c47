import type { TCompanyType } from '@orderbridge/contract';
import { api } from '../../../lib/api-client';

/** Join the inviting company as the signed-in user. */
export const acceptInvitation = (token: string) =>
  api.post<{ companyId: number; companyType: TCompanyType }>('/invitations/accept', { token });

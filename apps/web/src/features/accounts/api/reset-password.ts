import type { TResetPassword } from '@orderbridge/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const resetPassword = (input: TResetPassword) =>
  request<null>('/account/reset-password', { method: 'POST', body: input, auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

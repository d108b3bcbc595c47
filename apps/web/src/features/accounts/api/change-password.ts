import type { TChangePassword } from '@orderbridge/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const changePassword = (input: TChangePassword) =>
  request<null>('/account/change-password', { method: 'POST', body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

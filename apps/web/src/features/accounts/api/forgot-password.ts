import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const forgotPassword = (input: { email: string }) =>
  request<null>('/account/forgot-password', { method: 'POST', body: input, auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

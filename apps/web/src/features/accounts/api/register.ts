import type { TRegister } from '@orderbridge/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** Create an account; the reply's message tells the user to check their email. */
export const register = (input: TRegister) =>
  request<null>('/account/register', { method: 'POST', body: input, auth: false });

export const useRegister = () => useMutation({ mutationFn: register });

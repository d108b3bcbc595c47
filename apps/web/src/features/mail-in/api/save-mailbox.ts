import type { TEmailServer, TMailboxInput } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

/** Adds a mailbox, or saves the one with `id`; the reply's `error` is the mail server's answer to the test. */
export const saveMailbox = (shopId: number, input: TMailboxInput, id?: number) =>
  id
    ? api.post<TEmailServer>('/AppEmailAccess', { ...input, shopId, id })
    : api.post<TEmailServer>('/AppEmailAccess/new', { ...input, shopId });

export function useSaveMailbox(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: TMailboxInput; id?: number }) => saveMailbox(shopId, input, id),
    onSettled: () => qc.invalidateQueries({ queryKey: mailInKeys.config(shopId) }),
  });
}

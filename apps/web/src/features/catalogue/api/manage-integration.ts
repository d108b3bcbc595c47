import type { TIntegration } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

export type TPairingCode = { code: string; expiresAt: string };

const base = (shopId: number, id: number) => `/shops/${shopId}/integrations/${id}`;

/** Admins: a single-use 8-digit pairing code for the agent, valid 10 minutes (spec `verify`). */
export const pairIntegration = (shopId: number, id: number) =>
  api.post<TPairingCode>(`${base(shopId, id)}/verify`);
/** Admins: revokes the agent's token at once. */
export const disconnectIntegration = (shopId: number, id: number) =>
  api.post<TIntegration>(`${base(shopId, id)}/disconnect`);
/** Asks the agent to send the POS catalogue on its next call. */
export const requestSync = (shopId: number, id: number) => api.post<TIntegration>(`${base(shopId, id)}/sync`);

/** The three actions of the overview page; each refreshes the status everywhere (sidebar block included). */
export function useIntegrationActions(shopId: number, id: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: catalogueKeys.integrations(shopId) });
  return {
    pair: useMutation({ mutationFn: () => pairIntegration(shopId, id) }),
    disconnect: useMutation({ mutationFn: () => disconnectIntegration(shopId, id), onSuccess: refresh }),
    sync: useMutation({ mutationFn: () => requestSync(shopId, id), onSuccess: refresh }),
  };
}

import type { TAdminDocumentDetail, THeaders } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

type TAction =
  | { kind: 'headers'; headers: THeaders }
  | { kind: 'process'; override: boolean }
  | { kind: 'reread'; aiModel: string };

/** Corrects, processes (on the shop's behalf) or re-reads a document. */
export function useUpdateDocument(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TAction) => {
      if (action.kind === 'headers')
        return adminApi.patch<TAdminDocumentDetail>(`/documents/${id}`, { headers: action.headers });
      if (action.kind === 'process')
        return adminApi.post<TAdminDocumentDetail>(`/documents/${id}/process`, { override: action.override });
      return adminApi.post<TAdminDocumentDetail>(`/documents/${id}/reread`, { aiModel: action.aiModel });
    },
    onSuccess: (doc) => {
      client.setQueryData(adminKeys.document(id), doc);
      void client.invalidateQueries({ queryKey: adminKeys.documents() });
    },
  });
}

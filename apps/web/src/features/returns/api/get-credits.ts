import type { TCompanyType, TCredit, TCreditDetail, TPage, TSupplierClient } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCredit, returnKeys, type TCreditsFilter } from './keys';

const base = (type: TCompanyType, companyId: number) => `/${type}/${companyId}/credits`;

/** Credits issued (supplier) or received (shop), newest first; `review` = waiting for a person. */
export const getCredits = (type: TCompanyType, companyId: number, f: TCreditsFilter, signal?: AbortSignal) =>
  api.get<TPage<TCredit>>(base(type, companyId), {
    query: { Page: f.page, PerPage: f.perPage, status: f.status },
    signal,
  });

export const creditsQueryOptions = (type: TCompanyType, companyId: number, filter: TCreditsFilter) =>
  queryOptions({
    queryKey: returnKeys.credits(type, companyId, filter),
    queryFn: ({ signal }) => getCredits(type, companyId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useCredits = (type: TCompanyType, companyId: number, filter: TCreditsFilter) =>
  useQuery(creditsQueryOptions(type, companyId, filter));

/** One credit with the open disputes its lines may be assigned to while it waits in review. */
export const getCredit = (type: TCompanyType, companyId: number, creditId: number, signal?: AbortSignal) =>
  api.get<TCreditDetail>(`${base(type, companyId)}/${creditId}`, { signal });

export const useCredit = (type: TCompanyType, companyId: number, creditId: number) =>
  useQuery({
    queryKey: returnKeys.credit(type, companyId, creditId),
    queryFn: ({ signal }) => getCredit(type, companyId, creditId, signal),
  });

/** Review of a waiting credit: assign a line to a dispute (or clear it), then apply the credit. */
export function useReviewCredit(type: TCompanyType, companyId: number, creditId: number) {
  const qc = useQueryClient();
  const onSettled = () => invalidateAfterCredit(qc, type, companyId);
  return {
    assign: useMutation({
      mutationFn: (v: { lineId: number; disputeId: number | null }) =>
        api.patch<TCreditDetail>(`${base(type, companyId)}/${creditId}/lines/${v.lineId}`, {
          disputeId: v.disputeId,
        }),
      onSettled,
    }),
    apply: useMutation({
      mutationFn: () => api.post<TCredit>(`${base(type, companyId)}/${creditId}/apply`),
      onSettled,
    }),
  };
}

/** The supplier uploads a credit note for a client shop (form data ShopId, File); it is read, then matched. */
export function useUploadCreditNote(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { shopId: number; file: File }) => {
      const form = new FormData();
      form.append('ShopId', String(v.shopId));
      form.append('File', v.file, v.file.name);
      return api.post<{ message: string; documentId: number }>(
        `${base('suppliers', supplierId)}/upload`,
        form,
      );
    },
    onSettled: () => invalidateAfterCredit(qc, 'suppliers', supplierId),
  });
}

/** The supplier's client shops to upload a credit note for (first 100, by name). */
export const useShopOptions = (supplierId: number, enabled: boolean) =>
  useQuery({
    queryKey: returnKeys.shops(supplierId),
    queryFn: async ({ signal }) => {
      const page = await api.get<TPage<TSupplierClient>>(`/suppliers/${supplierId}/shops`, {
        query: { Page: 1, PerPage: 100 },
        signal,
      });
      return (page?.data ?? [])
        .map((s) => ({ shopId: s.clientId, name: s.clientName }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
    enabled,
  });

/**
 * After an upload, the credit note is read in the background and becomes a credit some seconds later (nothing
 * streams that to the supplier): the newest credits are polled until one from that document shows up, then every
 * credits list refreshes.
 */
export function useCreditNoteArrival(supplierId: number, documentId: number | null, onArrived: () => void) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...returnKeys.company('suppliers', supplierId), 'arrival', documentId],
    queryFn: async ({ signal }) => {
      const page = await getCredits('suppliers', supplierId, { page: 1, perPage: 25 }, signal);
      const arrived = page.data.some((c) => c.documentId === documentId);
      if (arrived) {
        await qc.invalidateQueries({ queryKey: [...returnKeys.company('suppliers', supplierId), 'credits'] });
        onArrived();
      }
      return arrived;
    },
    enabled: documentId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) => (q.state.data ? false : 3000),
  });
}

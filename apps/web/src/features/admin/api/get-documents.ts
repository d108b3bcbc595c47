import type { TAdminDocument, TAdminDocumentDetail, TPage } from '@orderbridge/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

export type TAdminDocumentsFilter = {
  page: number;
  search?: string;
  status?: string;
  inTraining?: boolean;
  urgent?: boolean;
  shopSupplierId?: number;
};

/** Documents of every shop, the one waiting longest first. */
export const useAdminDocuments = (f: TAdminDocumentsFilter) =>
  useQuery({
    queryKey: adminKeys.documents(f),
    queryFn: ({ signal }) =>
      adminApi.get<TPage<TAdminDocument>>(
        '/documents',
        {
          Page: f.page,
          PerPage: 25,
          search: f.search,
          status: f.status,
          inTraining: f.inTraining,
          urgent: f.urgent,
          shopSupplierId: f.shopSupplierId,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** One document with what the reader made of it; polled while it is being read. */
export const useAdminDocument = (id: number) =>
  useQuery({
    queryKey: adminKeys.document(id),
    queryFn: ({ signal }) => adminApi.get<TAdminDocumentDetail>(`/documents/${id}`, undefined, signal),
    refetchInterval: (q) => (q.state.data?.status === 'reading' ? 2000 : false),
  });

/** A short-lived link to the original file. */
export const getDocumentFileUrl = (id: number) =>
  adminApi.get<{ url: string; expiresAt: string }>(`/documents/${id}/invoice-url`);

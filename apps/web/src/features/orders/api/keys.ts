import type { TCompanyType } from '@orderbridge/contract';

export type TOrdersFilter = {
  page: number;
  perPage: number;
  search?: string;
  status?: string;
  shopSupplierId?: number;
  from?: string;
  to?: string;
  sort?: string;
};

export type TDocumentsFilter = { page: number; perPage: number; search?: string; shopSupplierId?: number };

/** Query keys of the orders domain. */
export const orderKeys = {
  all: ['orders'] as const,
  company: (type: TCompanyType, companyId: number) => [...orderKeys.all, type, companyId] as const,
  lists: (type: TCompanyType, companyId: number) => [...orderKeys.company(type, companyId), 'list'] as const,
  list: (type: TCompanyType, companyId: number, filter: TOrdersFilter) =>
    [...orderKeys.lists(type, companyId), filter] as const,
  detail: (type: TCompanyType, companyId: number, orderId: number) =>
    [...orderKeys.company(type, companyId), 'detail', orderId] as const,
  disputes: (type: TCompanyType, companyId: number, orderId: number) =>
    [...orderKeys.detail(type, companyId, orderId), 'disputes'] as const,
  changes: (type: TCompanyType, companyId: number, orderId: number, page: number) =>
    [...orderKeys.detail(type, companyId, orderId), 'changes', page] as const,
  documents: (type: TCompanyType, companyId: number) =>
    [...orderKeys.company(type, companyId), 'documents'] as const,
  documentList: (
    type: TCompanyType,
    companyId: number,
    which: 'unprocessed' | 'pending-review',
    filter: TDocumentsFilter,
  ) => [...orderKeys.documents(type, companyId), which, filter] as const,
  review: (shopId: number, documentId: number) =>
    [...orderKeys.company('shops', shopId), 'review', documentId] as const,
};

/** `/shops/1` or `/suppliers/2`: the API prefix of a company. */
export const companyPath = (type: TCompanyType, companyId: number) => `/${type}/${companyId}`;

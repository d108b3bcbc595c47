import type { TImportResult } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

/** Supplier: a price list CSV, upserted by SKU; malformed rows come back with their line numbers. */
export const importPriceList = (supplierId: number, file: Blob) =>
  // Sent as text/csv whatever the browser calls the file (Windows says application/vnd.ms-excel).
  api.post<TImportResult>(`/suppliers/${supplierId}/products/import`, new Blob([file], { type: 'text/csv' }));

export function useImportPriceList(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => importPriceList(supplierId, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.company('suppliers', supplierId) }),
  });
}

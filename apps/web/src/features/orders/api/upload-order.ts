import type { TDocumentStatus } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { orderKeys } from './keys';

export type TUploadInput = { file: File; shopSupplierId: number; memo?: string };
export type TUploadReply = { message: string; tempOrderId: number; status: TDocumentStatus };

/** Missing reply message (spec §8). */
export const UPLOAD_NO_MESSAGE = 'No message, in response from upload. API error';

/** Send a file to be read (multipart Memo, ShopSupplierId, File — spec §3); the reply must carry a message. */
export async function uploadOrder(shopId: number, input: TUploadInput): Promise<TUploadReply> {
  const form = new FormData();
  if (input.memo?.trim()) form.append('Memo', input.memo.trim());
  form.append('ShopSupplierId', String(input.shopSupplierId));
  form.append('File', input.file, input.file.name);
  const reply = await request<TUploadReply | null>(`/shops/${shopId}/orders/upload`, {
    method: 'POST',
    body: form,
  });
  const message = reply.data?.message;
  if (!reply.data || !message) throw new Error(UPLOAD_NO_MESSAGE);
  return reply.data;
}

export function useUploadOrder(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TUploadInput) => uploadOrder(shopId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.documents('shops', shopId) }),
  });
}

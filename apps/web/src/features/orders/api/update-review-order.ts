import type { TItemInput, TReviewOrder, TReviewPatch } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

const base = (shopId: number, documentId: number) => `/shops/${shopId}/orders/pending-review/${documentId}`;

/** Correct headers, parties or totals; the reply is the document with its issues checked again. */
export const updateReviewOrder = (shopId: number, documentId: number, patch: TReviewPatch) =>
  api.patch<TReviewOrder>(base(shopId, documentId), patch);

/** Correct one item. */
export const updateReviewItem = (shopId: number, documentId: number, itemId: number, input: TItemInput) =>
  api.patch<TReviewOrder>(`${base(shopId, documentId)}/item/${itemId}`, input);

/** Add an item the reader missed. */
export const addReviewItem = (shopId: number, documentId: number, input: TItemInput) =>
  api.post<TReviewOrder>(`${base(shopId, documentId)}/item`, input);

export type TReviewEdit =
  | { kind: 'order'; patch: TReviewPatch }
  | { kind: 'item'; itemId: number; input: TItemInput }
  | { kind: 'add'; input: TItemInput };

/** Every edit of the review screen: the reply replaces the cached document. */
export function useReviewEdit(shopId: number, documentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (edit: TReviewEdit) =>
      edit.kind === 'order'
        ? updateReviewOrder(shopId, documentId, edit.patch)
        : edit.kind === 'item'
          ? updateReviewItem(shopId, documentId, edit.itemId, edit.input)
          : addReviewItem(shopId, documentId, edit.input),
    onSuccess: (doc) => qc.setQueryData(orderKeys.review(shopId, documentId), doc),
  });
}

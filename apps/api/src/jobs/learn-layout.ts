import { z } from 'zod';
import type { TDocumentsService } from '../modules/orders/documents.service.js';

/**
 * Teaches the reader a supplier's layout from a document a person corrected and processed. The document is
 * read again in the reader pool's worker thread (same time and heap limits as a read), never in this one.
 */
export const learnLayoutJob = {
  id: 'learn-layout',
  payload: z.object({ documentId: z.number().int().positive() }),
  handler: (documents: TDocumentsService) => async (payload: { documentId: number }) =>
    documents.learn(payload.documentId),
} as const;

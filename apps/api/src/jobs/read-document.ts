import { z } from 'zod';
import type { TDocumentsService } from '../modules/orders/documents.service.js';

/** Reads an uploaded document and stores what the reader made of it. */
export const readDocumentJob = {
  id: 'read-document',
  payload: z.object({ documentId: z.number().int().positive() }),
  handler: (documents: TDocumentsService) => async (payload: { documentId: number }) =>
    documents.read(payload.documentId),
} as const;

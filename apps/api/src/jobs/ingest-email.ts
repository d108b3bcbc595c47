import { z } from 'zod';
import type { TMailInService } from '../modules/mail-in/mail-in.service.js';

/** Turns a received message's attachments into documents (or logs why not). */
export const ingestEmailJob = {
  id: 'ingest-email',
  payload: z.object({ mailMessageId: z.number().int().positive() }),
  handler: (mailIn: TMailInService) => async (payload: { mailMessageId: number }) =>
    mailIn.ingest(payload.mailMessageId),
} as const;

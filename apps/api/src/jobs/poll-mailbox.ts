import { z } from 'zod';
import type { TMailboxesService } from '../modules/mail-in/mailboxes.service.js';

/** Takes the new messages of a shop's own mailbox over IMAP and hands each to ingestion. */
export const pollMailboxJob = {
  id: 'poll-mailbox',
  payload: z.object({ mailboxId: z.number().int().positive() }),
  handler: (mailboxes: TMailboxesService) => async (payload: { mailboxId: number }) =>
    mailboxes.poll(payload.mailboxId),
} as const;

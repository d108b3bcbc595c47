import { z } from 'zod';
import type { TNotificationMails } from '../modules/notifications/notification-mails.js';

/**
 * Mails the notifications their users want at once. Queued after each notification (a few seconds later, so a
 * notification written in a longer transaction is committed by then) and every minute, for any that a queued
 * run could not see yet. One waiting run at a time is enough: it takes every pending notification.
 */
export const mailNotificationsJob = {
  id: 'mail-notifications',
  payload: z.object({}),
  schedule: '* * * * *',
  queue: { policy: 'stately' },
  handler: (mails: TNotificationMails) => async () => {
    await mails.sendImmediate();
  },
} as const;

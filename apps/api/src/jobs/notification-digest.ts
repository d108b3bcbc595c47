import { z } from 'zod';
import type { TNotificationMails } from '../modules/notifications/notification-mails.js';

/** Every day at 07:00 UTC: one mail per user and company with the unread notifications not mailed at once. */
export const notificationDigestJob = {
  id: 'notification-digest',
  payload: z.object({}),
  schedule: '0 7 * * *',
  handler: (mails: TNotificationMails) => async () => {
    await mails.sendDigest();
  },
} as const;

import { z } from 'zod';
import type { TDb } from '../db/client.js';
import { pruneLiveEvents } from '../modules/notifications/live-events.js';

/** Every hour: the live stream's events older than a day are deleted (clients resume within a day). */
export const pruneLiveEventsJob = {
  id: 'prune-live-events',
  payload: z.object({}),
  schedule: '17 * * * *',
  handler: (db: TDb) => async () => {
    await pruneLiveEvents(db);
  },
} as const;

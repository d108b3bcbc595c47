import type { z } from 'zod';
import { ingestEmailJob } from './ingest-email.js';
import { learnLayoutJob } from './learn-layout.js';
import { mailNotificationsJob } from './mail-notifications.js';
import { notificationDigestJob } from './notification-digest.js';
import { pollMailboxJob } from './poll-mailbox.js';
import { pruneLiveEventsJob } from './prune-live-events.js';
import { readDocumentJob } from './read-document.js';
import { sweepJob } from './sweep.js';
import { watchAgentsJob } from './watch-agents.js';

/** Every job, by name; `jobs.send` takes the payload type of the named job. */
export const JOBS = [
  readDocumentJob,
  learnLayoutJob,
  ingestEmailJob,
  pollMailboxJob,
  mailNotificationsJob,
  notificationDigestJob,
  pruneLiveEventsJob,
  sweepJob,
  watchAgentsJob,
] as const;
export type TJobName = (typeof JOBS)[number]['id'];
export type TJobPayloads = { [J in (typeof JOBS)[number] as J['id']]: z.infer<J['payload']> };
export const JOB_NAMES = JOBS.map((j) => j.id);

/** What a job file may add: its own queue policy, and a cron schedule (UTC) on which pg-boss queues it. */
export type TJobExtras = { queue?: { policy: 'stately' }; schedule?: string };

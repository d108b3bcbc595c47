import { z } from 'zod';
import type { TSweeper } from '../ops/sweeper.js';

/** Puts back what a killed process left behind (see ops/sweeper.ts); queued by every worker, run by one. */
export const sweepJob = {
  id: 'sweep',
  payload: z.object({}),
  handler: (sweeper: TSweeper) => async () => {
    await sweeper.sweep();
  },
} as const;

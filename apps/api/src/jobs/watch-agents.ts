import { z } from 'zod';
import type { TIntegrationsService } from '../modules/catalogue/integrations.service.js';

/** Every 5 minutes: a shop whose connected POS agent stopped calling is told once (until it calls again). */
export const watchAgentsJob = {
  id: 'watch-agents',
  payload: z.object({}),
  schedule: '*/5 * * * *',
  handler: (integrations: TIntegrationsService) => async () => {
    await integrations.noticeSilentAgents();
  },
} as const;

import {
  ZAgentHeartbeatReplySchema,
  ZAgentHeartbeatSchema,
  ZAgentPairReplySchema,
  ZAgentPairSchema,
  ZAgentPushesReplySchema,
  ZImportReplySchema,
  ZSyncEntryReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { CSV_BODY_LIMIT, csvBody, registerCsvParser } from './csv-body.js';
import type { TAgent } from './integrations.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired agent behind an agent token (`/api/agent/…` routes). */
    agent: TAgent;
  }
}

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const tags = ['Agent'];
/** Pairing attempts per IP and minute: 8 digits cannot be guessed at this rate. */
const PAIR_PER_MINUTE = 10;

/**
 * The agent's own calls. They are not company-scoped by path: the agent holds its own revocable token (not a
 * user's), and the shop and integration come from that token, checked by this plugin's guard on every call.
 */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { integrations } = app.services;

  app.post(
    '/agent/pair',
    {
      schema: { tags, security: [], body: ZAgentPairSchema, response: { 200: ZAgentPairReplySchema } },
      config: { rateLimit: { max: PAIR_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) =>
      ok(
        'Paired. Keep this token on the POS computer.',
        await integrations.pair(request.body.code, request.body.deviceName),
      ),
  );

  await app.register(async (guarded) => {
    registerCsvParser(guarded);
    guarded.decorateRequest('agent', null as unknown as TAgent);
    guarded.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      const agent = header?.startsWith('Bearer ')
        ? await integrations.agentFor(header.slice(7).trim())
        : null;
      if (!agent) {
        throw new AppError(
          'UNAUTHENTICATED',
          'This agent token is not valid (any more). Pair the agent again with a new code.',
        );
      }
      request.agent = agent;
    });
    const route = guarded.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();

    route.post(
      '/agent/heartbeat',
      { schema: { tags, body: ZAgentHeartbeatSchema, response: { 200: ZAgentHeartbeatReplySchema } } },
      async (request) => ok('Seen.', await integrations.heartbeat(request.agent, request.body)),
    );
    route.post(
      '/agent/sync',
      {
        bodyLimit: CSV_BODY_LIMIT,
        schema: {
          tags,
          consumes: ['text/csv'],
          description: 'The POS catalogue export as CSV; rows are upserted by productCode.',
          response: { 200: ZImportReplySchema },
        },
      },
      async (request) => {
        await integrations.heartbeat(request.agent);
        const result = await integrations.syncCatalogue(request.agent, csvBody(request.body));
        return ok(`${result.rows} products synced, ${result.errors.length} rows refused.`, result);
      },
    );
    route.get(
      '/agent/pushes',
      { schema: { tags, response: { 200: ZAgentPushesReplySchema } } },
      async (request) => {
        await integrations.heartbeat(request.agent);
        return ok('Push batches waiting.', await integrations.pendingPushes(request.agent));
      },
    );
    route.post(
      '/agent/pushes/:id/ack',
      {
        schema: {
          tags,
          params: z.object({
            id: z.coerce.number({ error: 'Must be a number' }).int().positive().max(2_147_483_647),
          }),
          response: { 200: ZSyncEntryReplySchema },
        },
      },
      async (request) =>
        ok('Acknowledged.', await integrations.acknowledge(request.agent, request.params.id)),
    );
  });
};

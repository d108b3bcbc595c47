import { envelope } from '@orderbridge/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError, UNAVAILABLE_RETRY_SECONDS } from '../../plugins/errors.js';

/** A readiness check that does not answer within this time counts as down: the balancer must not wait. */
const CHECK_TIMEOUT_MS = 3_000;

/** null when `check` passes in time, else the words for the reply (the cause goes to the log, not the reply). */
async function probe(
  log: FastifyBaseLogger,
  what: string,
  check: () => Promise<unknown>,
): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CHECK_TIMEOUT_MS);
  });
  try {
    if ((await Promise.race([check(), late])) === 'late') return 'no answer within 3 seconds';
    return null;
  } catch (error) {
    log.warn({ err: error }, `readiness: ${what} unavailable`);
    return 'not answering';
  } finally {
    clearTimeout(timer);
  }
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Liveness and readiness, served at `/health` and `/ready` (what balancers probe by default) and under `/api`.
 * While the process drains after SIGTERM, the draining plugin answers `/ready` with 503 before it gets here.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['System'],
        description: 'Liveness: 200 whenever the process answers HTTP, also while it drains.',
        response: { 200: envelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ({ success: true, message: 'ok', data: { status: 'ok' as const } }),
  );

  // Readiness: whether this process can serve now. The balancer sends traffic only while it says 200.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['System'],
        description:
          'Readiness for a load balancer: 200 when the database, file storage and job queue answer, else 503 naming what is down.',
        response: {
          200: envelope(
            z.object({ database: z.literal('ok'), storage: z.literal('ok'), queue: z.literal('ok') }),
          ),
        },
      },
    },
    async (_request, reply) => {
      const [database, storage, queue] = await Promise.all([
        probe(app.log, 'database', () => app.db.execute(sql`select 1`)),
        probe(app.log, 'storage', () => app.storage.check()),
        probe(app.log, 'queue', () => app.jobs.check()),
      ]);
      const down: Record<string, string[]> = {};
      if (database) down.database = [database];
      if (storage) down.storage = [storage];
      if (queue) down.queue = [queue];
      if (Object.keys(down).length) {
        reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
        return sendError(reply, 503, `Not ready: ${Object.keys(down).join(', ')} unavailable.`, down);
      }
      return {
        success: true,
        message: 'ready',
        data: { database: 'ok', storage: 'ok', queue: 'ok' } as const,
      };
    },
  );
};

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Logos and profile pictures: unguessable keys, images only.
  app.get(
    '/files/:folder/:name',
    {
      schema: {
        hide: true,
        params: z.object({ folder: z.enum(['logos', 'avatars']), name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      const bytes = await app.storage.get(key);
      const type = CONTENT_TYPES[key.split('.').pop() ?? ''];
      if (!bytes || !type) return sendError(reply, 404, 'This file was not found.');
      return reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(bytes);
    },
  );

  if (app.config.env !== 'production') {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['Development'],
          description:
            'Mail kept in the outbox when no SMTP server is configured, newest first. Not in production.',
        },
      },
      async () => ({ success: true, message: 'Outbox.', data: await app.mailer.outbox() }),
    );
  }
};

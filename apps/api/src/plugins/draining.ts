import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError, UNAVAILABLE_RETRY_SECONDS } from './errors.js';

/** Liveness stays true while the process drains: it is alive, only no longer taking work. */
const LIVENESS = /^\/(api\/)?health\/?(\?|$)/i;

/**
 * From SIGTERM on (`app.close()`), a request that still arrives on an open keep-alive connection is answered
 * 503 in the error envelope with Retry-After and `Connection: close`, before any handler runs, so the client
 * or the balancer retries it on another process. Requests already in flight finish normally.
 */
export default fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!draining || LIVENESS.test(request.url)) return;
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS)).header('connection', 'close');
      return sendError(
        reply,
        503,
        'This server is restarting. Nothing was changed; please try again in a few seconds.',
        { process: ['shutting down'] },
      );
    });
  },
  { name: 'draining', dependencies: ['errors'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery. Signed-in calls carry a bearer token in the Authorization header, which a
 * browser never adds to a request another site makes, so a forged call arrives unauthenticated. The calls
 * that need no token (login, register, password reset …) are guarded here: a state-changing request that a
 * browser marks as coming from another origin is refused before any handler runs. The app sets no cookies.
 */
export default fp(
  async (app: FastifyInstance) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      const crossSite =
        origin !== undefined
          ? origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`
          : request.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite) {
        throw new AppError('FORBIDDEN', 'Requests from other sites are not allowed. Use OrderBridge itself.');
      }
    });
  },
  { name: 'cross-site', dependencies: ['services'] },
);

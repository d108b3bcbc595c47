import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

/** Serves the built web app on the same origin; unknown non-API paths get the SPA's index.html. */
export default fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDist;
    const hasWeb = existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, file) => {
          // Hashed assets never change; index.html must always be fresh.
          res.header(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.toLowerCase().startsWith('/api/') || request.url.toLowerCase() === '/api';
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendError(reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}.`);
    });
  },
  { name: 'web', dependencies: ['services'] },
);

import { envelope } from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../plugins/errors.js';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['System'], response: { 200: envelope(z.object({ status: z.literal('ok') })) } } },
    async () => ({ success: true, message: 'ok', data: { status: 'ok' as const } }),
  );

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

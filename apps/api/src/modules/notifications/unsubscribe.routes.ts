import { ZUnsubscribeReplySchema, ZUnsubscribeSchema } from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/**
 * The unsubscribe link of notification mail: no sign-in, the signed token is the permission. GET says what it
 * would switch off (the web page shows it before the click, and mail scanners that open links change nothing);
 * POST switches it off — from the page's button, or from a mail program's own button (RFC 8058 one-click: a
 * form body `List-Unsubscribe=One-Click`, the token in the address).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const preferences = app.services.emailPreferences;
  const tags = ['Notifications'];
  // Only this plugin's routes read form-encoded bodies (the one-click POST of mail programs).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        security: [],
        description: 'Whose email about which company the link switches off, and whether it already is.',
        querystring: ZUnsubscribeSchema,
        response: { 200: ZUnsubscribeReplySchema },
      },
    },
    async (request) => ({
      success: true,
      message: 'Unsubscribe link.',
      data: await preferences.describe(request.query.token),
    }),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        security: [],
        description:
          'Switches off every email of the link’s user about its company (immediate and digest). The token comes in the query (List-Unsubscribe) or in a JSON body.',
        querystring: ZUnsubscribeSchema.partial(),
        body: z.object({ token: ZUnsubscribeSchema.shape.token.optional() }).passthrough().nullish(),
        response: { 200: ZUnsubscribeReplySchema },
      },
    },
    async (request) => {
      const token = request.query.token ?? request.body?.token;
      if (!token)
        throw new AppError('BAD_REQUEST', 'The unsubscribe link is incomplete.', {
          token: ['The unsubscribe link is incomplete'],
        });
      return {
        success: true,
        message: 'You will get no more email about this company. Notifications stay in the app.',
        data: await preferences.unsubscribe(token),
      };
    },
  );
};

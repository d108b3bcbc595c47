import {
  envelope,
  ZNotificationPreferencesReplySchema,
  ZNotificationPreferencesSchema,
  ZNotificationSchema,
  ZNotificationsQuerySchema,
  ZNotificationsReplySchema,
  ZUnreadCountReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZNotificationParamsSchema = z
  .object({
    id: z.coerce
      .number({ error: 'Notification id must be a number' })
      .int('Notification id must be a whole number')
      .positive('Notification id must be positive')
      .max(2_147_483_647, 'Notification id is too large'),
  })
  .passthrough();

/** The signed-in user's notifications in one company, for shops and suppliers alike. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notifications;
  const preferences = app.services.emailPreferences;
  const tags = ['Notifications'];

  for (const base of ['/shops/:shopId/notifications', '/suppliers/:supplierId/notifications']) {
    app.get(
      base,
      {
        schema: {
          tags,
          description: 'Paged; unread first, then newest first. `unread=true` lists only unread ones.',
          querystring: ZNotificationsQuerySchema,
          response: { 200: ZNotificationsReplySchema },
        },
      },
      async (request) => ({
        success: true,
        message: 'Notifications.',
        data: await notifications.list(
          request.auth.userId,
          { side: request.company.type, companyId: request.company.id },
          request.query,
        ),
      }),
    );

    app.get(
      `${base}/unread-count`,
      { schema: { tags, response: { 200: ZUnreadCountReplySchema } } },
      async (request) => ({
        success: true,
        message: 'Unread notifications.',
        data: { unread: await notifications.unreadCount(request.auth.userId, request.company.id) },
      }),
    );

    app.post(
      `${base}/:id/read`,
      {
        schema: { tags, params: ZNotificationParamsSchema, response: { 200: envelope(ZNotificationSchema) } },
      },
      async (request) => ({
        success: true,
        message: 'Marked as read.',
        data: await notifications.markRead(request.auth.userId, request.company.id, request.params.id),
      }),
    );

    app.get(
      `${base}/preferences`,
      {
        schema: {
          tags,
          description:
            'The signed-in user’s email choices for this company: kinds mailed at once, and the daily digest of the rest. `kinds` lists what this side of the product can receive.',
          response: { 200: ZNotificationPreferencesReplySchema },
        },
      },
      async (request) => ({
        success: true,
        message: 'Email settings.',
        data: await preferences.get(request.auth.userId, request.company.id, request.company.type),
      }),
    );

    app.put(
      `${base}/preferences`,
      {
        schema: {
          tags,
          body: ZNotificationPreferencesSchema,
          response: { 200: ZNotificationPreferencesReplySchema },
        },
      },
      async (request) => ({
        success: true,
        message: 'Email settings saved.',
        data: await preferences.set(
          request.auth.userId,
          request.company.id,
          request.company.type,
          request.body,
        ),
      }),
    );

    app.post(
      `${base}/read-all`,
      { schema: { tags, response: { 200: envelope(z.object({ marked: z.number().int() })) } } },
      async (request) => {
        const marked = await notifications.markAllRead(request.auth.userId, request.company.id);
        return {
          success: true,
          message: `${marked} notification${marked === 1 ? '' : 's'} marked as read.`,
          data: { marked },
        };
      },
    );
  }
};

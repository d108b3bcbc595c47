import {
  envelope,
  ZChooseSupplierReplySchema,
  ZChooseSupplierSchema,
  ZEmailConfigReplySchema,
  ZEmailServerReplySchema,
  ZEmailServersPageReplySchema,
  ZMailboxesQuerySchema,
  ZMailMessageReplySchema,
  ZMailMessagesPageReplySchema,
  ZMailMessagesQuerySchema,
  ZMessageOnlySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/tenant-guard.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const ok = <T>(message: string, data: T) => ({ success: true, message, data });

/** The shop's email configuration under `/shops/{shopId}/email-config` (behind the tenant guard). */
export const mailInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailIn, mailboxes } = app.services;
  const tags = ['Email'];
  const base = '/shops/:shopId/email-config';

  app.get(
    base,
    {
      schema: {
        tags,
        description: 'The ingestion address, the mailboxes and the last 50 messages.',
        response: { 200: ZEmailConfigReplySchema },
      },
    },
    async (request) =>
      ok('Email configuration.', {
        ...(await mailIn.config(request.company.id)),
        receiverRunning: app.mailReceiver !== null,
      }),
  );

  app.post(
    `${base}/:id/test`,
    {
      schema: {
        tags,
        description: "Connects to the mailbox again; `error` is the server's answer, null when it worked.",
        params: z.object({ id }).passthrough(),
        response: { 200: ZEmailServerReplySchema },
      },
    },
    async (request) => {
      const tested = await mailboxes.test(request.company.id, request.params.id);
      return ok(tested.error ? 'The mail server refused the connection.' : 'The mailbox works.', tested);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: 'Removes a mailbox (its password with it).',
        params: z.object({ id }).passthrough(),
        response: { 200: ZMessageOnlySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      await mailboxes.remove(request.company.id, request.params.id);
      return ok('The mailbox was removed.', null);
    },
  );

  app.post(
    `${base}/address`,
    {
      schema: {
        tags,
        description: 'Gives the shop a new ingestion address; mail to the old one is refused from now on.',
        response: { 201: envelope(z.object({ ingestionAddress: z.string() })) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const ingestionAddress = await mailIn.rotateAddress(request.company.id);
      return reply.status(201).send(ok('The ingestion address was replaced.', { ingestionAddress }));
    },
  );

  app.get(
    `${base}/messages`,
    {
      schema: {
        tags,
        description:
          'Every received message and what became of it, newest first (`status` filters; paged with `Page`/`PerPage` or the cursor).',
        querystring: ZMailMessagesQuerySchema,
        response: { 200: ZMailMessagesPageReplySchema },
      },
    },
    async (request) => ok('Messages.', await mailIn.messages(request.company.id, request.query)),
  );

  app.get(
    `${base}/mailboxes`,
    {
      schema: {
        tags,
        description: "The shop's mailboxes, paged (the password is never part of them).",
        querystring: ZMailboxesQuerySchema,
        response: { 200: ZEmailServersPageReplySchema },
      },
    },
    async (request) => ok('Mailboxes.', await mailboxes.page(request.company.id, request.query)),
  );

  app.get(
    `${base}/messages/:id`,
    { schema: { tags, params: z.object({ id }).passthrough(), response: { 200: ZMailMessageReplySchema } } },
    async (request) => ok('Message.', await mailIn.message(request.company.id, request.params.id)),
  );

  app.post(
    `${base}/messages/:id/supplier`,
    {
      schema: {
        tags,
        description:
          "Chooses the supplier of an unknown sender's message: its attachments become that supplier's documents. The reply offers the sender as a secondary email of the supplier.",
        params: z.object({ id }).passthrough(),
        body: ZChooseSupplierSchema,
        response: { 200: ZChooseSupplierReplySchema },
      },
    },
    async (request) =>
      ok(
        'The supplier was chosen.',
        await mailIn.chooseSupplier(request.company.id, request.params.id, request.body.shopSupplierId),
      ),
  );
};

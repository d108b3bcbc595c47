import {
  envelope,
  ZEmailConfigReplySchema,
  ZEmailServerReplySchema,
  ZEmailServersReplySchema,
  ZMailboxInputSchema,
  ZMailMessageReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isUploadedFile } from '../../lib/uploads.js';
import { companyAccess } from '../../plugins/tenant-guard.js';

const companyId = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const shopQuery = z.object({ shopid: companyId });
const ZMailboxBodySchema = ZMailboxInputSchema.and(z.object({ shopId: companyId, id: companyId.optional() }));

/** The first line of a raw message decides: an .eml starts with header fields. */
const looksLikeMessage = (bytes: Buffer) =>
  /^[A-Za-z-]+:[^\r\n]*\r?\n/.test(bytes.subarray(0, 1000).toString('latin1'));

/**
 * The spec's general email calls (`/AppEmailAccess`, `/email-config`, `/EmailTest/*`, `/Upload/upload-from-email`).
 * Their shop comes from the query or body, so each checks membership with the tenant guard's own check; a supplier
 * company is refused there (spec §6).
 */
export const emailCallsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailIn, mailboxes } = app.services;
  const tags = ['Email'];
  const authenticated = { onRequest: app.authenticate };
  const shopOf = (userId: string, shopId: number) => companyAccess(app.db, userId, shopId, 'shops');
  const adminShopOf = async (userId: string, shopId: number) => {
    const shop = await shopOf(userId, shopId);
    if (shop.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin of this company can do this.');
    return shop;
  };
  const multipartBody = (body: unknown) =>
    Object.fromEntries(
      Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]),
    );

  app.get(
    '/AppEmailAccess',
    {
      ...authenticated,
      schema: { tags, querystring: shopQuery, response: { 200: ZEmailServersReplySchema } },
    },
    async (request) => {
      const shop = await shopOf(request.auth.userId, request.query.shopid);
      return ok('Mailboxes.', await mailboxes.list(shop.id));
    },
  );

  const saveMailbox = {
    ...authenticated,
    schema: {
      tags,
      description:
        "Saves a mailbox (the one with `id`, else the one with this address, else a new one) and tests it: `error` is the server's answer, null when it worked. The password is stored encrypted and never returned.",
      body: ZMailboxBodySchema,
      response: { 200: ZEmailServerReplySchema },
    },
  };
  for (const url of ['/AppEmailAccess', '/email-config']) {
    app.post(url, saveMailbox, async (request) => {
      const shop = await adminShopOf(request.auth.userId, request.body.shopId);
      const saved = await mailboxes.save(shop.id, request.body, request.body.id);
      return ok(saved.error ? 'Saved, but the mail server refused the connection.' : 'Mailbox saved.', saved);
    });
  }

  app.post(
    '/AppEmailAccess/new',
    {
      ...authenticated,
      schema: {
        tags,
        description: 'Adds a mailbox and tests it.',
        body: ZMailboxBodySchema,
        response: { 201: ZEmailServerReplySchema },
      },
    },
    async (request, reply) => {
      const shop = await adminShopOf(request.auth.userId, request.body.shopId);
      const created = await mailboxes.create(shop.id, request.body);
      return reply
        .status(201)
        .send(
          ok(
            created.error ? 'Added, but the mail server refused the connection.' : 'Mailbox added.',
            created,
          ),
        );
    },
  );

  app.get(
    '/email-config',
    {
      ...authenticated,
      schema: { tags, querystring: shopQuery, response: { 200: ZEmailConfigReplySchema } },
    },
    async (request) => {
      const shop = await shopOf(request.auth.userId, request.query.shopid);
      return ok('Email configuration.', {
        ...(await mailIn.config(shop.id)),
        receiverRunning: app.mailReceiver !== null,
      });
    },
  );

  app.get(
    '/EmailTest/preview',
    {
      ...authenticated,
      schema: {
        tags,
        description:
          "The next messages waiting in the shop's mailboxes and what ingestion would do with each.",
        querystring: shopQuery,
        response: { 200: envelope(z.array(z.record(z.string(), z.unknown()))) },
      },
    },
    async (request) => {
      const shop = await shopOf(request.auth.userId, request.query.shopid);
      return ok('Waiting messages.', await mailboxes.preview(shop.id));
    },
  );

  app.get(
    '/EmailTest/queue',
    {
      ...authenticated,
      schema: {
        tags,
        description: "The shop's received messages per state (queued: waiting for the ingestion job).",
        querystring: shopQuery,
        response: { 200: envelope(z.record(z.string(), z.number())) },
      },
    },
    async (request) => {
      const shop = await shopOf(request.auth.userId, request.query.shopid);
      return ok('Ingestion queue.', await mailIn.queue(shop.id));
    },
  );

  app.post(
    '/EmailTest/upload',
    {
      ...authenticated,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: ShopId, File (an .eml message, or a document sent as the attachment of a message from `From`), From (optional). Ingested as if mailed.',
        response: { 202: ZMailMessageReplySchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send multipart/form-data with the fields ShopId, File and From.',
        );
      const body = multipartBody(request.body);
      const parsed = z
        .object({ shopid: companyId, from: z.email({ error: 'Enter a valid email address' }).optional() })
        .safeParse({ shopid: body.shopid, from: body.from || undefined });
      if (!parsed.success || !isUploadedFile(body.file)) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error?.issues ?? [])
          errors[issue.path[0] === 'from' ? 'From' : 'ShopId'] = [issue.message];
        if (!isUploadedFile(body.file)) errors.File = ['Choose a file'];
        throw new AppError(
          'BAD_REQUEST',
          'You had an error in the following fields, please fix them:',
          errors,
        );
      }
      const shop = await adminShopOf(request.auth.userId, parsed.data.shopid);
      const file = body.file;
      const raw = looksLikeMessage(file)
        ? file
        : await new MailComposer({
            from: parsed.data.from ?? (await mailIn.userEmail(request.auth.userId)),
            to: await mailIn.address(shop.id),
            subject: `Test upload: ${file.fileName}`,
            attachments: [{ filename: file.fileName, content: file }],
          })
            .compile()
            .build();
      const id = await mailIn.receive({ shopId: shop.id, source: 'test', raw });
      return reply
        .status(202)
        .send(ok('The message is queued for reading.', await mailIn.message(shop.id, id!)));
    },
  );

  app.get(
    '/EmailTest/send-order-email',
    {
      ...authenticated,
      schema: {
        tags,
        description:
          "Sends a generated invoice to the shop's ingestion address through the built-in SMTP receiver, from the supplier's main address (query ShopSupplierId) or from the signed-in user.",
        querystring: shopQuery.extend({ shopsupplierid: companyId.optional() }),
        response: { 200: envelope(z.object({ ingestionAddress: z.string(), from: z.string() })) },
      },
    },
    async (request) => {
      const shop = await adminShopOf(request.auth.userId, request.query.shopid);
      if (!app.mailReceiver)
        throw new AppError('CONFLICT', 'The mail receiver is not running on this server (set MAIL_IN_PORT).');
      const sent = await mailIn.sendTestInvoice(shop.id, {
        port: app.mailReceiver.port,
        shopSupplierId: request.query.shopsupplierid,
        userId: request.auth.userId,
      });
      return ok('A test invoice was sent.', sent);
    },
  );

  app.patch(
    '/EmailTest/patch-test',
    {
      ...authenticated,
      schema: {
        tags,
        description:
          'Reads a logged message again (after a fix); documents already made are recognised as duplicates.',
        body: z.object({ shopId: companyId, messageId: companyId }),
        response: { 200: ZMailMessageReplySchema },
      },
    },
    async (request) => {
      const shop = await adminShopOf(request.auth.userId, request.body.shopId);
      return ok('The message was read again.', await mailIn.retry(shop.id, request.body.messageId));
    },
  );

  app.post(
    '/Upload/upload-from-email',
    {
      schema: {
        tags,
        security: [],
        consumes: ['multipart/form-data'],
        description:
          "For an external mail pipeline: multipart Token (the shop's ingestion address, or its token) and File (the raw .eml message). No sign-in: the ingestion address is the secret; rotate it to revoke.",
        response: { 202: envelope(z.object({ messageId: z.number().int() })) },
      },
      config: { rateLimit: { max: app.config.mailIn.ratePerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send multipart/form-data with the fields Token and File.',
        );
      const body = multipartBody(request.body);
      const token = typeof body.token === 'string' ? body.token.trim() : '';
      if (!isUploadedFile(body.file) || !token) {
        throw new AppError('BAD_REQUEST', 'You had an error in the following fields, please fix them:', {
          ...(token ? {} : { Token: ['The ingestion address or its token is required'] }),
          ...(isUploadedFile(body.file) ? {} : { File: ['Attach the raw message (.eml)'] }),
        });
      }
      const shopId = await mailIn.shopOfAddress(
        token.includes('@') ? token : `orders+${token}@${app.config.mailIn.domain}`,
      );
      if (!shopId) throw new AppError('UNAUTHENTICATED', 'The token is not a current ingestion address.');
      if (!looksLikeMessage(body.file))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not an email message (.eml).');
      const messageId = await mailIn.receive({ shopId, source: 'api', raw: body.file });
      return reply.status(202).send(ok('The message is queued for reading.', { messageId: messageId! }));
    },
  );
};

import {
  envelope,
  ZDisputeCreateSchema,
  ZDisputeIdQuerySchema,
  ZDisputesPageReplySchema,
  ZDisputesQuerySchema,
  ZDisputeUpdateSchema,
  ZExportQuerySchema,
  ZItemDisputeReplySchema,
  ZMainDisputeQuerySchema,
  ZMainDisputeSchema,
  ZMessageOnlySchema,
  ZMessagePostSchema,
  ZMessageSchema,
  ZMessagesPageReplySchema,
  ZMessagesQuerySchema,
  ZMessageUpdateSchema,
  ZRejectAnswerSchema,
  ZThreadQuerySchema,
} from '@orderbridge/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv.js';
import { formBody } from '../../lib/form-body.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const disputeParams = z.object({ id }).passthrough();
const messageParams = z.object({ id, messageId: id }).passthrough();
const ok = <T>(message: string, data: T) => ({ success: true, message, data });

/** The signed-in member acting for the route's company. */
const actorOf = (request: FastifyRequest) => ({
  side: request.company.type,
  companyId: request.company.id,
  userId: request.auth.userId,
});

export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { disputes } = app.services;
  const tags = ['Disputes'];
  const multipartDoc =
    'Form data (or JSON): orderId, itemId, reason (short_delivery, damaged, wrong_item, wrong_price, out_of_date, not_ordered, other), quantity, priceDifference (wrong price: per unit), note, photo (JPEG, PNG or WebP, checked by content, at most 10 MB).';

  // ---- shops: raise, change, withdraw ---------------------------------------------------------------------------
  const shop = '/shops/:shopId/disputes';
  app.post(
    shop,
    { schema: { tags, description: multipartDoc, response: { 201: ZItemDisputeReplySchema } } },
    async (request, reply) => {
      const { data, file } = formBody(request.body, ZDisputeCreateSchema, 'photo');
      const created = await disputes.create(actorOf(request), data, file);
      return reply.status(201).send(ok('The dispute has been sent to the supplier.', created));
    },
  );
  const update = async (request: FastifyRequest, disputeId: number) => {
    const { data, file } = formBody(request.body, ZDisputeUpdateSchema, 'photo');
    return ok(
      'The dispute has been changed.',
      await disputes.update(actorOf(request), disputeId, data, file),
    );
  };
  const withdraw = async (request: FastifyRequest, disputeId: number) =>
    ok('The dispute has been withdrawn.', await disputes.withdraw(actorOf(request), disputeId));
  // The spec's query-string forms (`PATCH /disputes?id=`, `DELETE /disputes?id=`) and the path forms do the same.
  app.patch(
    shop,
    { schema: { tags, querystring: ZDisputeIdQuerySchema, response: { 200: ZItemDisputeReplySchema } } },
    async (request) => update(request, request.query.id),
  );
  app.patch(
    `${shop}/:id`,
    { schema: { tags, params: disputeParams, response: { 200: ZItemDisputeReplySchema } } },
    async (request) => update(request, request.params.id),
  );
  app.delete(
    shop,
    { schema: { tags, querystring: ZDisputeIdQuerySchema, response: { 200: ZItemDisputeReplySchema } } },
    async (request) => withdraw(request, request.query.id),
  );
  app.delete(
    `${shop}/:id`,
    { schema: { tags, params: disputeParams, response: { 200: ZItemDisputeReplySchema } } },
    async (request) => withdraw(request, request.params.id),
  );
  app.post(
    `${shop}/:id/accept-rejection`,
    { schema: { tags, params: disputeParams, response: { 200: ZItemDisputeReplySchema } } },
    async (request) =>
      ok(
        'You accepted the rejection; the dispute is resolved.',
        await disputes.acceptRejection(actorOf(request), request.params.id),
      ),
  );

  // ---- suppliers: reject (credits and returns are in the returns module) ----------------------------------------
  app.post(
    '/suppliers/:supplierId/disputes/:id/reject',
    {
      schema: {
        tags,
        params: disputeParams,
        body: ZRejectAnswerSchema,
        response: { 200: ZItemDisputeReplySchema },
      },
    },
    async (request) =>
      ok(
        'The dispute has been rejected.',
        await disputes.reject(actorOf(request), request.params.id, request.body.reason),
      ),
  );

  // ---- both sides: reads, threads, inbox ------------------------------------------------------------------------
  for (const base of ['/shops/:shopId', '/suppliers/:supplierId']) {
    app.get(
      `${base}/disputes`,
      { schema: { tags, querystring: ZDisputesQuerySchema, response: { 200: ZDisputesPageReplySchema } } },
      async (request) => ok('Disputes.', await disputes.list(actorOf(request), request.query)),
    );
    app.get(
      `${base}/disputes/main`,
      {
        schema: {
          tags,
          querystring: ZMainDisputeQuerySchema,
          response: { 200: envelope(ZMainDisputeSchema) },
        },
      },
      async (request) =>
        ok('The dispute of this order.', await disputes.main(actorOf(request), request.query.orderid)),
    );
    app.get(
      `${base}/disputes/export`,
      {
        schema: {
          tags,
          querystring: ZExportQuerySchema,
          description: 'CSV of the disputes raised in a date range.',
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'disputes', request.query, await disputes.exportCsv(actorOf(request), request.query)),
    );
    app.get(
      `${base}/disputes/:id`,
      { schema: { tags, params: disputeParams, response: { 200: ZItemDisputeReplySchema } } },
      async (request) => ok('Dispute.', await disputes.detail(actorOf(request), request.params.id)),
    );
    app.get(
      `${base}/disputes/:id/messages`,
      {
        schema: {
          tags,
          params: disputeParams,
          querystring: ZThreadQuerySchema,
          response: { 200: ZMessagesPageReplySchema },
        },
      },
      async (request) =>
        ok('Messages.', await disputes.thread(actorOf(request), request.params.id, request.query)),
    );
    app.patch(
      `${base}/disputes/:id/messages/:messageId`,
      {
        schema: {
          tags,
          params: messageParams,
          body: ZMessageUpdateSchema,
          response: { 200: envelope(ZMessageSchema) },
        },
      },
      async (request) =>
        ok(
          'Message changed.',
          await disputes.editMessage(
            actorOf(request),
            request.params.id,
            request.params.messageId,
            request.body.messageVal,
          ),
        ),
    );
    app.get(
      `${base}/messages`,
      { schema: { tags, querystring: ZMessagesQuerySchema, response: { 200: ZMessagesPageReplySchema } } },
      async (request) => ok('Messages.', await disputes.inbox(actorOf(request), request.query)),
    );
    app.post(
      `${base}/messages`,
      { schema: { tags, body: ZMessagePostSchema, response: { 201: envelope(ZMessageSchema) } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              'Message sent.',
              await disputes.post(actorOf(request), request.body.itemDisputeId, request.body.messageVal),
            ),
          ),
    );
    app.delete(
      `${base}/messages/:id`,
      { schema: { tags, params: disputeParams, response: { 200: ZMessageOnlySchema } } },
      async (request) => {
        await disputes.deleteMessage(actorOf(request), request.params.id);
        return ok('Message deleted.', null);
      },
    );
  }
};

import {
  envelope,
  ZCreditAnswerSchema,
  ZCreditDetailSchema,
  ZCreditLineAssignSchema,
  ZCreditSchema,
  ZCreditsPageReplySchema,
  ZCreditsQuerySchema,
  ZExportQuerySchema,
  ZItemDisputeReplySchema,
  ZReturnAnswerSchema,
  ZReturnSchema,
  ZReturnStepSchema,
  ZReturnsPageReplySchema,
  ZReturnsQuerySchema,
} from '@orderbridge/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { sendCsv } from '../../lib/csv.js';
import { formBody } from '../../lib/form-body.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const params = z.object({ id }).passthrough();
const lineParams = z.object({ id, lineId: id }).passthrough();
const ZCreditUploadSchema = z.object({ ShopId: id });
const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const actorOf = (request: FastifyRequest) => ({
  side: request.company.type,
  companyId: request.company.id,
  userId: request.auth.userId,
});

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns } = app.services;
  const tags = ['Returns and credits'];
  const supplier = '/suppliers/:supplierId';

  app.post(
    `${supplier}/disputes/:id/credit`,
    {
      schema: {
        tags,
        description:
          'Answer a dispute with a credit: creditNoteNum, creditDate, amount (partial credits add up).',
        params,
        body: ZCreditAnswerSchema,
        response: { 200: ZItemDisputeReplySchema },
      },
    },
    async (request) =>
      ok(
        'The credit has been recorded.',
        await returns.credit(actorOf(request), request.params.id, request.body),
      ),
  );
  app.post(
    `${supplier}/disputes/:id/return`,
    {
      schema: {
        tags,
        description:
          'Answer a dispute with a collection of the goods (requested → collected → received → credited).',
        params,
        body: ZReturnAnswerSchema,
        response: { 200: ZItemDisputeReplySchema },
      },
    },
    async (request) =>
      ok(
        'The return has been requested.',
        await returns.requestReturn(actorOf(request), request.params.id, request.body),
      ),
  );
  app.get(
    `${supplier}/returns`,
    { schema: { tags, querystring: ZReturnsQuerySchema, response: { 200: ZReturnsPageReplySchema } } },
    async (request) => ok('Returns.', await returns.listReturns(actorOf(request), request.query)),
  );
  app.patch(
    `${supplier}/returns/:id`,
    {
      schema: {
        tags,
        description:
          'The next step of a return; `credited` needs creditNoteNum and creditDate (amount: what is still disputed).',
        params,
        body: ZReturnStepSchema,
        response: { 200: envelope(ZReturnSchema) },
      },
    },
    async (request) =>
      ok(
        'The return has moved on.',
        await returns.returnStep(actorOf(request), request.params.id, request.body),
      ),
  );

  app.post(
    `${supplier}/credits/upload`,
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Form data: ShopId (a client shop) and File (the credit note: PDF, PNG or JPEG, at most 10 MB). It is read, then matched to the open disputes of that shop.',
        response: { 202: envelope(z.object({ message: z.string(), documentId: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const { data, file } = formBody(request.body, ZCreditUploadSchema, 'File');
      if (!file) {
        throw new AppError('BAD_REQUEST', 'You had an error in the following fields, please fix them:', {
          File: ['Choose the credit note to upload'],
        });
      }
      const result = await returns.uploadCreditNote(actorOf(request), data.ShopId, {
        bytes: file,
        fileName: file.fileName,
      });
      return reply.status(202).send(ok(result.message, result));
    },
  );

  for (const base of ['/shops/:shopId', supplier]) {
    app.post(
      `${base}/credits/:id/apply`,
      {
        schema: {
          tags,
          description: 'Applies a credit waiting in review: each of its lines matched to a dispute counts.',
          params,
          response: { 200: envelope(ZCreditSchema) },
        },
      },
      async (request) =>
        ok('The credit has been applied.', await returns.applyReviewed(actorOf(request), request.params.id)),
    );
    app.get(
      `${base}/credits/:id`,
      {
        schema: {
          tags,
          description:
            'One credit; while it waits in review, with the open disputes its lines may be assigned to.',
          params,
          response: { 200: envelope(ZCreditDetailSchema) },
        },
      },
      async (request) => ok('Credit.', await returns.creditDetail(actorOf(request), request.params.id)),
    );
    app.patch(
      `${base}/credits/:id/lines/:lineId`,
      {
        schema: {
          tags,
          description:
            'Assigns a line of a credit waiting in review to one open dispute (disputeId), or clears it (null).',
          params: lineParams,
          body: ZCreditLineAssignSchema,
          response: { 200: envelope(ZCreditDetailSchema) },
        },
      },
      async (request) =>
        ok(
          request.body.disputeId === null ? 'The line is no longer assigned.' : 'The line is assigned.',
          await returns.assignLine(
            actorOf(request),
            request.params.id,
            request.params.lineId,
            request.body.disputeId,
          ),
        ),
    );
    app.get(
      `${base}/credits`,
      { schema: { tags, querystring: ZCreditsQuerySchema, response: { 200: ZCreditsPageReplySchema } } },
      async (request) => ok('Credits.', await returns.listCredits(actorOf(request), request.query)),
    );
    app.get(
      `${base}/credits/export`,
      {
        schema: { tags, querystring: ZExportQuerySchema, description: 'CSV of the credits of a date range.' },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          'credits',
          request.query,
          await returns.exportCredits(actorOf(request), request.query),
        ),
    );
  }
};

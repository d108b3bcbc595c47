import {
  envelope,
  ZCreditAnswerSchema,
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
import { sendCsv } from '../../lib/csv.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const params = z.object({ id }).passthrough();
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

  for (const base of ['/shops/:shopId', supplier]) {
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

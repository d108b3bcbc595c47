import {
  envelope,
  ZAdminCompaniesQuerySchema,
  ZAdminCompaniesReplySchema,
  ZAdminCompanyPatchSchema,
  ZAdminCompanyReplySchema,
  ZAdminDocumentReplySchema,
  ZAdminDocumentsQuerySchema,
  ZAdminDocumentsReplySchema,
  ZAdminOrdersQuerySchema,
  ZAdminShopsQuerySchema,
  ZAuditQuerySchema,
  ZAuditReplySchema,
  ZItemInputSchema,
  ZItemPatchSchema,
  ZOperatorReplySchema,
  ZOrderDetailSchema,
  ZOrdersPageReplySchema,
  ZProcessSchema,
  ZReaderModelsReplySchema,
  ZRereadSchema,
  ZReviewPatchSchema,
  ZShopsAdminReplySchema,
  ZSignedUrlReplySchema,
  ZSuspendSchema,
  ZTrainingQuerySchema,
  ZTrainingReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAuditSpec } from '../../plugins/operator-guard.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const companyParams = z.object({ companyId: id });
const docParams = z.object({ id });
const itemParams = z.object({ id, itemId: id });
const ok = <T>(message: string, data: T) => ({ success: true, message, data });
/** Route config of an audited operator route (the operator guard reads it). */
const audit = (action: string, company: TAuditSpec['company']) => ({
  config: { audit: { action, company } },
});
const tags = ['Operators'];

/**
 * The operator's console under `/api/admin`. The operator guard (plugins/operator-guard.ts) admits only
 * platform operators, and every route with `audit(…)` needs a reason and is written to the audit log.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.services.admin;
  const { documents } = app.services;

  app.get('/admin/me', { schema: { tags, response: { 200: ZOperatorReplySchema } } }, async (request) =>
    ok('You are an OrderBridge operator.', request.operator),
  );
  app.get('/admin/models', { schema: { tags, response: { 200: ZReaderModelsReplySchema } } }, async () =>
    ok('Reading models.', admin.models()),
  );

  // ---- companies -----------------------------------------------------------------------------------------------
  app.get(
    '/admin/companies',
    {
      ...audit('company.list', null),
      schema: {
        tags,
        querystring: ZAdminCompaniesQuerySchema,
        response: { 200: ZAdminCompaniesReplySchema },
      },
    },
    async (request) => ok('Companies.', await admin.companies(request.query)),
  );
  app.get(
    '/admin/companies/:companyId',
    {
      ...audit('company.read', 'param'),
      schema: { tags, params: companyParams, response: { 200: ZAdminCompanyReplySchema } },
    },
    async (request) => ok('Company.', await admin.company(request.params.companyId)),
  );
  app.patch(
    '/admin/companies/:companyId',
    {
      ...audit('company.update', 'param'),
      schema: {
        tags,
        params: companyParams,
        body: ZAdminCompanyPatchSchema,
        response: { 200: ZAdminCompanyReplySchema },
      },
    },
    async (request) =>
      ok('Company saved.', await admin.updateCompany(request.params.companyId, request.body)),
  );
  app.post(
    '/admin/companies/:companyId/suspend',
    {
      ...audit('company.suspend', 'param'),
      schema: {
        tags,
        params: companyParams,
        body: ZSuspendSchema,
        response: { 200: ZAdminCompanyReplySchema },
      },
    },
    async (request) =>
      ok(
        'The company is suspended: its users cannot sign in to it.',
        await admin.suspend(request.params.companyId, request.body.reason),
      ),
  );
  app.post(
    '/admin/companies/:companyId/reactivate',
    {
      ...audit('company.reactivate', 'param'),
      schema: { tags, params: companyParams, response: { 200: ZAdminCompanyReplySchema } },
    },
    async (request) => ok('The company is active again.', await admin.reactivate(request.params.companyId)),
  );
  app.get(
    '/admin/shops',
    {
      ...audit('shop.list', null),
      schema: {
        tags,
        querystring: ZAdminShopsQuerySchema,
        response: { 200: ZShopsAdminReplySchema },
      },
    },
    async (request) => ok('Shops.', await admin.shops(request.query)),
  );

  // ---- orders and documents ------------------------------------------------------------------------------------
  app.get(
    '/admin/orders',
    {
      ...audit('order.list', null),
      schema: { tags, querystring: ZAdminOrdersQuerySchema, response: { 200: ZOrdersPageReplySchema } },
    },
    async (request) => ok('Orders.', await admin.orders(request.query)),
  );
  app.get(
    '/admin/orders/:id',
    {
      ...audit('order.read', 'order'),
      schema: { tags, params: docParams, response: { 200: envelope(ZOrderDetailSchema) } },
    },
    async (request) => ok('Order.', await admin.order(request.params.id)),
  );
  app.get(
    '/admin/documents',
    {
      ...audit('document.list', null),
      schema: {
        tags,
        querystring: ZAdminDocumentsQuerySchema,
        response: { 200: ZAdminDocumentsReplySchema },
      },
    },
    async (request) => ok('Documents.', await admin.documents(request.query)),
  );
  const documentReply = { 200: ZAdminDocumentReplySchema };
  app.get(
    '/admin/documents/:id',
    { ...audit('document.read', 'document'), schema: { tags, params: docParams, response: documentReply } },
    async (request) => ok('Document.', await admin.document(request.params.id)),
  );
  app.get(
    '/admin/documents/:id/invoice-url',
    {
      ...audit('document.file', 'document'),
      schema: { tags, params: docParams, response: { 200: ZSignedUrlReplySchema } },
    },
    async (request) => ok('Link to the original document.', await admin.documentFileUrl(request.params.id)),
  );
  app.post(
    '/admin/documents/:id/reread',
    {
      ...audit('document.reread', 'document'),
      schema: { tags, params: docParams, body: ZRereadSchema, response: documentReply },
    },
    async (request) =>
      ok('The document is being read again.', await admin.reread(request.params.id, request.body.aiModel)),
  );
  app.patch(
    '/admin/documents/:id',
    {
      ...audit('document.correct', 'document'),
      schema: { tags, params: docParams, body: ZReviewPatchSchema, response: documentReply },
    },
    async (request) =>
      ok(
        'Saved.',
        await admin.correct(request.params.id, (shopId) =>
          documents.patch(shopId, request.params.id, request.body),
        ),
      ),
  );
  app.patch(
    '/admin/documents/:id/item/:itemId',
    {
      ...audit('document.correct', 'document'),
      schema: { tags, params: itemParams, body: ZItemPatchSchema, response: documentReply },
    },
    async (request) =>
      ok(
        'Item saved.',
        await admin.correct(request.params.id, (shopId) =>
          documents.patchItem(shopId, request.params.id, request.params.itemId, request.body),
        ),
      ),
  );
  app.post(
    '/admin/documents/:id/item',
    {
      ...audit('document.correct', 'document'),
      schema: {
        tags,
        params: docParams,
        body: ZItemInputSchema,
        response: { 201: ZAdminDocumentReplySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            'Item added.',
            await admin.correct(request.params.id, (shopId) =>
              documents.addItem(shopId, request.params.id, request.body),
            ),
          ),
        ),
  );
  app.post(
    '/admin/documents/:id/process',
    {
      ...audit('document.process', 'document'),
      schema: { tags, params: docParams, body: ZProcessSchema.optional(), response: documentReply },
    },
    async (request) =>
      ok(
        'The order has been processed on behalf of the shop.',
        await admin.correct(request.params.id, (shopId) =>
          documents.process(
            shopId,
            request.params.id,
            request.operator.userId,
            request.body?.override ?? false,
          ),
        ),
      ),
  );

  // ---- training queue and audit log ----------------------------------------------------------------------------
  app.get(
    '/admin/training',
    {
      ...audit('training.list', null),
      schema: { tags, querystring: ZTrainingQuerySchema, response: { 200: ZTrainingReplySchema } },
    },
    async (request) => ok('Suppliers in training.', await admin.training(request.query)),
  );
  app.get(
    '/admin/audit',
    { schema: { tags, querystring: ZAuditQuerySchema, response: { 200: ZAuditReplySchema } } },
    async (request) => ok('Audit log.', await admin.audit(request.query)),
  );
};

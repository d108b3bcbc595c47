import {
  envelope,
  UPLOAD_TYPES_MESSAGE,
  ZChooseSupplierSchema,
  ZDocumentSupplierReplySchema,
  ZDocumentsQuerySchema,
  ZItemInputSchema,
  ZItemPatchSchema,
  ZOrderChangesReplySchema,
  ZOrderDetailSchema,
  ZOrderItemSchema,
  ZOrderItemsReplySchema,
  ZOrdersPageReplySchema,
  ZOrdersQuerySchema,
  ZPageQuerySchema,
  ZProcessSchema,
  ZReceivePatchSchema,
  ZReviewOrderSchema,
  ZReviewPatchSchema,
  ZSignedUrlReplySchema,
  ZUnprocessedPageReplySchema,
  ZUploadReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isUploadedFile } from '../../lib/uploads.js';
import { sendError } from '../../plugins/errors.js';
import type { TCompanyScope } from './orders.service.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647);
const orderParams = z.object({ id }).passthrough();
const itemParams = z.object({ id, itemId: id }).passthrough();
const ok = <T>(message: string, data: T) => ({ success: true, message, data });

const ZUploadBodySchema = z.object({
  memo: z.string().max(2000, 'The memo is at most 2000 characters').optional(),
  shopsupplierid: z.coerce.number({ error: 'Choose a supplier' }).int().positive('Choose a supplier'),
});
/** Error keys in the spelling of the spec's upload payload. */
const UPLOAD_FIELDS: Record<string, string> = { memo: 'Memo', shopsupplierid: 'ShopSupplierId' };

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents, orders } = app.services;
  const scopeOf = (request: { company: { id: number; type: 'shops' | 'suppliers' } }): TCompanyScope => ({
    side: request.company.type,
    companyId: request.company.id,
  });

  // ---- shop: upload and review -------------------------------------------------------------------------------
  const shop = '/shops/:shopId/orders';
  const tags = ['Orders'];

  app.post(
    `${shop}/upload`,
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Multipart: Memo (optional), ShopSupplierId, File (PDF, PNG or JPEG, at most 10 MB). ${UPLOAD_TYPES_MESSAGE}`,
        response: { 201: ZUploadReplySchema },
      },
      // Field names arrive as the spec spells them (Memo, ShopSupplierId, File); match them case-insensitively.
      preValidation: async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the file as multipart/form-data with the fields Memo, ShopSupplierId and File.',
          );
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        request.body = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));
      },
    },
    async (request, reply) => {
      const parsed = ZUploadBodySchema.safeParse(request.body);
      const file = (request.body as { file?: unknown }).file;
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error?.issues ?? [])
        errors[UPLOAD_FIELDS[String(issue.path[0])] ?? 'body'] = [issue.message];
      if (!isUploadedFile(file)) errors.File = ['Choose a file to upload'];
      if (!parsed.success || !isUploadedFile(file)) {
        return sendError(reply, 400, 'You had an error in the following fields, please fix them:', errors);
      }
      const data = await documents.upload({
        shopId: request.company.id,
        userId: request.auth.userId,
        shopSupplierId: parsed.data.shopsupplierid,
        memo: parsed.data.memo,
        fileName: file.fileName,
        bytes: file,
      });
      return reply.status(201).send(ok(data.message, data));
    },
  );

  app.get(
    `${shop}/unprocessed`,
    { schema: { tags, querystring: ZDocumentsQuerySchema, response: { 200: ZUnprocessedPageReplySchema } } },
    async (request) =>
      ok('Unprocessed orders.', await documents.list(scopeOf(request), 'unprocessed', request.query)),
  );

  app.get(
    `${shop}/pending-review`,
    { schema: { tags, querystring: ZDocumentsQuerySchema, response: { 200: ZUnprocessedPageReplySchema } } },
    async (request) =>
      ok('Orders pending review.', await documents.list(scopeOf(request), 'review', request.query)),
  );

  const reviewReply = { 200: envelope(ZReviewOrderSchema) };
  app.get(
    `${shop}/pending-review/:id`,
    { schema: { tags, params: orderParams, response: reviewReply } },
    async (request) =>
      ok('Order under review.', await documents.review(request.company.id, request.params.id)),
  );
  app.patch(
    `${shop}/pending-review/:id`,
    { schema: { tags, params: orderParams, body: ZReviewPatchSchema, response: reviewReply } },
    async (request) =>
      ok('Saved.', await documents.patch(request.company.id, request.params.id, request.body)),
  );
  app.patch(
    `${shop}/pending-review/:id/item/:itemId`,
    { schema: { tags, params: itemParams, body: ZItemPatchSchema, response: reviewReply } },
    async (request) =>
      ok(
        'Item saved.',
        await documents.patchItem(request.company.id, request.params.id, request.params.itemId, request.body),
      ),
  );
  app.post(
    `${shop}/pending-review/:id/item`,
    {
      schema: {
        tags,
        params: orderParams,
        body: ZItemInputSchema,
        response: { 201: envelope(ZReviewOrderSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok('Item added.', await documents.addItem(request.company.id, request.params.id, request.body)),
        ),
  );
  app.post(
    `${shop}/pending-review/:id/supplier`,
    {
      schema: {
        tags,
        description:
          "Chooses the supplier of a document from an unknown email sender (`supplier` is null until then). The reply offers the sender's address as a secondary email of that supplier when it is not one yet.",
        params: orderParams,
        body: ZChooseSupplierSchema,
        response: { 200: ZDocumentSupplierReplySchema },
      },
    },
    async (request) =>
      ok(
        'The supplier was chosen.',
        await documents.chooseSupplier(request.company.id, request.params.id, request.body.shopSupplierId),
      ),
  );
  app.post(
    `${shop}/pending-review/:id/process`,
    { schema: { tags, params: orderParams, body: ZProcessSchema.optional(), response: reviewReply } },
    async (request) =>
      ok(
        'The order has been processed.',
        await documents.process(
          request.company.id,
          request.params.id,
          request.auth.userId,
          request.body?.override ?? false,
        ),
      ),
  );

  // ---- shop: orders ------------------------------------------------------------------------------------------
  app.patch(
    `${shop}/:id/item/:itemId`,
    {
      schema: {
        tags,
        params: itemParams,
        body: ZReceivePatchSchema,
        response: { 200: envelope(ZOrderItemSchema) },
      },
    },
    async (request) =>
      ok(
        'Item updated.',
        await orders.receive(
          request.company.id,
          request.params.id,
          request.params.itemId,
          request.auth.userId,
          request.body,
        ),
      ),
  );

  // ---- both sides: reads -------------------------------------------------------------------------------------
  const signed = { 200: ZSignedUrlReplySchema };
  for (const base of [shop, '/suppliers/:supplierId/orders']) {
    app.get(
      base,
      { schema: { tags, querystring: ZOrdersQuerySchema, response: { 200: ZOrdersPageReplySchema } } },
      async (request) => ok('Orders.', await orders.list(scopeOf(request), request.query)),
    );
    app.get(
      `${base}/:id`,
      { schema: { tags, params: orderParams, response: { 200: envelope(ZOrderDetailSchema) } } },
      async (request) => ok('Order.', await orders.detail(scopeOf(request), request.params.id)),
    );
    app.get(
      `${base}/:id/items`,
      {
        schema: {
          tags,
          params: orderParams,
          querystring: ZPageQuerySchema,
          response: { 200: ZOrderItemsReplySchema },
        },
      },
      async (request) => ok('Items.', await orders.items(scopeOf(request), request.params.id, request.query)),
    );
    app.get(
      `${base}/:id/items/:itemId`,
      { schema: { tags, params: itemParams, response: { 200: envelope(ZOrderItemSchema) } } },
      async (request) =>
        ok('Item.', await orders.item(scopeOf(request), request.params.id, request.params.itemId)),
    );
    app.get(
      `${base}/:id/changes`,
      {
        schema: {
          tags,
          params: orderParams,
          querystring: ZPageQuerySchema,
          response: { 200: ZOrderChangesReplySchema },
        },
      },
      async (request) =>
        ok('Changes.', await orders.changes(scopeOf(request), request.params.id, request.query)),
    );
    app.get(
      `${base}/invoice-url/:id`,
      { schema: { tags, params: orderParams, response: signed } },
      async (request) =>
        ok('Link to the original document.', await orders.fileUrl(scopeOf(request), request.params.id)),
    );
  }
  app.get(
    `${shop}/:id/invoice-url`,
    { schema: { tags, params: orderParams, response: signed } },
    async (request) =>
      ok('Link to the original document.', await orders.fileUrl(scopeOf(request), request.params.id)),
  );
  for (const path of [`${shop}/unprocessed/:id/invoice-url`, `${shop}/unprocessed/invoice-url/:id`]) {
    app.get(path, { schema: { tags, params: orderParams, response: signed } }, async (request) =>
      ok('Link to the original document.', await documents.fileUrl(scopeOf(request), request.params.id)),
    );
  }

  app.get(
    '/suppliers/:supplierId/orders/unprocessed',
    { schema: { tags, querystring: ZDocumentsQuerySchema, response: { 200: ZUnprocessedPageReplySchema } } },
    async (request) =>
      ok(
        'Documents not yet processed.',
        await documents.list(scopeOf(request), 'unprocessed', request.query),
      ),
  );
  app.get(
    '/suppliers/:supplierId/orders/unprocessed/invoice-url/:id',
    { schema: { tags, params: orderParams, response: signed } },
    async (request) =>
      ok('Link to the original document.', await documents.fileUrl(scopeOf(request), request.params.id)),
  );

  // ---- the file behind a signed link -------------------------------------------------------------------------
  app.get(
    '/files/signed/:token',
    { schema: { hide: true, params: z.object({ token: z.string().max(2000) }) } },
    async (request, reply) => {
      const file = app.signedUrls.verify(request.params.token);
      const bytes = file ? await app.storage.get(file.key) : null;
      if (!file || !bytes)
        return sendError(reply, 404, 'This link has expired or is not valid. Open the document again.');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\w.\- ]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};

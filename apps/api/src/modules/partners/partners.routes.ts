import {
  ZCreateSupplierSchema,
  ZMessageOnlySchema,
  ZShopSupplierReplySchema,
  ZShopSuppliersQuerySchema,
  ZShopSuppliersReplySchema,
  ZSupplierClientsQuerySchema,
  ZSupplierClientsReplySchema,
  ZUpdateSupplierSchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/tenant-guard.js';

const ZLinkParamsSchema = z
  .object({
    id: z.coerce
      .number({ error: 'Supplier id must be a number' })
      .int('Supplier id must be a whole number')
      .positive('Supplier id must be positive')
      .max(2_147_483_647, 'Supplier id is too large'),
  })
  .passthrough();

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const partners = app.services.partners;

  // Shop side: the suppliers a shop buys from.
  const shopTags = ['Suppliers'];
  app.get(
    '/shops/:shopId/suppliers',
    {
      schema: {
        tags: shopTags,
        querystring: ZShopSuppliersQuerySchema,
        response: { 200: ZShopSuppliersReplySchema },
      },
    },
    async (request) => ({
      success: true,
      message: 'Suppliers.',
      data: await partners.list(request.company.id, request.query),
    }),
  );

  app.post(
    '/shops/:shopId/suppliers',
    {
      schema: {
        tags: shopTags,
        description:
          'Links the supplier company with this main email, or makes an unclaimed one and invites the address.',
        body: ZCreateSupplierSchema,
        response: { 201: ZShopSupplierReplySchema },
      },
    },
    async (request, reply) => {
      const data = await partners.create(request.company.id, request.auth.userId, request.body);
      return reply.status(201).send({ success: true, message: 'Supplier created.', data });
    },
  );

  app.patch(
    '/shops/:shopId/suppliers/:id',
    {
      schema: {
        tags: shopTags,
        params: ZLinkParamsSchema,
        body: ZUpdateSupplierSchema,
        response: { 200: ZShopSupplierReplySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      const data = await partners.update(
        request.company.id,
        request.auth.userId,
        request.params.id,
        request.body,
      );
      return { success: true, message: 'Supplier saved.', data };
    },
  );

  app.post(
    '/shops/:shopId/suppliers/:id/invitation',
    {
      schema: {
        tags: shopTags,
        description: 'Sends the invitation to claim the supplier again, while nobody has claimed it.',
        params: ZLinkParamsSchema,
        response: { 200: ZMessageOnlySchema },
      },
    },
    async (request) => {
      const email = await partners.resendInvitation(
        request.company.id,
        request.auth.userId,
        request.params.id,
      );
      return { success: true, message: `Invitation sent to ${email}.`, data: null };
    },
  );

  app.delete(
    '/shops/:shopId/suppliers/:id',
    {
      schema: {
        tags: shopTags,
        description: 'Refused with 409 while orders reference the supplier.',
        params: ZLinkParamsSchema,
        response: { 200: ZMessageOnlySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      await partners.remove(request.company.id, request.params.id);
      return { success: true, message: 'Supplier deleted.', data: null };
    },
  );

  // Supplier side: the shops a supplier serves. `/clients` is the spec's "client list" under its own name.
  for (const path of ['/suppliers/:supplierId/shops', '/suppliers/:supplierId/clients']) {
    app.get(
      path,
      {
        schema: {
          tags: ['Clients'],
          querystring: ZSupplierClientsQuerySchema,
          response: { 200: ZSupplierClientsReplySchema },
        },
      },
      async (request) => ({
        success: true,
        message: 'Client shops.',
        data: await partners.clients(request.company.id, request.query),
      }),
    );
  }
};

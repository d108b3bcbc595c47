import {
  envelope,
  page,
  ZItemInputSchema,
  ZOrderItemSchema,
  ZPageQuerySchema,
  ZSupplierOrderSummarySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyAccess } from '../../plugins/tenant-guard.js';

const companyId = z.coerce
  .number({ error: 'Must be a number' })
  .int()
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Must be at most 2147483647');
const ok = <T>(message: string, data: T) => ({ success: true, message, data });

/**
 * The spec's calls outside the company paths (`/SupplierOrder`, `/SupplierOrderItem`, `/Dashboard/orderupload`):
 * their company comes from the query or body, so each checks membership with the tenant guard's own check.
 */
export const supplierOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, companies } = app.services;
  const tags = ['Supplier orders'];
  const authenticated = { onRequest: app.authenticate };

  /** The supplier companies a call may see: the one asked for (checked), or all of the user's. */
  async function supplierIds(userId: string, asked: number | undefined) {
    if (asked) return [(await companyAccess(app.db, userId, asked, 'suppliers')).id];
    return (await companies.userCompanies(userId)).filter((c) => c.type === 'suppliers').map((c) => c.id);
  }

  app.get(
    '/SupplierOrder',
    {
      ...authenticated,
      schema: {
        tags,
        querystring: ZPageQuerySchema.extend({ supplierid: companyId.optional() }),
        response: { 200: envelope(page(ZSupplierOrderSummarySchema)) },
      },
    },
    async (request) =>
      ok(
        'Supplier orders.',
        await orders.supplierSummaries(
          await supplierIds(request.auth.userId, request.query.supplierid),
          request.query,
        ),
      ),
  );

  app.post(
    '/SupplierOrder',
    {
      ...authenticated,
      schema: {
        tags,
        description: 'A supplier enters an order for one of its client shops.',
        body: z.object({
          supplierId: companyId,
          shopId: companyId,
          orderNum: z.string().trim().max(100).optional(),
          invoiceNum: z.string().trim().max(100).optional(),
          invoiceDate: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
            .optional(),
          currency: z
            .string()
            .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR')
            .optional(),
          items: z.array(ZItemInputSchema).max(500, 'At most 500 lines').default([]),
        }),
        response: { 201: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const supplier = await companyAccess(app.db, request.auth.userId, request.body.supplierId, 'suppliers');
      const order = await orders.createBySupplier(supplier.id, request.auth.userId, request.body);
      return reply.status(201).send(ok('Order created.', { id: order.id }));
    },
  );

  app.get(
    '/SupplierOrderItem/:id',
    {
      ...authenticated,
      schema: { tags, params: z.object({ id: companyId }), response: { 200: envelope(ZOrderItemSchema) } },
    },
    async (request) => {
      const mine = (await companies.userCompanies(request.auth.userId)).map((c) => c.id);
      return ok('Item.', await orders.itemForCompanies(mine, request.params.id));
    },
  );

  app.post(
    '/SupplierOrderItem',
    {
      ...authenticated,
      schema: {
        tags,
        body: ZItemInputSchema.extend({ orderId: companyId }),
        response: { 201: envelope(ZOrderItemSchema) },
      },
    },
    async (request, reply) => {
      const { orderId, ...item } = request.body;
      const ids = await supplierIds(request.auth.userId, undefined);
      return reply.status(201).send(ok('Item added.', await orders.addSupplierItem(ids, orderId, item)));
    },
  );

  app.get(
    '/Dashboard/orderupload',
    {
      ...authenticated,
      schema: {
        tags: ['Dashboard'],
        description: 'Upload counts of a shop (the first of the user’s shops when `companyId` is not given).',
        querystring: z.object({ companyid: companyId.optional() }),
        response: {
          200: envelope(
            z.object({
              companyId: z.number().int().nullable(),
              noOfOrders: z.number().int(),
              noOfUnprocessedOrders: z.number().int(),
              noOfPendingReview: z.number().int(),
              noOfReading: z.number().int(),
              noOfFailed: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const asked = request.query.companyid;
      const shopId = asked
        ? (await companyAccess(app.db, request.auth.userId, asked, 'shops')).id
        : (await companies.userCompanies(request.auth.userId)).find((c) => c.type === 'shops')?.id;
      if (!shopId) {
        return ok('No shop yet.', {
          companyId: null,
          noOfOrders: 0,
          noOfUnprocessedOrders: 0,
          noOfPendingReview: 0,
          noOfReading: 0,
          noOfFailed: 0,
        });
      }
      const c = await orders.counts(shopId);
      return ok('Upload counts.', {
        companyId: shopId,
        noOfOrders: c.orders,
        noOfUnprocessedOrders: c.reading + c.pendingReview + c.failed,
        noOfPendingReview: c.pendingReview,
        noOfReading: c.reading,
        noOfFailed: c.failed,
      });
    },
  );
};

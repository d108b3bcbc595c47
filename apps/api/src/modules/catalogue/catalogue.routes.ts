import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  ZCatalogueSettingsReplySchema,
  ZCatalogueSettingsSchema,
  ZConfirmMatchSchema,
  ZExternalProductsQuerySchema,
  ZExternalProductsReplySchema,
  ZImportReplySchema,
  ZIntegrationReplySchema,
  ZIntegrationsQuerySchema,
  ZIntegrationsReplySchema,
  ZLineMatchesReplySchema,
  ZLinkProductSchema,
  ZMessageOnlySchema,
  ZPairingCodeReplySchema,
  ZPriceChangesQuerySchema,
  ZPriceChangesReplySchema,
  ZProductInputSchema,
  ZProductLinksQuerySchema,
  ZProductPatchSchema,
  ZProductReplySchema,
  ZProductsReplySchema,
  ZPushOrderSchema,
  ZShopProductsQuerySchema,
  ZShopSupplierProductReplySchema,
  ZShopSupplierProductsReplySchema,
  ZSupplierProductsQuerySchema,
  ZSyncEntriesQuerySchema,
  ZSyncEntriesReplySchema,
  ZSyncEntryReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/tenant-guard.js';
import { CSV_BODY_LIMIT, csvBody, registerCsvParser } from './csv-body.js';

const id = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Is too large');
const idParams = z.object({ id }).passthrough();
const lineParams = z.object({ id, lineNo: id }).passthrough();
const ok = <T>(message: string, data: T) => ({ success: true, message, data });
/** The Semtek agent is one dependency-free file, served as the integration's download asset. */
const AGENT_FILE = createRequire(import.meta.url).resolve('@orderbridge/semtek-agent/agent.mjs');

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, integrations, matching } = app.services;
  registerCsvParser(app);

  // ---- supplier: its price list --------------------------------------------------------------------------------
  const supplier = '/suppliers/:supplierId/products';
  const productTags = ['Products'];
  app.get(
    supplier,
    {
      schema: {
        tags: productTags,
        querystring: ZSupplierProductsQuerySchema,
        response: { 200: ZProductsReplySchema },
      },
    },
    async (request) => ok('Products.', await products.supplierList(request.company.id, request.query)),
  );
  app.post(
    supplier,
    { schema: { tags: productTags, body: ZProductInputSchema, response: { 201: ZProductReplySchema } } },
    async (request, reply) =>
      reply.status(201).send(ok('Product created.', await products.create(request.company.id, request.body))),
  );
  app.post(
    `${supplier}/import`,
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags: productTags,
        consumes: ['text/csv'],
        description:
          'A price list as CSV (columns sku, name, description, unitPrice, packSize, barcode, aliases).',
        response: { 200: ZImportReplySchema },
      },
    },
    async (request) => {
      const result = await products.importPriceList(request.company.id, csvBody(request.body));
      return ok(`${result.rows} products imported, ${result.errors.length} rows refused.`, result);
    },
  );
  app.patch(
    `${supplier}/:id`,
    {
      schema: {
        tags: productTags,
        params: idParams,
        body: ZProductPatchSchema,
        response: { 200: ZProductReplySchema },
      },
    },
    async (request) =>
      ok('Product saved.', await products.update(request.company.id, request.params.id, request.body)),
  );
  app.delete(
    `${supplier}/:id`,
    { schema: { tags: productTags, params: idParams, response: { 200: ZMessageOnlySchema } } },
    async (request) => {
      await products.remove(request.company.id, request.params.id);
      return ok('Product deleted.', null);
    },
  );

  // ---- shop: its suppliers' products and their links to the POS catalogue -------------------------------------
  const shop = '/shops/:shopId/products';
  app.get(
    shop,
    {
      schema: {
        tags: productTags,
        querystring: ZShopProductsQuerySchema,
        response: { 200: ZProductsReplySchema },
      },
    },
    async (request) => ok('Products.', await products.shopList(request.company.id, request.query)),
  );
  app.get(
    `${shop}/integrations`,
    {
      schema: {
        tags: productTags,
        description: 'Supplier products linked to POS products (spec Shop-supplier product).',
        querystring: ZProductLinksQuerySchema,
        response: { 200: ZShopSupplierProductsReplySchema },
      },
    },
    async (request) => ok('Linked products.', await products.links(request.company.id, request.query)),
  );
  app.post(
    `${shop}/integrations`,
    {
      schema: {
        tags: productTags,
        body: ZLinkProductSchema,
        response: { 201: ZShopSupplierProductReplySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok('Product linked.', await products.createLink(request.company.id, request.body))),
  );
  app.get(
    `${shop}/integrations/:id`,
    { schema: { tags: productTags, params: idParams, response: { 200: ZShopSupplierProductReplySchema } } },
    async (request) => ok('Linked product.', await products.link(request.company.id, request.params.id)),
  );
  app.delete(
    `${shop}/:id/integrations`,
    { schema: { tags: productTags, params: idParams, response: { 200: ZMessageOnlySchema } } },
    async (request) => {
      await products.removeLink(request.company.id, request.params.id);
      return ok('Product unlinked.', null);
    },
  );
  app.get(
    `${shop}/settings`,
    { schema: { tags: productTags, response: { 200: ZCatalogueSettingsReplySchema } } },
    async (request) => ok('Catalogue settings.', await products.settings(request.company.id)),
  );
  app.patch(
    `${shop}/settings`,
    {
      schema: {
        tags: productTags,
        body: ZCatalogueSettingsSchema,
        response: { 200: ZCatalogueSettingsReplySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return ok('Catalogue settings saved.', await products.saveSettings(request.company.id, request.body));
    },
  );
  app.get(
    `${shop}/price-changes`,
    {
      schema: {
        tags: productTags,
        description: 'Read lines whose unit cost moved past the shop’s threshold, newest first.',
        querystring: ZPriceChangesQuerySchema,
        response: { 200: ZPriceChangesReplySchema },
      },
    },
    async (request) => ok('Price changes.', await matching.priceChanges(request.company.id, request.query)),
  );

  // ---- shop: line matches on the review screen and the order ---------------------------------------------------
  const matchTags = ['Products'];
  app.get(
    '/shops/:shopId/orders/pending-review/:id/matches',
    { schema: { tags: matchTags, params: idParams, response: { 200: ZLineMatchesReplySchema } } },
    async (request) => ok('Line matches.', await matching.forDocument(request.company.id, request.params.id)),
  );
  app.put(
    '/shops/:shopId/orders/pending-review/:id/matches/:lineNo',
    {
      schema: {
        tags: matchTags,
        description:
          'Confirms or changes the POS product of a line; its code and description become aliases.',
        params: lineParams,
        body: ZConfirmMatchSchema,
        response: { 200: ZLineMatchesReplySchema },
      },
    },
    async (request) =>
      ok(
        'Match saved.',
        await matching.confirm(
          request.company.id,
          request.params.id,
          request.params.lineNo,
          request.body.semtekProductId,
          request.auth.userId,
        ),
      ),
  );
  app.delete(
    '/shops/:shopId/orders/pending-review/:id/matches/:lineNo',
    {
      schema: {
        tags: matchTags,
        description:
          'The line has no POS product: it stays unmatched, and what its code and words taught is forgotten.',
        params: lineParams,
        response: { 200: ZLineMatchesReplySchema },
      },
    },
    async (request) =>
      ok(
        'The line is not matched to a POS product.',
        await matching.unmatch(
          request.company.id,
          request.params.id,
          request.params.lineNo,
          request.auth.userId,
        ),
      ),
  );
  app.get(
    '/shops/:shopId/orders/:id/matches',
    { schema: { tags: matchTags, params: idParams, response: { 200: ZLineMatchesReplySchema } } },
    async (request) => ok('Line matches.', await matching.forOrder(request.company.id, request.params.id)),
  );

  app.get(
    '/integrations/semtek/agent.mjs',
    { schema: { tags: ['Integrations'], security: [], description: 'The Semtek agent (download asset).' } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orderbridge-semtek-agent.mjs"')
        .send(await readFile(AGENT_FILE)),
  );

  // ---- shop: integrations (spec §7) -----------------------------------------------------------------------------
  const int = '/shops/:shopId/integrations';
  const intTags = ['Integrations'];
  app.get(
    int,
    {
      schema: {
        tags: intTags,
        querystring: ZIntegrationsQuerySchema,
        response: { 200: ZIntegrationsReplySchema },
      },
    },
    async (request) => ok('Integrations.', await integrations.list(request.company.id, request.query)),
  );
  app.get(
    `${int}/:id`,
    { schema: { tags: intTags, params: idParams, response: { 200: ZIntegrationReplySchema } } },
    async (request) => ok('Integration.', await integrations.get(request.company.id, request.params.id)),
  );
  app.post(
    `${int}/:id/verify`,
    {
      schema: {
        tags: intTags,
        description: 'Starts pairing: a single-use 8-digit code, valid 10 minutes, to give the agent.',
        params: idParams,
        response: { 200: ZPairingCodeReplySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return ok(
        'Enter this code in the agent within 10 minutes.',
        await integrations.issuePairingCode(request.company.id, request.params.id, request.auth.userId),
      );
    },
  );
  app.get(
    `${int}/:id/status`,
    { schema: { tags: intTags, params: idParams, response: { 200: ZIntegrationReplySchema } } },
    async (request) =>
      ok('Integration status.', await integrations.get(request.company.id, request.params.id)),
  );
  app.get(
    `${int}/:id/syncs`,
    {
      schema: {
        tags: intTags,
        params: idParams,
        querystring: ZSyncEntriesQuerySchema,
        response: { 200: ZSyncEntriesReplySchema },
      },
    },
    async (request) =>
      ok('Catalogue syncs.', await integrations.syncs(request.company.id, request.params.id, request.query)),
  );
  app.get(
    `${int}/:id/syncs/history`,
    {
      schema: {
        tags: intTags,
        params: idParams,
        querystring: ZSyncEntriesQuerySchema,
        response: { 200: ZSyncEntriesReplySchema },
      },
    },
    async (request) =>
      ok('Sync history.', await integrations.history(request.company.id, request.params.id, request.query)),
  );
  app.get(
    `${int}/:id/products`,
    {
      schema: {
        tags: intTags,
        params: idParams,
        querystring: ZExternalProductsQuerySchema,
        response: { 200: ZExternalProductsReplySchema },
      },
    },
    async (request) => {
      await integrations.get(request.company.id, request.params.id);
      return ok(
        'POS products.',
        await products.posList(request.company.id, request.params.id, request.query),
      );
    },
  );
  app.post(
    `${int}/:id/sync`,
    {
      schema: {
        tags: intTags,
        description: 'Asks the agent for a catalogue sync; it sends one on its next call.',
        params: idParams,
        response: { 200: ZIntegrationReplySchema },
      },
    },
    async (request) =>
      ok(
        'The agent will send the catalogue shortly.',
        await integrations.requestSync(request.company.id, request.params.id),
      ),
  );
  app.post(
    `${int}/:id/disconnect`,
    { schema: { tags: intTags, params: idParams, response: { 200: ZIntegrationReplySchema } } },
    async (request) => {
      requireAdmin(request);
      return ok(
        'Disconnected; the agent’s token no longer works.',
        await integrations.disconnect(request.company.id, request.params.id),
      );
    },
  );
  app.post(
    `${int}/:id/syncs/push`,
    {
      schema: {
        tags: intTags,
        description: 'Queues a processed order for the agent, which writes it as a goods-received file.',
        params: idParams,
        body: ZPushOrderSchema,
        response: { 200: ZSyncEntryReplySchema },
      },
    },
    async (request) =>
      ok(
        'Order queued for the POS.',
        await integrations.push(request.company.id, request.params.id, request.body.orderId),
      ),
  );
};

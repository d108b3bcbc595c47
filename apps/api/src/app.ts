import { randomUUID } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import { openDatabase, type TDatabase } from './db/client.js';
import { loadCommonPieces } from './db/common-pieces.js';
import { AppError } from './lib/app-error.js';
import { compiledSerializerCompiler } from './lib/serializer.js';
import { keepFilePart } from './lib/uploads.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { agentRoutes } from './modules/catalogue/agent.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { disputesRoutes } from './modules/disputes/disputes.routes.js';
import { emailCallsRoutes } from './modules/mail-in/email-calls.routes.js';
import { mailInRoutes } from './modules/mail-in/mail-in.routes.js';
import { dashboardRoutes } from './modules/notifications/dashboard.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { streamRoutes } from './modules/notifications/stream.routes.js';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { supplierOrdersRoutes } from './modules/orders/supplier-orders.routes.js';
import { partnersRoutes } from './modules/partners/partners.routes.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { healthRoutes, systemRoutes } from './modules/system/system.routes.js';
import auth from './plugins/auth.js';
import crossSite from './plugins/cross-site.js';
import draining from './plugins/draining.js';
import errors, { sendError } from './plugins/errors.js';
import operatorGuard from './plugins/operator-guard.js';
import securityHeaders from './plugins/security-headers.js';
import services from './plugins/services.js';
import tenantGuard from './plugins/tenant-guard.js';
import web from './plugins/web.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type TRegisteredRoute = { method: string; url: string; schema: FastifySchema | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: TRegisteredRoute[];
  }
}

export type TBuildOptions = {
  /** An open database to use (tests share one per file); otherwise one is opened from the config. */
  database?: TDatabase;
  /** Registers extra routes before the tenant guard exists (only the isolation test's proof uses this). */
  beforeGuard?: (app: FastifyInstance) => Promise<void>;
};

/** Query keys are matched case-insensitively (`Page` = `page`): schemas declare them in lower case. */
const parseQueryLowercase = (qs: string) =>
  Object.fromEntries(Object.entries(parseQuery(qs)).map(([k, v]) => [k.toLowerCase(), v]));

export async function buildApp(config: TConfig, opts: TBuildOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dir: `${config.dataDir}/db` }));
  // Before the first request, so a process builds its searches the same way from its start (db/common-pieces.ts).
  await loadCommonPieces(database.db);
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      querystringParser: parseQueryLowercase,
      // Signed file links carry their signature in the path.
      maxParamLength: 1000,
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // The draining plugin answers requests that arrive during shutdown, in the error envelope.
    return503OnClosing: false,
    // A path that is not valid percent-encoded UTF-8 never reaches a route: answer it in the envelope too.
    frameworkErrors: (_error, _request, reply) => {
      sendError(reply, 400, 'The address is not valid: it holds an invalid percent-encoded character.');
    },
  });
  // Every route, as registered: the isolation and fuzz tests walk this list so new routes are covered by themselves.
  const routes: TRegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('registeredRoutes', routes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  if (!opts.database) app.addHook('onClose', () => database.close());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errors);
  await app.register(draining);
  await app.register(services, { config, database });
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    // Thrown, so the error handler writes the usual envelope.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: keepFilePart,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 30 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OrderBridge API',
        version: '1.0.0',
        description: 'Ordering between shops and suppliers.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(crossSite);
  await app.register(auth);
  if (opts.beforeGuard) await app.register(opts.beforeGuard);
  await app.register(tenantGuard);
  await app.register(operatorGuard);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(systemRoutes);
      await api.register(accountsRoutes);
      await api.register(companiesRoutes);
      await api.register(partnersRoutes);
      await api.register(ordersRoutes);
      await api.register(supplierOrdersRoutes);
      await api.register(notificationsRoutes);
      await api.register(mailInRoutes);
      await api.register(streamRoutes);
      await api.register(unsubscribeRoutes);
      await api.register(disputesRoutes);
      await api.register(returnsRoutes);
      await api.register(adminRoutes);
      await api.register(emailCallsRoutes);
      await api.register(dashboardRoutes);
      await api.register(catalogueRoutes);
      await api.register(agentRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(web);
  return app;
}

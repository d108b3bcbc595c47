import { ZDashboardCountsReplySchema, ZHomeReplySchema } from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Spec §7: GET /Dashboard (across the user's companies) and GET /{shops|suppliers}/{id}/dashboard. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = app.services.dashboard;
  const tags = ['Dashboard'];
  const schema = { tags, response: { 200: ZDashboardCountsReplySchema } };

  app.get(
    '/Dashboard',
    {
      onRequest: app.authenticate,
      schema: { ...schema, description: 'The dashboard counts summed over every company of the user.' },
    },
    async (request) => ({
      success: true,
      message: 'Dashboard.',
      data: await dashboard.countsOfUser(request.auth.userId),
    }),
  );

  for (const path of ['/shops/:shopId/dashboard', '/suppliers/:supplierId/dashboard']) {
    app.get(path, { schema }, async (request) => ({
      success: true,
      message: 'Dashboard.',
      data: await dashboard.countsOf({ side: request.company.type, companyId: request.company.id }),
    }));
  }

  for (const path of ['/shops/:shopId/home', '/suppliers/:supplierId/home']) {
    app.get(
      path,
      {
        schema: {
          tags,
          description:
            'The Home screen: the dashboard counts, documents to review with their reasons, disputes waiting for this company, this month’s orders by the other party, credits outstanding, and documents read per day (last 14) with those that went straight through.',
          response: { 200: ZHomeReplySchema },
        },
      },
      async (request) => ({
        success: true,
        message: 'Home.',
        data: await app.services.home.of({ side: request.company.type, companyId: request.company.id }),
      }),
    );
  }
};

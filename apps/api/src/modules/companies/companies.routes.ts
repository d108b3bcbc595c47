import {
  envelope,
  ZChangeRoleSchema,
  ZCompanyAdminReplySchema,
  ZCompanyTypeSchema,
  ZCompanyUsersQuerySchema,
  ZCompanyUsersReplySchema,
  ZInviteUserSchema,
  ZMessageOnlySchema,
  ZOnboardingCompanySchema,
  ZOnboardingContactSchema,
  ZProfileCompaniesReplySchema,
  ZProfileReplySchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/tenant-guard.js';

const ok = (message: string) => ({ success: true, message, data: null });

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = app.services.companies;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/profile',
    { ...authenticated, schema: { tags: ['Profile'], response: { 200: ZProfileReplySchema } } },
    async (request) => ({
      success: true,
      message: 'Profile.',
      data: await companies.profile(request.auth.userId),
    }),
  );

  app.get(
    '/profile/companies',
    { ...authenticated, schema: { tags: ['Profile'], response: { 200: ZProfileCompaniesReplySchema } } },
    async (request) => ({
      success: true,
      message: 'Companies.',
      data: await companies.userCompanies(request.auth.userId),
    }),
  );

  app.post(
    '/onboarding/company',
    {
      ...authenticated,
      schema: {
        tags: ['Onboarding'],
        description: 'JSON, or multipart with an optional `logo` image part.',
        body: ZOnboardingCompanySchema.extend({ logo: z.unknown().optional() }),
        response: { 201: ZCompanyAdminReplySchema },
      },
    },
    async (request, reply) => {
      const { logo, ...input } = request.body;
      const data = await companies.createCompany(request.auth.userId, input, logo);
      return reply.status(201).send({ success: true, message: 'Company created.', data });
    },
  );

  app.post(
    '/onboarding/contact',
    {
      ...authenticated,
      schema: {
        tags: ['Onboarding'],
        description: 'Multipart (or JSON) with an optional `profileImage` part.',
        body: ZOnboardingContactSchema.extend({ profileImage: z.unknown().optional() }),
        response: { 200: ZProfileReplySchema },
      },
    },
    async (request) => {
      const { profileImage, ...input } = request.body;
      await companies.updateContact(request.auth.userId, input, profileImage);
      return {
        success: true,
        message: 'Contact details saved.',
        data: await companies.profile(request.auth.userId),
      };
    },
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['Invitations'],
        params: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: envelope(
            z.object({ email: z.string(), companyName: z.string(), companyType: ZCompanyTypeSchema }),
          ),
        },
      },
    },
    async (request) => ({
      success: true,
      message: 'Invitation.',
      data: await companies.describeInvitation(request.params.token),
    }),
  );

  app.post(
    '/invitations/accept',
    {
      ...authenticated,
      schema: {
        tags: ['Invitations'],
        body: z.object({
          token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
        }),
        response: { 200: envelope(z.object({ companyId: z.number(), companyType: ZCompanyTypeSchema })) },
      },
    },
    async (request) => {
      const profile = await companies.profile(request.auth.userId);
      const data = await companies.acceptInvitation(
        request.auth.userId,
        profile.emailAddress,
        request.body.token,
      );
      return { success: true, message: 'You have joined the company.', data };
    },
  );

  for (const type of ['shops', 'suppliers'] as const) {
    const base = type === 'shops' ? '/shops/:shopId/users' : '/suppliers/:supplierId/users';
    const tags = ['Users'];
    app.get(
      base,
      {
        schema: { tags, querystring: ZCompanyUsersQuerySchema, response: { 200: ZCompanyUsersReplySchema } },
      },
      async (request) => ({
        success: true,
        message: 'Users.',
        data: await companies.listUsers(request.company.id, request.query),
      }),
    );
    app.post(
      `${base}/invite`,
      { schema: { tags, body: ZInviteUserSchema, response: { 201: ZMessageOnlySchema } } },
      async (request, reply) => {
        requireAdmin(request);
        await companies.invite(request.company.id, request.auth.userId, request.body);
        return reply.status(201).send(ok(`Invitation sent to ${request.body.email}.`));
      },
    );
    app.patch(
      `${base}/:userId`,
      {
        schema: {
          tags,
          params: z.object({ userId: z.string().max(100) }).passthrough(),
          body: ZChangeRoleSchema,
          response: { 200: ZMessageOnlySchema },
        },
      },
      async (request) => {
        requireAdmin(request);
        await companies.changeRole(request.company.id, request.params.userId, request.body.role);
        return ok('Role changed.');
      },
    );
    app.delete(
      `${base}/:userId`,
      {
        schema: {
          tags,
          params: z.object({ userId: z.string().max(100) }).passthrough(),
          response: { 200: ZMessageOnlySchema },
        },
      },
      async (request) => {
        requireAdmin(request);
        await companies.removeUser(request.company.id, request.params.userId);
        return ok('Removed from the company.');
      },
    );
  }
};

import {
  ZAuthReplySchema,
  ZChangePasswordSchema,
  ZConfirmEmailQuerySchema,
  ZEmailOnlySchema,
  ZLoginSchema,
  ZMessageOnlySchema,
  ZRefreshReplySchema,
  ZRefreshSchema,
  ZRegisterSchema,
  ZResetPasswordSchema,
} from '@orderbridge/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['Account'];
const ok = (message: string) => ({ success: true, message, data: null });

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accounts;
  // Per-IP limits on the calls that guess passwords or send mail; per-account limits live in the service.
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/account/register',
    { schema: { tags, body: ZRegisterSchema, response: { 201: ZMessageOnlySchema } }, config: { rateLimit } },
    async (request, reply) => {
      await accounts.register(request.body);
      return reply
        .status(201)
        .send(ok('Thanks for registering. Check your email for a link to confirm your address.'));
    },
  );

  app.get(
    '/account/confirm-email',
    { schema: { tags, querystring: ZConfirmEmailQuerySchema } },
    async (request, reply) => {
      const confirmed = await accounts.confirmEmail(request.query.userid, request.query.token);
      const target = confirmed
        ? '/email-verified'
        : `/email-verified?error=${encodeURIComponent('This confirmation link is invalid or has expired.')}`;
      return reply.redirect(target);
    },
  );

  app.post(
    '/account/resend-email-confirmation',
    {
      schema: { tags, body: ZEmailOnlySchema, response: { 200: ZMessageOnlySchema } },
      config: { rateLimit },
    },
    async (request) => {
      await accounts.resendConfirmation(request.body.email);
      return ok('If this address has an unconfirmed account, a new confirmation email is on its way.');
    },
  );

  app.post(
    '/account/login',
    { schema: { tags, body: ZLoginSchema, response: { 200: ZAuthReplySchema } }, config: { rateLimit } },
    async (request) => ({ success: true, message: 'Signed in.', data: await accounts.login(request.body) }),
  );

  app.post(
    '/account/refresh-token',
    { schema: { tags, body: ZRefreshSchema, response: { 200: ZRefreshReplySchema } } },
    async (request) => ({
      success: true,
      message: 'Token refreshed.',
      data: await accounts.refresh(request.body),
    }),
  );

  app.post(
    '/account/forgot-password',
    {
      schema: { tags, body: ZEmailOnlySchema, response: { 200: ZMessageOnlySchema } },
      config: { rateLimit },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email);
      return ok('If an account exists for this address, we have sent a link to reset the password.');
    },
  );

  app.post(
    '/account/reset-password',
    {
      schema: { tags, body: ZResetPasswordSchema, response: { 200: ZMessageOnlySchema } },
      config: { rateLimit },
    },
    async (request) => {
      await accounts.resetPassword(request.body);
      return ok('Your password has been changed. You can sign in now.');
    },
  );

  app.post(
    '/account/change-password',
    {
      schema: { tags, body: ZChangePasswordSchema, response: { 200: ZMessageOnlySchema } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await accounts.changePassword(request.auth.userId, request.auth.sessionId, request.body);
      return ok('Your password has been changed. Other devices have been signed out.');
    },
  );

  app.post(
    '/account/sign-out',
    { schema: { tags, response: { 200: ZMessageOnlySchema } }, onRequest: app.authenticate },
    async (request) => {
      await accounts.signOut(request.auth.userId, request.auth.sessionId);
      return ok('Signed out.');
    },
  );

  app.post(
    '/account/sign-out-everywhere',
    { schema: { tags, response: { 200: ZMessageOnlySchema } }, onRequest: app.authenticate },
    async (request) => {
      await accounts.signOutEverywhere(request.auth.userId);
      return ok('Signed out on every device.');
    },
  );
};

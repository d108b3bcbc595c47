import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

export type TAuth = { userId: string; sessionId: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: refuses the request unless it carries a live access token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: TAuth;
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'You need to sign in.');

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as TAuth);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      const claims = await app.accessTokens.verify(header.slice(7).trim());
      if (!claims) throw unauthenticated();
      // The token is short-lived, but sign-out must take effect at once: check the session is still live.
      const [live] = await app.db
        .select({ validAfter: users.tokensValidAfter })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            eq(sessions.userId, claims.userId),
            isNull(sessions.revokedAt),
          ),
        );
      if (!live || live.validAfter.getTime() > claims.issuedAtMs) throw unauthenticated();
      request.auth = { userId: claims.userId, sessionId: claims.sessionId };
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

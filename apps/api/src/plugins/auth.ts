import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TDb } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import type { TAccessClaims } from '../lib/access-tokens.js';
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

/**
 * Tokens are short-lived, but sign-out must take effect at once: the session must not be revoked, and the token
 * must be newer than the user's last sign-out everywhere.
 */
export async function sessionIsLive(db: TDb, claims: TAccessClaims): Promise<boolean> {
  const [live] = await db
    .select({ validAfter: users.tokensValidAfter })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)),
    );
  return Boolean(live && live.validAfter.getTime() <= claims.issuedAtMs);
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as TAuth);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      const claims = await app.accessTokens.verify(header.slice(7).trim());
      if (!claims || !(await sessionIsLive(app.db, claims))) throw unauthenticated();
      request.auth = { userId: claims.userId, sessionId: claims.sessionId };
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

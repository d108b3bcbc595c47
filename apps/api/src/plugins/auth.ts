import type { TCompanyType, TRole } from '@orderbridge/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TDb } from '../db/client.js';
import { companies, memberships, sessions, users } from '../db/schema/index.js';
import type { TAccessClaims } from '../lib/access-tokens.js';
import { AppError } from '../lib/app-error.js';

export type TAuth = { userId: string; sessionId: string };

/** The signed-in user's membership of one company, when the session check was asked for it. */
export type TMembership = { role: TRole; type: TCompanyType; suspended: boolean } | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: refuses the request unless it carries a live access token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * Like `authenticate`, and returns the user's membership of `companyId` from the same statement, so a
     * company-scoped request costs one statement before its own work (the tenant guard uses it).
     */
    authenticateMember: (request: FastifyRequest, companyId: number) => Promise<TMembership>;
  }
  interface FastifyRequest {
    auth: TAuth;
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'You need to sign in.');

/**
 * Tokens are short-lived, but sign-out must take effect at once: the session must not be revoked, and the token
 * must be newer than the user's last sign-out everywhere. With a company, the user's membership of it comes from
 * the same statement. Null when the session is not live.
 */
async function liveSession(
  db: TDb,
  claims: TAccessClaims,
  companyId?: number,
): Promise<{ member: TMembership } | null> {
  const live = and(
    eq(sessions.id, claims.sessionId),
    eq(sessions.userId, claims.userId),
    isNull(sessions.revokedAt),
  );
  const [row] =
    companyId === undefined
      ? await db
          .select({
            validAfter: users.tokensValidAfter,
            role: sql<null>`null`,
            type: sql<null>`null`,
            suspendedAt: sql<null>`null`,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(live)
      : await db
          .select({
            validAfter: users.tokensValidAfter,
            role: memberships.role,
            type: companies.type,
            suspendedAt: companies.suspendedAt,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .leftJoin(
            memberships,
            and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, companyId)),
          )
          .leftJoin(companies, eq(companies.id, memberships.companyId))
          .where(live);
  if (!row || row.validAfter.getTime() > claims.issuedAtMs) return null;
  return {
    member:
      row.role && row.type ? { role: row.role, type: row.type, suspended: row.suspendedAt !== null } : null,
  };
}

export async function sessionIsLive(db: TDb, claims: TAccessClaims): Promise<boolean> {
  return (await liveSession(db, claims)) !== null;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as TAuth);
    /** Checks the token and its session; with a company, returns the membership read in the same statement. */
    async function verify(request: FastifyRequest, companyId?: number): Promise<TMembership> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      const claims = await app.accessTokens.verify(header.slice(7).trim());
      const session = claims && (await liveSession(app.db, claims, companyId));
      if (!claims || !session) throw unauthenticated();
      request.auth = { userId: claims.userId, sessionId: claims.sessionId };
      return session.member;
    }
    app.decorate('authenticate', async (request: FastifyRequest) => {
      await verify(request);
    });
    app.decorate('authenticateMember', verify);
  },
  { name: 'auth', dependencies: ['services'] },
);

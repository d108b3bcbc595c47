import type { TCompanyType, TRole } from '@orderbridge/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TAuthWrites } from '../db/auth-writes.js';
import type { TDb } from '../db/client.js';
import { companies, memberships, sessions, users } from '../db/schema/index.js';
import type { TAccessClaims } from '../lib/access-tokens.js';
import { AppError } from '../lib/app-error.js';
import { createAuthCache } from '../lib/auth-cache.js';

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

type TSessionRow = { validAfter: Date; member: TMembership } | null;

/**
 * Tokens are short-lived, but sign-out must take effect at once: the session must not be revoked, and the token
 * must be newer than the user's last sign-out everywhere (`validAfter`, compared by the caller). With a company,
 * the user's membership of it comes from the same statement. Built once per database with placeholders and sent
 * as named statements: every signed-in request on PostgreSQL runs one of them, which is then neither built by
 * drizzle nor parsed by the server again (each pool connection prepares it on first use).
 */
function sessionStatements(db: TDb) {
  const live = and(
    eq(sessions.id, sql.placeholder('sessionId')),
    eq(sessions.userId, sql.placeholder('userId')),
    isNull(sessions.revokedAt),
  );
  return {
    session: db
      .select({
        validAfter: users.tokensValidAfter,
        role: sql<null>`null`,
        type: sql<null>`null`,
        suspendedAt: sql<null>`null`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(live)
      .prepare('auth_session'),
    member: db
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
        and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sql.placeholder('companyId'))),
      )
      .leftJoin(companies, eq(companies.id, memberships.companyId))
      .where(live)
      .prepare('auth_session_member'),
  };
}

const statementsOf = new WeakMap<TDb, ReturnType<typeof sessionStatements>>();

/** The session (and membership of `companyId`) of the claims; null when the session is revoked or unknown. */
async function sessionRow(db: TDb, claims: TAccessClaims, companyId?: number): Promise<TSessionRow> {
  let statements = statementsOf.get(db);
  if (!statements) {
    statements = sessionStatements(db);
    statementsOf.set(db, statements);
  }
  const ids = { sessionId: claims.sessionId, userId: claims.userId };
  const [row] =
    companyId === undefined
      ? await statements.session.execute(ids)
      : await statements.member.execute({ ...ids, companyId });
  if (!row) return null;
  return {
    validAfter: row.validAfter,
    member:
      row.role && row.type ? { role: row.role, type: row.type, suspended: row.suspendedAt !== null } : null,
  };
}

export async function sessionIsLive(db: TDb, claims: TAccessClaims): Promise<boolean> {
  const row = await sessionRow(db, claims);
  return row !== null && row.validAfter.getTime() <= claims.issuedAtMs;
}

/**
 * The session check, through the auth cache (no statement once read; emptied by any write to sessions, users,
 * memberships or companies, lib/auth-cache.ts), one statement otherwise. Null when the session is not live.
 */
export function createSessionCheck(db: TDb, authWrites: TAuthWrites) {
  const cache = createAuthCache<TSessionRow>(authWrites);
  return async (claims: TAccessClaims, companyId?: number): Promise<{ member: TMembership } | null> => {
    const row = await cache.get(`${claims.sessionId} ${claims.userId} ${companyId ?? ''}`, () =>
      sessionRow(db, claims, companyId),
    );
    if (!row || row.validAfter.getTime() > claims.issuedAtMs) return null;
    return { member: row.member };
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as TAuth);
    const liveSession = createSessionCheck(app.db, app.authWrites);
    /** Checks the token and its session; with a company, returns the membership read in the same statement. */
    async function verify(request: FastifyRequest, companyId?: number): Promise<TMembership> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      const claims = await app.accessTokens.verify(header.slice(7).trim());
      const session = claims && (await liveSession(claims, companyId));
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

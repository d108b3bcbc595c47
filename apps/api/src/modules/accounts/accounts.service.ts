import { randomUUID } from 'node:crypto';
import type {
  TAuthResult,
  TChangePassword,
  TLogin,
  TRefresh,
  TRegister,
  TResetPassword,
} from '@orderbridge/contract';
import argon2 from 'argon2';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { TConfig } from '../../config.js';
import type { TDb } from '../../db/client.js';
import {
  companies,
  emailTokens,
  memberships,
  operators,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema/index.js';
import type { TAccessTokens } from '../../lib/access-tokens.js';
import { AppError, rateLimited } from '../../lib/app-error.js';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from '../../lib/email-templates.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashToken, newToken } from '../../lib/secrets.js';
import { createSharedAttemptLimiter } from '../../lib/shared-attempt-limiter.js';

const HOUR = 3_600_000;
const CONFIRM_TTL = 48 * HOUR;
const RESET_TTL = HOUR;
const REFRESH_TTL = 30 * 24 * HOUR;
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

type TDeps = {
  db: TDb;
  mailer: Mailer;
  config: Pick<TConfig, 'publicUrl'>;
  accessTokens: TAccessTokens;
  /** Joins the user to the company of an invitation; returns that company's id. */
  acceptInvitation: (userId: string, email: string, token: string) => Promise<number>;
  /** The company and role a fresh session starts in. */
  defaultCompany: (userId: string) => Promise<{ companyId: number; role: string } | null>;
  /** Runs once an address is proven (confirmation link or password reset), e.g. to claim what waits for it. */
  onEmailConfirmed?: (userId: string, email: string) => Promise<void>;
  /** Runs after a sign-out (of one session, or of every session when none is named), e.g. to end live streams. */
  onSignedOut?: (userId: string, sessionId?: string) => Promise<void>;
};

export function createAccountsService(deps: TDeps) {
  const { db, mailer, config, accessTokens } = deps;
  const loginLimiter = createSharedAttemptLimiter({ db, scope: 'login', max: 10, windowMs: 15 * 60_000 });
  const mailLimiter = createSharedAttemptLimiter({ db, scope: 'mail', max: 5, windowMs: HOUR });
  // A hash to verify against when the account does not exist, so both paths take the same time.
  const dummyHash = argon2.hash(newToken(), ARGON2);

  async function issueEmailToken(userId: string, purpose: 'confirm' | 'reset', ttl: number) {
    const token = newToken();
    await db.insert(emailTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + ttl),
    });
    return token;
  }

  async function sendConfirmation(user: { id: string; email: string; firstName: string }) {
    const token = await issueEmailToken(user.id, 'confirm', CONFIRM_TTL);
    const url = `${config.publicUrl}/api/account/confirm-email?userId=${user.id}&token=${token}`;
    await mailer.send(confirmEmailMail(user.email, user.firstName, url));
  }

  /** Takes a single-use email token; null when unknown, used, expired or for another purpose. */
  async function consumeEmailToken(token: string, purpose: 'confirm' | 'reset') {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row ?? null;
  }

  async function startSession(userId: string, deviceId: string | undefined): Promise<TAuthResult> {
    const sessionId = randomUUID();
    const device = deviceId ?? randomUUID();
    await db.insert(sessions).values({ id: sessionId, userId, deviceId: device });
    const refreshToken = await issueRefreshToken(sessionId);
    const company = await deps.defaultCompany(userId);
    return {
      token: await accessTokens.sign(userId, sessionId),
      refreshToken: `${sessionId}.${refreshToken}`,
      deviceId: device,
      companyId: company?.companyId ?? null,
      role: company?.role ?? null,
      success: true,
      errors: [],
    };
  }

  async function issueRefreshToken(sessionId: string) {
    const token = newToken();
    await db
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(token), sessionId, expiresAt: new Date(Date.now() + REFRESH_TTL) });
    return token;
  }

  /**
   * A user whose every company is suspended cannot sign in. A user with another, active company signs in to
   * that one; a user of no company yet (onboarding) and operators always can.
   */
  async function refuseIfSuspended(userId: string) {
    const [row] = await db
      .select({
        all: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${companies.suspendedAt} is null)::int`,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(eq(memberships.userId, userId));
    if (!row || row.all === 0 || row.active > 0) return;
    const [operator] = await db.select().from(operators).where(eq(operators.userId, userId));
    if (operator) return;
    throw new AppError(
      'FORBIDDEN',
      "Your company's account is suspended. Contact OrderBridge support to reactivate it.",
    );
  }

  const revokeSession = (sessionId: string) =>
    db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));

  return {
    async register(input: TRegister) {
      if (await mailLimiter.take(`register:${input.email}`)) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many attempts for this email address. Please try again later.',
        );
      }
      const [existing] = await db.select().from(users).where(eq(users.email, input.email));
      if (existing) {
        // Same reply as a new registration; the owner learns of the attempt by email instead.
        await mailer.send(alreadyRegisteredMail(input.email, `${config.publicUrl}/forgot-password`));
        return;
      }
      const id = randomUUID();
      await db.insert(users).values({
        id,
        email: input.email,
        passwordHash: await argon2.hash(input.password, ARGON2),
        firstName: input.firstName,
        lastName: input.lastName,
      });
      if (input.invitation)
        await deps.acceptInvitation(id, input.email, input.invitation).catch(() => undefined);
      await sendConfirmation({ id, email: input.email, firstName: input.firstName });
    },

    /** Confirms the address; returns false for an unknown, used or expired link. */
    async confirmEmail(userId: string, token: string): Promise<boolean> {
      const row = await consumeEmailToken(token, 'confirm');
      if (!row || row.userId !== userId) return false;
      const [user] = await db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      if (user) await deps.onEmailConfirmed?.(userId, user.email);
      return true;
    },

    async resendConfirmation(email: string) {
      if (await mailLimiter.take(`confirm:${email}`)) return;
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (user && !user.emailConfirmedAt) await sendConfirmation(user);
    },

    async login(input: TLogin): Promise<TAuthResult> {
      const loginWait = await loginLimiter.take(input.userName);
      if (loginWait) throw rateLimited('Too many sign-in attempts for this account.', loginWait);
      const [user] = await db.select().from(users).where(eq(users.email, input.userName));
      const valid = await argon2.verify(user?.passwordHash ?? (await dummyHash), input.password);
      if (!user || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid email or password.');
      if (!user.emailConfirmedAt) {
        throw new AppError('FORBIDDEN', 'Please confirm your email address before signing in.');
      }
      await loginLimiter.reset(input.userName);
      await refuseIfSuspended(user.id);
      if (input.invitation) await deps.acceptInvitation(user.id, user.email, input.invitation);
      return startSession(user.id, input.deviceId);
    },

    async refresh(input: TRefresh): Promise<{ token: string; refreshToken: string }> {
      const refused = new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      const [sessionId, secret] = input.refreshToken.split('.');
      if (!sessionId || !secret) throw refused;
      const [row] = await db
        .select({ token: refreshTokens, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(and(eq(refreshTokens.tokenHash, hashToken(secret)), eq(refreshTokens.sessionId, sessionId)));
      if (!row || row.session.revokedAt || row.session.deviceId !== input.deviceId) throw refused;
      if (row.token.expiresAt < new Date()) throw refused;
      await refuseIfSuspended(row.session.userId);
      // Rotation: the token works once. Marking it used is atomic, so two racing refreshes cannot both win.
      const [taken] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, row.token.tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      if (!taken) {
        // A used token came back: someone else may hold it, so the whole device session ends.
        await revokeSession(sessionId);
        throw refused;
      }
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
      const next = await issueRefreshToken(sessionId);
      return {
        token: await accessTokens.sign(row.session.userId, sessionId),
        refreshToken: `${sessionId}.${next}`,
      };
    },

    async forgotPassword(email: string) {
      // Counted for every address asked for, known or not, so the 429 tells nothing about who has an account.
      const resetWait = await mailLimiter.take(`reset:${email}`);
      if (resetWait) throw rateLimited('Too many password reset requests for this address.', resetWait);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user) return;
      const token = await issueEmailToken(user.id, 'reset', RESET_TTL);
      await mailer.send(resetPasswordMail(user.email, `${config.publicUrl}/reset-password?token=${token}`));
    },

    async resetPassword(input: TResetPassword) {
      const row = await consumeEmailToken(input.token, 'reset');
      if (!row) {
        throw new AppError(
          'BAD_REQUEST',
          'This reset link is invalid or has expired. Please request a new one.',
          {
            token: ['The link is invalid or has expired'],
          },
        );
      }
      const now = new Date();
      // A reset proves control of the mailbox: confirm it, and end every existing session.
      const [user] = await db
        .update(users)
        .set({
          passwordHash: await argon2.hash(input.password, ARGON2),
          tokensValidAfter: now,
          emailConfirmedAt: now,
        })
        .where(eq(users.id, row.userId))
        .returning({ email: users.email });
      if (user) await deps.onEmailConfirmed?.(row.userId, user.email);
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    },

    async changePassword(userId: string, sessionId: string, input: TChangePassword) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !(await argon2.verify(user.passwordHash, input.oldPassword))) {
        throw new AppError('BAD_REQUEST', 'The current password is not correct.', {
          oldPassword: ['The current password is not correct'],
        });
      }
      await db
        .update(users)
        .set({ passwordHash: await argon2.hash(input.password, ARGON2) })
        .where(eq(users.id, userId));
      // Other devices are signed out; this one keeps working.
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, sessionId)));
    },

    async signOut(userId: string, sessionId: string) {
      await revokeSession(sessionId);
      await deps.onSignedOut?.(userId, sessionId);
    },

    async signOutEverywhere(userId: string) {
      const now = new Date();
      await db.update(users).set({ tokensValidAfter: now }).where(eq(users.id, userId));
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await deps.onSignedOut?.(userId);
    },
  };
}
export type TAccountsService = ReturnType<typeof createAccountsService>;

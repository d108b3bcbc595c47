import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_IMMEDIATE_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_OF,
  type TCompanyType,
  type TNotificationKind,
  type TNotificationPreferences,
} from '@orderbridge/contract';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { companies, notificationPreferences, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

const badLink = () =>
  new AppError(
    'BAD_REQUEST',
    'This unsubscribe link is not valid. Open the newest email, or change your email settings after signing in.',
    {
      token: ['The link is damaged or was not made by OrderBridge'],
    },
  );

/** A side's default: the kinds that wait for someone's answer or fix are mailed at once. */
const defaultsOf = (side: TCompanyType) =>
  DEFAULT_IMMEDIATE_KINDS.filter((k) => NOTIFICATION_KINDS_OF[side].includes(k));

/**
 * Each user's email choices per company (which kinds are mailed at once, whether a daily digest comes) and the
 * unsubscribe links that switch them off without signing in. A link is signed, not stored: it names the user
 * and the company and works until the secret changes (mail stays in inboxes for years).
 */
export function createEmailPreferences({ db, secret }: { db: TDb; secret: string }) {
  const key = createHmac('sha256', secret).update('unsubscribe-links').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  const verify = (token: string): { userId: string; companyId: number } => {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) throw badLink();
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badLink();
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { u: string; c: number };
    return { userId: data.u, companyId: data.c };
  };

  const save = (userId: string, companyId: number, prefs: TNotificationPreferences) =>
    db
      .insert(notificationPreferences)
      .values({ userId, companyId, ...prefs })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.companyId],
        set: { ...prefs, updatedAt: new Date() },
      });

  /** Who and what a link is about; a link for a user or company that no longer exists is not valid. */
  const subjectOf = async (token: string) => {
    const { userId, companyId } = verify(token);
    const [row] = await db
      .select({ email: users.email, companyName: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, companyId))
      .where(eq(users.id, userId));
    if (!row) throw badLink();
    return { userId, companyId, ...row };
  };

  const get = async (userId: string, companyId: number, side: TCompanyType) => {
    const [row] = await db
      .select()
      .from(notificationPreferences)
      .where(
        and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.companyId, companyId)),
      );
    const kinds = NOTIFICATION_KINDS_OF[side];
    return {
      immediate: row
        ? (row.immediate as TNotificationKind[]).filter((k) => kinds.includes(k))
        : defaultsOf(side),
      dailyDigest: row?.dailyDigest ?? true,
      kinds: kinds.map((kind) => ({ kind, label: NOTIFICATION_KINDS[kind] })),
    };
  };

  return {
    /** The kinds mailed at once when a user never chose (for the mail queries). */
    defaultImmediate: DEFAULT_IMMEDIATE_KINDS,
    get,

    async set(userId: string, companyId: number, side: TCompanyType, input: TNotificationPreferences) {
      const foreign = input.immediate.filter((k) => !NOTIFICATION_KINDS_OF[side].includes(k));
      if (foreign.length)
        throw new AppError('BAD_REQUEST', 'You had an error in the following fields, please fix them:', {
          immediate: [`Not sent to ${side === 'shops' ? 'shops' : 'suppliers'}: ${foreign.join(', ')}`],
        });
      await save(userId, companyId, {
        immediate: [...new Set(input.immediate)],
        dailyDigest: input.dailyDigest,
      });
      return get(userId, companyId, side);
    },

    /** The token of the unsubscribe link of one user's mail about one company. */
    token(userId: string, companyId: number) {
      const payload = Buffer.from(JSON.stringify({ u: userId, c: companyId })).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** What the link would switch off (the page shows it before the click). */
    async describe(token: string) {
      const s = await subjectOf(token);
      const [row] = await db
        .select()
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.userId, s.userId),
            eq(notificationPreferences.companyId, s.companyId),
          ),
        );
      const unsubscribed = !!row && !row.dailyDigest && row.immediate.length === 0;
      return { email: s.email, companyName: s.companyName, unsubscribed };
    },

    /** Switches off every email of the link's user about its company (notifications in the app go on). */
    async unsubscribe(token: string) {
      const s = await subjectOf(token);
      await save(s.userId, s.companyId, { immediate: [], dailyDigest: false });
      return { email: s.email, companyName: s.companyName, unsubscribed: true };
    },
  };
}
export type TEmailPreferences = ReturnType<typeof createEmailPreferences>;

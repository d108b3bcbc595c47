import { and, eq, gt, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { companies, notificationPreferences, notifications, users } from '../../db/schema/index.js';
import { digestMail, notificationMail } from '../../lib/email-templates.js';
import type { Mailer, TMail } from '../../lib/mailer.js';
import type { TEmailPreferences } from './email-preferences.service.js';

/** Notifications older than this are not mailed any more (the mailer was down, or the digest missed a day). */
const MAIL_WINDOW = sql`now() - interval '1 day'`;
/** Notifications mailed per run of the immediate job; the next run takes the rest. */
const BATCH = 200;
/** Notifications listed in one digest; the rest are counted ("And 3 more"). */
const DIGEST_ITEMS = 10;

/**
 * Sends notifications by email, at once for the kinds a user chose and as a daily digest for the rest. Each
 * notification is claimed (emailed_at set) before its mail goes out and released again if sending fails, so
 * two workers never mail it twice and a failed send is retried by the job.
 */
export function createNotificationMails(deps: {
  db: TDb;
  mailer: Mailer;
  publicUrl: string;
  preferences: TEmailPreferences;
}) {
  const { db, mailer, publicUrl, preferences } = deps;
  const immediateKinds = sql`coalesce(${notificationPreferences.immediate}, ${JSON.stringify(preferences.defaultImmediate)}::jsonb)`;
  const chosenAtOnce = sql`${immediateKinds} @> to_jsonb(${notifications.kind})`;

  /** Unread, not yet mailed notifications of confirmed users in active companies, with what a mail needs. */
  const pending = () =>
    db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        companyId: notifications.companyId,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        email: users.email,
        companyName: companies.name,
        companyType: companies.type,
      })
      .from(notifications)
      .innerJoin(users, and(eq(users.id, notifications.userId), isNotNull(users.emailConfirmedAt)))
      .innerJoin(companies, and(eq(companies.id, notifications.companyId), isNull(companies.suspendedAt)))
      .leftJoin(
        notificationPreferences,
        and(
          eq(notificationPreferences.userId, notifications.userId),
          eq(notificationPreferences.companyId, notifications.companyId),
        ),
      )
      .$dynamic();
  const unmailed = and(
    isNull(notifications.emailedAt),
    isNull(notifications.readAt),
    gt(notifications.createdAt, MAIL_WINDOW),
  );

  type TPending = Awaited<ReturnType<ReturnType<typeof pending>['execute']>>[number];

  const footer = (r: TPending) => ({
    settingsUrl: `${publicUrl}/${r.companyType}/${r.companyId}/notifications/settings`,
    unsubscribeUrl: `${publicUrl}/unsubscribe?token=${preferences.token(r.userId, r.companyId)}`,
    oneClickUrl: `${publicUrl}/api/notifications/unsubscribe?token=${preferences.token(r.userId, r.companyId)}`,
  });
  const mailed = (r: TPending) => ({ title: r.title, body: r.body, url: `${publicUrl}${r.link}` });

  /** Claims the rows, sends, and releases them when the mail could not be sent. */
  async function claimAndSend(ids: number[], mail: (claimed: Set<number>) => TMail) {
    const claimed = await db
      .update(notifications)
      .set({ emailedAt: new Date() })
      .where(and(inArray(notifications.id, ids), isNull(notifications.emailedAt)))
      .returning({ id: notifications.id });
    if (!claimed.length) return;
    try {
      await mailer.send(mail(new Set(claimed.map((c) => c.id))));
    } catch (error) {
      await db
        .update(notifications)
        .set({ emailedAt: null })
        .where(
          inArray(
            notifications.id,
            claimed.map((c) => c.id),
          ),
        );
      throw error;
    }
  }

  return {
    /** Mails the notifications whose kind their user wants at once; returns how many went out. */
    async sendImmediate(): Promise<number> {
      const rows = await pending().where(and(unmailed, chosenAtOnce)).orderBy(notifications.id).limit(BATCH);
      for (const r of rows)
        await claimAndSend([r.id], () => notificationMail(r.email, r.companyName, mailed(r), footer(r)));
      return rows.length;
    },

    /** One mail per user and company with the day's unread notifications that were not mailed at once. */
    async sendDigest(): Promise<number> {
      const rows = await pending()
        .where(and(unmailed, not(chosenAtOnce), sql`coalesce(${notificationPreferences.dailyDigest}, true)`))
        .orderBy(notifications.userId, notifications.companyId, sql`${notifications.id} desc`);
      const groups = new Map<string, TPending[]>();
      for (const r of rows) {
        const key = `${r.userId}:${r.companyId}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      for (const group of groups.values()) {
        const first = group[0]!;
        await claimAndSend(
          group.map((r) => r.id),
          (claimed) => {
            const mine = group.filter((r) => claimed.has(r.id));
            return digestMail(
              first.email,
              first.companyName,
              mine.slice(0, DIGEST_ITEMS).map(mailed),
              Math.max(0, mine.length - DIGEST_ITEMS),
              `${publicUrl}/${first.companyType}/${first.companyId}/notifications`,
              footer(first),
            );
          },
        );
      }
      return groups.size;
    },
  };
}
export type TNotificationMails = ReturnType<typeof createNotificationMails>;

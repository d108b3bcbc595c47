import type { TNotification, TNotificationKind, TNotificationsQuery, TPage } from '@orderbridge/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { memberships, notifications, type TNotificationRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { publishLiveEvents } from './live-events.js';

export type TNotifyInput = {
  companyId: number;
  kind: TNotificationKind;
  /** A few words: "Invoice INV-7 is ready for review". */
  title: string;
  /** One sentence with the details. */
  body: string;
  /** A path of the web app that shows the thing. */
  link: string;
  /** Only these members of the company (e.g. the uploader); default: every member. */
  userIds?: string[];
};
/** How other modules make a notification; pass their transaction so it exists exactly when their change does. */
export type TNotify = (input: TNotifyInput, tx?: TDb) => Promise<void>;

export const notificationShape = (row: TNotificationRow): TNotification => ({
  id: row.id,
  companyId: row.companyId,
  kind: row.kind as TNotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  isRead: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export function createNotificationsService({ db }: { db: TDb }) {
  const unreadOf = async (userId: string, companyId: number, tx: TDb = db) => {
    const [row] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.companyId, companyId),
          isNull(notifications.readAt),
        ),
      );
    return row?.n ?? 0;
  };

  /** Tells the user's other tabs that the unread count changed. */
  const countChanged = async (userId: string, companyId: number) =>
    publishLiveEvents(db, [
      { companyId, userId, type: 'unread', data: { unread: await unreadOf(userId, companyId) } },
    ]);

  const notify: TNotify = async (input, tx = db) => {
    await tx.transaction(async (t) => {
      const members = await t
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.companyId, input.companyId),
            input.userIds ? inArray(memberships.userId, input.userIds) : undefined,
          ),
        );
      if (!members.length) return;
      const rows = await t
        .insert(notifications)
        .values(
          members.map((m) => ({
            userId: m.userId,
            companyId: input.companyId,
            kind: input.kind,
            title: input.title.slice(0, 200),
            body: input.body.slice(0, 1000),
            link: input.link,
          })),
        )
        .returning();
      await publishLiveEvents(
        t as unknown as TDb,
        rows.map((row) => ({
          companyId: row.companyId,
          userId: row.userId,
          type: 'notification',
          data: notificationShape(row),
        })),
      );
    });
  };

  return {
    notify,
    unreadCount: (userId: string, companyId: number) => unreadOf(userId, companyId),

    /** The user's notifications in one company: unread first, then newest first. */
    async list(
      userId: string,
      companyId: number,
      query: TNotificationsQuery,
    ): Promise<TPage<TNotification> & { unread: number }> {
      const mine = and(eq(notifications.userId, userId), eq(notifications.companyId, companyId));
      const where = query.unread === 'true' ? and(mine, isNull(notifications.readAt)) : mine;
      const [[total], unread, rows] = await Promise.all([
        db.select({ n: count() }).from(notifications).where(where),
        unreadOf(userId, companyId),
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(sql`${notifications.readAt} is null desc`, desc(notifications.id))
          .limit(query.perpage)
          .offset((query.page - 1) * query.perpage),
      ]);
      return {
        total: total?.n ?? 0,
        page: query.page,
        perPage: query.perpage,
        unread,
        data: rows.map(notificationShape),
      };
    },

    /** Marks one of the user's notifications read (again is fine); another user's is not found. */
    async markRead(userId: string, companyId: number, id: number) {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(
          and(
            eq(notifications.id, id),
            eq(notifications.userId, userId),
            eq(notifications.companyId, companyId),
          ),
        )
        .returning();
      if (!row) throw notFound('This notification');
      await countChanged(userId, companyId);
      return notificationShape(row);
    },

    async markAllRead(userId: string, companyId: number) {
      const marked = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.companyId, companyId),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      if (marked.length) await countChanged(userId, companyId);
      return marked.length;
    },
  };
}
export type TNotificationsService = ReturnType<typeof createNotificationsService>;

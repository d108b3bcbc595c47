import type { TNotification, TNotificationKind, TNotificationsQuery, TPage } from '@orderbridge/contract';
import { and, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { memberships, notifications, type TNotificationRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { defineList, type TListScope } from '../../lib/list.js';
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

/** The list's query: the validated request plus whose notifications (each member has their own). */
type TNotificationsListQuery = TNotificationsQuery & { userId: string };

export const notificationsList = defineList({
  name: 'notifications',
  id: notifications.id,
  idOf: (r: TNotificationRow) => r.id,
  sorts: {
    unreadFirst: { key: notifications.unread, dir: 'desc', of: (r) => r.unread },
    newest: { key: notifications.id, dir: 'desc', of: (r) => r.id },
  },
  where: (scope, query: TNotificationsListQuery) => [
    scope.side === 'platform' ? sql`false` : eq(notifications.companyId, scope.companyId),
    eq(notifications.userId, query.userId),
    query.unread === 'true' ? isNull(notifications.readAt) : undefined,
  ],
  select: (db, fields) =>
    db
      .select({ ...getTableColumns(notifications), ...fields })
      .from(notifications)
      .$dynamic(),
  toItem: notificationShape,
  planCases: (seed) => {
    const scope: TListScope = { side: 'shops', companyId: seed.shopId };
    return [
      { scope, query: { userId: seed.userId } },
      { scope, query: { userId: seed.userId, unread: 'true' as const } },
    ];
  },
});

export function createNotificationsService({
  db,
  notified,
}: {
  db: TDb;
  /** Called after notifications were written (queues the job that mails those wanted at once; never waited for). */
  notified: () => void;
}) {
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
    notified();
  };

  return {
    notify,
    unreadCount: (userId: string, companyId: number) => unreadOf(userId, companyId),

    /** The user's notifications in one company (a list of lib/list.ts): unread first, then newest first. */
    async list(
      userId: string,
      scope: TListScope,
      query: TNotificationsQuery,
    ): Promise<TPage<TNotification> & { unread: number }> {
      const [listed, unread] = await Promise.all([
        notificationsList.run(db, scope, { ...query, userId }),
        scope.side === 'platform' ? 0 : unreadOf(userId, scope.companyId),
      ]);
      return { ...listed, unread };
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

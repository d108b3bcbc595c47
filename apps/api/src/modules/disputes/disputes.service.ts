import {
  DISPUTE_REASON_TEXT,
  type TDisputeCreate,
  type TDisputeRow,
  type TDisputesPage,
  type TDisputesQuery,
  type TDisputeUpdate,
  type TItemDispute,
  type TMainDispute,
  type TMessage,
  type TMessagesQuery,
  type TPage,
  type TThreadQuery,
} from '@orderbridge/contract';
import { aliasedTable, and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  companies,
  disputeEvents,
  disputeMessages,
  disputes,
  mainDisputes,
  orderChanges,
  orderItems,
  orders,
  type TDisputeRow as TDisputeDbRow,
  users,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { csv } from '../../lib/csv.js';
import { checkImage } from '../../lib/images.js';
import type { TSignedUrls } from '../../lib/signed-urls.js';
import type { Storage } from '../../lib/storage.js';
import type { TNotify } from '../notifications/notifications.service.js';
import { creditsOf, returnsOf } from '../returns/returns.repository.js';
import { ACTIVE_STATUSES, disputeRow, disputeValue, round2 } from './dispute-shapes.js';
import {
  disputeSelect,
  disputeSums,
  disputesList,
  inboxList,
  messageSelect as messageSelectOf,
  type TDisputeSelected,
  type TMessageSelected,
  threadList,
  totalCredit,
  unreadInbox,
} from './disputes.list.js';

/** Which side of a dispute a company is on: the shop that raised it, or the supplier it is raised against. */
export type TDisputeScope = { side: 'shops' | 'suppliers'; companyId: number };
type TActor = TDisputeScope & { userId: string };

export const DISPUTE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const supplierCo = aliasedTable(companies, 'supplier_co');

type TDeps = {
  db: TDb;
  storage: Storage;
  signedUrls: TSignedUrls;
  /**
   * The notifications module: a dispute's events reach the other company's members there, and by email as
   * each member chose (an answer is mailed at once by default).
   */
  notify: TNotify;
};

export function createDisputesService({ db, storage, signedUrls, notify }: TDeps) {
  const scoped = (scope: TDisputeScope) =>
    scope.side === 'shops' ? eq(disputes.shopId, scope.companyId) : eq(disputes.supplierId, scope.companyId);

  const rowSelect = (scope: TDisputeScope, tx: TDb = db) => disputeSelect(tx, scope);
  type TSelected = TDisputeSelected;

  const photoUrl = (d: TDisputeDbRow) =>
    d.imageKey
      ? signedUrls.create({
          key: d.imageKey,
          contentType: d.imageType ?? 'image/jpeg',
          fileName: `dispute-${d.id}.${d.imageKey.split('.').pop()}`,
        }).url
      : null;

  const toRow = (scope: TDisputeScope, r: TSelected): TDisputeRow =>
    disputeRow({
      dispute: r.dispute,
      order: r,
      item: r,
      // The shop knows the supplier by its own name for it; the supplier sees its company name.
      supplierName: scope.side === 'shops' ? r.linkName : r.supplierName,
      shopName: r.shopName,
      userName: r.firstName ? `${r.firstName} ${r.lastName}` : null,
      totalCredit: Number(r.totalCredit),
      unreadMessages: Number(r.unread),
      imageUrl: photoUrl(r.dispute),
    });

  async function findRow(scope: TDisputeScope, id: number, tx: TDb = db) {
    const [row] = await rowSelect(scope, tx).where(and(eq(disputes.id, id), scoped(scope)));
    if (!row) throw notFound('This dispute');
    return row;
  }

  const event = (
    tx: TDb,
    disputeId: number,
    actor: TActor | null,
    action: string,
    detail: Record<string, unknown> = {},
  ) =>
    tx.insert(disputeEvents).values({
      disputeId,
      companyId: actor?.companyId ?? null,
      userId: actor?.userId ?? null,
      action,
      detail,
    });

  /**
   * After any change of an item dispute: the main dispute is open while any item is, and the order is `disputed`
   * exactly while its main dispute is open (afterwards it goes back to delivered or open by what arrived).
   */
  async function settle(tx: TDb, mainDisputeId: number, userId: string | null) {
    const items = await tx
      .select({ status: disputes.status, orderId: disputes.orderId })
      .from(disputes)
      .where(eq(disputes.mainDisputeId, mainDisputeId));
    const mainStatus = items.some((i) => ACTIVE_STATUSES.includes(i.status))
      ? 'open'
      : items.every((i) => i.status === 'withdrawn')
        ? 'withdrawn'
        : 'resolved';
    const [main] = await tx
      .update(mainDisputes)
      .set({ status: mainStatus })
      .where(eq(mainDisputes.id, mainDisputeId))
      .returning();
    const [order] = await tx.select().from(orders).where(eq(orders.id, main!.orderId));
    let next = order!.status;
    if (mainStatus === 'open') next = 'disputed';
    else if (order!.status === 'disputed') {
      const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      const complete = lines.every(
        (l) => l.receivedQuantity !== null && l.receivedQuantity >= (l.itemQty ?? 0),
      );
      next = complete ? 'delivered' : 'open';
    }
    if (next === order!.status) return;
    await tx
      .update(orders)
      .set({ status: next, updatedAt: new Date(), ...(userId ? { updatedBy: userId } : {}) })
      .where(eq(orders.id, order!.id));
    await tx.insert(orderChanges).values({
      orderId: order!.id,
      userId,
      field: 'orderStatus',
      oldValue: order!.status,
      newValue: next,
    });
  }

  /** The quantity a dispute may cover: what is missing for a short delivery, otherwise what was delivered. */
  function checkQuantity(
    item: { itemQty: number | null; receivedQuantity: number | null },
    reason: TDisputeDbRow['reason'],
    quantity: number | undefined,
  ): number {
    const ordered = item.itemQty ?? 0;
    const delivered = item.receivedQuantity ?? ordered;
    const limit = reason === 'short_delivery' ? ordered - (item.receivedQuantity ?? 0) : delivered;
    const q = quantity ?? (reason === 'short_delivery' || reason === 'wrong_price' ? limit : undefined);
    if (q === undefined || q <= 0) {
      throw new AppError('BAD_REQUEST', 'Enter how many units are disputed.', {
        quantity: [
          reason === 'short_delivery' && limit <= 0
            ? 'Everything ordered was received; record what arrived first'
            : 'Enter the disputed quantity',
        ],
      });
    }
    if (q > limit + 1e-9) {
      const what = reason === 'short_delivery' ? `${limit} missing` : `${delivered} delivered`;
      throw new AppError('BAD_REQUEST', `The quantity is more than the ${what}.`, {
        quantity: [`At most ${limit}`],
      });
    }
    return q;
  }

  async function storePhoto(photo: unknown) {
    const image = await checkImage(photo, 'photo', DISPUTE_PHOTO_MAX_BYTES);
    return { key: await storage.put('disputes', image.bytes, image.extension), type: image.mime };
  }

  /**
   * Tells the shop's members that the supplier answered (in the app, and by email as each of them chose); given a
   * transaction, the notification commits with the answer.
   */
  async function notifyShop(
    disputeId: number,
    answer: string,
    kind: 'dispute_answered' | 'dispute_credited' | 'return_step' = 'dispute_answered',
    tx: TDb = db,
  ) {
    const [row] = await tx
      .select({ shopId: disputes.shopId, supplierName: supplierCo.name })
      .from(disputes)
      .innerJoin(supplierCo, eq(supplierCo.id, disputes.supplierId))
      .where(eq(disputes.id, disputeId));
    if (!row) return;
    await notify(
      {
        companyId: row.shopId,
        kind,
        title: `${row.supplierName} answered your dispute`,
        body: answer,
        link: `/shops/${row.shopId}/disputes/${disputeId}`,
      },
      tx,
    );
  }

  /** The dispute closed without the supplier doing anything (the shop withdrew it, accepted the rejection, or a
   * credit note it uploaded was read): the supplier is told. */
  const notifySupplierResolved = (tx: TDb, r: TSelected, title: string) =>
    notify(
      {
        companyId: r.dispute.supplierId,
        kind: 'dispute_resolved',
        title,
        body: `${r.invoiceNum ?? r.orderNum ?? `Order ${r.dispute.orderId}`}: ${r.itemDesc ?? r.itemCode ?? 'item'}. Nothing more is needed from you.`,
        link: `/suppliers/${r.dispute.supplierId}/disputes/${r.dispute.id}`,
      },
      tx,
    );

  /** A message's copy of its dispute's shop and supplier (the inbox's tenant columns), read as it is inserted. */
  const tenantsOf = (disputeId: number) => ({
    shopId: sql<number>`(select ${disputes.shopId} from ${disputes} where ${disputes.id} = ${disputeId})`,
    supplierId: sql<number>`(select ${disputes.supplierId} from ${disputes} where ${disputes.id} = ${disputeId})`,
  });

  async function postMessage(tx: TDb, actor: TActor, disputeId: number, body: string) {
    const [created] = await tx
      .insert(disputeMessages)
      .values({
        disputeId,
        ...tenantsOf(disputeId),
        companyId: actor.companyId,
        userId: actor.userId,
        body,
        isResponse: actor.side === 'suppliers',
      })
      .returning();
    return created!;
  }

  // ---- messages ------------------------------------------------------------------------------------------------
  const messageSelect = () => messageSelectOf(db);

  const toMessage = (actor: TActor, r: TMessageSelected): TMessage => ({
    id: r.message.id,
    messageVal: r.message.body,
    username: r.firstName ? `${r.firstName} ${r.lastName}` : null,
    isRead: r.message.readAt !== null,
    messageTimestamp: r.message.createdAt.toISOString(),
    editedTimestamp: r.message.editedAt?.toISOString() ?? null,
    isResponse: r.message.isResponse,
    isOwn: r.message.userId === actor.userId,
    order: { id: r.orderId, orderNum: r.orderNum, invoiceNum: r.invoiceNum },
    item: { id: r.itemId, itemCode: r.itemCode, itemDesc: r.itemDesc },
    dispute: {
      id: r.dispute.id,
      mainDisputeId: r.dispute.mainDisputeId,
      status: r.dispute.status,
      reasonText: DISPUTE_REASON_TEXT[r.dispute.reason],
      shopName: r.shopName,
      supplierName: actor.side === 'shops' ? r.linkName : r.supplierName,
    },
  });

  /** Messages written by the other side of the scope's disputes. */
  const fromOtherSide = (scope: TDisputeScope) => eq(disputeMessages.isResponse, scope.side === 'shops');

  async function markRead(scope: TDisputeScope, disputeId: number) {
    await db
      .update(disputeMessages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(disputeMessages.disputeId, disputeId),
          fromOtherSide(scope),
          sql`${disputeMessages.readAt} is null`,
        ),
      );
  }

  async function ownMessage(actor: TActor, messageId: number, disputeId?: number) {
    const [row] = await messageSelect().where(
      and(
        eq(disputeMessages.id, messageId),
        scoped(actor),
        disputeId ? eq(disputeMessages.disputeId, disputeId) : undefined,
      ),
    );
    if (!row) throw notFound('This message');
    if (row.message.userId !== actor.userId)
      throw new AppError('FORBIDDEN', 'You can only change your own messages.');
    return row;
  }

  const service = {
    /** A page of the disputes list, with the sums of what it matches (null beyond LIST_TOTAL_CAP). */
    async list(scope: TDisputeScope, query: TDisputesQuery): Promise<TDisputesPage> {
      const [listed, sums] = await Promise.all([
        disputesList.run(db, scope, query),
        disputeSums(db, scope, query),
      ]);
      return {
        ...listed,
        data: listed.data.map((r) => toRow(scope, r)),
        totalDisputed: sums.disputed === null ? null : round2(sums.disputed),
        totalCredited: sums.credited === null ? null : round2(sums.credited),
      };
    },

    async detail(actor: TActor, id: number): Promise<TItemDispute> {
      const row = await findRow(actor, id);
      const d = row.dispute;
      const [[line], messages, history, creditRows, returnRows] = await Promise.all([
        db.select().from(orderItems).where(eq(orderItems.id, d.itemId)),
        messageSelect()
          .where(eq(disputeMessages.disputeId, id))
          .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id)),
        db
          .select({
            event: disputeEvents,
            firstName: users.firstName,
            lastName: users.lastName,
            type: companies.type,
          })
          .from(disputeEvents)
          .leftJoin(users, eq(users.id, disputeEvents.userId))
          .leftJoin(companies, eq(companies.id, disputeEvents.companyId))
          .where(eq(disputeEvents.disputeId, id))
          .orderBy(asc(disputeEvents.createdAt), asc(disputeEvents.id)),
        creditsOf(db, { disputeId: id }),
        returnsOf(db, { disputeId: id }),
      ]);
      return {
        ...toRow(actor, row),
        qty: d.quantity,
        note: d.note,
        rejectionReason: d.rejectionReason,
        line: {
          lineNo: line!.lineNo,
          itemQty: line!.itemQty,
          receivedQuantity: line!.receivedQuantity,
          price: line!.price,
          discount: line!.discount,
          amount: line!.amount,
          unitOfMeasure: line!.unitOfMeasure,
        },
        messages: messages.map((m) => toMessage(actor, m)),
        credits: creditRows,
        returns: returnRows,
        history: history.map((h) => ({
          id: h.event.id,
          action: h.event.action,
          text: String(h.event.detail.text ?? h.event.action),
          userName: h.firstName ? `${h.firstName} ${h.lastName}` : null,
          side: h.type,
          timestamp: h.event.createdAt.toISOString(),
        })),
      };
    },

    async main(scope: TDisputeScope, orderId: number): Promise<TMainDispute> {
      const [main] = await db
        .select()
        .from(mainDisputes)
        .where(
          and(
            eq(mainDisputes.orderId, orderId),
            scope.side === 'shops'
              ? eq(mainDisputes.shopId, scope.companyId)
              : eq(mainDisputes.supplierId, scope.companyId),
          ),
        );
      if (!main) throw notFound('A dispute for this order');
      const rows = await rowSelect(scope)
        .where(eq(disputes.mainDisputeId, main.id))
        .orderBy(asc(disputes.id));
      const items = rows.map((r) => toRow(scope, r));
      const counted = items.filter((i) => i.status !== 'withdrawn');
      return {
        disputeId: main.id,
        orderId: main.orderId,
        status: main.status,
        disputeVal: round2(counted.reduce((s, i) => s + i.disputeVal, 0)),
        totalCredit: round2(counted.reduce((s, i) => s + i.totalCredit, 0)),
        items,
      };
    },

    /** A shop disputes one line of one of its orders. */
    async create(actor: TActor, input: TDisputeCreate, photo: unknown): Promise<TItemDispute> {
      const [found] = await db
        .select({ item: orderItems, order: orders })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orderItems.id, input.itemId),
            eq(orders.id, input.orderId),
            eq(orders.shopId, actor.companyId),
          ),
        );
      if (!found) throw notFound('This order item');
      if (input.reason === 'wrong_price' && input.priceDifference === undefined) {
        throw new AppError('BAD_REQUEST', 'Enter how much more per unit was charged than agreed.', {
          priceDifference: ['Enter the price difference per unit'],
        });
      }
      const quantity = checkQuantity(found.item, input.reason, input.quantity);
      const priceDifference = input.reason === 'wrong_price' ? (input.priceDifference ?? null) : null;
      const stored = photo === undefined ? null : await storePhoto(photo);
      try {
        const id = await db.transaction(async (t) => {
          const tx = t as unknown as TDb;
          const [main] = await tx
            .insert(mainDisputes)
            .values({ shopId: actor.companyId, supplierId: found.order.supplierId, orderId: found.order.id })
            .onConflictDoUpdate({ target: mainDisputes.orderId, set: { status: 'open' } })
            .returning();
          const [created] = await tx
            .insert(disputes)
            .values({
              mainDisputeId: main!.id,
              shopId: actor.companyId,
              supplierId: found.order.supplierId,
              orderId: found.order.id,
              itemId: found.item.id,
              reason: input.reason,
              quantity,
              priceDifference,
              disputeVal: disputeValue(found.item, input.reason, quantity, priceDifference),
              note: input.note || null,
              imageKey: stored?.key ?? null,
              imageType: stored?.type ?? null,
              createdBy: actor.userId,
            })
            .returning();
          await event(tx, created!.id, actor, 'opened', {
            text: `Disputed ${quantity} × ${found.item.itemDesc ?? found.item.itemCode ?? 'item'}: ${DISPUTE_REASON_TEXT[input.reason]}`,
          });
          await settle(tx, main!.id, actor.userId);
          await notify(
            {
              companyId: found.order.supplierId,
              kind: 'dispute_opened',
              title: `A dispute on ${found.order.invoiceNum ?? found.order.orderNum ?? `order ${found.order.id}`}`,
              body: `${quantity} × ${found.item.itemDesc ?? found.item.itemCode ?? 'item'}: ${DISPUTE_REASON_TEXT[input.reason]}`,
              link: `/suppliers/${found.order.supplierId}/disputes/${created!.id}`,
            },
            tx,
          );
          return created!.id;
        });
        return service.detail(actor, id);
      } catch (error) {
        if (stored) await storage.delete(stored.key);
        if (
          String(
            (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
          ) === '23505'
        )
          throw new AppError('CONFLICT', 'This item already has an open dispute. Add to its thread instead.');
        throw error;
      }
    },

    /** The shop corrects its dispute while the supplier has not answered yet. */
    async update(actor: TActor, id: number, input: TDisputeUpdate, photo: unknown): Promise<TItemDispute> {
      const { dispute } = await findRow(actor, id);
      if (dispute.status !== 'open' || dispute.answeredAt) {
        throw new AppError(
          'CONFLICT',
          'The supplier has already answered this dispute; write in its thread instead.',
        );
      }
      const [item] = await db.select().from(orderItems).where(eq(orderItems.id, dispute.itemId));
      const reason = input.reason ?? dispute.reason;
      const priceDifference =
        reason === 'wrong_price' ? (input.priceDifference ?? dispute.priceDifference) : null;
      if (reason === 'wrong_price' && priceDifference === null) {
        throw new AppError('BAD_REQUEST', 'Enter how much more per unit was charged than agreed.', {
          priceDifference: ['Enter the price difference per unit'],
        });
      }
      const quantity = checkQuantity(item!, reason, input.quantity ?? dispute.quantity);
      const stored = photo === undefined ? null : await storePhoto(photo);
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        await tx
          .update(disputes)
          .set({
            reason,
            quantity,
            priceDifference,
            disputeVal: disputeValue(item!, reason, quantity, priceDifference),
            ...(input.note !== undefined ? { note: input.note || null } : {}),
            ...(stored ? { imageKey: stored.key, imageType: stored.type } : {}),
            updatedAt: new Date(),
          })
          .where(eq(disputes.id, id));
        await event(tx, id, actor, 'changed', {
          text: `Changed to ${quantity} × ${DISPUTE_REASON_TEXT[reason]}${stored ? ', new photo' : ''}`,
        });
      });
      // The old photo is kept: the audit trail may point at what the supplier saw first.
      return service.detail(actor, id);
    },

    /** The shop withdraws its dispute; it stays on record (never deleted) with who withdrew it. */
    async withdraw(actor: TActor, id: number): Promise<TItemDispute> {
      const found = await findRow(actor, id);
      const { dispute } = found;
      if (dispute.status !== 'open' && dispute.status !== 'rejected') {
        throw new AppError(
          'CONFLICT',
          dispute.status === 'accepted'
            ? 'The supplier has accepted this dispute; it closes when the credit arrives.'
            : `This dispute is already ${dispute.status}.`,
        );
      }
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        await tx
          .update(disputes)
          .set({ status: 'withdrawn', resolvedAt: new Date(), updatedAt: new Date() })
          .where(eq(disputes.id, id));
        await event(tx, id, actor, 'withdrawn', { text: 'Withdrawn by the shop' });
        await settle(tx, dispute.mainDisputeId, actor.userId);
        await notifySupplierResolved(tx, found, `${found.shopName} withdrew its dispute`);
      });
      return service.detail(actor, id);
    },

    /** The shop accepts the supplier's rejection: the dispute is resolved without a credit. */
    async acceptRejection(actor: TActor, id: number): Promise<TItemDispute> {
      const found = await findRow(actor, id);
      const { dispute } = found;
      if (dispute.status !== 'rejected')
        throw new AppError('CONFLICT', 'Only a rejected dispute can have its rejection accepted.');
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        await tx
          .update(disputes)
          .set({ status: 'resolved', resolvedAt: new Date(), updatedAt: new Date() })
          .where(eq(disputes.id, id));
        await event(tx, id, actor, 'rejection_accepted', { text: 'The shop accepted the rejection' });
        await settle(tx, dispute.mainDisputeId, actor.userId);
        await notifySupplierResolved(tx, found, `${found.shopName} accepted your rejection of its dispute`);
      });
      return service.detail(actor, id);
    },

    /** The supplier rejects the dispute with a reason; the shop may accept that or keep talking. */
    async reject(actor: TActor, id: number, reason: string): Promise<TItemDispute> {
      const { dispute } = await findRow(actor, id);
      if (dispute.status !== 'open')
        throw new AppError('CONFLICT', `A dispute that is ${dispute.status} cannot be rejected.`);
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        await tx
          .update(disputes)
          .set({ status: 'rejected', rejectionReason: reason, answeredAt: new Date(), updatedAt: new Date() })
          .where(eq(disputes.id, id));
        await event(tx, id, actor, 'rejected', { text: `Rejected: ${reason}` });
        await postMessage(tx, actor, id, `Dispute rejected: ${reason}`);
        await settle(tx, dispute.mainDisputeId, actor.userId);
      });
      await notifyShop(id, `They rejected it: ${reason}`);
      return service.detail(actor, id);
    },

    /**
     * Records that the supplier answered with a credit or a return (called by the returns service inside its
     * transaction): the dispute is resolved once its applied credits cover its value, else accepted.
     */
    async answered(tx: TDb, actor: TActor | null, id: number, text: string) {
      const [row] = await tx
        .select({ dispute: disputes, credited: totalCredit })
        .from(disputes)
        .where(eq(disputes.id, id));
      const d = row!.dispute;
      const covered = Number(row!.credited) + 0.005 >= d.disputeVal;
      const status = covered ? 'resolved' : 'accepted';
      await tx
        .update(disputes)
        .set({
          status,
          answeredAt: d.answeredAt ?? new Date(),
          ...(covered ? { resolvedAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(disputes.id, id));
      await event(tx, id, actor, 'answered', { text });
      if (covered && d.status !== 'resolved') await event(tx, id, actor, 'resolved', { text: 'Resolved' });
      await settle(tx, d.mainDisputeId, actor?.userId ?? null);
      return { status, credited: round2(Number(row!.credited)) };
    },

    /** The disputes a credit from this supplier to this shop may settle, with what is still open on each. */
    async creditable(shopId: number, supplierId: number) {
      const rows = await db
        .select({
          dispute: disputes,
          invoiceNum: orders.invoiceNum,
          orderNum: orders.orderNum,
          itemCode: orderItems.itemCode,
          itemDesc: orderItems.itemDesc,
          credited: totalCredit,
        })
        .from(disputes)
        .innerJoin(orders, eq(orders.id, disputes.orderId))
        .innerJoin(orderItems, eq(orderItems.id, disputes.itemId))
        .where(
          and(
            eq(disputes.shopId, shopId),
            eq(disputes.supplierId, supplierId),
            inArray(disputes.status, ['open', 'accepted']),
          ),
        )
        .orderBy(asc(disputes.createdAt));
      return rows.map((r) => ({ ...r, open: round2(r.dispute.disputeVal - Number(r.credited)) }));
    },

    /** A message of the thread written by OrderBridge itself (a credit note read), shown as the supplier's side. */
    async postSystemNote(tx: TDb, id: number, body: string) {
      const [d] = await tx.select().from(disputes).where(eq(disputes.id, id));
      await tx.insert(disputeMessages).values({
        disputeId: id,
        shopId: d!.shopId,
        supplierId: d!.supplierId,
        companyId: d!.supplierId,
        userId: null,
        body,
        isResponse: true,
      });
    },

    /** The supplier's answer as a message in the thread (inside the answer's transaction). */
    postAnswer: (tx: TDb, actor: TActor, id: number, body: string) => postMessage(tx, actor, id, body),
    notifyShop,
    findRow,

    /**
     * A read credit note resolved the dispute: its supplier's members are told (they may not have sent it), inside
     * the transaction that recorded the credit.
     */
    async notifySupplierCredited(tx: TDb, disputeId: number, creditNoteNum: string | null) {
      const [d] = await tx
        .select({ supplierId: disputes.supplierId })
        .from(disputes)
        .where(eq(disputes.id, disputeId));
      if (!d) return;
      const found = await findRow({ side: 'suppliers', companyId: d.supplierId }, disputeId, tx);
      if (found.dispute.status !== 'resolved') return;
      await notifySupplierResolved(
        tx,
        found,
        `Credit note ${creditNoteNum ?? ''} was read and closed a dispute of ${found.shopName}`.replace(
          '  ',
          ' ',
        ),
      );
    },

    // ---- messages ----------------------------------------------------------------------------------------------
    /** The thread of one dispute, oldest first; opening it marks the other side's messages read. */
    async thread(actor: TActor, disputeId: number, query: TThreadQuery): Promise<TPage<TMessage>> {
      await findRow(actor, disputeId);
      await markRead(actor, disputeId);
      const found = await threadList.run(db, actor, { ...query, disputeid: disputeId });
      return { ...found, data: found.data.map((r) => toMessage(actor, r)) };
    },

    /** Every message of the company's disputes: unread first, then newest (the shared list module). */
    async inbox(actor: TActor, query: TMessagesQuery): Promise<TPage<TMessage>> {
      const found = await inboxList.run(db, actor, query);
      return { ...found, data: found.data.map((r) => toMessage(actor, r)) };
    },

    async post(actor: TActor, disputeId: number, body: string): Promise<TMessage> {
      const { dispute } = await findRow(actor, disputeId);
      if (dispute.status === 'withdrawn')
        throw new AppError('CONFLICT', 'This dispute was withdrawn; its thread is closed.');
      // Answering means having read what came before.
      await markRead(actor, disputeId);
      const created = await postMessage(db, actor, disputeId, body);
      const to = actor.side === 'shops' ? dispute.supplierId : dispute.shopId;
      await notify({
        companyId: to,
        kind: 'message_received',
        title: 'A new message about a dispute',
        body: body.length > 140 ? `${body.slice(0, 139)}…` : body,
        link: `/${actor.side === 'shops' ? 'suppliers' : 'shops'}/${to}/disputes/${disputeId}`,
      });
      const [row] = await messageSelect().where(eq(disputeMessages.id, created.id));
      return toMessage(actor, row!);
    },

    async editMessage(actor: TActor, disputeId: number, messageId: number, body: string): Promise<TMessage> {
      await ownMessage(actor, messageId, disputeId);
      await db
        .update(disputeMessages)
        .set({ body, editedAt: new Date() })
        .where(eq(disputeMessages.id, messageId));
      const [row] = await messageSelect().where(eq(disputeMessages.id, messageId));
      return toMessage(actor, row!);
    },

    /** Deletes one's own message, only while the other side has not read it. */
    async deleteMessage(actor: TActor, messageId: number) {
      const row = await ownMessage(actor, messageId);
      if (row.message.readAt)
        throw new AppError('CONFLICT', 'This message has been read already; edit it instead of deleting it.');
      await db.delete(disputeMessages).where(eq(disputeMessages.id, messageId));
    },

    // ---- counts for the dashboard (spec §3 noOfDispute / noOfMessage) ------------------------------------------
    /** Disputes still waiting for something (open, accepted, rejected). */
    async activeCount(scope: TDisputeScope): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(disputes)
        .where(and(scoped(scope), inArray(disputes.status, ACTIVE_STATUSES)));
      return row?.n ?? 0;
    },

    /** Messages from the other side this company has not read. */
    async unreadCount(scope: TDisputeScope): Promise<number> {
      // The inbox's unread group, counted on its partial index.
      const [row] = await db
        .select({ n: count() })
        .from(disputeMessages)
        .where(
          and(
            eq(scope.side === 'shops' ? disputeMessages.shopId : disputeMessages.supplierId, scope.companyId),
            unreadInbox(scope),
          ),
        );
      return row?.n ?? 0;
    },

    /** CSV of the disputes raised in a date range (for the accountant). */
    async exportCsv(scope: TDisputeScope, range: { from?: string; to?: string }) {
      const where = disputesList.filter(scope, { page: 1, perpage: 1, sort: 'newest', ...range });
      const rows = await rowSelect(scope).where(where).orderBy(asc(disputes.createdAt), asc(disputes.id));
      return csv(
        [
          'dispute',
          'date',
          'status',
          'reason',
          scope.side === 'shops' ? 'supplier' : 'shop',
          'invoice',
          'order',
          'item code',
          'item',
          'quantity',
          'disputed value',
          'credited',
          'currency',
          'note',
        ],
        rows.map((r) => {
          const row = toRow(scope, r);
          return [
            row.id,
            row.createdDate.slice(0, 10),
            row.statusText,
            row.reasonText,
            scope.side === 'shops' ? row.supplierName : row.shopName,
            row.invoiceNum,
            row.orderNum,
            row.itemCode,
            row.itemDesc,
            row.quantity,
            row.disputeVal.toFixed(2),
            row.totalCredit.toFixed(2),
            row.currency,
            row.noteFromReceiver,
          ];
        }),
      );
    },
  };

  return service;
}
export type TDisputesService = ReturnType<typeof createDisputesService>;

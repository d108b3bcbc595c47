import {
  DISPUTE_REASON_TEXT,
  DISPUTE_STATUS_TEXT,
  type TDisputeRow,
  type TDisputeStatus,
} from '@orderbridge/contract';
import type { TDisputeRow as TDisputeDbRow, TOrderItemRow, TOrderRow } from '../../db/schema/index.js';

/** Statuses in which a dispute still waits for something (and keeps its order `disputed`). */
export const ACTIVE_STATUSES: TDisputeStatus[] = ['open', 'accepted', 'rejected'];

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The price the shop paid per unit of a line: the line amount over its quantity (so the line's discount counts). */
export function unitPrice(item: Pick<TOrderItemRow, 'amount' | 'itemQty' | 'price' | 'discount'>): number {
  if (item.amount !== null && item.itemQty) return item.amount / item.itemQty;
  return item.price ?? 0;
}

/** The value of a dispute: the disputed units at the price paid, or the price difference on those units. */
export function disputeValue(
  item: Pick<TOrderItemRow, 'amount' | 'itemQty' | 'price' | 'discount'>,
  reason: TDisputeDbRow['reason'],
  quantity: number,
  priceDifference: number | null,
): number {
  if (reason === 'wrong_price') return round2((priceDifference ?? 0) * quantity);
  return round2(unitPrice(item) * quantity);
}

export type TRowParts = {
  dispute: TDisputeDbRow;
  order: Pick<TOrderRow, 'orderNum' | 'invoiceNum' | 'invoiceDate' | 'currency'>;
  item: Pick<TOrderItemRow, 'itemCode' | 'itemDesc'>;
  supplierName: string;
  shopName: string;
  userName: string | null;
  totalCredit: number;
  unreadMessages: number;
  imageUrl: string | null;
};

/** The dispute list row of spec §3. */
export function disputeRow(p: TRowParts): TDisputeRow {
  const d = p.dispute;
  return {
    id: d.id,
    disputeId: d.id,
    mainDisputeId: d.mainDisputeId,
    orderId: d.orderId,
    itemId: d.itemId,
    quantity: d.quantity,
    orderNum: p.order.orderNum,
    invoiceNum: p.order.invoiceNum,
    supplierId: d.supplierId,
    supplierName: p.supplierName,
    shopId: d.shopId,
    shopName: p.shopName,
    invoiceDate: p.order.invoiceDate,
    itemCode: p.item.itemCode,
    itemDesc: p.item.itemDesc,
    userName: p.userName,
    imageUrl: p.imageUrl,
    noteFromReceiver: d.note,
    reason: d.reason,
    reasonText: DISPUTE_REASON_TEXT[d.reason],
    status: d.status,
    statusText: DISPUTE_STATUS_TEXT[d.status],
    active: ACTIVE_STATUSES.includes(d.status),
    priceDifference: d.priceDifference,
    disputeVal: d.disputeVal,
    totalCredit: round2(p.totalCredit),
    currency: p.order.currency,
    unreadMessages: p.unreadMessages,
    createdDate: d.createdAt.toISOString(),
    updatedDate: d.updatedAt.toISOString(),
  };
}

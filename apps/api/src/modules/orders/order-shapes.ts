import {
  DOCUMENT_STATUS_TEXT,
  ORDER_STATUS_TEXT,
  type TItemInput,
  type TOrderItem,
  type TOrderListItem,
  type TParty,
  type TTempItem,
  type TUnprocessedOrder,
} from '@orderbridge/contract';
import type { TDocumentItemRow, TDocumentRow, TOrderItemRow, TOrderRow } from '../../db/schema/index.js';

/** Drops null and empty values so replies and reader input carry only what is known. */
export function compact<T extends object>(o: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };
}

export const ITEM_FIELDS = [
  'itemCode',
  'unitBarcode',
  'itemQty',
  'itemDesc',
  'unitOfMeasure',
  'pack',
  'price',
  'discount',
  'vat',
  'vatCode',
  'amount',
  'required',
  'rsp',
] as const satisfies readonly (keyof TItemInput)[];

export const itemInput = (row: TDocumentItemRow | TOrderItemRow): TItemInput =>
  compact(Object.fromEntries(ITEM_FIELDS.map((f) => [f, row[f]]))) as TItemInput;

export const tempItem = (row: TDocumentItemRow): TTempItem => ({
  ...itemInput(row),
  id: row.id,
  tempOrderItemId: row.id,
  lineNo: row.lineNo,
});

export const orderItem = (row: TOrderItemRow): TOrderItem => ({
  ...itemInput(row),
  ...(row.discount !== null ? { disc: row.discount } : {}),
  id: row.id,
  lineNo: row.lineNo,
  receivedQuantity: row.receivedQuantity,
  notes: row.notes,
});

/** One line of an address, for list columns. */
/** "street, postcode town, country", the parts a party has; null when it has none. Three a list row: no arrays. */
const addressLine = (p: TParty) => {
  const town = p.postCode ? (p.city ? `${p.postCode} ${p.city}` : p.postCode) : p.city;
  let line = p.address || '';
  if (town) line = line ? `${line}, ${town}` : town;
  if (p.country) line = line ? `${line}, ${p.country}` : p.country;
  return line || null;
};

export type TLinkNames = { supplierName: string; shopName: string; uploader: string | null };

/** The named columns of a table, for a selection of only what a list item shows. */
export const pickColumns = <TTable extends object, TKey extends keyof TTable>(
  table: TTable,
  keys: readonly TKey[],
) => Object.fromEntries(keys.map((k) => [k, table[k]])) as Pick<TTable, TKey>;

/** The document columns a list item of the review queue shows: the lists select only these. */
export const QUEUE_ITEM_COLUMNS = [
  'id',
  'shopId',
  'shopSupplierId',
  'fileName',
  'uploadedVia',
  'emailSender',
  'memo',
  'createdAt',
  'status',
  'headers',
  'totals',
  'currency',
  'vendor',
  'recipient',
  'invoiceTo',
  'inTraining',
  'issues',
] as const satisfies readonly (keyof TDocumentRow)[];

export const unprocessedOrder = (
  d: Pick<TDocumentRow, (typeof QUEUE_ITEM_COLUMNS)[number]>,
  names: {
    supplierName: string | null;
    uploader: string | null;
    supplierId: number | null;
    orderId: number | null;
  },
): TUnprocessedOrder => ({
  id: d.id,
  tempOrderId: d.id,
  shopId: d.shopId,
  supplierId: names.supplierId,
  supplierName: names.supplierName,
  shopSupplierId: d.shopSupplierId,
  fileName: d.fileName,
  originalFilename: d.fileName,
  uploadedVia: d.uploadedVia,
  userUploaded: names.uploader,
  emailSender: d.emailSender,
  memo: d.memo,
  createdDate: d.createdAt.toISOString(),
  status: d.status,
  statusText: DOCUMENT_STATUS_TEXT[d.status],
  invoiceNum: d.headers.invoiceNum ?? null,
  orderNum: d.headers.orderNum ?? null,
  invoiceDate: d.headers.invoiceDate ?? null,
  invoiceTotal: d.totals.invoiceTotal ?? null,
  currency: d.currency,
  vendorName: d.vendor.name ?? null,
  recipientName: d.recipient.name ?? null,
  invoiceToName: d.invoiceTo.name ?? null,
  pendingReview: d.status === 'pending_review',
  inTraining: d.inTraining,
  isProcessed: d.status === 'processed',
  issueCount: d.issues.length,
  orderId: names.orderId,
});

const INSERTED_VIA_TEXT = { upload: 'Uploaded', email: 'Email', supplier: 'Entered by supplier' } as const;

/** The order columns a list item shows: the orders list selects only these (the detail reads the whole row). */
export const ORDER_ITEM_COLUMNS = [
  'id',
  'shopId',
  'supplierId',
  'shopSupplierId',
  'insertedVia',
  'createdAt',
  'orderNum',
  'invoiceNum',
  'invoiceDate',
  'subtotal',
  'discount',
  'vat',
  'invoiceTotal',
  'currency',
  'fileName',
  'invoiceTo',
  'recipient',
  'vendor',
  'status',
  'updatedAt',
  'fileKey',
  'aiModel',
  'documentId',
  'itemCount',
] as const satisfies readonly (keyof TOrderRow)[];

export const orderListItem = (
  o: Pick<TOrderRow, (typeof ORDER_ITEM_COLUMNS)[number]>,
  names: TLinkNames & { updater: string | null },
): TOrderListItem => {
  const created = o.createdAt.toISOString();
  return {
    id: o.id,
    shopId: o.shopId,
    clientId: o.shopId,
    companyName: names.shopName,
    supplierId: o.supplierId,
    supplierName: names.supplierName,
    shopSupplierId: o.shopSupplierId,
    uploadedVia: o.insertedVia,
    userUploaded: names.uploader,
    createdDate: created,
    orderNum: o.orderNum,
    invoiceNum: o.invoiceNum,
    invoiceDate: o.invoiceDate,
    subtotal: o.subtotal,
    discount: o.discount,
    vat: o.vat,
    invoiceTotal: o.invoiceTotal,
    currency: o.currency,
    originalFilename: o.fileName,
    invoiceToAddress: addressLine(o.invoiceTo),
    deliveryAddress: addressLine(o.recipient),
    vendorAddress: addressLine(o.vendor),
    orderInsertedVia: o.insertedVia,
    orderInsertedViaText: INSERTED_VIA_TEXT[o.insertedVia],
    orderDelivered: o.status === 'delivered' || o.status === 'closed',
    insertedBy: names.uploader,
    updatedBy: names.updater,
    orderStatus: o.status,
    orderStatusText: ORDER_STATUS_TEXT[o.status],
    timestampInserted: created,
    timestampUpdated: o.updatedAt.toISOString(),
    fileLocation: o.fileKey ? `/orders/${o.id}/invoice-url` : null,
    aiModel: o.aiModel,
    tempOrderId: o.documentId,
    totalItems: o.itemCount,
  };
};

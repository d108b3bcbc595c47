import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  orderItems,
  orders,
  shopSuppliers,
  type TDocumentItemRow,
  type TDocumentRow,
} from '../../db/schema/index.js';

/** Makes the order of a document with its items; the unique document id makes a second call fail, not duplicate. */
export async function createOrderFromDocument(
  db: TDb,
  doc: TDocumentRow,
  items: TDocumentItemRow[],
  userId: string | null,
) {
  if (doc.shopSupplierId === null) throw new Error(`document ${doc.id} has no supplier`);
  const [link] = await db.select().from(shopSuppliers).where(eq(shopSuppliers.id, doc.shopSupplierId));
  const t = doc.totals;
  const [order] = await db
    .insert(orders)
    .values({
      shopId: doc.shopId,
      supplierId: link!.supplierId,
      shopSupplierId: doc.shopSupplierId,
      documentId: doc.id,
      insertedVia: doc.uploadedVia,
      orderNum: doc.headers.orderNum ?? null,
      invoiceNum: doc.headers.invoiceNum ?? null,
      invoiceDate: doc.headers.invoiceDate ?? doc.headers.orderDate ?? null,
      dueDate: doc.headers.dueDate ?? null,
      reference: doc.headers.reference ?? null,
      currency: doc.currency,
      documentType: doc.documentType,
      vendor: doc.vendor,
      recipient: doc.recipient,
      invoiceTo: doc.invoiceTo,
      goods: t.goods ?? null,
      net: t.net ?? null,
      subtotal: t.subtotal ?? null,
      discount: t.discount ?? null,
      charges: t.charges ?? null,
      vat: t.vat ?? null,
      invoiceTotal: t.invoiceTotal ?? null,
      memo: doc.memo,
      fileKey: doc.fileKey,
      fileName: doc.fileName,
      aiModel: doc.aiModel,
      itemCount: items.length,
      insertedBy: doc.uploadedBy,
      updatedBy: userId,
    })
    .returning();
  if (items.length) {
    await db
      .insert(orderItems)
      .values(items.map(({ id: _id, documentId: _doc, ...item }) => ({ ...item, orderId: order!.id })));
  }
  return order!;
}

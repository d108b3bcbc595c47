import { createHash } from 'node:crypto';
import {
  type TAdminDocument,
  type TAdminDocumentsQuery,
  type TDocumentStage,
  type TDocumentsQuery,
  type TIssue,
  type TItemInput,
  type TPage,
  type TReviewOrder,
  type TReviewPatch,
  type TShopSupplierMetrics,
  type TUnprocessedOrder,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES_MESSAGE,
} from '@orderbridge/contract';
import {
  identify,
  type KnownVendor,
  type ModelOptions,
  type OwnCompany,
  parseEInvoice,
  type Reader,
  runChecks,
  type TReaderResult,
} from '@orderbridge/reader';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import type { TDb } from '../../db/client.js';
import {
  companies,
  documentItems,
  documents,
  memberships,
  operators,
  orders,
  shopSuppliers,
  supplierProfiles,
  type TDocumentItemRow,
  type TDocumentRow,
  type TShopSupplierRow,
  users,
} from '../../db/schema/index.js';
import { fold, foldAll } from '../../db/schema/search.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { defineList, type TListScope, type TPlanCase } from '../../lib/list.js';
import type { TSignedUrls } from '../../lib/signed-urls.js';
import type { Storage } from '../../lib/storage.js';
import type { TJobs } from '../../plugins/jobs.js';
import type { TLiveEventInput } from '../notifications/live-events.js';
import type { TNotify } from '../notifications/notifications.service.js';
import {
  compact,
  ITEM_FIELDS,
  itemInput,
  pickColumns,
  QUEUE_ITEM_COLUMNS,
  tempItem,
  unprocessedOrder,
} from './order-shapes.js';
import { createOrderFromDocument } from './orders.repository.js';
import { createProfileStore } from './profile-store.js';

const ACCEPTED: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** A CII or UBL e-invoice, which the reader reads as such; only email takes these (the upload dialog does not). */
const eInvoiceType = (bytes: Buffer) =>
  identify(bytes) === 'xml' && parseEInvoice(bytes) ? { mime: 'application/xml', ext: 'xml' } : undefined;
/** How a document whose supplier no one has chosen yet is named: "Unknown sender billing@example.com". */
export const unknownSender = (doc: Pick<TDocumentRow, 'emailSender'>) =>
  doc.emailSender ? `Unknown sender ${doc.emailSender}` : 'Unknown sender';

/** Documents of a supplier are read as "in training" until a person has reviewed this many of them. */
export const TRAINING_DOCUMENTS = 1;
/** A document in training waiting for a person longer than this is urgent. */
export const URGENT_AFTER_HOURS = 24;
/** A supplier (of one shop) whose documents needed this many corrections in review is hard: its waiting documents are urgent. */
export const URGENT_CORRECTIONS = 5;
/** The supplier's latest spellings of itself that a receipt's vendor is matched against. */
const KNOWN_VENDORS = 5;

/** The document columns the queue's items show (not the read boxes, hashes or file keys). */
const queueColumns = pickColumns(documents, QUEUE_ITEM_COLUMNS);

/** A documents list with its page select; the uploader and the order it became come in the same statement. */
const documentsSelect = (db: TDb, fields: Record<string, SQL.Aliased> = {}) =>
  db
    .select({
      doc: queueColumns,
      supplierId: shopSuppliers.supplierId,
      supplierName: shopSuppliers.name,
      uploader: users.email,
      orderId: orders.id,
      ...fields,
    })
    .from(documents)
    // Left: a document from an unknown email sender has no supplier until a person chooses one.
    .leftJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .leftJoin(orders, eq(orders.documentId, documents.id));
type TDocumentsRow = Awaited<ReturnType<ReturnType<typeof documentsSelect>['where']>>[number];

/** What the review queue's search reads, as the trigram index `documents_search_trgm_idx` holds it. */
const documentText = foldAll(
  documents.fileName,
  sql`${documents.headers}->>'invoiceNum'`,
  sql`${documents.headers}->>'orderNum'`,
);

/**
 * A list of documents in some states. Each set of states has a partial index (schema/orders.ts) whose predicate
 * is this same IN list, so the planner reads the shop's documents in page order instead of sorting them.
 */
const documentsList = (name: string, statuses: TDocumentRow['status'][]) => {
  // Literal, not parameters: the clause must read as the partial index's predicate for the planner to use it.
  const inStates = sql`${documents.status} in (${sql.raw(statuses.map((st) => `'${st}'`).join(', '))})`;
  return defineList({
    name,
    id: documents.id,
    idOf: (r: TDocumentsRow) => r.doc.id,
    sorts: {
      newest: { key: documents.createdAt, dir: 'desc', of: (r) => r.doc.createdAt },
      oldest: { key: documents.createdAt, dir: 'asc', of: (r) => r.doc.createdAt },
    },
    where: (scope, query: TDocumentsQuery) => [
      scope.side === 'platform'
        ? undefined
        : scope.side === 'shops'
          ? eq(documents.shopId, scope.companyId)
          : eq(shopSuppliers.supplierId, scope.companyId),
      inStates,
      query.shopsupplierid ? eq(documents.shopSupplierId, query.shopsupplierid) : undefined,
    ],
    search: {
      // The file name and the numbers read (trigram index `documents_search_trgm_idx`), or the supplier's name:
      // the ids of the listed documents of the links whose name matches (computed once through the link's
      // partial index; inside the subquery `documents` is its own table). Ids, not the link ids: the planner
      // cannot tell how many documents a list of links holds, guesses hundreds, and would then walk the whole
      // queue in order rather than read the few matches.
      match: (scope, pattern) =>
        or(
          sql`${documentText} like ${pattern}`,
          sql`${documents.id} = any(array(select ${documents.id} from ${documents} where ${inStates} and ${documents.shopSupplierId} = any(array(select ${shopSuppliers.id} from ${shopSuppliers} where ${fold(shopSuppliers.name)} like ${pattern}${
            scope.side === 'shops' ? sql` and ${shopSuppliers.shopId} = ${scope.companyId}` : sql``
          }))))`,
        ) as SQL,
    },
    select: (db, fields) => documentsSelect(db, fields).$dynamic(),
    countFrom: (db, scope) => {
      const from = db
        .select({ one: sql`1`.as('one') })
        .from(documents)
        .$dynamic();
      // Only the supplier side's tenant clause needs the link; the shop's count stays on `documents` (and counts
      // the documents whose supplier is not chosen yet, as the page's left join shows them).
      return scope.side === 'suppliers'
        ? from.innerJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
        : from;
    },
    toItem: (r) =>
      unprocessedOrder(r.doc, {
        supplierId: r.supplierId,
        supplierName: r.supplierName,
        uploader: r.uploader,
        orderId: r.orderId,
      }),
    planCases: (seed) => [
      { scope: { side: 'shops', companyId: seed.shopId }, query: {} },
      { scope: { side: 'shops', companyId: seed.shopId }, query: { shopsupplierid: seed.shopSupplierId } },
      // The partial index narrows the list to the shop's few hundred waiting documents; the planner filters
      // those rather than read the trigram index, which is right (no big scan or sort is still required).
      {
        scope: { side: 'shops', companyId: seed.shopId },
        query: { search: seed.terms.fileName },
        trigram: false,
      },
      {
        scope: { side: 'shops', companyId: seed.shopId },
        query: { search: seed.terms.supplierName },
        trigram: false,
      },
    ],
  });
};

/** The shop's review queue. */
export const reviewQueue = documentsList('review-queue', ['pending_review', 'failed']);
/** Documents not yet processed, on either side. */
export const unprocessedList = documentsList('unprocessed', ['reading', 'pending_review', 'failed']);

type TDeps = {
  db: TDb;
  storage: Storage;
  jobs: TJobs;
  signedUrls: TSignedUrls;
  /** The model for companies whose `aiModel` is not the built-in reader. */
  model: ModelOptions | undefined;
  /** The reader runs only in worker processes; made on first use. */
  reader: () => Reader;
  notify: TNotify;
  /** Live events (upload progress) for the shop's open screens. */
  publish: (db: TDb, events: TLiveEventInput[]) => Promise<void>;
  /** A read credit note settles disputes instead of becoming an order (the returns module matches it). */
  onCreditNote: (documentId: number) => Promise<void>;
  /** Called in the reading transaction once the read lines are stored (the catalogue matches them to products). */
  onRead?: (documentId: number, tx: TDb) => Promise<void>;
  /** A person chose the supplier of a document from an unknown email sender (mail-in updates its message). */
  onSupplierChosen?: (doc: TDocumentRow) => Promise<void>;
};

type TUpload = {
  shopId: number;
  /** The person who uploaded; null for a document that came by email. */
  userId: string | null;
  /** Null only for an email from an unknown sender: the document waits in review for a person to choose. */
  shopSupplierId: number | null;
  memo?: string;
  fileName: string;
  bytes: Buffer;
  /** Set for attachments of an email: its sender. Email also takes e-invoice XML files, read as such. */
  email?: { sender: string | null };
};

/** Waiting for a person longer than URGENT_AFTER_HOURS while the supplier's layout is still being learned. */
const waitingTooLong = sql`${documents.inTraining} and ${documents.status} = 'pending_review' and ${documents.createdAt} < now() - make_interval(hours => ${URGENT_AFTER_HOURS})`;

/** The corrections people made to the documents of a document's shop-supplier link. */
const linkCorrections = sql`(select coalesce(sum(d2.corrections), 0) from documents d2 where d2.shop_supplier_id = ${documents.shopSupplierId})`;

/** An urgent document: in training and waiting too long, or of a supplier whose documents needed many corrections. */
export const urgentDocument = sql`(${waitingTooLong} or (${documents.inTraining} and ${documents.status} = 'pending_review' and ${linkCorrections} >= ${URGENT_CORRECTIONS}))`;

/** The operators' documents page: the document with its shop, supplier, uploader, order and urgency. */
const adminDocumentsSelect = (db: TDb, fields: Record<string, SQL.Aliased> = {}) =>
  db
    .select({
      doc: documents,
      supplierId: shopSuppliers.supplierId,
      supplierName: shopSuppliers.name,
      shopName: companies.name,
      uploader: users.email,
      orderId: orders.id,
      urgent: sql<boolean>`${urgentDocument}`,
      ...fields,
    })
    .from(documents)
    // Left: documents from unknown email senders have no supplier yet (the count, on documents alone, has them).
    .leftJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
    .innerJoin(companies, eq(companies.id, documents.shopId))
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .leftJoin(orders, eq(orders.documentId, documents.id));
type TAdminDocumentsRow = Awaited<ReturnType<ReturnType<typeof adminDocumentsSelect>['where']>>[number];

/** The operators' documents list of every shop (GET /admin/documents); `urgent` is computed in the page statement. */
const adminDocumentsList = defineList({
  name: 'admin-documents',
  id: documents.id,
  idOf: (r: TAdminDocumentsRow) => r.doc.id,
  sorts: {
    // Oldest first by default: the queue is worked from the document that has waited longest.
    oldest: { key: documents.createdAt, dir: 'asc', of: (r) => r.doc.createdAt },
    newest: { key: documents.createdAt, dir: 'desc', of: (r) => r.doc.createdAt },
  },
  where: (_scope, query: TAdminDocumentsQuery) => [
    query.status ? eq(documents.status, query.status) : undefined,
    query.intraining === undefined ? undefined : eq(documents.inTraining, query.intraining),
    query.urgent === undefined ? undefined : query.urgent ? urgentDocument : sql`not ${urgentDocument}`,
    query.shopid ? eq(documents.shopId, query.shopid) : undefined,
    query.shopsupplierid ? eq(documents.shopSupplierId, query.shopsupplierid) : undefined,
  ],
  search: {
    // As the shops' queue: file name and numbers read, or the supplier's name (its link ids).
    match: (_scope, pattern) =>
      or(
        sql`${documentText} like ${pattern}`,
        sql`${documents.shopSupplierId} = any(array(select ${shopSuppliers.id} from ${shopSuppliers} where ${fold(shopSuppliers.name)} like ${pattern}))`,
      ) as SQL,
  },
  select: (db, fields) => adminDocumentsSelect(db, fields).$dynamic(),
  toItem: (r): TAdminDocument => ({
    ...unprocessedOrder(r.doc, {
      supplierId: r.supplierId,
      supplierName: r.supplierName,
      uploader: r.uploader,
      orderId: r.orderId,
    }),
    shopName: r.shopName,
    aiModel: r.doc.aiModel,
    corrections: r.doc.corrections,
    urgent: Boolean(r.urgent),
  }),
  planCases: (seed): TPlanCase<TAdminDocumentsQuery>[] => [
    { scope: { side: 'platform' }, query: {} },
    { scope: { side: 'platform' }, query: { status: 'pending_review' } },
    { scope: { side: 'platform' }, query: { shopid: seed.shopId } },
    { scope: { side: 'platform' }, query: { search: seed.terms.fileName } },
  ],
});

export function createDocumentsService({
  db,
  storage,
  jobs,
  signedUrls,
  model,
  reader,
  notify,
  publish,
  onCreditNote,
  onRead,
  onSupplierChosen,
}: TDeps) {
  const profiles = createProfileStore(db);

  /** Upload progress of one document, for the upload dialog and the orders lists of its shop. */
  const progress = (
    tx: TDb,
    doc: Pick<TDocumentRow, 'id' | 'shopId'>,
    stage: TDocumentStage,
    pages?: { page: number; pages: number },
  ) =>
    publish(tx, [{ companyId: doc.shopId, type: 'document', data: { documentId: doc.id, stage, ...pages } }]);

  /** What the shop's members are told when reading ended. */
  async function readNotification(tx: TDb, doc: TDocumentRow, orderId: number | null) {
    const [link] =
      doc.shopSupplierId === null
        ? []
        : await tx
            .select({ name: shopSuppliers.name })
            .from(shopSuppliers)
            .where(eq(shopSuppliers.id, doc.shopSupplierId));
    const supplier = link?.name ?? unknownSender(doc).toLowerCase();
    const number = doc.headers.invoiceNum ?? doc.headers.orderNum;
    const what = number ? `${doc.documentType === 'order' ? 'Order' : 'Invoice'} ${number}` : doc.fileName;
    const review = `/shops/${doc.shopId}/orders/review/${doc.id}`;
    if (doc.status === 'failed') {
      return notify(
        {
          companyId: doc.shopId,
          kind: 'document_failed',
          title: `${doc.fileName} could not be read`,
          body: `${doc.issues[0]?.description ?? 'The document could not be read.'} Upload it again or enter it by hand.`,
          link: review,
        },
        tx,
      );
    }
    if (orderId !== null) {
      return notify(
        {
          companyId: doc.shopId,
          kind: 'document_processed',
          title: `${what} from ${supplier} was processed`,
          body: `It was read and processed straight through, without review.`,
          link: `/shops/${doc.shopId}/orders/${orderId}`,
        },
        tx,
      );
    }
    const issues = doc.issues.length;
    return notify(
      {
        companyId: doc.shopId,
        kind: 'document_ready',
        title: `${what} from ${supplier} is ready for review`,
        body: issues
          ? `${issues} thing${issues === 1 ? '' : 's'} to check: ${doc.issues[0]!.description}${issues > 1 ? ' …' : ''}`
          : 'Everything adds up; check it and process it.',
        link: review,
      },
      tx,
    );
  }

  async function shopDocument(shopId: number, id: number) {
    const [doc] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.shopId, shopId)));
    if (!doc) throw notFound('This document');
    return doc;
  }

  async function editableDocument(shopId: number, id: number) {
    const doc = await shopDocument(shopId, id);
    if (doc.status === 'reading')
      throw new AppError('CONFLICT', 'This document is still being read. Try again in a moment.');
    if (doc.status === 'processed')
      throw new AppError('CONFLICT', 'This document has already been processed.');
    return doc;
  }

  const itemsOf = (documentId: number) =>
    db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, documentId))
      .orderBy(asc(documentItems.lineNo));

  /** The document as the reader's result shape, so the reader's own checks can run on corrected data. */
  const asReaderResult = (doc: TDocumentRow, items: TDocumentItemRow[]): TReaderResult =>
    ({
      file: doc.fileName,
      pages: doc.pages,
      source: 'text',
      documentType: doc.documentType,
      currency: doc.currency ?? undefined,
      vendor: doc.vendor,
      recipient: doc.recipient,
      invoiceTo: doc.invoiceTo,
      headers: doc.headers,
      totals: doc.totals,
      items: items.map(itemInput),
      issues: [],
      confidence: { overall: doc.confidence, fields: {} },
      boxes: doc.boxes,
      pendingReview: true,
    }) as TReaderResult;

  /** Earlier orders of the same supplier, for duplicate checks. */
  /**
   * What the shop's earlier orders from this supplier tell the reader: documents already read (duplicates), and
   * the supplier's name and address as a person confirmed them (a receipt's OCR'd vendor takes that spelling).
   */
  async function historyOf(shopSupplierId: number | null, excludeDocumentId: number) {
    // No supplier chosen yet (unknown email sender): no earlier orders to compare with.
    if (shopSupplierId === null) return { previous: [], knownVendors: [] };
    const rows = await db
      .select({ invoiceNum: orders.invoiceNum, invoiceTotal: orders.invoiceTotal, vendor: orders.vendor })
      .from(orders)
      .where(
        and(
          eq(orders.shopSupplierId, shopSupplierId),
          sql`${orders.documentId} is distinct from ${excludeDocumentId}`,
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(500);
    const knownVendors = new Map<string, KnownVendor>();
    for (const { vendor } of rows)
      if (vendor.name && !knownVendors.has(vendor.name) && knownVendors.size < KNOWN_VENDORS)
        knownVendors.set(vendor.name, {
          name: vendor.name,
          ...(vendor.address ? { address: vendor.address } : {}),
        });
    return {
      previous: rows.map((r) => ({
        vendorName: r.vendor.name,
        invoiceNum: r.invoiceNum ?? undefined,
        invoiceTotal: r.invoiceTotal ?? undefined,
      })),
      knownVendors: [...knownVendors.values()],
    };
  }

  /**
   * The company that uploaded the document, which the reader takes as evidence of who is who on the page: the
   * shop is the buyer of what lands in its queue; a supplier's user uploading for a client shop (a credit
   * note), and not a member of that shop, uploads as the supplier.
   */
  async function ownCompanyOf(
    doc: TDocumentRow,
    supplierId: number | undefined,
  ): Promise<OwnCompany | undefined> {
    const uploaderOf =
      doc.uploadedBy && supplierId !== undefined
        ? await db
            .select({ companyId: memberships.companyId })
            .from(memberships)
            .where(
              and(
                eq(memberships.userId, doc.uploadedBy),
                inArray(memberships.companyId, [doc.shopId, supplierId]),
              ),
            )
        : [];
    const asSupplier =
      supplierId !== undefined &&
      uploaderOf.some((m) => m.companyId === supplierId) &&
      !uploaderOf.some((m) => m.companyId === doc.shopId);
    const companyId = asSupplier && supplierId !== undefined ? supplierId : doc.shopId;
    const [company] = await db
      .select({ name: companies.name, address: companies.address })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) return undefined;
    return {
      role: asSupplier ? 'supplier' : 'buyer',
      name: company.name,
      ...(company.address ? { address: company.address } : {}),
    };
  }

  /** Issues of the reader's shape, tied to item rows instead of item positions. */
  const toStoredIssues = (
    issues: { table: string; column?: string; description: string; item?: number }[],
    items: { id: number }[],
  ) =>
    issues.map((i) => ({
      table: i.table,
      column: i.column ?? '',
      description: i.description,
      itemId: i.item !== undefined ? (items[i.item]?.id ?? null) : null,
    }));

  /** Runs the reader's checks again; `corrected` counts a person's edit towards the supplier's corrections. */
  async function recheck(doc: TDocumentRow, corrected = false) {
    const items = await itemsOf(doc.id);
    const { previous } = await historyOf(doc.shopSupplierId, doc.id);
    const issues = runChecks(asReaderResult(doc, items), { previous });
    const stored = toStoredIssues(issues, items);
    await db
      .update(documents)
      .set({ issues: stored, ...(corrected ? { corrections: sql`${documents.corrections} + 1` } : {}) })
      .where(eq(documents.id, doc.id));
    return stored;
  }

  async function review(shopId: number, id: number): Promise<TReviewOrder> {
    const doc = await shopDocument(shopId, id);
    const [link] =
      doc.shopSupplierId === null
        ? []
        : await db
            .select({ link: shopSuppliers, supplierName: companies.name })
            .from(shopSuppliers)
            .innerJoin(companies, eq(companies.id, shopSuppliers.supplierId))
            .where(eq(shopSuppliers.id, doc.shopSupplierId));
    const [uploader] = doc.uploadedBy
      ? await db.select().from(users).where(eq(users.id, doc.uploadedBy))
      : [];
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.documentId, doc.id));
    const [processor] = doc.processedBy
      ? await db
          .select({ user: users, operator: operators.userId })
          .from(users)
          .leftJoin(operators, eq(operators.userId, users.id))
          .where(eq(users.id, doc.processedBy))
      : [];
    const items = await itemsOf(doc.id);
    const issues: TIssue[] = doc.issues.map((i) => ({
      tempOrderId: doc.id,
      tempOrderItemId: i.itemId,
      table: i.table,
      column: i.column,
      description: i.description,
    }));
    return {
      id: doc.id,
      tempOrderId: doc.id,
      status: doc.status,
      fileName: doc.fileName,
      contentType: doc.contentType,
      pages: doc.pages,
      documentType: doc.documentType,
      currency: doc.currency,
      vendor: doc.vendor,
      recipient: doc.recipient,
      invoiceTo: doc.invoiceTo,
      insertedBy: uploader
        ? { name: `${uploader.firstName} ${uploader.lastName}`, email: uploader.email }
        : {},
      uploadedVia: doc.uploadedVia,
      emailSender: doc.emailSender,
      headers: doc.headers,
      totals: doc.totals,
      otherData: { notes: doc.notes ?? doc.memo, companyAddress: doc.vendor.address ?? null },
      // Null for a document from an unknown email sender until a person chooses the supplier.
      supplier: link
        ? {
            globalSupplierId: link.link.supplierId,
            globalSupplierName: link.supplierName,
            shopSupplierName: link.link.name,
            shopSupplierId: link.link.id,
          }
        : null,
      skipApproval: link?.link.skipApproval ?? false,
      pendingReview: doc.status === 'pending_review',
      aiModel: doc.aiModel,
      items: items.map(tempItem),
      issues,
      boxes: doc.boxes,
      confidence: doc.confidence,
      isPendingReview: doc.status === 'pending_review',
      isInTraining: doc.inTraining,
      isProcessed: doc.status === 'processed',
      orderId: order?.id ?? null,
      processedBy: processor
        ? {
            name: `${processor.user.firstName} ${processor.user.lastName}`,
            email: processor.user.email,
            operator: processor.operator !== null,
          }
        : null,
    };
  }

  /** Turns a document into its order (once: the order's document id is unique) and teaches the reader. */
  /** Makes the document's order (the order's unique document id makes it once) and marks it processed. */
  async function complete(tx: TDb, doc: TDocumentRow, userId: string | null) {
    const items = await tx
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, doc.id))
      .orderBy(asc(documentItems.lineNo));
    const order = await createOrderFromDocument(tx, doc, items, userId);
    await tx
      .update(documents)
      .set({ status: 'processed', processedAt: new Date(), processedBy: userId })
      .where(eq(documents.id, doc.id));
    return order.id;
  }

  /** A person processed the document: make its order and teach the reader from it. */
  async function finish(doc: TDocumentRow, userId: string) {
    await db.transaction(async (tx) => {
      await complete(tx as unknown as TDb, doc, userId);
      await progress(tx as unknown as TDb, doc, 'processed');
    });
    await jobs.send('learn-layout', { documentId: doc.id });
  }

  /** An earlier document with the same bytes for the same supplier (or, without one, among the shop's unassigned). */
  async function duplicateOf(shopId: number, link: TShopSupplierRow | null, sha256: string) {
    const [earlier] = await db
      .select({ id: documents.id, createdAt: documents.createdAt })
      .from(documents)
      .where(
        and(
          link
            ? eq(documents.shopSupplierId, link.id)
            : and(eq(documents.shopId, shopId), isNull(documents.shopSupplierId)),
          eq(documents.sha256, sha256),
        ),
      );
    return earlier
      ? new AppError(
          'CONFLICT',
          `This file was already uploaded for ${link?.name ?? 'an unknown sender'} on ${earlier.createdAt.toISOString().slice(0, 10)} (document ${earlier.id}); it is not read twice.`,
        )
      : null;
  }

  return {
    review,

    /**
     * A person chose the supplier of a document from an unknown email sender: it becomes that supplier's (checked
     * against the supplier's earlier documents, matched to the POS catalogue), and the sender's address is offered
     * as one of the supplier's secondary emails when it is not one yet.
     */
    async chooseSupplier(shopId: number, id: number, shopSupplierId: number) {
      const doc = await editableDocument(shopId, id);
      const [link] = await db
        .select()
        .from(shopSuppliers)
        .where(and(eq(shopSuppliers.id, shopSupplierId), eq(shopSuppliers.shopId, shopId)));
      if (!link)
        throw new AppError('NOT_FOUND', 'This supplier was not found among your suppliers.', {
          shopSupplierId: ['Choose one of your suppliers'],
        });
      if (doc.shopSupplierId !== null)
        throw new AppError('CONFLICT', 'The supplier of this document is already chosen.');
      const known = await duplicateOf(shopId, link, doc.sha256);
      if (known) throw known;
      const [trained] = await db
        .select()
        .from(supplierProfiles)
        .where(eq(supplierProfiles.supplierId, link.supplierId));
      const [updated] = await db
        .update(documents)
        .set({ shopSupplierId: link.id, inTraining: (trained?.trainedDocuments ?? 0) < TRAINING_DOCUMENTS })
        .where(and(eq(documents.id, doc.id), isNull(documents.shopSupplierId)))
        .returning()
        .catch(async (error) => {
          // Chosen for the same supplier as an identical file at the same moment: the unique index decides.
          throw (error as { code?: string }).code === '23505'
            ? ((await duplicateOf(shopId, link, doc.sha256)) ?? error)
            : error;
        });
      if (!updated) throw new AppError('CONFLICT', 'This document changed meanwhile. Open it again.');
      await recheck(updated);
      if (updated.documentType === 'creditNote') await onCreditNote(updated.id);
      else await onRead?.(updated.id, db);
      await onSupplierChosen?.(updated);
      const emails = [link.mainEmail, ...link.secondaryEmails].map((e) => e.toLowerCase());
      return {
        document: await review(shopId, id),
        offerSecondaryEmail:
          doc.emailSender && !emails.includes(doc.emailSender.toLowerCase()) ? doc.emailSender : null,
      };
    },

    /** The shop-supplier metrics of spec §3, per link, counted from documents and orders. */
    /** The list's per-supplier counts in one statement: the documents' by state, then the orders' (UNION ALL). */
    async metricsByLink(shopId: number, linkIds: number[]) {
      const none = sql<number>`0`;
      const byDocuments = db
        .select({
          linkId: documents.shopSupplierId,
          totalProcessedOrders: sql<number>`count(*) filter (where ${documents.status} = 'processed')::int`,
          totalUnprocessedOrders: sql<number>`count(*) filter (where ${documents.status} <> 'processed')::int`,
          totalTrainedOrders: sql<number>`count(*) filter (where ${documents.processedBy} is not null)::int`,
          totalInTrainingOrders: sql<number>`count(*) filter (where ${documents.inTraining} and ${documents.status} <> 'processed')::int`,
          // Waiting for a person for more than a day while the supplier's layout is still being learned.
          totalUrgentTrainOrders: sql<number>`(case when sum(${documents.corrections}) >= ${URGENT_CORRECTIONS} then count(*) filter (where ${documents.inTraining} and ${documents.status} = 'pending_review') else count(*) filter (where ${waitingTooLong}) end)::int`,
          totalPendingReviewOrders: sql<number>`count(*) filter (where ${documents.status} = 'pending_review')::int`,
          totalOrders: none,
          fromOrders: sql<boolean>`false`,
        })
        .from(documents)
        .where(and(eq(documents.shopId, shopId), inArray(documents.shopSupplierId, linkIds)))
        .groupBy(documents.shopSupplierId);
      const byOrders = db
        .select({
          linkId: orders.shopSupplierId,
          totalProcessedOrders: none,
          totalUnprocessedOrders: none,
          totalTrainedOrders: none,
          totalInTrainingOrders: none,
          totalUrgentTrainOrders: none,
          totalPendingReviewOrders: none,
          totalOrders: sql<number>`count(*)::int`,
          fromOrders: sql<boolean>`true`,
        })
        .from(orders)
        .where(and(eq(orders.shopId, shopId), inArray(orders.shopSupplierId, linkIds)))
        .groupBy(orders.shopSupplierId);
      const metrics = new Map<number, Partial<TShopSupplierMetrics>>();
      for (const { linkId, fromOrders, totalOrders, ...m } of await unionAll(byDocuments, byOrders)) {
        const known = metrics.get(linkId!);
        if (fromOrders) metrics.set(linkId!, { ...known, totalOrders });
        else metrics.set(linkId!, { ...m, totalOrders: known?.totalOrders ?? 0 });
      }
      return metrics;
    },

    async upload(input: TUpload) {
      const [link] =
        input.shopSupplierId === null && input.email
          ? [null]
          : await db
              .select()
              .from(shopSuppliers)
              .where(
                and(eq(shopSuppliers.id, input.shopSupplierId ?? 0), eq(shopSuppliers.shopId, input.shopId)),
              );
      if (link === undefined) {
        throw new AppError('NOT_FOUND', 'This supplier was not found among your suppliers.', {
          ShopSupplierId: ['Choose one of your suppliers'],
        });
      }
      if (input.bytes.length === 0)
        throw new AppError('BAD_REQUEST', 'The file is empty.', { File: ['The file is empty'] });
      if (input.bytes.length > UPLOAD_MAX_BYTES)
        throw new AppError('TOO_LARGE', 'The file is larger than 10 MB.');
      const xml = input.email ? eInvoiceType(input.bytes) : undefined;
      const type = xml ?? (await fileTypeFromBuffer(input.bytes));
      const extension = xml?.ext ?? (type ? ACCEPTED[type.mime] : undefined);
      if (!type || !extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPES_MESSAGE);

      const sha256 = createHash('sha256').update(input.bytes).digest('hex');
      const duplicate = () => duplicateOf(input.shopId, link, sha256);
      const known = await duplicate();
      if (known) throw known;

      const [shop] = await db
        .select({ aiModel: companies.aiModel })
        .from(companies)
        .where(eq(companies.id, input.shopId));
      const fileKey = await storage.put('documents', input.bytes, extension);
      let created: TDocumentRow | undefined;
      try {
        [created] = await db
          .insert(documents)
          .values({
            shopId: input.shopId,
            shopSupplierId: link?.id ?? null,
            uploadedBy: input.userId,
            ...(input.email ? { uploadedVia: 'email' as const, emailSender: input.email.sender } : {}),
            memo: input.memo?.trim() || null,
            fileKey,
            fileName: input.fileName.slice(0, 255) || `document.${extension}`,
            contentType: type.mime,
            sha256,
            size: input.bytes.length,
            aiModel: shop?.aiModel ?? 'builtin',
          })
          .returning();
      } catch (error) {
        // Two uploads of the same file at once: the unique index lets one win; the other is the duplicate.
        await storage.delete(fileKey);
        throw (await duplicate()) ?? error;
      }
      await jobs.send('read-document', { documentId: created!.id });
      await progress(db, created!, 'stored');
      return {
        message: 'Your order has been successfully received and is currently being processed.',
        tempOrderId: created!.id,
        status: created!.status,
      };
    },

    /** The reading job: idempotent, so a retry after a crash reads the document at most once more and stores it once. */
    async read(documentId: number) {
      const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
      if (doc?.status !== 'reading') return;
      // A document from an unknown email sender is read without a supplier's layout; a person chooses one in review.
      const [link] =
        doc.shopSupplierId === null
          ? []
          : await db.select().from(shopSuppliers).where(eq(shopSuppliers.id, doc.shopSupplierId));
      const bytes = await storage.get(doc.fileKey);
      await progress(db, doc, 'reading');
      const supplierKey = link ? String(link.supplierId) : undefined;
      const [trained] = link
        ? await db.select().from(supplierProfiles).where(eq(supplierProfiles.supplierId, link.supplierId))
        : [];
      const inTraining = (trained?.trainedDocuments ?? 0) < TRAINING_DOCUMENTS;
      // Page events are written one after another, all before the final one (a client never sees them reversed).
      let pageEvents = Promise.resolve();
      const onPage = (page: number, pages: number) => {
        pageEvents = pageEvents.then(() => progress(db, doc, 'reading', { page, pages })).catch(() => {});
      };
      const ownCompany = await ownCompanyOf(doc, link?.supplierId);
      const result: TReaderResult = bytes
        ? await reader().read(bytes, {
            ...(ownCompany ? { ownCompany } : {}),
            fileName: doc.fileName,
            onPage,
            supplierKey,
            profile: supplierKey ? ((await profiles.get(supplierKey)) ?? undefined) : undefined,
            ...(await historyOf(doc.shopSupplierId, doc.id)),
            ...(doc.aiModel !== 'builtin' && model ? { model } : {}),
          })
        : ({
            items: [],
            issues: [{ table: 'document', column: 'file', description: 'The stored file is missing.' }],
          } as unknown as TReaderResult);
      await pageEvents;
      const creditNote = bytes !== null && result.documentType === 'creditNote';
      const automatic =
        !creditNote &&
        link?.isAutoProcessed === true &&
        !inTraining &&
        !result.pendingReview &&
        result.issues.length === 0;

      await db.transaction(async (tx) => {
        // Re-check under the transaction: another attempt of this job may have finished meanwhile.
        const [current] = await tx
          .select({ status: documents.status })
          .from(documents)
          .where(eq(documents.id, doc.id))
          .for('update');
        if (current?.status !== 'reading') return;
        await tx.delete(documentItems).where(eq(documentItems.documentId, doc.id));
        const items = result.items.length
          ? await tx
              .insert(documentItems)
              .values(result.items.map((it, i) => ({ documentId: doc.id, lineNo: i + 1, ...pickItem(it) })))
              .returning({ id: documentItems.id })
          : [];
        const [updated] = await tx
          .update(documents)
          .set({
            status: bytes ? 'pending_review' : 'failed',
            pages: result.pages ?? 0,
            source: result.source ?? null,
            documentType: result.documentType ?? 'unknown',
            currency: result.currency ?? null,
            vendor: compact(result.vendor ?? {}) as Record<string, string>,
            recipient: compact(result.recipient ?? {}) as Record<string, string>,
            invoiceTo: compact(result.invoiceTo ?? {}) as Record<string, string>,
            headers: compact(result.headers ?? {}) as Record<string, string>,
            totals: compact(result.totals ?? {}),
            boxes: result.boxes ?? {},
            issues: toStoredIssues(result.issues, items),
            confidence: result.confidence?.overall ?? 0,
            inTraining,
            readAt: new Date(),
          })
          .where(eq(documents.id, doc.id))
          .returning();
        if (!updated) return;
        // A credit note's lines are credits, not deliveries: no products or prices to match.
        if (!creditNote) await onRead?.(doc.id, tx as unknown as TDb);
        // Straight through: the order is made in the same transaction, so no one sees the document half-done.
        const orderId = automatic ? await complete(tx as unknown as TDb, updated, null) : null;
        const stage = updated.status === 'failed' ? 'failed' : orderId !== null ? 'processed' : 'ready';
        await progress(tx as unknown as TDb, updated, stage);
        await readNotification(tx as unknown as TDb, updated, orderId);
      });
      if (creditNote) await onCreditNote(doc.id);
    },

    /** The learning job: teaches the reader this supplier's layout from the corrected document. */
    async learn(documentId: number) {
      const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
      if (doc?.status !== 'processed' || doc.shopSupplierId === null) return;
      const [link] = await db.select().from(shopSuppliers).where(eq(shopSuppliers.id, doc.shopSupplierId));
      const bytes = await storage.get(doc.fileKey);
      if (!link || !bytes) return;
      // in the reader's worker thread: the layout is learned by reading the document, which may take seconds
      const corrected = asReaderResult(doc, await itemsOf(doc.id));
      await reader().learn(profiles, String(link.supplierId), bytes, corrected, { fileName: doc.fileName });
    },

    /** Documents of a shop (or, for a supplier, addressed to it) in the given states, newest first. */
    /** The review queue (`pending_review`, `failed`) or every unprocessed document (`reading` too). */
    list: (
      scope: TListScope,
      which: 'review' | 'unprocessed',
      query: TDocumentsQuery,
    ): Promise<TPage<TUnprocessedOrder>> =>
      (which === 'review' ? reviewQueue : unprocessedList).run(db, scope, query),

    async patch(shopId: number, id: number, patch: TReviewPatch) {
      const doc = await editableDocument(shopId, id);
      // Given fields replace the read ones; an empty value removes a field.
      const merge = (current: Record<string, unknown>, given: object | undefined) =>
        (given ? compact({ ...current, ...given }) : current) as Record<string, string>;
      await db
        .update(documents)
        .set({
          vendor: merge(doc.vendor, patch.vendor),
          recipient: merge(doc.recipient, patch.recipient),
          invoiceTo: merge(doc.invoiceTo, patch.invoiceTo),
          headers: merge(doc.headers, patch.headers),
          totals: merge(doc.totals, patch.totals) as unknown as Record<string, number>,
          ...(patch.currency !== undefined ? { currency: patch.currency || null } : {}),
          ...(patch.notes !== undefined ? { notes: patch.notes || null } : {}),
        })
        .where(eq(documents.id, doc.id));
      await recheck((await db.select().from(documents).where(eq(documents.id, doc.id)))[0]!, true);
      return review(shopId, id);
    },

    async patchItem(shopId: number, id: number, itemId: number, input: TItemInput) {
      const doc = await editableDocument(shopId, id);
      const updated = await db
        .update(documentItems)
        .set(pickItem(input, true))
        .where(and(eq(documentItems.id, itemId), eq(documentItems.documentId, doc.id)))
        .returning({ id: documentItems.id });
      if (!updated.length) throw notFound('This item');
      await recheck(doc, true);
      return review(shopId, id);
    },

    async addItem(shopId: number, id: number, input: TItemInput) {
      const doc = await editableDocument(shopId, id);
      const [last] = await db
        .select({ lineNo: documentItems.lineNo })
        .from(documentItems)
        .where(eq(documentItems.documentId, doc.id))
        .orderBy(desc(documentItems.lineNo))
        .limit(1);
      await db
        .insert(documentItems)
        .values({ documentId: doc.id, lineNo: (last?.lineNo ?? 0) + 1, ...pickItem(input) });
      await recheck(doc, true);
      return review(shopId, id);
    },

    async process(shopId: number, id: number, userId: string, override: boolean) {
      const doc = await editableDocument(shopId, id);
      // Not an issue that "process anyway" passes over: an order needs its supplier.
      if (doc.shopSupplierId === null)
        throw new AppError('CONFLICT', `${unknownSender(doc)}: choose the supplier before processing it.`, {
          shopSupplierId: ['Choose the supplier'],
        });
      const issues = await recheck(doc);
      if (issues.length && !override) {
        throw new AppError(
          'CONFLICT',
          `${issues.length} issue${issues.length === 1 ? '' : 's'} still need${issues.length === 1 ? 's' : ''} a look. Fix them, or process anyway.`,
          { issues: issues.map((i) => i.description) },
        );
      }
      await finish(doc, userId);
      return review(shopId, id);
    },

    /** Reads a document not yet processed again, with the given model (the same job as after an upload). */
    async reread(shopId: number, id: number, aiModel: string) {
      const doc = await editableDocument(shopId, id);
      const [updated] = await db
        .update(documents)
        .set({ status: 'reading', aiModel, readAt: null })
        .where(and(eq(documents.id, doc.id), inArray(documents.status, ['pending_review', 'failed'])))
        .returning({ id: documents.id });
      if (!updated) throw new AppError('CONFLICT', 'This document changed meanwhile. Open it again.');
      await jobs.send('read-document', { documentId: doc.id });
      return review(shopId, id);
    },

    /** The shop a document belongs to (for callers that know only the document, such as operators). */
    async shopOf(id: number) {
      const [row] = await db
        .select({ shopId: documents.shopId, shopName: companies.name })
        .from(documents)
        .innerJoin(companies, eq(companies.id, documents.shopId))
        .where(eq(documents.id, id));
      if (!row) throw notFound('This document');
      return row;
    },

    /** Documents of every shop, for operators: by state, training, urgency, shop and supplier. */
    listAcross: (query: TAdminDocumentsQuery): Promise<TPage<TAdminDocument>> =>
      adminDocumentsList.run(db, { side: 'platform' }, query),

    async fileUrl(scope: { side: 'shops' | 'suppliers'; companyId: number }, id: number) {
      const [row] = await db
        .select({ doc: documents })
        .from(documents)
        // Left: the shop sees the file of a document whose supplier is not chosen yet; a supplier never does.
        .leftJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
        .where(
          and(
            eq(documents.id, id),
            scope.side === 'shops'
              ? eq(documents.shopId, scope.companyId)
              : eq(shopSuppliers.supplierId, scope.companyId),
          ),
        );
      if (!row) throw notFound('This document');
      return signedUrls.create({
        key: row.doc.fileKey,
        contentType: row.doc.contentType,
        fileName: row.doc.fileName,
      });
    },
  };
}
export type TDocumentsService = ReturnType<typeof createDocumentsService>;

/** The item columns of an input; with `clear`, empty strings become nulls (a person erased the value). */
function pickItem(input: TItemInput, clear = false) {
  const out: Record<string, unknown> = {};
  for (const f of ITEM_FIELDS) {
    const v = input[f];
    if (v === undefined) continue;
    out[f] = clear && v === '' ? null : v;
  }
  return out as Partial<TDocumentItemRow>;
}

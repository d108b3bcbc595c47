import { randomBytes } from 'node:crypto';
import {
  MAIL_MESSAGE_STATUS_TEXT,
  type TEmailServer,
  type TMailMessage,
  type TMailMessagesQuery,
} from '@orderbridge/contract';
import { and, count as countRows, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Attachment, type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import type { TDb } from '../../db/client.js';
import {
  documents as documentsTable,
  mailInAddresses,
  mailMessages,
  shopSuppliers,
  type TDocumentRow,
  type TMailAttachmentOutcome,
  type TMailMessageRow,
  type TShopSupplierRow,
  users,
} from '../../db/schema/index.js';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { defineList } from '../../lib/list.js';
import type { Storage } from '../../lib/storage.js';
import type { TJobs } from '../../plugins/jobs.js';
import type { TNotify, TNotifyInput } from '../notifications/notifications.service.js';
import type { TDocumentsService } from '../orders/documents.service.js';

/** What the notifications module hears when a document arrives by email (see `onDocumentArrived`). */
export type TEmailDocumentArrived = {
  shopId: number;
  documentId: number;
  /** Null for an unknown sender's document, until a person chooses the supplier. */
  shopSupplierId: number | null;
  sender: string | null;
  mailMessageId: number;
};

type TDeps = {
  db: TDb;
  storage: Storage;
  jobs: TJobs;
  documents: TDocumentsService;
  domain: string;
  maxBytes: number;
  log: FastifyBaseLogger;
  notify: TNotify;
  /** The shop's mailboxes as the API shows them (the mailboxes service, which needs this one to ingest). */
  mailboxesOf: (shopId: number) => Promise<TEmailServer[]>;
};

export type TIncoming = {
  shopId: number;
  source: TMailMessageRow['source'];
  raw: Buffer;
  /** SMTP `MAIL FROM`; a header From of another domain is not trusted to pick the supplier. */
  envelopeSender?: string | null;
  mailboxId?: number;
  sourceRef?: string;
};

/** The ingestion address's local part: `orders+<token>`. */
const LOCAL_PART = /^orders\+([a-z0-9]{16,64})$/;
const newAddressToken = () => randomBytes(12).toString('hex');
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The sender's address from the header From, lower-cased. */
const senderOf = (mail: ParsedMail) => mail.from?.value[0]?.address?.toLowerCase() || null;

/** Attachments that can become documents: not the images a message body shows inline (logos, signatures). */
const documentCandidates = (mail: ParsedMail) => mail.attachments.filter((a) => !a.related);

const attachmentName = (a: Attachment, i: number) =>
  (a.filename || `attachment-${i + 1}`).replace(/[\r\n]/g, ' ').slice(0, 255);

/** A received message with the name of the supplier it went to. */
const messageSelect = (db: TDb, fields: Record<string, SQL.Aliased> = {}) =>
  db
    .select({ m: mailMessages, supplierName: shopSuppliers.name, ...fields })
    .from(mailMessages)
    .leftJoin(shopSuppliers, eq(shopSuppliers.id, mailMessages.shopSupplierId));
type TMessageListRow = Awaited<ReturnType<ReturnType<typeof messageSelect>['where']>>[number];

const messageItem = ({ m, supplierName }: TMessageListRow): TMailMessage => ({
  id: m.id,
  source: m.source,
  sender: m.sender,
  subject: m.subject,
  size: m.size,
  status: m.status,
  statusText: MAIL_MESSAGE_STATUS_TEXT[m.status],
  outcome: m.outcome,
  shopSupplierId: m.shopSupplierId,
  supplierName,
  attachments: m.attachments,
  receivedAt: m.createdAt.toISOString(),
  processedAt: m.processedAt?.toISOString() ?? null,
});

/** The received messages of a shop (the email page's log and `…/email-config/messages`). */
export const mailMessagesList = defineList({
  name: 'mail-messages',
  id: mailMessages.id,
  idOf: (r: TMessageListRow) => r.m.id,
  sorts: {
    newest: { key: mailMessages.createdAt, dir: 'desc', of: (r) => r.m.createdAt },
    oldest: { key: mailMessages.createdAt, dir: 'asc', of: (r) => r.m.createdAt },
  },
  where: (scope, query: TMailMessagesQuery) => [
    // A shop's own; no other side has messages.
    scope.side === 'shops' ? eq(mailMessages.shopId, scope.companyId) : sql`false`,
    query.status ? eq(mailMessages.status, query.status) : undefined,
  ],
  select: (db, fields) => messageSelect(db, fields).$dynamic(),
  toItem: messageItem,
  planCases: (seed) => [
    { scope: { side: 'shops', companyId: seed.shopId }, query: {} },
    { scope: { side: 'shops', companyId: seed.shopId }, query: { status: 'needs_supplier' as const } },
  ],
});

/**
 * Mail in: every shop's ingestion address, the log of received messages, and the ingestion that turns a message's
 * attachments into documents through the same upload path as the upload dialog.
 */
export function createMailInService({
  db,
  storage,
  jobs,
  documents,
  domain,
  maxBytes,
  log,
  notify,
  mailboxesOf,
}: TDeps) {
  const arrivedListeners: ((event: TEmailDocumentArrived) => Promise<void> | void)[] = [];

  async function addressToken(shopId: number) {
    const [row] = await db.select().from(mailInAddresses).where(eq(mailInAddresses.shopId, shopId));
    if (row) return row.token;
    const [made] = await db
      .insert(mailInAddresses)
      .values({ shopId, token: newAddressToken() })
      .onConflictDoNothing()
      .returning();
    if (made) return made.token;
    return (await db.select().from(mailInAddresses).where(eq(mailInAddresses.shopId, shopId)))[0]!.token;
  }

  const addressOf = (token: string) => `orders+${token}@${domain}`;

  /** The shop's supplier link whose main or secondary address is the sender. */
  async function supplierBySender(shopId: number, sender: string) {
    const [link] = await db
      .select()
      .from(shopSuppliers)
      .where(
        and(
          eq(shopSuppliers.shopId, shopId),
          sql`(lower(${shopSuppliers.mainEmail}) = ${sender} or ${sender} = any(select lower(e) from unnest(${shopSuppliers.secondaryEmails}) e))`,
        ),
      )
      .limit(1);
    return link ?? null;
  }

  async function shopLink(shopId: number, shopSupplierId: number) {
    const [link] = await db
      .select()
      .from(shopSuppliers)
      .where(and(eq(shopSuppliers.id, shopSupplierId), eq(shopSuppliers.shopId, shopId)));
    if (!link) throw notFound('This supplier');
    return link;
  }

  async function shopMessage(shopId: number, id: number) {
    const [row] = await db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, id), eq(mailMessages.shopId, shopId)));
    if (!row) throw notFound('This message');
    return row;
  }

  /**
   * Ends a message's ingestion with its outcome. What the shop is told of it commits with the outcome, so whoever
   * sees the outcome also finds the notification, and a worker that dies in between loses neither.
   */
  async function finish(id: number, values: Partial<TMailMessageRow>, tell?: TNotifyInput) {
    await db.transaction(async (t) => {
      const tx = t as unknown as TDb;
      await tx
        .update(mailMessages)
        .set({ ...values, processedAt: new Date() })
        .where(eq(mailMessages.id, id));
      if (tell) await notify(tell, tx);
    });
  }

  /** Each attachment through the upload path; failures of one attachment are that attachment's outcome. */
  async function makeDocuments(
    row: TMailMessageRow,
    link: TShopSupplierRow | null,
    mail: ParsedMail,
    sender: string | null,
  ) {
    const outcomes: TMailAttachmentOutcome[] = [];
    const made: number[] = [];
    for (const [i, attachment] of documentCandidates(mail).entries()) {
      const fileName = attachmentName(attachment, i);
      try {
        const { tempOrderId } = await documents.upload({
          shopId: row.shopId,
          userId: null,
          shopSupplierId: link?.id ?? null,
          memo: mail.subject ? `Email: ${mail.subject}`.slice(0, 2000) : undefined,
          fileName,
          bytes: attachment.content,
          email: { sender },
        });
        outcomes.push({ fileName, outcome: 'document', documentId: tempOrderId });
        made.push(tempOrderId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push({
          fileName,
          outcome: error.code === 'CONFLICT' ? 'duplicate' : 'refused',
          reason: error.message,
        });
      }
    }
    return { outcomes, made };
  }

  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

  const emailPage = (shopId: number) => `/shops/${shopId}/config/email`;

  /**
   * What the shop is told of a refused message, if anything. Mail to the ingestion address is meant for
   * OrderBridge, so every refusal is told; the shop's own mailbox also holds ordinary mail, so there only a
   * supplier's refused mail is.
   */
  async function refusalNotice(
    row: Pick<TMailMessageRow, 'shopId' | 'source'>,
    sender: string | null,
    reason: string,
  ): Promise<TNotifyInput | undefined> {
    if (row.source === 'imap' && !(sender && (await supplierBySender(row.shopId, sender)))) return undefined;
    return {
      companyId: row.shopId,
      kind: 'email_refused',
      title: `A message from ${sender ?? 'an unknown sender'} was refused`,
      body: reason,
      link: emailPage(row.shopId),
    };
  }

  /** The ingestion job: idempotent, a message leaves `queued` once. */
  async function ingest(id: number) {
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (row?.status !== 'queued') return;
    const raw = row.rawKey ? await storage.get(row.rawKey) : null;
    if (!raw) return finish(id, { status: 'failed', outcome: 'The stored message is missing.' });
    let mail: ParsedMail;
    try {
      mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
    } catch (error) {
      const outcome = `The message could not be read as email (${(error as Error).message}).`;
      return finish(
        id,
        { status: 'refused', outcome },
        await refusalNotice(row, row.envelopeSender, outcome),
      );
    }
    const sender = senderOf(mail);
    const header = { sender, subject: mail.subject?.slice(0, 500) ?? null };
    if (documentCandidates(mail).length === 0) {
      const outcome =
        'No attachment to read: send invoices as PDF, PNG, JPEG or e-invoice XML attachments (links in the text are not followed).';
      return finish(id, { ...header, status: 'refused', outcome }, await refusalNotice(row, sender, outcome));
    }
    // A header From in another domain than the SMTP envelope's sender could be forged: a person chooses.
    const forged =
      sender && row.envelopeSender && domainOf(row.envelopeSender) !== domainOf(sender)
        ? ` (sent through ${row.envelopeSender})`
        : '';
    const link = row.shopSupplierId
      ? await shopLink(row.shopId, row.shopSupplierId).catch(() => null)
      : sender && !forged
        ? await supplierBySender(row.shopId, sender)
        : null;
    // An unknown sender's documents are made all the same, without a supplier: they wait in the review queue.
    const { outcomes, made } = await makeDocuments(row, link, mail, sender);
    const duplicates = outcomes.filter((o) => o.outcome === 'duplicate').length;
    const refused = outcomes.filter((o) => o.outcome === 'refused').length;
    const parts = [count(made.length, 'document')];
    if (duplicates) parts.push(`${count(duplicates, 'duplicate')} not read again`);
    if (refused) parts.push(`${refused} refused`);
    const from = link ? link.name : `Unknown sender ${sender ?? '(no sender address)'}${forged}`;
    const outcome =
      !link && made.length
        ? `${from}: choose the supplier`
        : `${link ? 'From ' : ''}${from}: ${parts.join(', ')}.`;
    const tell: TNotifyInput | undefined = made.length
      ? {
          companyId: row.shopId,
          kind: 'document_emailed',
          title: `${count(made.length, 'document')} from ${link ? link.name : `unknown sender ${sender ?? ''}`.trim()} arrived by email`,
          body: `${mail.subject ? `"${mail.subject.slice(0, 200)}": ` : ''}${
            link
              ? `${outcome} You are told again when ${made.length === 1 ? 'it is' : 'they are'} read.`
              : `${outcome} in review: it becomes an order of the supplier you choose.`
          }`,
          link: link ? `/shops/${row.shopId}/orders` : `/shops/${row.shopId}/orders/review/${made[0]}`,
        }
      : refused
        ? await refusalNotice(
            row,
            sender,
            `${outcome} ${outcomes.find((o) => o.reason)?.reason ?? ''}`.trim(),
          )
        : undefined;
    await finish(
      id,
      {
        ...header,
        shopSupplierId: link?.id ?? null,
        status: !made.length ? 'refused' : link ? 'done' : 'needs_supplier',
        outcome,
        attachments: outcomes,
      },
      tell,
    );
    for (const documentId of made) {
      for (const listener of arrivedListeners) {
        try {
          await listener({
            shopId: row.shopId,
            documentId,
            shopSupplierId: link?.id ?? null,
            sender,
            mailMessageId: id,
          });
        } catch (error) {
          log.error({ err: error, mailMessageId: id }, 'a listener of emailed documents failed');
        }
      }
    }
  }

  async function message(shopId: number, id: number): Promise<TMailMessage> {
    const [row] = await messageSelect(db).where(
      and(eq(mailMessages.id, id), eq(mailMessages.shopId, shopId)),
    );
    if (!row) throw notFound('This message');
    return messageItem(row);
  }

  /** The shop's received messages, a page of the shared list module. */
  const messages = (shopId: number, query: TMailMessagesQuery) =>
    mailMessagesList.run(db, { side: 'shops', companyId: shopId }, query);

  return {
    /** The shop's ingestion address, made on first use. */
    async address(shopId: number) {
      return addressOf(await addressToken(shopId));
    },

    /** A new address for the shop; mail to the old one is refused from now on. */
    async rotateAddress(shopId: number) {
      await addressToken(shopId);
      const token = newAddressToken();
      await db.update(mailInAddresses).set({ token }).where(eq(mailInAddresses.shopId, shopId));
      return addressOf(token);
    },

    /** The shop an SMTP recipient belongs to, or null when it is not a current ingestion address. */
    async shopOfAddress(address: string) {
      const at = address.lastIndexOf('@');
      if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
      const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
      if (!match) return null;
      const [row] = await db
        .select({ shopId: mailInAddresses.shopId })
        .from(mailInAddresses)
        .where(eq(mailInAddresses.token, match[1]!));
      return row?.shopId ?? null;
    },

    /** Keeps a received message and queues its ingestion; null when this source already delivered it. */
    async receive(input: TIncoming) {
      const rawKey = await storage.put('mail', input.raw, 'eml');
      const [row] = await db
        .insert(mailMessages)
        .values({
          shopId: input.shopId,
          source: input.source,
          mailboxId: input.mailboxId ?? null,
          sourceRef: input.sourceRef ?? null,
          envelopeSender: input.envelopeSender?.toLowerCase() || null,
          rawKey,
          size: input.raw.length,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        await storage.delete(rawKey);
        return null;
      }
      await jobs.send('ingest-email', { mailMessageId: row.id });
      return row.id;
    },

    /** Logs a message refused before it was kept (too large), so the shop sees it and why. */
    async refuse(input: {
      shopId: number;
      source: TMailMessageRow['source'];
      size: number;
      envelopeSender: string | null;
      outcome: string;
      mailboxId?: number;
      sourceRef?: string;
    }) {
      const tell = await refusalNotice(input, input.envelopeSender, input.outcome);
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        const logged = await tx
          .insert(mailMessages)
          .values({
            shopId: input.shopId,
            source: input.source,
            mailboxId: input.mailboxId ?? null,
            sourceRef: input.sourceRef ?? null,
            envelopeSender: input.envelopeSender,
            sender: input.envelopeSender,
            size: input.size,
            status: 'refused',
            outcome: input.outcome,
            processedAt: new Date(),
          })
          .onConflictDoNothing()
          .returning({ id: mailMessages.id });
        // Told once: a message logged before (the same source reference) is not logged or told again.
        if (logged.length && tell) await notify(tell, tx);
      });
    },

    ingest,

    /** A person chose the supplier of an unknown sender's message: its attachments become that supplier's documents. */
    async chooseSupplier(shopId: number, id: number, shopSupplierId: number) {
      const row = await shopMessage(shopId, id);
      if (row.status !== 'needs_supplier')
        throw new AppError('CONFLICT', 'This message does not wait for a supplier.');
      const link = await shopLink(shopId, shopSupplierId);
      const waiting = row.attachments.flatMap((a) => (a.documentId ? [a.documentId] : []));
      if (waiting.length === 0) {
        // Logged before unknown senders' documents were made at once: read it now as this supplier's.
        await db
          .update(mailMessages)
          .set({ status: 'queued', shopSupplierId: link.id })
          .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'needs_supplier')));
        await ingest(id);
      }
      // Each of its documents still without a supplier becomes this supplier's (as from the review screen).
      const unassigned = waiting.length
        ? await db
            .select({ id: documentsTable.id })
            .from(documentsTable)
            .where(and(inArray(documentsTable.id, waiting), isNull(documentsTable.shopSupplierId)))
        : [];
      for (const doc of unassigned) await documents.chooseSupplier(shopId, doc.id, link.id);
      const known = [link.mainEmail, ...link.secondaryEmails].map((e) => e.toLowerCase());
      return {
        message: await message(shopId, id),
        offerSecondaryEmail: row.sender && !known.includes(row.sender) ? row.sender : null,
      };
    },

    /** A document's supplier was chosen: its message is done once every document of it has a supplier. */
    async documentSupplierChosen(doc: Pick<TDocumentRow, 'id' | 'shopId' | 'shopSupplierId'>) {
      if (doc.shopSupplierId === null) return;
      const rows = await db
        .select()
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.shopId, doc.shopId),
            eq(mailMessages.status, 'needs_supplier'),
            sql`${mailMessages.attachments} @> ${JSON.stringify([{ documentId: doc.id }])}::jsonb`,
          ),
        );
      for (const row of rows) {
        const ids = row.attachments.flatMap((a) => (a.documentId ? [a.documentId] : []));
        const [left] = await db
          .select({ n: countRows() })
          .from(documentsTable)
          .where(and(inArray(documentsTable.id, ids), isNull(documentsTable.shopSupplierId)));
        if (left!.n > 0) continue;
        const link = await shopLink(doc.shopId, doc.shopSupplierId);
        await db
          .update(mailMessages)
          .set({
            status: 'done',
            shopSupplierId: link.id,
            outcome: `From ${link.name} (chosen by a person): ${count(ids.length, 'document')}.`,
          })
          .where(and(eq(mailMessages.id, row.id), eq(mailMessages.status, 'needs_supplier')));
      }
    },

    /** Reads a logged message again (after a fix): its documents are made again, duplicates recognised. */
    async retry(shopId: number, id: number) {
      const row = await shopMessage(shopId, id);
      if (!row.rawKey)
        throw new AppError(
          'CONFLICT',
          'This message was refused before it was kept; ask the sender to send it again.',
        );
      if (row.status === 'queued')
        throw new AppError('CONFLICT', 'This message is still waiting to be read.');
      await db
        .update(mailMessages)
        .set({ status: 'queued', attachments: [], outcome: null })
        .where(eq(mailMessages.id, id));
      await ingest(id);
      return message(shopId, id);
    },

    message,
    messages,

    /** The email page: the ingestion address, the mailboxes and the last 50 messages, newest first. */
    async config(shopId: number) {
      return {
        shopId,
        ingestionAddress: addressOf(await addressToken(shopId)),
        mailboxes: await mailboxesOf(shopId),
        messages: (await messages(shopId, { page: 1, perpage: 50, sort: 'newest' })).data,
      };
    },

    /** The ingestion queue: messages per state. */
    async queue(shopId: number) {
      const rows = await db
        .select({ status: mailMessages.status, n: sql<number>`count(*)::int` })
        .from(mailMessages)
        .where(eq(mailMessages.shopId, shopId))
        .groupBy(mailMessages.status);
      const counts = { queued: 0, done: 0, needs_supplier: 0, refused: 0, failed: 0 };
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },

    /** What ingestion would do with a message like this (the EmailTest preview). */
    async describe(shopId: number, m: { sender: string | null; size: number; attachments: number }) {
      if (m.size > maxBytes) return 'Refused: too large.';
      if (!m.attachments) return 'Refused: no attachment to read.';
      const link = m.sender ? await supplierBySender(shopId, m.sender) : null;
      return link
        ? `${count(m.attachments, 'attachment')} read as documents of ${link.name}.`
        : `Waits for a person: unknown sender ${m.sender ?? '(none)'}.`;
    },

    /** The signed-in person's address (the sender of their test messages). */
    async userEmail(userId: string) {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return user!.email;
    },

    /**
     * Sends a generated invoice to the shop's ingestion address through the built-in receiver over SMTP, the path
     * a supplier's mail takes: from the supplier's main address when one is given, else from the signed-in person.
     */
    async sendTestInvoice(shopId: number, opts: { port: number; shopSupplierId?: number; userId: string }) {
      const link = opts.shopSupplierId ? await shopLink(shopId, opts.shopSupplierId) : null;
      const from = link?.mainEmail ?? (await this.userEmail(opts.userId));
      const to = addressOf(await addressToken(shopId));
      const invoiceNum = `TEST-${Date.now().toString(36).toUpperCase()}`;
      const pdf = await invoicePdf({
        vendor: link?.name ?? 'Test Supplier Ltd',
        invoiceNum,
        date: new Date().toISOString().slice(0, 10),
        lines: [
          { code: 'T100', description: 'Test item', qty: 2, price: 4.5 },
          { code: 'T200', description: 'Another test item', qty: 1, price: 12 },
        ],
      });
      await nodemailer
        .createTransport({ host: '127.0.0.1', port: opts.port, secure: false, ignoreTLS: true })
        .sendMail({
          from,
          to,
          subject: `Invoice ${invoiceNum}`,
          text: 'Test invoice from OrderBridge.',
          attachments: [{ filename: `${invoiceNum}.pdf`, content: pdf }],
        });
      return { ingestionAddress: to, from };
    },

    /** Registers a listener for documents that arrived by email (the notifications module uses it). */
    onDocumentArrived(listener: (event: TEmailDocumentArrived) => Promise<void> | void) {
      arrivedListeners.push(listener);
    },
  };
}
export type TMailInService = ReturnType<typeof createMailInService>;

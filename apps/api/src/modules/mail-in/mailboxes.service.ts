import {
  MAIL_PROVIDERS,
  MAX_PER_PAGE,
  type TEmailServer,
  type TMailboxesQuery,
  type TMailboxInput,
  type TMailProvider,
} from '@orderbridge/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { TDb } from '../../db/client.js';
import { mailboxes, memberships, type TMailboxRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { defineList } from '../../lib/list.js';
import type { TSecretBox } from '../../lib/secret-box.js';
import type { TJobs } from '../../plugins/jobs.js';
import type { TNotify } from '../notifications/notifications.service.js';
import type { TMailInService } from './mail-in.service.js';

type TDeps = {
  db: TDb;
  jobs: TJobs;
  pollSeconds: number;
  secrets: TSecretBox;
  mailIn: TMailInService;
  maxBytes: number;
  log: FastifyBaseLogger;
  notify: TNotify;
};

/** The keyword a processed message gets, so it is taken once even if someone marks it unread again. */
const TAKEN = '$OrderBridge';
const TIMEOUT_MS = 15_000;

type TBodyPart = {
  disposition?: string;
  dispositionParameters?: Record<string, string>;
  parameters?: Record<string, string>;
  childNodes?: TBodyPart[];
};

/** File names of a message's attached parts, from its IMAP body structure. */
function attachmentNames(part: TBodyPart | undefined): string[] {
  if (!part) return [];
  const own =
    part.disposition === 'attachment'
      ? [part.dispositionParameters?.filename ?? part.parameters?.name ?? 'attachment']
      : [];
  return [...own, ...(part.childNodes ?? []).flatMap(attachmentNames)];
}

/** The server's own words for a failure (IMAP response text, or the network error), never our credentials. */
const serverAnswer = (error: unknown) => {
  const e = error as { responseText?: string; message?: string; code?: string };
  return (e.responseText || e.message || e.code || 'The mail server could not be reached').slice(0, 500);
};

const view = (row: TMailboxRow): TEmailServer => ({
  id: row.id,
  emailAddress: row.emailAddress,
  emailProvider: row.emailProvider,
  error: row.error,
  credentials: {
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    folder: row.folder,
    hasPassword: true,
  },
  checkedAt: row.checkedAt?.toISOString() ?? null,
});

/** The shop's mailboxes (`…/email-config/mailboxes`, and every mailbox of `GET /AppEmailAccess`). */
export const mailboxesList = defineList({
  name: 'mailboxes',
  id: mailboxes.id,
  idOf: (r: TMailboxRow) => r.id,
  sorts: {
    oldest: { key: mailboxes.createdAt, dir: 'asc', of: (r) => r.createdAt },
    newest: { key: mailboxes.createdAt, dir: 'desc', of: (r) => r.createdAt },
  },
  where: (scope) => [scope.side === 'shops' ? eq(mailboxes.shopId, scope.companyId) : sql`false`],
  select: (db, fields) =>
    db
      .select({ ...getTableColumns(mailboxes), ...fields })
      .from(mailboxes)
      .$dynamic(),
  toItem: view,
  planCases: (seed) => [{ scope: { side: 'shops', companyId: seed.shopId }, query: {} }],
});
/** One page of the largest size: more mailboxes than this in one shop is not a case this answers. */
const ALL_MAILBOXES: TMailboxesQuery = { page: 1, perpage: MAX_PER_PAGE, sort: 'oldest' };

/** A shop's own mailboxes, read over IMAP: saved with an encrypted password, tested on save, polled by a job. */
export function createMailboxesService({
  db,
  jobs,
  pollSeconds,
  secrets,
  mailIn,
  maxBytes,
  log,
  notify,
}: TDeps) {
  /**
   * Signs in. A watching connection (IDLE) enters IDLE a second after its last command and renews it every few
   * minutes, before servers and NAT routers drop a silent connection.
   */
  const connect = async (row: TMailboxRow, watching = false) => {
    const client = new ImapFlow({
      host: row.host,
      port: row.port,
      secure: row.tls,
      auth: { user: row.username, pass: secrets.open(row.secret) },
      logger: false,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: watching ? 10 * 60_000 : 60_000,
      ...(watching ? { autoIdleDelay: 1_000, maxIdleTime: 4 * 60_000 } : {}),
    });
    // A dropped connection is reported through the awaited calls; the event must not crash the process.
    client.on('error', () => {});
    await client.connect();
    return client;
  };

  async function shopMailbox(shopId: number, id: number) {
    const [row] = await db
      .select()
      .from(mailboxes)
      .where(and(eq(mailboxes.id, id), eq(mailboxes.shopId, shopId)));
    if (!row) throw notFound('This mailbox');
    return row;
  }

  async function record(row: TMailboxRow, error: string | null) {
    const [updated] = await db
      .update(mailboxes)
      .set({ error, checkedAt: new Date() })
      .where(eq(mailboxes.id, row.id))
      .returning();
    return updated ?? row;
  }

  /**
   * A mailbox that worked stopped working (read by a job or a watcher, not a person's test): its shop's admins, who
   * can fix it, are told once, not at every failed poll.
   */
  async function failed(row: TMailboxRow, error: unknown) {
    const answer = serverAnswer(error);
    log.warn({ mailboxId: row.id, answer }, 'mail-in: mailbox connection failed');
    // Only an answer to the settings saved now counts: each save seals the password anew, so a connection made
    // with settings replaced meanwhile has another secret.
    const [current] = await db
      .select({ error: mailboxes.error, checkedAt: mailboxes.checkedAt })
      .from(mailboxes)
      .where(and(eq(mailboxes.id, row.id), eq(mailboxes.secret, row.secret)));
    if (!current) return;
    await record(row, answer);
    // Never checked yet: the person saving it sees the answer on the screen.
    if (current.error !== null || current.checkedAt === null) return;
    const admins = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.companyId, row.shopId), eq(memberships.role, 'admin')));
    await notify({
      companyId: row.shopId,
      kind: 'mailbox_failed',
      title: `The mailbox ${row.emailAddress} cannot be read`,
      body: `The mail server answered “${answer}”. New mail there waits until the connection works again: check the mailbox's settings.`,
      link: `/shops/${row.shopId}/config/email2`,
      userIds: admins.map((a) => a.userId),
    });
  }

  const queuePoll = (mailboxId: number) =>
    jobs.send(
      'poll-mailbox',
      { mailboxId },
      { singletonKey: `mailbox-${mailboxId}`, singletonSeconds: pollSeconds },
    );

  /** Signs in and opens the folder; the mailbox keeps the server's answer as its `error`. */
  async function test(row: TMailboxRow) {
    let client: ImapFlow | undefined;
    try {
      client = await connect(row);
      const lock = await client.getMailboxLock(row.folder);
      lock.release();
      await queuePoll(row.id);
      return await record(row, null);
    } catch (error) {
      return await record(row, serverAnswer(error));
    } finally {
      await client?.logout().catch(() => {});
    }
  }

  /** Settings from the input, with the provider's preset filling what was not given. */
  function settings(input: TMailboxInput) {
    const provider = (input.emailProvider ?? 'custom') as TMailProvider;
    const preset = MAIL_PROVIDERS[provider];
    const c = input.credentials;
    return {
      emailAddress: input.emailAddress.toLowerCase(),
      emailProvider: provider,
      host: (c.host || preset.host).toLowerCase(),
      port: c.port ?? preset.port,
      tls: c.tls ?? preset.tls,
      username: c.username || input.emailAddress,
      secret: secrets.seal(c.password),
      folder: c.folder || 'INBOX',
    };
  }

  /** Adds a mailbox (409 when the shop has this address already) and tests it. */
  async function create(shopId: number, input: TMailboxInput) {
    const values = settings(input);
    const [row] = await db
      .insert(mailboxes)
      .values({ shopId, ...values })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('CONFLICT', `${values.emailAddress} is already connected.`, {
        emailAddress: ['This mailbox is already connected'],
      });
    return view(await test(row));
  }

  /** Takes the folder's new messages on an open connection: each goes to ingestion, then is marked taken. */
  async function take(client: ImapFlow, row: TMailboxRow) {
    const lock = await client.getMailboxLock(row.folder);
    try {
      const box = client.mailbox as { uidValidity: bigint; permanentFlags: Set<string> };
      // Servers that refuse own keywords get the messages marked \Seen instead.
      const keywords = box.permanentFlags.has('\\*');
      const uids =
        (await client.search(keywords ? { unKeyword: TAKEN } : { seen: false }, { uid: true })) || [];
      for (const uid of uids) {
        const sourceRef = `${box.uidValidity}:${uid}`;
        const meta = await client.fetchOne(String(uid), { size: true, envelope: true }, { uid: true });
        if (!meta) continue;
        if ((meta.size ?? 0) > maxBytes) {
          await mailIn.refuse({
            shopId: row.shopId,
            source: 'imap',
            size: meta.size ?? 0,
            envelopeSender: meta.envelope?.from?.[0]?.address?.toLowerCase() ?? null,
            outcome: `Refused: the message is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
            mailboxId: row.id,
            sourceRef,
          });
        } else {
          const full = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (full === false || !full.source) continue; // fetchOne answers false for a message gone meanwhile
          await mailIn.receive({
            shopId: row.shopId,
            source: 'imap',
            raw: full.source,
            mailboxId: row.id,
            sourceRef,
          });
        }
        await client.messageFlagsAdd(String(uid), keywords ? [TAKEN, '\\Seen'] : ['\\Seen'], { uid: true });
      }
    } finally {
      lock.release();
    }
  }

  /** The poll job: connects, takes the new messages, and disconnects. */
  async function poll(id: number) {
    const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, id));
    if (!row) return;
    let client: ImapFlow | undefined;
    try {
      client = await connect(row);
      await take(client, row);
      await record(row, null);
    } catch (error) {
      await failed(row, error);
    } finally {
      await client?.logout().catch(() => {});
    }
  }

  return {
    /** A page of the shop's mailboxes (the shared list module). */
    page: (shopId: number, query: TMailboxesQuery) =>
      mailboxesList.run(db, { side: 'shops', companyId: shopId }, query),

    /** All of them, as the spec's `GET /AppEmailAccess` and the email page show them (a shop has a handful). */
    async list(shopId: number) {
      return (await mailboxesList.run(db, { side: 'shops', companyId: shopId }, ALL_MAILBOXES)).data;
    },

    create,

    /** Saves a mailbox: the one with this id, or else the one with this address, or a new one; then tests it. */
    async save(shopId: number, input: TMailboxInput, id?: number) {
      const values = settings(input);
      const [existing] = id
        ? [await shopMailbox(shopId, id)]
        : await db
            .select()
            .from(mailboxes)
            .where(
              and(
                eq(mailboxes.shopId, shopId),
                sql`lower(${mailboxes.emailAddress}) = ${values.emailAddress}`,
              ),
            );
      if (!existing) return create(shopId, input);
      const [row] = await db
        .update(mailboxes)
        .set(values)
        .where(eq(mailboxes.id, existing.id))
        .returning()
        .catch((error) => {
          throw (error as { code?: string }).code === '23505'
            ? new AppError('CONFLICT', `${values.emailAddress} is already connected.`)
            : error;
        });
      return view(await test(row!));
    },

    async test(shopId: number, id: number) {
      return view(await test(await shopMailbox(shopId, id)));
    },

    async remove(shopId: number, id: number) {
      await shopMailbox(shopId, id);
      await db.delete(mailboxes).where(and(eq(mailboxes.id, id), eq(mailboxes.shopId, shopId)));
    },

    poll,

    /** The next messages waiting in the shop's mailboxes (up to 20 each) and what ingestion would do with each. */
    async preview(shopId: number) {
      const rows = await db
        .select()
        .from(mailboxes)
        .where(eq(mailboxes.shopId, shopId))
        .orderBy(asc(mailboxes.id));
      const out = [];
      for (const row of rows) {
        let client: ImapFlow | undefined;
        try {
          client = await connect(row);
          const lock = await client.getMailboxLock(row.folder);
          try {
            const box = client.mailbox as { permanentFlags: Set<string> };
            const keywords = box.permanentFlags.has('\\*');
            const uids = (
              (await client.search(keywords ? { unKeyword: TAKEN } : { seen: false }, { uid: true })) || []
            ).slice(0, 20);
            for (const uid of uids) {
              const m = await client.fetchOne(
                String(uid),
                { size: true, envelope: true, bodyStructure: true },
                { uid: true },
              );
              if (!m) continue;
              const sender = m.envelope?.from?.[0]?.address?.toLowerCase() ?? null;
              const attachments = attachmentNames(m.bodyStructure);
              out.push({
                mailboxId: row.id,
                emailAddress: row.emailAddress,
                uid,
                sender,
                subject: m.envelope?.subject ?? null,
                size: m.size ?? 0,
                attachments,
                wouldBecome: await mailIn.describe(shopId, {
                  sender,
                  size: m.size ?? 0,
                  attachments: attachments.length,
                }),
              });
            }
          } finally {
            lock.release();
          }
        } catch (error) {
          out.push({ mailboxId: row.id, emailAddress: row.emailAddress, error: serverAnswer(error) });
        } finally {
          await client?.logout().catch(() => {});
        }
      }
      return out;
    },

    /** For the IDLE watcher: a connection that idles, the taking of new messages, and the mailbox's state. */
    watching: {
      connect: (row: TMailboxRow) => connect(row, true),
      take,
      failed,
      /** The mailbox works (again): its error is cleared. */
      worked: async (row: TMailboxRow) => {
        await record(row, null);
      },
    },

    /** Queues a poll of every mailbox (worker processes call this every MAIL_IN_POLL_SECONDS). */
    async queuePolls() {
      for (const { id } of await db.select({ id: mailboxes.id }).from(mailboxes)) await queuePoll(id);
    },
  };
}
export type TMailboxesService = ReturnType<typeof createMailboxesService>;

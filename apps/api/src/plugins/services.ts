import path from 'node:path';
import { createReader, type Reader } from '@orderbridge/reader';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TConfig } from '../config.js';
import type { TAuthWrites } from '../db/auth-writes.js';
import type { TDatabase, TDb } from '../db/client.js';
import { ingestEmailJob } from '../jobs/ingest-email.js';
import { learnLayoutJob } from '../jobs/learn-layout.js';
import { mailNotificationsJob } from '../jobs/mail-notifications.js';
import { notificationDigestJob } from '../jobs/notification-digest.js';
import { pollMailboxJob } from '../jobs/poll-mailbox.js';
import { pruneLiveEventsJob } from '../jobs/prune-live-events.js';
import { readDocumentJob } from '../jobs/read-document.js';
import { sweepJob } from '../jobs/sweep.js';
import { watchAgentsJob } from '../jobs/watch-agents.js';
import { createAccessTokens, type TAccessTokens } from '../lib/access-tokens.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { createS3Storage } from '../lib/s3-storage.js';
import { createSecretBox } from '../lib/secret-box.js';
import { createSignedUrls, type TSignedUrls } from '../lib/signed-urls.js';
import { createLocalStorage, type Storage } from '../lib/storage.js';
import { createAccountsService, type TAccountsService } from '../modules/accounts/accounts.service.js';
import { createAdminService, type TAdminService } from '../modules/admin/admin.service.js';
import { createOperators, type TOperators } from '../modules/admin/operators.js';
import { createCatalogueNotices } from '../modules/catalogue/catalogue.notices.js';
import {
  createIntegrationsService,
  type TIntegrationsService,
} from '../modules/catalogue/integrations.service.js';
import { createMatchingService, type TMatchingService } from '../modules/catalogue/matching.service.js';
import { createProductsService, type TProductsService } from '../modules/catalogue/products.service.js';
import { createCompaniesService, type TCompaniesService } from '../modules/companies/companies.service.js';
import { createDisputesService, type TDisputesService } from '../modules/disputes/disputes.service.js';
import { createMailInService, type TMailInService } from '../modules/mail-in/mail-in.service.js';
import { startMailboxWatcher, type TMailboxWatcher } from '../modules/mail-in/mailbox-watcher.js';
import { createMailboxesService, type TMailboxesService } from '../modules/mail-in/mailboxes.service.js';
import { startSmtpReceiver, type TSmtpReceiver } from '../modules/mail-in/smtp-receiver.js';
import {
  createDashboardService,
  type TDashboardService,
} from '../modules/notifications/dashboard.service.js';
import {
  createEmailPreferences,
  type TEmailPreferences,
} from '../modules/notifications/email-preferences.service.js';
import { createHomeService, type THomeService } from '../modules/notifications/home.service.js';
import { createLiveHub, publishLiveEvents, type TLiveHub } from '../modules/notifications/live-events.js';
import {
  createNotificationMails,
  type TNotificationMails,
} from '../modules/notifications/notification-mails.js';
import {
  createNotificationsService,
  type TNotificationsService,
} from '../modules/notifications/notifications.service.js';
import { createDocumentsService, type TDocumentsService } from '../modules/orders/documents.service.js';
import { createOrdersService, type TOrdersService } from '../modules/orders/orders.service.js';
import { createPartnersService, type TPartnersService } from '../modules/partners/partners.service.js';
import { createReturnsService, type TReturnsService } from '../modules/returns/returns.service.js';
import { createSweeper } from '../ops/sweeper.js';
import { createJobs, type TJobs } from './jobs.js';

export type TServices = {
  accounts: TAccountsService;
  companies: TCompaniesService;
  partners: TPartnersService;
  documents: TDocumentsService;
  orders: TOrdersService;
  notifications: TNotificationsService;
  emailPreferences: TEmailPreferences;
  notificationMails: TNotificationMails;
  dashboard: TDashboardService;
  home: THomeService;
  mailIn: TMailInService;
  disputes: TDisputesService;
  returns: TReturnsService;
  operators: TOperators;
  admin: TAdminService;
  mailboxes: TMailboxesService;
  products: TProductsService;
  integrations: TIntegrationsService;
  matching: TMatchingService;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    db: TDb;
    /** The count of auth writes that the auth and profile caches key on (lib/auth-cache.ts). */
    authWrites: TAuthWrites;
    mailer: Mailer;
    storage: Storage;
    accessTokens: TAccessTokens;
    signedUrls: TSignedUrls;
    jobs: TJobs;
    services: TServices;
    /** The built-in SMTP receiver, when MAIL_IN_PORT is set (not in ROLE=worker processes). */
    mailReceiver: TSmtpReceiver | null;
    /** The live event hub of an API process (null in a worker process, which serves no HTTP). */
    live: TLiveHub | null;
  }
}

/** Wires the infrastructure and the domain services once, and hands them to every route. */
export default fp(
  async (app: FastifyInstance, opts: { config: TConfig; database: TDatabase }) => {
    const { config } = opts;
    const db = opts.database.db;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
    });
    const storage = config.storageUrl
      ? createS3Storage(config.storageUrl)
      : createLocalStorage(path.join(config.dataDir, 'files'));
    const accessTokens = createAccessTokens({
      secret: config.jwtSecret,
      ttlSeconds: config.accessTokenTtlSeconds,
    });
    const notifications = createNotificationsService({
      db,
      // Called at request time, when the job queue below exists. Not awaited: notify() may run inside the
      // caller's transaction, and on PGlite (one connection) the queue's insert waits for that transaction to end.
      // The run starts a few seconds later, when the caller has committed (the minute's run catches any other).
      notified: () => {
        jobs
          .send('mail-notifications', {}, { startAfter: 3 })
          .catch((error) => app.log.error({ err: error }, 'notification mail job could not be queued'));
      },
    });
    const emailPreferences = createEmailPreferences({ db, secret: config.jwtSecret });
    const notificationMails = createNotificationMails({
      db,
      mailer,
      publicUrl: config.publicUrl,
      preferences: emailPreferences,
    });
    const companies = createCompaniesService({
      db,
      mailer,
      storage,
      config,
      authWrites: opts.database.authWrites,
    });
    const partners = createPartnersService({
      db,
      mailer,
      config,
      notify: notifications.notify,
      issueInvitation: companies.issueInvitation,
      // Called at request time, when the documents service below exists.
      orderMetrics: (shopId, linkIds) => documents.metricsByLink(shopId, linkIds),
    });
    const accounts = createAccountsService({
      db,
      mailer,
      config,
      accessTokens,
      acceptInvitation: async (userId, email, token) => {
        const joined = await companies.acceptInvitation(userId, email, token);
        if (joined.companyType === 'suppliers') await partners.announceClaimed(joined.companyId);
        return joined.companyId;
      },
      defaultCompany: companies.defaultCompany,
      onEmailConfirmed: async (userId, email) => {
        for (const supplierId of await partners.claimForConfirmedEmail(userId, email))
          await partners.announceClaimed(supplierId);
      },
      // The user's open event streams end (all of them, or the one session's).
      onSignedOut: (userId, sessionId) =>
        publishLiveEvents(db, [{ companyId: null, userId, type: 'signed-out', data: { sessionId } }]),
    });
    const jobs = await createJobs(opts.database, app.log);
    const signedUrls = createSignedUrls({ secret: config.jwtSecret, ttlSeconds: config.signedUrlTtlSeconds });
    const products = createProductsService({ db });
    const catalogueNotices = createCatalogueNotices({ db, notify: notifications.notify });
    const integrations = createIntegrationsService({
      db,
      onDisconnected: catalogueNotices.onDisconnected,
      onSilent: catalogueNotices.onSilent,
    });
    const matching = createMatchingService({
      db,
      products,
      onPriceChanges: catalogueNotices.onPriceChanges,
    });
    let reader: Reader | undefined;
    const documents = createDocumentsService({
      db,
      storage,
      jobs,
      signedUrls,
      model: config.readerModel,
      // one pool of worker threads for both jobs: reading documents and learning layouts from corrected ones
      reader: () => {
        reader ??= createReader({ workers: 1, timeoutMs: config.readTimeoutSeconds * 1000 });
        return reader;
      },
      notify: notifications.notify,
      publish: publishLiveEvents,
      // Called by the reading job, when the returns service below exists.
      onCreditNote: (documentId) => returns.matchCreditNote(documentId),
      // Each read line is matched to the shop's POS product as soon as the document is read.
      onRead: matching.matchDocument,
      // Called when a person chose the supplier of an emailed document, when the mail-in service below exists.
      onSupplierChosen: (doc) => mailIn.documentSupplierChosen(doc),
    });
    const orders = createOrdersService({ db, signedUrls });
    const mailIn = createMailInService({
      db,
      storage,
      jobs,
      documents,
      domain: config.mailIn.domain,
      maxBytes: config.mailIn.maxBytes,
      log: app.log,
      notify: notifications.notify,
      // Called at request time, when the mailboxes service below exists.
      mailboxesOf: (shopId) => mailboxes.list(shopId),
    });
    const mailboxes = createMailboxesService({
      db,
      jobs,
      secrets: createSecretBox(config.mailIn.secretKey),
      mailIn,
      maxBytes: config.mailIn.maxBytes,
      pollSeconds: config.mailIn.pollSeconds,
      log: app.log,
      notify: notifications.notify,
    });
    const disputes = createDisputesService({ db, storage, signedUrls, notify: notifications.notify });
    const dashboard = createDashboardService({
      db,
      counters: { noOfDispute: disputes.activeCount, noOfMessage: disputes.unreadCount },
    });
    const home = createHomeService({ db, dashboard });
    const returns = createReturnsService({ db, disputes, documents });
    const operators = createOperators(db);
    const admin = createAdminService({ db, config, documents, orders });
    let mailboxPoller: NodeJS.Timeout | undefined;
    let mailboxWatcher: TMailboxWatcher | undefined;
    let sweepTimer: NodeJS.Timeout | undefined;
    if (config.role !== 'api') {
      await jobs.work({
        'read-document': readDocumentJob.handler(documents),
        'learn-layout': learnLayoutJob.handler(documents),
        'ingest-email': ingestEmailJob.handler(mailIn),
        'poll-mailbox': pollMailboxJob.handler(mailboxes),
        'mail-notifications': mailNotificationsJob.handler(notificationMails),
        'notification-digest': notificationDigestJob.handler(notificationMails),
        'prune-live-events': pruneLiveEventsJob.handler(db),
        sweep: sweepJob.handler(createSweeper({ db, storage, jobs, log: app.log })),
        'watch-agents': watchAgentsJob.handler(integrations),
      });
      // Every worker queues the sweep; the singleton key lets one of them run it per interval.
      sweepTimer = setInterval(() => {
        jobs
          .send('sweep', {}, { singletonKey: 'sweep', singletonSeconds: config.sweepSeconds })
          .catch((error) => app.log.error({ err: error }, 'sweeper: queueing failed'));
      }, config.sweepSeconds * 1000);
      // Every worker queues the polls; the singleton key keeps it to one poll per mailbox and interval.
      mailboxPoller = setInterval(() => {
        mailboxes
          .queuePolls()
          .catch((error) => app.log.error({ err: error }, 'mail-in: queueing polls failed'));
      }, config.mailIn.pollSeconds * 1000);
      // IDLE connections, so mail arrives within seconds; one worker per mailbox (see mailbox-watcher.ts).
      if (config.mailIn.idleMax > 0)
        mailboxWatcher = startMailboxWatcher({
          db,
          mailboxes: mailboxes.watching,
          log: app.log,
          max: config.mailIn.idleMax,
        });
    }
    const mailReceiver =
      config.mailIn.port !== undefined && config.role !== 'worker'
        ? await startSmtpReceiver({
            port: config.mailIn.port,
            host: config.host,
            maxBytes: config.mailIn.maxBytes,
            ratePerMinute: config.mailIn.ratePerMinute,
            mailIn,
            log: app.log,
          })
        : null;
    const live = config.role === 'worker' ? null : await createLiveHub(opts.database, app.log);
    app.addHook('onClose', async () => {
      await live?.close();
      clearInterval(mailboxPoller);
      await mailboxWatcher?.close();
      clearInterval(sweepTimer);
      await mailReceiver?.close();
      await jobs.stop();
      await reader?.close();
    });
    app.decorate('config', config);
    app.decorate('signedUrls', signedUrls);
    app.decorate('jobs', jobs);
    app.decorate('live', live);
    app.decorate('db', db);
    app.decorate('authWrites', opts.database.authWrites);
    app.decorate('mailer', mailer);
    app.decorate('storage', storage);
    app.decorate('accessTokens', accessTokens);
    app.decorate('mailReceiver', mailReceiver);
    app.decorate('services', {
      accounts,
      companies,
      partners,
      documents,
      orders,
      products,
      integrations,
      matching,
      notifications,
      emailPreferences,
      notificationMails,
      dashboard,
      home,
      mailIn,
      disputes,
      returns,
      operators,
      admin,
      mailboxes,
    });
  },
  { name: 'services' },
);

import {
  BUILTIN_MODEL,
  type TAdminCompaniesQuery,
  type TAdminCompany,
  type TAdminCompanyDetail,
  type TAdminCompanyPatch,
  type TAdminOrdersQuery,
  type TAdminShopsQuery,
  type TAuditEntry,
  type TAuditQuery,
  type TPage,
  type TReaderModel,
  type TTrainingQuery,
  type TTrainingSupplier,
} from '@orderbridge/contract';
import { and, asc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TConfig } from '../../config.js';
import type { TDb } from '../../db/client.js';
import {
  auditLog,
  companies,
  documents,
  memberships,
  orders,
  shopSuppliers,
  type TAuditRow,
  type TCompanyRow,
  users,
} from '../../db/schema/index.js';
import { fold } from '../../db/schema/search.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { fileUrl } from '../../lib/images.js';
import { defineList, type TListScope, type TPlanCase } from '../../lib/list.js';
import { type TDocumentsService, urgentDocument } from '../orders/documents.service.js';
import type { TOrdersService } from '../orders/orders.service.js';

type TDeps = {
  db: TDb;
  config: Pick<TConfig, 'readerModel'>;
  documents: TDocumentsService;
  orders: TOrdersService;
};

// Written out with the outer table's name: Drizzle leaves a column of a sql`` select field unqualified, and since
// memberships has an id of its own (migration 0030) a bare "id" here would be the membership's.
const userCount = sql<number>`(select count(*) from ${memberships} m where m.company_id = ${companies}.id)::int`;

const toCompany = (c: TCompanyRow, users: number): TAdminCompany => ({
  companyId: c.id,
  companyName: c.name,
  companyMainEmail: c.mainEmail,
  companyAddress: c.address,
  companyPhone: c.phone,
  companyImageLocation: fileUrl(c.logoKey),
  aiModel: c.aiModel,
  requireApproval: c.requireApproval,
  companyWebsite: c.website,
  plan: c.plan,
  billingCycle: c.billingCycle,
  types: [c.type],
  suspended: c.suspendedAt !== null,
  suspendedAt: c.suspendedAt?.toISOString() ?? null,
  suspendedReason: c.suspendedReason,
  userCount: users,
  createdDate: c.createdAt.toISOString(),
});

/** Companies by name, A to Z (index `companies_name_idx`); search by name or main address (trigram indexes). */
const byName = {
  name: { key: companies.name, dir: 'asc', of: (r: { company: TCompanyRow }) => r.company.name },
} as const;
const companySearch = {
  match: (_scope: TListScope, pattern: SQL) =>
    or(
      sql`${fold(companies.name)} like ${pattern}`,
      sql`${fold(companies.mainEmail)} like ${pattern}`,
    ) as SQL,
};

/** A link with a document in training whose documents are urgent (waiting too long, or many corrections). */
const urgentLink = sql`exists (select 1 from ${documents} where ${documents.shopSupplierId} = ${shopSuppliers.id} and ${urgentDocument})`;
const corrections = sql<number>`(select coalesce(sum(${documents.corrections}), 0) from ${documents} where ${documents.shopSupplierId} = ${shopSuppliers.id})::int`;
const trainingSelect = (db: TDb, fields: Record<string, SQL.Aliased>) =>
  db
    .select({ link: shopSuppliers, shopName: companies.name, corrections, ...fields })
    .from(shopSuppliers)
    .innerJoin(companies, eq(companies.id, shopSuppliers.shopId));
type TTrainingSelected = Awaited<ReturnType<ReturnType<typeof trainingSelect>['where']>>[number];

/**
 * GET /admin/training: the links with a document in training, oldest waiting first, read in that order from
 * `shop_suppliers_training_idx` (the trigger of migration 0023 keeps `training_since`); searched by the supplier's
 * or the shop's name.
 */
const trainingList = defineList({
  name: 'training',
  id: shopSuppliers.id,
  idOf: (r: TTrainingSelected) => r.link.id,
  sorts: { oldest: { key: shopSuppliers.trainingSince, dir: 'asc', of: (r) => r.link.trainingSince } },
  where: (_scope, q: TTrainingQuery) => [
    sql`${shopSuppliers.trainingSince} is not null`,
    q.urgent === undefined ? undefined : q.urgent ? urgentLink : sql`not ${urgentLink}`,
  ],
  search: {
    match: (_scope, pattern) =>
      or(
        sql`${fold(shopSuppliers.name)} like ${pattern}`,
        sql`${shopSuppliers.shopId} = any(array(select ${companies.id} from ${companies} where ${fold(companies.name)} like ${pattern}))`,
      ) as SQL,
  },
  select: (db, fields) => trainingSelect(db, fields).$dynamic(),
  // The service adds each link's document metrics.
  toItem: (r) => r,
  planCases: (seed) => {
    const scope = { side: 'platform' } as const;
    return [
      { scope, query: {} },
      { scope, query: { urgent: true } },
      { scope, query: { search: seed.terms.shopName } },
    ];
  },
});

/** GET /admin/companies. */
const adminCompaniesList = defineList({
  name: 'admin-companies',
  id: companies.id,
  idOf: (r: { company: TCompanyRow; users: number }) => r.company.id,
  sorts: byName,
  where: (_scope, query: TAdminCompaniesQuery) => [
    query.type ? eq(companies.type, query.type) : undefined,
    query.plan ? eq(companies.plan, query.plan) : undefined,
    query.billingcycle ? eq(companies.billingCycle, query.billingcycle) : undefined,
    query.status === 'suspended'
      ? isNotNull(companies.suspendedAt)
      : query.status === 'active'
        ? isNull(companies.suspendedAt)
        : undefined,
  ],
  search: companySearch,
  // The user count is a subquery of the page statement (25 rows), not a statement per company.
  select: (db, fields) =>
    db
      .select({ company: companies, users: userCount, ...fields })
      .from(companies)
      .$dynamic(),
  toItem: (r) => toCompany(r.company, r.users),
  planCases: (seed): TPlanCase<TAdminCompaniesQuery>[] => [
    { scope: { side: 'platform' }, query: {} },
    { scope: { side: 'platform' }, query: { type: 'suppliers' } },
    { scope: { side: 'platform' }, query: { search: seed.terms.shopName } },
  ],
});

/** GET /admin/shops: the Shop (admin) shape of spec §3. */
const adminShopsList = defineList({
  name: 'admin-shops',
  id: companies.id,
  idOf: (r: { company: TCompanyRow }) => r.company.id,
  sorts: byName,
  where: () => [eq(companies.type, 'shops')],
  search: companySearch,
  select: (db, fields) =>
    db
      .select({ company: companies, ...fields })
      .from(companies)
      .$dynamic(),
  toItem: ({ company: c }) => ({
    clientId: c.id,
    clientName: c.name,
    aiModal: c.aiModel,
    requireApproval: c.requireApproval,
  }),
  planCases: (seed): TPlanCase<TAdminShopsQuery>[] => [
    { scope: { side: 'platform' }, query: {} },
    { scope: { side: 'platform' }, query: { search: seed.terms.shopName } },
  ],
});

/** GET /admin/audit: newest first, all or of one company (indexes `audit_log_created_idx`, `audit_log_company_idx`). */
const auditList = defineList({
  name: 'admin-audit',
  id: auditLog.id,
  idOf: (r: { entry: TAuditRow; companyName: string | null }) => r.entry.id,
  sorts: { newest: { key: auditLog.createdAt, dir: 'desc', of: (r) => r.entry.createdAt } },
  where: (_scope, query: TAuditQuery) => [
    query.companyid ? eq(auditLog.companyId, query.companyid) : undefined,
    // One operator's address, in any case (addresses are kept lower-case, as registration stores them): index
    // `audit_log_operator_email_idx` reads it in page order (a part of an address would match several operators,
    // whose entries only a sort of all of them could merge).
    query.operator ? eq(auditLog.operatorEmail, query.operator.toLowerCase()) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
  ],
  select: (db, fields) =>
    db
      .select({ entry: auditLog, companyName: companies.name, ...fields })
      .from(auditLog)
      .leftJoin(companies, eq(companies.id, auditLog.companyId))
      .$dynamic(),
  toItem: ({ entry: e, companyName }): TAuditEntry => ({
    id: e.id,
    operatorEmail: e.operatorEmail,
    action: e.action,
    method: e.method,
    target: e.target,
    companyId: e.companyId,
    companyName,
    reason: e.reason,
    timestamp: e.createdAt.toISOString(),
  }),
  planCases: (seed): TPlanCase<TAuditQuery>[] => [
    { scope: { side: 'platform' }, query: {} },
    { scope: { side: 'platform' }, query: { companyid: seed.shopId } },
    { scope: { side: 'platform' }, query: { operator: seed.operatorEmail } },
  ],
});

/** What platform operators do: look after companies, watch documents across companies, teach the reader. */
export function createAdminService({ db, config, documents: docs, orders: orderService }: TDeps) {
  async function companyRow(companyId: number) {
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    if (!row) throw notFound('This company');
    return row;
  }

  async function company(companyId: number): Promise<TAdminCompanyDetail> {
    const row = await companyRow(companyId);
    const members = await db
      .select({ user: users, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.companyId, companyId))
      .orderBy(asc(users.email));
    return {
      ...toCompany(row, members.length),
      userProfiles: members.map(({ user, role }) => ({
        id: user.id,
        userName: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        emailAddress: user.email,
        role,
        timestampInserted: user.createdAt.toISOString(),
      })),
    };
  }

  function models(): TReaderModel[] {
    const list: TReaderModel[] = [{ id: BUILTIN_MODEL, label: 'Built-in reader' }];
    if (config.readerModel) list.push({ id: config.readerModel.model, label: config.readerModel.model });
    return list;
  }

  function checkModel(aiModel: string, field: string) {
    if (models().some((m) => m.id === aiModel)) return;
    throw new AppError('BAD_REQUEST', `There is no reading model called "${aiModel}" on this platform.`, {
      [field]: [
        `Choose one of: ${models()
          .map((m) => m.id)
          .join(', ')}`,
      ],
    });
  }

  async function setSuspension(companyId: number, reason: string | null) {
    const row = await companyRow(companyId);
    if ((row.suspendedAt !== null) === (reason !== null)) {
      throw new AppError(
        'CONFLICT',
        reason ? 'This company is already suspended.' : 'This company is not suspended.',
      );
    }
    await db
      .update(companies)
      .set({ suspendedAt: reason ? new Date() : null, suspendedReason: reason })
      .where(eq(companies.id, companyId));
    return company(companyId);
  }

  return {
    models,
    company,

    companies: (query: TAdminCompaniesQuery): Promise<TPage<TAdminCompany>> =>
      adminCompaniesList.run(db, { side: 'platform' }, query),

    async updateCompany(companyId: number, patch: TAdminCompanyPatch) {
      await companyRow(companyId);
      if (patch.aiModel !== undefined) checkModel(patch.aiModel, 'aiModel');
      await db
        .update(companies)
        .set({
          ...(patch.plan ? { plan: patch.plan } : {}),
          ...(patch.billingCycle ? { billingCycle: patch.billingCycle } : {}),
          ...(patch.requireApproval !== undefined ? { requireApproval: patch.requireApproval } : {}),
          ...(patch.aiModel !== undefined ? { aiModel: patch.aiModel } : {}),
        })
        .where(eq(companies.id, companyId));
      return company(companyId);
    },

    suspend: (companyId: number, reason: string) => setSuspension(companyId, reason),
    reactivate: (companyId: number) => setSuspension(companyId, null),

    /** Shops in the Shop (admin) shape of spec §3. */
    shops: (query: TAdminShopsQuery) => adminShopsList.run(db, { side: 'platform' }, query),

    /** Orders of every company in the Order (admin list) shape, filtered by shop, supplier and model too. */
    orders(query: TAdminOrdersQuery) {
      const extra = and(
        query.shopid ? eq(orders.shopId, query.shopid) : undefined,
        query.supplierid ? eq(orders.supplierId, query.supplierid) : undefined,
        query.aimodel ? eq(orders.aiModel, query.aimodel) : undefined,
      );
      return orderService.list({ side: 'platform' }, { ...query, sort: 'newest' }, extra);
    },

    order: (id: number) => orderService.detail({ side: 'platform' }, id),

    documents: docs.listAcross,

    async document(id: number) {
      const { shopId, shopName } = await docs.shopOf(id);
      return { ...(await docs.review(shopId, id)), shopId, shopName };
    },

    async documentFileUrl(id: number) {
      const { shopId } = await docs.shopOf(id);
      return docs.fileUrl({ side: 'shops', companyId: shopId }, id);
    },

    async reread(id: number, aiModel: string) {
      checkModel(aiModel, 'aiModel');
      const { shopId, shopName } = await docs.shopOf(id);
      return { ...(await docs.reread(shopId, id, aiModel)), shopId, shopName };
    },

    /**
     * Corrections on the shop's behalf go through the shop's own review path (the same checks, the same
     * learning); the operator's account is recorded as the one who processed it.
     */
    async correct<T>(id: number, edit: (shopId: number) => Promise<T>) {
      const { shopId, shopName } = await docs.shopOf(id);
      return { ...(await edit(shopId)), shopId, shopName };
    },

    /**
     * Shop-supplier links whose documents are in training, with the metrics of spec §3, the one waiting longest
     * first (the shared list module; the metrics of the page's links in one statement a shop).
     */
    async training(query: TTrainingQuery): Promise<TPage<TTrainingSupplier>> {
      const found = await trainingList.run(db, { side: 'platform' }, query);
      const byShop = new Map<number, number[]>();
      for (const r of found.data)
        byShop.set(r.link.shopId, [...(byShop.get(r.link.shopId) ?? []), r.link.id]);
      const metrics = new Map<number, Partial<TTrainingSupplier>>();
      for (const [shopId, linkIds] of byShop)
        for (const [linkId, m] of await docs.metricsByLink(shopId, linkIds)) metrics.set(linkId, m);
      return {
        ...found,
        data: found.data.map((r) => {
          const m = metrics.get(r.link.id) ?? {};
          return {
            shopSupplierId: r.link.id,
            shopId: r.link.shopId,
            shopName: r.shopName,
            supplierId: r.link.supplierId,
            supplierName: r.link.name,
            corrections: r.corrections,
            oldestWaiting: r.link.trainingSince?.toISOString() ?? null,
            totalOrders: m.totalOrders ?? 0,
            totalProcessedOrders: m.totalProcessedOrders ?? 0,
            totalUnprocessedOrders: m.totalUnprocessedOrders ?? 0,
            totalTrainedOrders: m.totalTrainedOrders ?? 0,
            totalInTrainingOrders: m.totalInTrainingOrders ?? 0,
            totalUrgentTrainOrders: m.totalUrgentTrainOrders ?? 0,
            totalPendingReviewOrders: m.totalPendingReviewOrders ?? 0,
          };
        }),
      };
    },

    audit: (query: TAuditQuery): Promise<TPage<TAuditEntry>> =>
      auditList.run(db, { side: 'platform' }, query),
  };
}
export type TAdminService = ReturnType<typeof createAdminService>;

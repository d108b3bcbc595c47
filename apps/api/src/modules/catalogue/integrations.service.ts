import { createHash, randomBytes, randomInt } from 'node:crypto';
import type {
  TImportResult,
  TIntegration,
  TIntegrationsQuery,
  TPage,
  TPushBatch,
  TRowError,
  TSyncEntriesQuery,
  TSyncEntry,
} from '@orderbridge/contract';
import { and, asc, count, eq, getTableColumns, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  companies,
  integrationConnections,
  integrationSyncs,
  integrations,
  lineMatches,
  orderItems,
  orders,
  pairingCodes,
  posProducts,
  shopSuppliers,
  type TIntegrationConnectionRow,
  type TIntegrationRow,
  type TIntegrationSyncRow,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { createAttemptLimiter } from '../../lib/attempt-limiter.js';
import { defineList } from '../../lib/list.js';
import { parseCsv, parseDecimal, parseFlag } from './csv.js';
import { AGENT_STALE_MS, connectionStatus } from './status.js';

/** A pairing code is valid this long (spec: 8-digit code, single use, ten minutes). */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;
/** A shop may show this many new codes per ten minutes. */
const CODES_PER_WINDOW = 5;
/** The agent's token lives a year; disconnecting revokes it at once. */
const AGENT_TOKEN_TTL_MS = 365 * 24 * 3_600_000;
export const AGENT_SCOPES = ['catalogue:write', 'orders:read'];
/** Rows written per statement: 14 parameters each, far below PostgreSQL's 65,535. */
const CHUNK = 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type TAgent = { connectionId: number; shopId: number; integrationId: number };

/** The POS catalogue CSV columns (spec §3 External catalogue product); productCode and description required. */
export const CATALOGUE_COLUMNS = [
  'productcode',
  'description',
  'posdescription',
  'barcode',
  'boxbarcode',
  'qty',
  'caseqty',
  'units',
  'price',
  'caseprice',
  'vatrate',
  'active',
  'controlstock',
] as const;

type TPosValues = Omit<
  typeof posProducts.$inferInsert,
  'id' | 'shopId' | 'integrationId' | 'syncId' | 'updatedAt'
>;

/** One CSV record as a POS product, or the reason it cannot be one. */
function posRow(v: Record<string, string>): TPosValues | string {
  const productCode = v.productcode ?? '';
  if (!productCode) return 'productCode is empty.';
  if (productCode.length > 100) return 'productCode is longer than 100 characters.';
  const description = v.description ?? '';
  if (!description) return 'description is empty.';
  const numbers: Record<string, number | null> = {};
  for (const f of ['qty', 'caseqty', 'price', 'caseprice', 'vatrate'] as const) {
    const n = parseDecimal(v[f]);
    if (n === 'invalid') return `${f} "${v[f]}" is not a number.`;
    if (n !== null && (n < 0 || n > 1e9)) return `${f} ${n} is out of range.`;
    numbers[f] = n;
  }
  const caseQty = numbers.caseqty ?? 1;
  if (!Number.isInteger(caseQty) || caseQty < 1)
    return `caseQty "${v.caseqty}" must be a whole number of at least 1.`;
  const active = parseFlag(v.active, true);
  const controlStock = parseFlag(v.controlstock, false);
  if (active === 'invalid') return `active "${v.active}" must be 1/0, true/false or yes/no.`;
  if (controlStock === 'invalid')
    return `controlStock "${v.controlstock}" must be 1/0, true/false or yes/no.`;
  const opt = (s: string | undefined) => (s ? s.slice(0, 500) : null);
  return {
    productCode,
    description: description.slice(0, 500),
    posDescription: opt(v.posdescription),
    barcode: opt(v.barcode),
    boxBarcode: opt(v.boxbarcode),
    qty: numbers.qty ?? null,
    caseQty,
    units: opt(v.units),
    price: numbers.price ?? null,
    casePrice: numbers.caseprice ?? null,
    vatRate: numbers.vatrate ?? null,
    active,
    controlStock,
  };
}

const SAME_FIELDS = [
  'description',
  'posDescription',
  'barcode',
  'boxBarcode',
  'qty',
  'caseQty',
  'units',
  'price',
  'casePrice',
  'vatRate',
  'active',
  'controlStock',
] as const;

export function syncEntry(row: TIntegrationSyncRow): TSyncEntry {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    operation: row.operation,
    status: row.status,
    duration: row.durationMs,
    rows: row.rows,
    errors: row.errors,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  };
}

/** The syncs query with the integration of the path and, for the syncs call, the entity type. */
type TSyncsListQuery = TSyncEntriesQuery & { integrationid: number; entitytype?: 'catalogue' | 'order' };

/**
 * A connection's syncs and pushes (README "Paging and search"), newest first; the syncs call lists catalogue syncs
 * only. The integration comes from the path (`integrationid`, checked by the service).
 */
export const syncsList = defineList({
  name: 'integration-syncs',
  id: integrationSyncs.id,
  idOf: (r: TIntegrationSyncRow) => r.id,
  sorts: { newest: { key: integrationSyncs.createdAt, dir: 'desc', of: (r) => r.createdAt } },
  where: (scope, q: TSyncsListQuery) => [
    eq(integrationSyncs.shopId, scope.side === 'platform' ? -1 : scope.companyId),
    eq(integrationSyncs.integrationId, q.integrationid),
    q.entitytype ? eq(integrationSyncs.entityType, q.entitytype) : undefined,
  ],
  select: (db, fields) =>
    db
      .select({ ...getTableColumns(integrationSyncs), ...fields })
      .from(integrationSyncs)
      .$dynamic(),
  toItem: syncEntry,
  planCases: (seed) => {
    const scope = { side: 'shops', companyId: seed.shopId } as const;
    return [
      { scope, query: { integrationid: seed.integrationId } },
      { scope, query: { integrationid: seed.integrationId, entitytype: 'catalogue' as const } },
    ];
  },
});

type TRegistryRow = { integration: TIntegrationRow; connection: TIntegrationConnectionRow | null };

/**
 * The integrations registry a shop chooses from (README "Paging and search"): the public ones not revoked, by
 * name, each with the shop's own connection read in the page's statement.
 */
export const registryList = defineList({
  name: 'integrations',
  id: integrations.id,
  idOf: (r: TRegistryRow) => r.integration.id,
  sorts: { name: { key: integrations.name, dir: 'asc', of: (r) => r.integration.name } },
  where: (_scope, _q: TIntegrationsQuery) => [
    eq(integrations.isPublic, true),
    eq(integrations.revoked, false),
  ],
  select: (db, fields, scope) =>
    db
      .select({ integration: integrations, connection: integrationConnections, ...fields })
      .from(integrations)
      .leftJoin(
        integrationConnections,
        and(
          eq(integrationConnections.integrationId, integrations.id),
          eq(integrationConnections.shopId, scope.side === 'platform' ? -1 : scope.companyId),
        ),
      )
      .$dynamic(),
  // The service turns a row into its view (the connection's status needs the service's clock and settings).
  toItem: (r) => r,
  planCases: (seed) => [{ scope: { side: 'shops', companyId: seed.shopId }, query: {} }],
});

type TDeps = {
  db: TDb;
  /** Told when a shop's agent connection ends (the notifications module listens). */
  onDisconnected?: (shopId: number, integrationId: number) => Promise<void>;
  /** Told once when a connected agent stops calling, with when it last called. */
  onSilent?: (shopId: number, integrationId: number, lastSeenAt: Date) => Promise<void>;
};

export function createIntegrationsService({ db, onDisconnected, onSilent }: TDeps) {
  const codeLimiter = createAttemptLimiter({ max: CODES_PER_WINDOW, windowMs: PAIRING_CODE_TTL_MS });

  async function integration(id: number): Promise<TIntegrationRow> {
    const [row] = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, id), eq(integrations.isPublic, true), eq(integrations.revoked, false)));
    if (!row) throw notFound('This integration');
    return row;
  }

  async function connectionOf(shopId: number, integrationId: number) {
    const [row] = await db
      .select()
      .from(integrationConnections)
      .where(
        and(
          eq(integrationConnections.shopId, shopId),
          eq(integrationConnections.integrationId, integrationId),
        ),
      );
    return row;
  }

  function view(row: TIntegrationRow, connection: TIntegrationConnectionRow | undefined): TIntegration {
    const { status, reason } = connectionStatus(row, connection);
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      logoUrl: row.logoUrl,
      logo: row.logoUrl,
      type: row.type,
      isPublic: row.isPublic,
      revoked: row.revoked,
      status,
      statusReason: reason,
      accessToken: connection
        ? {
            status: connection.tokenStatus,
            expiry: iso(connection.tokenExpiresAt),
            scopes: connection.scopes,
          }
        : null,
      assets: row.assets,
      deviceName: connection?.deviceName ?? null,
      lastSeenAt: iso(connection?.lastSeenAt),
      lastSyncAt: iso(connection?.lastSyncAt),
      syncRequestedAt: iso(connection?.syncRequestedAt),
    };
  }

  async function get(shopId: number, id: number) {
    return view(await integration(id), await connectionOf(shopId, id));
  }

  /** The connection an action needs: paired, with a token not revoked. */
  async function pairedConnection(shopId: number, integrationId: number) {
    const row = await integration(integrationId);
    const connection = await connectionOf(shopId, integrationId);
    if (!connection?.tokenHash) {
      throw new AppError('CONFLICT', `${row.name} is not connected. Pair the agent with a code first.`);
    }
    return { row, connection };
  }

  async function syncsPage(
    shopId: number,
    integrationId: number,
    query: TSyncEntriesQuery,
    entitytype?: 'catalogue' | 'order',
  ): Promise<TPage<TSyncEntry>> {
    await integration(integrationId);
    return syncsList.run(
      db,
      { side: 'shops', companyId: shopId },
      { ...query, integrationid: integrationId, entitytype },
    );
  }

  /** A processed order as the goods-received file needs it: POS codes, units received, cost per unit. */
  const pushBatch = (row: TIntegrationSyncRow): TPushBatch => ({
    id: row.id,
    ...(row.payload as Omit<TPushBatch, 'id'>),
  });

  return {
    /** The integrations a shop can use, each with its connection status (spec "Integration connection view"). */
    async list(shopId: number, query: TIntegrationsQuery): Promise<TPage<TIntegration>> {
      const page = await registryList.run(db, { side: 'shops', companyId: shopId }, query);
      return { ...page, data: page.data.map((r) => view(r.integration, r.connection ?? undefined)) };
    },

    get,

    /**
     * Starts pairing (spec "verify"): a new single-use 8-digit code, valid ten minutes, that the agent on the
     * POS computer is given. Earlier unused codes of the shop for this integration stop working.
     */
    async issuePairingCode(shopId: number, integrationId: number, userId: string) {
      const row = await integration(integrationId);
      if (!codeLimiter.take(`${shopId}:${integrationId}`)) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many pairing codes. Please wait a few minutes and try again.',
        );
      }
      const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_MS);
      for (let attempt = 0; ; attempt++) {
        const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
        try {
          await db.transaction(async (tx) => {
            await tx
              .delete(pairingCodes)
              .where(
                or(
                  and(
                    eq(pairingCodes.shopId, shopId),
                    eq(pairingCodes.integrationId, row.id),
                    isNull(pairingCodes.usedAt),
                  ),
                  lt(pairingCodes.expiresAt, new Date(Date.now() - 24 * 3_600_000)),
                ),
              );
            await tx.insert(pairingCodes).values({
              shopId,
              integrationId: row.id,
              codeHash: sha256(code),
              expiresAt,
              createdBy: userId,
            });
          });
          return { code, expiresAt: expiresAt.toISOString() };
        } catch (error) {
          // Another shop's live code has the same digits: draw again.
          if (attempt > 5) throw error;
        }
      }
    },

    /** Pairs an agent: takes a code once, and gives the agent its own token (the old one stops working). */
    async pair(code: string, deviceName: string | undefined) {
      const digits = code.replace(/\D/g, '');
      const now = new Date();
      const [found] = await db
        .select()
        .from(pairingCodes)
        .where(eq(pairingCodes.codeHash, sha256(digits)));
      const invalid = (message: string) => new AppError('BAD_REQUEST', message, { code: [message] });
      if (!found) throw invalid('This pairing code is not valid. Check the 8 digits shown in OrderBridge.');
      if (found.usedAt)
        throw invalid('This pairing code has already been used. Show a new code in OrderBridge.');
      if (found.expiresAt <= now)
        throw invalid('This pairing code has expired. Show a new code in OrderBridge.');
      const token = `obk_${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(now.getTime() + AGENT_TOKEN_TTL_MS);
      const paired = await db.transaction(async (tx) => {
        // Single use even when two agents send the same code at once: only one update finds it unused.
        const [taken] = await tx
          .update(pairingCodes)
          .set({ usedAt: now })
          .where(and(eq(pairingCodes.id, found.id), isNull(pairingCodes.usedAt)))
          .returning();
        if (!taken) return null;
        const values = {
          tokenHash: sha256(token),
          tokenStatus: 'connected',
          tokenExpiresAt: expiresAt,
          scopes: AGENT_SCOPES,
          deviceName: deviceName ?? null,
          lastSeenAt: now,
          silenceNoticedAt: null,
          lastError: null,
          connectedAt: now,
        };
        await tx
          .insert(integrationConnections)
          .values({ shopId: taken.shopId, integrationId: taken.integrationId, ...values })
          .onConflictDoUpdate({
            target: [integrationConnections.shopId, integrationConnections.integrationId],
            set: values,
          });
        return taken;
      });
      if (!paired) throw invalid('This pairing code has already been used. Show a new code in OrderBridge.');
      const [shop] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, paired.shopId));
      return {
        token,
        shopId: paired.shopId,
        shopName: shop?.name ?? '',
        integrationId: paired.integrationId,
        scopes: AGENT_SCOPES,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The agent behind a bearer token, or null when the token is unknown, revoked or expired. */
    async agentFor(token: string): Promise<TAgent | null> {
      const [row] = await db
        .select({
          connectionId: integrationConnections.id,
          shopId: integrationConnections.shopId,
          integrationId: integrationConnections.integrationId,
        })
        .from(integrationConnections)
        .innerJoin(integrations, eq(integrations.id, integrationConnections.integrationId))
        .where(
          and(
            eq(integrationConnections.tokenHash, sha256(token)),
            gt(integrationConnections.tokenExpiresAt, new Date()),
            eq(integrations.revoked, false),
          ),
        );
      return row ?? null;
    },

    /** The agent is alive (every agent call counts); it may report a failure, which shows as `error`. */
    async heartbeat(agent: TAgent, report?: { status: 'ok' | 'error'; message?: string }) {
      const [row] = await db
        .update(integrationConnections)
        .set({
          lastSeenAt: new Date(),
          silenceNoticedAt: null,
          ...(report
            ? {
                lastError:
                  report.status === 'error' ? (report.message ?? 'The agent reported an error.') : null,
              }
            : {}),
        })
        .where(eq(integrationConnections.id, agent.connectionId))
        .returning();
      const [pending] = await db
        .select({ n: count() })
        .from(integrationSyncs)
        .where(
          and(
            eq(integrationSyncs.shopId, agent.shopId),
            eq(integrationSyncs.integrationId, agent.integrationId),
            eq(integrationSyncs.operation, 'push'),
            eq(integrationSyncs.status, 'pending'),
          ),
        );
      return { syncRequested: Boolean(row?.syncRequestedAt), pendingPushes: pending?.n ?? 0 };
    },

    /**
     * Connected agents that stopped calling (the connection reads `disconnected`): each is claimed by one UPDATE,
     * so several workers tell a shop once, and told again only after the agent called in between.
     */
    async noticeSilentAgents(now = new Date()) {
      const claimed = await db
        .update(integrationConnections)
        .set({ silenceNoticedAt: now })
        .where(
          and(
            eq(integrationConnections.tokenStatus, 'connected'),
            lt(integrationConnections.lastSeenAt, new Date(now.getTime() - AGENT_STALE_MS)),
            isNull(integrationConnections.silenceNoticedAt),
          ),
        )
        .returning();
      for (const c of claimed) await onSilent?.(c.shopId, c.integrationId, c.lastSeenAt!);
      return claimed.length;
    },

    /** A person asks for a catalogue sync; the agent sees it on its next heartbeat. */
    async requestSync(shopId: number, integrationId: number) {
      await pairedConnection(shopId, integrationId);
      await db
        .update(integrationConnections)
        .set({ syncRequestedAt: new Date() })
        .where(
          and(
            eq(integrationConnections.shopId, shopId),
            eq(integrationConnections.integrationId, integrationId),
          ),
        );
      return get(shopId, integrationId);
    },

    /** Revokes the agent's token at once; the connection shows as disconnected. */
    async disconnect(shopId: number, integrationId: number) {
      await pairedConnection(shopId, integrationId);
      await db
        .update(integrationConnections)
        .set({ tokenHash: null, tokenStatus: 'disconnected', syncRequestedAt: null })
        .where(
          and(
            eq(integrationConnections.shopId, shopId),
            eq(integrationConnections.integrationId, integrationId),
          ),
        );
      await onDisconnected?.(shopId, integrationId);
      return get(shopId, integrationId);
    },

    /** Catalogue syncs (spec `syncs`). */
    syncs: (shopId: number, integrationId: number, query: TSyncEntriesQuery) =>
      syncsPage(shopId, integrationId, query, 'catalogue'),

    /** Everything the connection did: catalogue syncs and order pushes (spec `syncs/history`). */
    history: (shopId: number, integrationId: number, query: TSyncEntriesQuery) =>
      syncsPage(shopId, integrationId, query),

    /**
     * Takes a POS catalogue export (CSV). Rows are upserted by productCode, so the same file twice changes
     * nothing; a malformed row is reported with its line number and the other rows are kept.
     */
    async syncCatalogue(agent: TAgent, csv: string): Promise<TImportResult> {
      const started = performance.now();
      const { header, records, errors } = parseCsv(csv);
      const rowErrors: TRowError[] = [...errors];
      for (const required of ['productcode', 'description']) {
        if (!header.includes(required)) {
          throw new AppError(
            'BAD_REQUEST',
            `The catalogue file has no "${required}" column. Its first line must name the columns: ${CATALOGUE_COLUMNS.join(', ')}.`,
          );
        }
      }
      const seen = new Map<string, number>();
      const valid: TPosValues[] = [];
      for (const r of records) {
        const row = posRow(r.values);
        if (typeof row === 'string') {
          rowErrors.push({ line: r.line, message: row });
          continue;
        }
        const earlier = seen.get(row.productCode);
        if (earlier !== undefined) {
          rowErrors.push({
            line: r.line,
            message: `productCode ${row.productCode} is already on line ${earlier}.`,
          });
          continue;
        }
        seen.set(row.productCode, r.line);
        valid.push(row);
      }
      const existing = new Map(
        (
          await db
            .select()
            .from(posProducts)
            .where(
              and(eq(posProducts.shopId, agent.shopId), eq(posProducts.integrationId, agent.integrationId)),
            )
        ).map((p) => [p.productCode, p]),
      );
      const changed = valid.filter((row) => {
        const old = existing.get(row.productCode);
        return !old || SAME_FIELDS.some((f) => (old[f] ?? null) !== (row[f] ?? null));
      });
      const created = changed.filter((r) => !existing.has(r.productCode)).length;
      rowErrors.sort((a, b) => a.line - b.line);
      const status =
        valid.length === 0 && records.length + errors.length > 0
          ? 'failed'
          : rowErrors.length
            ? 'partial'
            : 'succeeded';
      await db.transaction(async (tx) => {
        const [sync] = await tx
          .insert(integrationSyncs)
          .values({
            shopId: agent.shopId,
            integrationId: agent.integrationId,
            entityType: 'catalogue',
            entityId: null,
            operation: 'sync',
            status,
            rows: valid.length,
            errors: rowErrors.slice(0, 1000),
          })
          .returning({ id: integrationSyncs.id });
        for (let i = 0; i < changed.length; i += CHUNK) {
          const set = Object.fromEntries(
            [...SAME_FIELDS, 'syncId' as const].map((f) => [f, sql.raw(`excluded.${posProducts[f].name}`)]),
          );
          await tx
            .insert(posProducts)
            .values(
              changed.slice(i, i + CHUNK).map((r) => ({
                ...r,
                shopId: agent.shopId,
                integrationId: agent.integrationId,
                syncId: sync!.id,
              })),
            )
            .onConflictDoUpdate({
              target: [posProducts.shopId, posProducts.integrationId, posProducts.productCode],
              set: { ...set, updatedAt: new Date() },
            });
        }
        const durationMs = Math.round(performance.now() - started);
        await tx.update(integrationSyncs).set({ durationMs }).where(eq(integrationSyncs.id, sync!.id));
        await tx
          .update(integrationConnections)
          .set({
            lastSyncAt: new Date(),
            lastSeenAt: new Date(),
            silenceNoticedAt: null,
            syncRequestedAt: null,
          })
          .where(eq(integrationConnections.id, agent.connectionId));
      });
      return {
        rows: valid.length,
        created,
        updated: changed.length - created,
        unchanged: valid.length - changed.length,
        errors: rowErrors,
      };
    },

    /** Queues a processed order for the agent (spec `syncs/push`); pushing it again while queued returns that batch. */
    async push(shopId: number, integrationId: number, orderId: number): Promise<TSyncEntry> {
      await pairedConnection(shopId, integrationId);
      const [order] = await db
        .select({ order: orders, supplierName: shopSuppliers.name })
        .from(orders)
        .innerJoin(shopSuppliers, eq(shopSuppliers.id, orders.shopSupplierId))
        .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)));
      if (!order) throw notFound('This order');
      const items = await db
        .select({
          item: orderItems,
          productCode: posProducts.productCode,
          unitsPerLine: lineMatches.unitsPerLine,
          unitCost: lineMatches.unitCost,
        })
        .from(orderItems)
        .leftJoin(
          lineMatches,
          and(
            sql`${lineMatches.documentId} = ${order.order.documentId ?? -1}`,
            eq(lineMatches.lineNo, orderItems.lineNo),
          ),
        )
        .leftJoin(posProducts, eq(posProducts.id, lineMatches.posProductId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.lineNo));
      const payload: Omit<TPushBatch, 'id'> = {
        orderId,
        orderNum: order.order.orderNum,
        invoiceNum: order.order.invoiceNum,
        invoiceDate: order.order.invoiceDate,
        supplierName: order.supplierName,
        lines: items.map(({ item, productCode, unitsPerLine, unitCost }) => {
          const units = unitsPerLine ?? 1;
          const quantity = item.receivedQuantity ?? item.itemQty ?? 0;
          return {
            lineNo: item.lineNo,
            productCode: productCode ?? null,
            description: item.itemDesc,
            receivedQuantity: Math.round(quantity * units * 1000) / 1000,
            unitCost:
              unitCost ?? (item.price === null ? null : Math.round((item.price / units) * 10_000) / 10_000),
          };
        }),
      };
      const values = {
        shopId,
        integrationId,
        entityType: 'order' as const,
        entityId: String(orderId),
        operation: 'push' as const,
        status: 'pending' as const,
        rows: payload.lines.length,
        payload,
      };
      const [inserted] = await db.insert(integrationSyncs).values(values).onConflictDoNothing().returning();
      if (inserted) return syncEntry(inserted);
      const [queued] = await db
        .select()
        .from(integrationSyncs)
        .where(
          and(
            eq(integrationSyncs.shopId, shopId),
            eq(integrationSyncs.integrationId, integrationId),
            eq(integrationSyncs.entityId, String(orderId)),
            eq(integrationSyncs.operation, 'push'),
            eq(integrationSyncs.status, 'pending'),
          ),
        );
      return syncEntry(queued!);
    },

    /** The push batches waiting for the agent, oldest first. */
    async pendingPushes(agent: TAgent): Promise<TPushBatch[]> {
      const rows = await db
        .select()
        .from(integrationSyncs)
        .where(
          and(
            eq(integrationSyncs.shopId, agent.shopId),
            eq(integrationSyncs.integrationId, agent.integrationId),
            eq(integrationSyncs.operation, 'push'),
            eq(integrationSyncs.status, 'pending'),
          ),
        )
        .orderBy(asc(integrationSyncs.id))
        .limit(100);
      return rows.map(pushBatch);
    },

    /** The agent wrote the batch's goods-received file; acknowledging twice is harmless. */
    async acknowledge(agent: TAgent, syncId: number): Promise<TSyncEntry> {
      const [row] = await db
        .select()
        .from(integrationSyncs)
        .where(
          and(
            eq(integrationSyncs.id, syncId),
            eq(integrationSyncs.shopId, agent.shopId),
            eq(integrationSyncs.integrationId, agent.integrationId),
            eq(integrationSyncs.operation, 'push'),
          ),
        );
      if (!row) throw notFound('This push batch');
      if (row.status === 'acknowledged') return syncEntry(row);
      const now = new Date();
      const [updated] = await db
        .update(integrationSyncs)
        .set({
          status: 'acknowledged',
          acknowledgedAt: now,
          durationMs: now.getTime() - row.createdAt.getTime(),
        })
        .where(eq(integrationSyncs.id, syncId))
        .returning();
      return syncEntry(updated!);
    },
  };
}
export type TIntegrationsService = ReturnType<typeof createIntegrationsService>;

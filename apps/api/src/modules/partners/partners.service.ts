import {
  EMPTY_SUPPLIER_METRICS,
  type TCreateSupplier,
  type TPage,
  type TRole,
  type TShopSupplier,
  type TShopSupplierMetrics,
  type TShopSuppliersQuery,
  type TSupplierClient,
  type TSupplierClientsQuery,
  type TUpdateSupplier,
} from '@orderbridge/contract';
import { and, asc, count, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import type { TConfig } from '../../config.js';
import type { TDb } from '../../db/client.js';
import {
  companies,
  invitations,
  memberships,
  shopSuppliers,
  type TCompanyRow,
  type TShopSupplierRow,
} from '../../db/schema/index.js';
import { fold } from '../../db/schema/search.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { createAttemptLimiter } from '../../lib/attempt-limiter.js';
import { supplierAddedMail } from '../../lib/email-templates.js';
import { fileUrl } from '../../lib/images.js';
import { defineList } from '../../lib/list.js';
import type { Mailer } from '../../lib/mailer.js';
import type { TNotify } from '../notifications/notifications.service.js';

/**
 * The shops a supplier serves (README "Paging and search"): by the shop's folded name, which the link keeps
 * (`shop_name_key`, migration 0027) so an index holds the order, and searched by it through its trigram index.
 */
export const clientsList = defineList({
  name: 'supplier-clients',
  id: shopSuppliers.id,
  idOf: (r: { linkId: number; shopNameKey: string; shop: TCompanyRow }) => r.linkId,
  sorts: { name: { key: shopSuppliers.shopNameKey, dir: 'asc', of: (r) => r.shopNameKey } },
  where: (scope, _q: TSupplierClientsQuery) => [
    eq(shopSuppliers.supplierId, scope.side === 'platform' ? -1 : scope.companyId),
  ],
  select: (db, fields) =>
    db
      .select({
        linkId: shopSuppliers.id,
        shopNameKey: shopSuppliers.shopNameKey,
        shop: companies,
        ...fields,
      })
      .from(shopSuppliers)
      .innerJoin(companies, eq(companies.id, shopSuppliers.shopId))
      .$dynamic(),
  toItem: ({ linkId, shop }): TSupplierClient => ({
    id: linkId,
    name: shop.name,
    logoURL: fileUrl(shop.logoKey),
    email: shop.mainEmail,
    supplierClientId: linkId,
    clientId: shop.id,
    clientName: shop.name,
    clientEmail: shop.mainEmail,
  }),
  search: { match: (_scope, pattern) => sql`${shopSuppliers.shopNameKey} like ${pattern}` },
  planCases: (seed) => {
    const scope = { side: 'suppliers', companyId: seed.supplierId } as const;
    return [
      // The seed's supplier serves about a thousand shops: more than a page may sort (list.plan.test.ts).
      { scope, query: {} },
      { scope, query: { search: seed.terms.shopName } },
    ];
  },
});

/** Whether anyone has joined the company yet (an unclaimed supplier company has no members). */
const hasMembers = (companyId: typeof shopSuppliers.supplierId | number) =>
  sql<boolean>`exists (select 1 from ${memberships} where ${memberships.companyId} = ${companyId})`;

/** A link as the shop sees it: the supplier company's logo, and whether anyone runs that company yet. */
const linkColumns = {
  link: shopSuppliers,
  logoKey: companies.logoKey,
  claimed: hasMembers(shopSuppliers.supplierId),
};
type TLinkSelected = { link: TShopSupplierRow; logoKey: string | null; claimed: boolean };

/**
 * A shop's suppliers (README "Paging and search"): by the folded name the shop gave each (`name_key`, migration
 * 0028, a generated column so an index holds the order), searched by it through the name's trigram index. The
 * service adds each page's order metrics in one more statement.
 */
export const suppliersList = defineList({
  name: 'shop-suppliers',
  id: shopSuppliers.id,
  idOf: (r: TLinkSelected) => r.link.id,
  sorts: { name: { key: shopSuppliers.nameKey, dir: 'asc', of: (r) => r.link.nameKey } },
  where: (scope, _q: TShopSuppliersQuery) => [
    eq(shopSuppliers.shopId, scope.side === 'shops' ? scope.companyId : -1),
  ],
  select: (db, fields) =>
    db
      .select({ ...linkColumns, ...fields })
      .from(shopSuppliers)
      .innerJoin(companies, eq(companies.id, shopSuppliers.supplierId))
      .$dynamic(),
  toItem: (r) => r,
  search: { match: (_scope, pattern) => sql`${fold(shopSuppliers.name)} like ${pattern}` },
  planCases: (seed) => {
    const scope = { side: 'shops', companyId: seed.shopId } as const;
    return [
      { scope, query: {} },
      // A shop has a few dozen suppliers at most (eight in the seed): the planner rightly reads them all by the
      // btree index rather than the trigram one.
      { scope, query: { search: seed.terms.supplierName }, trigram: false },
    ];
  },
});

/** Order counts per shop-supplier link; the orders module provides them once orders exist. */
export type TOrderMetrics = (
  shopId: number,
  linkIds: number[],
) => Promise<Map<number, Partial<TShopSupplierMetrics>>>;

type TDeps = {
  db: TDb;
  mailer: Mailer;
  config: Pick<TConfig, 'publicUrl'>;
  /** Stores an invitation to a company and returns its token (the companies service's mechanism). */
  issueInvitation: (
    companyId: number,
    email: string,
    role: TRole,
    invitedBy: string | null,
  ) => Promise<string>;
  orderMetrics?: TOrderMetrics;
  notify: TNotify;
};

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** The Postgres error code under a driver or Drizzle wrapper. */
const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `You already have a supplier named "${name}". Choose another name.`, {
    supplierName: [`A supplier named "${name}" already exists`],
  });

export function createPartnersService({ db, mailer, config, issueInvitation, orderMetrics, notify }: TDeps) {
  // A shop cannot flood a supplier's mailbox with invitations.
  const resendLimiter = createAttemptLimiter({ max: 3, windowMs: 3_600_000 });

  async function metricsFor(shopId: number, linkIds: number[]) {
    if (!orderMetrics || linkIds.length === 0) return new Map<number, Partial<TShopSupplierMetrics>>();
    return orderMetrics(shopId, linkIds);
  }

  function toItem(row: TLinkSelected, metrics: Partial<TShopSupplierMetrics> | undefined): TShopSupplier {
    const { link } = row;
    return {
      shopSupplierId: link.id,
      shopId: link.shopId,
      supplierId: link.supplierId,
      supplierName: link.name,
      supplierMainEmail: link.mainEmail,
      supplierEmail: link.mainEmail,
      secondaryEmails: link.secondaryEmails,
      isAutoProcessed: link.isAutoProcessed,
      skipApproval: link.skipApproval,
      logoURL: fileUrl(row.logoKey),
      claimed: Boolean(row.claimed),
      ...EMPTY_SUPPLIER_METRICS,
      ...metrics,
    };
  }

  async function getLink(shopId: number, linkId: number): Promise<TShopSupplier> {
    const [row] = await db
      .select(linkColumns)
      .from(shopSuppliers)
      .innerJoin(companies, eq(companies.id, shopSuppliers.supplierId))
      .where(and(eq(shopSuppliers.id, linkId), eq(shopSuppliers.shopId, shopId)));
    if (!row) throw notFound('This supplier');
    return toItem(row, (await metricsFor(shopId, [linkId])).get(linkId));
  }

  /** Serialises work on one supplier address, so two shops adding it at once make one company. */
  const lockEmail = (tx: TTx, email: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplier-email:${email}`}))`);

  async function assertNameFree(tx: TTx, shopId: number, name: string, exceptLinkId?: number) {
    const [dup] = await tx
      .select({ name: shopSuppliers.name })
      .from(shopSuppliers)
      .where(
        and(
          eq(shopSuppliers.shopId, shopId),
          sql`lower(${shopSuppliers.name}) = lower(${name})`,
          exceptLinkId === undefined ? undefined : ne(shopSuppliers.id, exceptLinkId),
        ),
      );
    if (dup) throw nameTaken(dup.name);
  }

  /** The supplier company with this main address, made (unclaimed, without members) when there is none. */
  async function findOrCreateSupplier(tx: TTx, email: string, name: string) {
    const [existing] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.type, 'suppliers'), sql`lower(${companies.mainEmail}) = ${email}`))
      .orderBy(asc(companies.id))
      .limit(1);
    if (existing) return existing.id;
    const [created] = await tx
      .insert(companies)
      .values({ name, type: 'suppliers', mainEmail: email })
      .returning({ id: companies.id });
    return created!.id;
  }

  async function supplierState(tx: TTx | TDb, supplierId: number) {
    const [row] = await tx
      .select({ claimed: hasMembers(supplierId), links: count(shopSuppliers.id) })
      .from(companies)
      .leftJoin(shopSuppliers, eq(shopSuppliers.supplierId, companies.id))
      .where(eq(companies.id, supplierId))
      .groupBy(companies.id);
    return { claimed: Boolean(row?.claimed), links: Number(row?.links ?? 0) };
  }

  /** An unclaimed supplier company that no shop links any more is only noise: remove it. */
  async function dropIfOrphan(tx: TTx, supplierId: number) {
    const state = await supplierState(tx, supplierId);
    if (!state.claimed && state.links === 0) await tx.delete(companies).where(eq(companies.id, supplierId));
  }

  /** Tells the supplier's address that a shop added it: an invitation to claim it, or a note if claimed. */
  async function notifySupplier(shopId: number, supplierId: number, email: string, invitedBy: string) {
    const [shop] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, shopId));
    const [supplier] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, supplierId));
    const { claimed } = await supplierState(db, supplierId);
    const shopName = shop?.name ?? 'A shop';
    const supplierName = supplier?.name ?? email;
    if (claimed) {
      await mailer.send(supplierAddedMail(email, shopName, supplierName, `${config.publicUrl}/login`, true));
      return;
    }
    const token = await issueInvitation(supplierId, email, 'admin', invitedBy);
    await mailer.send(
      supplierAddedMail(
        email,
        shopName,
        supplierName,
        `${config.publicUrl}/register?invitation=${token}`,
        false,
      ),
    );
  }

  /** Unique-index races end as the same clear conflicts the checks give. */
  async function translateConflicts<T>(work: () => Promise<T>, name: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgCode(error) === '23505') {
        const text = String((error as { cause?: unknown }).cause ?? error);
        if (text.includes('shop_suppliers_shop_name_uq')) throw nameTaken(name);
        throw new AppError('CONFLICT', 'This supplier is already in your list.');
      }
      throw error;
    }
  }

  async function assertEmailsFree(
    tx: TTx,
    shopId: number,
    linkId: number,
    main: string,
    secondary: string[],
  ) {
    const emails = [main, ...secondary];
    const others = await tx
      .select({
        name: shopSuppliers.name,
        mainEmail: shopSuppliers.mainEmail,
        secondaryEmails: shopSuppliers.secondaryEmails,
      })
      .from(shopSuppliers)
      .where(and(eq(shopSuppliers.shopId, shopId), ne(shopSuppliers.id, linkId)));
    for (const other of others) {
      const clash = emails.find((e) => e === other.mainEmail || other.secondaryEmails.includes(e));
      if (clash) {
        const field = clash === main ? 'supplierMainEmail' : 'secondaryEmails';
        throw new AppError('CONFLICT', `${clash} already belongs to your supplier "${other.name}".`, {
          [field]: [`${clash} already belongs to "${other.name}"`],
        });
      }
    }
  }

  return {
    /** One page of a shop's suppliers, by name, with their order metrics. */
    async list(shopId: number, query: TShopSuppliersQuery): Promise<TPage<TShopSupplier>> {
      const page = await suppliersList.run(db, { side: 'shops', companyId: shopId }, query);
      const metrics = await metricsFor(
        shopId,
        page.data.map((r) => r.link.id),
      );
      return { ...page, data: page.data.map((r) => toItem(r, metrics.get(r.link.id))) };
    },

    get: getLink,

    /**
     * Adds a supplier to a shop: links the supplier company with that main address, or makes an unclaimed one
     * and invites the address to claim it.
     */
    async create(shopId: number, userId: string, input: TCreateSupplier): Promise<TShopSupplier> {
      const { supplierEmail: email, supplierName: name } = input;
      const { linkId, supplierId } = await translateConflicts(
        () =>
          db.transaction(async (tx) => {
            await lockEmail(tx, email);
            await assertNameFree(tx, shopId, name);
            const supplierId = await findOrCreateSupplier(tx, email, name);
            const [linked] = await tx
              .select({ name: shopSuppliers.name })
              .from(shopSuppliers)
              .where(and(eq(shopSuppliers.shopId, shopId), eq(shopSuppliers.supplierId, supplierId)));
            if (linked) {
              throw new AppError(
                'CONFLICT',
                `The supplier with ${email} is already in your list as "${linked.name}".`,
                { supplierEmail: [`Already in your list as "${linked.name}"`] },
              );
            }
            const [link] = await tx
              .insert(shopSuppliers)
              .values({ shopId, supplierId, name, mainEmail: email })
              .returning({ id: shopSuppliers.id });
            return { linkId: link!.id, supplierId };
          }),
        name,
      );
      await notifySupplier(shopId, supplierId, email, userId);
      return getLink(shopId, linkId);
    },

    /**
     * Edits a shop's supplier. While the supplier company is unclaimed and only this shop links it, the shop
     * owns its details: a new name renames it, and a new main address is invited in place of the old one, or,
     * when that address already has a supplier company, the link moves there (not once it has orders).
     */
    async update(shopId: number, userId: string, linkId: number, input: TUpdateSupplier) {
      // Read before the transaction: on PGlite a query outside it would wait for it forever.
      const ordersOfLink =
        input.supplierMainEmail === undefined
          ? 0
          : ((await metricsFor(shopId, [linkId])).get(linkId)?.totalOrders ?? 0);
      const moved = await translateConflicts(
        () =>
          db.transaction(async (tx) => {
            const [link] = await tx
              .select()
              .from(shopSuppliers)
              .where(and(eq(shopSuppliers.id, linkId), eq(shopSuppliers.shopId, shopId)));
            if (!link) throw notFound('This supplier');
            const name = input.supplierName ?? link.name;
            const mainEmail = input.supplierMainEmail ?? link.mainEmail;
            const secondaryEmails = (input.secondaryEmails ?? link.secondaryEmails).filter(
              (e) => e !== mainEmail,
            );
            if (input.supplierName !== undefined) await assertNameFree(tx, shopId, name, linkId);
            await assertEmailsFree(tx, shopId, linkId, mainEmail, secondaryEmails);

            const state = await supplierState(tx, link.supplierId);
            const ownedByShop = !state.claimed && state.links === 1;
            let supplierId = link.supplierId;
            let invite = false;
            if (ownedByShop && mainEmail !== link.mainEmail) {
              await lockEmail(tx, mainEmail);
              const [existing] = await tx
                .select({ id: companies.id })
                .from(companies)
                .where(
                  and(
                    eq(companies.type, 'suppliers'),
                    sql`lower(${companies.mainEmail}) = ${mainEmail}`,
                    ne(companies.id, link.supplierId),
                  ),
                )
                .orderBy(asc(companies.id))
                .limit(1);
              if (!existing) {
                // A corrected address: the same unclaimed company, invited anew at its new address.
                await tx.update(companies).set({ mainEmail, name }).where(eq(companies.id, link.supplierId));
                await tx
                  .delete(invitations)
                  .where(and(eq(invitations.companyId, link.supplierId), isNull(invitations.acceptedAt)));
                invite = true;
              } else {
                // The address belongs to another supplier company: the link moves there.
                const [linked] = await tx
                  .select({ name: shopSuppliers.name })
                  .from(shopSuppliers)
                  .where(and(eq(shopSuppliers.shopId, shopId), eq(shopSuppliers.supplierId, existing.id)));
                if (linked) {
                  throw new AppError(
                    'CONFLICT',
                    `The supplier with ${mainEmail} is already in your list as "${linked.name}".`,
                    { supplierMainEmail: [`Already in your list as "${linked.name}"`] },
                  );
                }
                if (ordersOfLink > 0) {
                  throw new AppError(
                    'CONFLICT',
                    `${mainEmail} belongs to another supplier company, and "${link.name}" already has orders, so it cannot move there.`,
                    { supplierMainEmail: ['Belongs to another supplier company'] },
                  );
                }
                supplierId = existing.id;
                invite = true;
              }
            } else if (ownedByShop && name !== link.name) {
              await tx.update(companies).set({ name }).where(eq(companies.id, link.supplierId));
            }
            await tx
              .update(shopSuppliers)
              .set({
                name,
                mainEmail,
                secondaryEmails,
                supplierId,
                ...(input.isAutoProcessed === undefined ? {} : { isAutoProcessed: input.isAutoProcessed }),
                ...(input.skipApproval === undefined ? {} : { skipApproval: input.skipApproval }),
              })
              .where(eq(shopSuppliers.id, linkId));
            if (supplierId !== link.supplierId) await dropIfOrphan(tx, link.supplierId);
            return invite ? { supplierId, mainEmail } : null;
          }),
        input.supplierName ?? '',
      );
      if (moved) await notifySupplier(shopId, moved.supplierId, moved.mainEmail, userId);
      return getLink(shopId, linkId);
    },

    /** Sends the invitation to claim an unclaimed supplier company again; returns the address it went to. */
    async resendInvitation(shopId: number, userId: string, linkId: number): Promise<string> {
      const link = await getLink(shopId, linkId);
      if (link.claimed) {
        throw new AppError('CONFLICT', `${link.supplierName} is already on OrderBridge.`);
      }
      if (!resendLimiter.take(`${shopId}:${link.supplierId}`)) {
        throw new AppError(
          'RATE_LIMITED',
          'This invitation was sent several times already. Try again in an hour.',
        );
      }
      const [company] = await db
        .select({ mainEmail: companies.mainEmail })
        .from(companies)
        .where(eq(companies.id, link.supplierId));
      const email = company?.mainEmail ?? link.supplierMainEmail;
      await notifySupplier(shopId, link.supplierId, email, userId);
      return email;
    },

    /** Removes a supplier from a shop; refused while orders reference it. */
    async remove(shopId: number, linkId: number) {
      const link = await getLink(shopId, linkId);
      if (link.totalOrders > 0) {
        throw new AppError(
          'CONFLICT',
          `"${link.supplierName}" has ${link.totalOrders} order${link.totalOrders === 1 ? '' : 's'}, so it cannot be deleted. Orders must keep their supplier.`,
        );
      }
      try {
        await db.transaction(async (tx) => {
          await tx
            .delete(shopSuppliers)
            .where(and(eq(shopSuppliers.id, linkId), eq(shopSuppliers.shopId, shopId)));
          await dropIfOrphan(tx, link.supplierId);
        });
      } catch (error) {
        // Orders reference the link with a foreign key: the database has the last word.
        if (pgCode(error) === '23503') {
          throw new AppError(
            'CONFLICT',
            `"${link.supplierName}" has orders, so it cannot be deleted. Orders must keep their supplier.`,
          );
        }
        throw error;
      }
    },

    /** One page of the shops a supplier serves (the spec's normalised client list item). */
    clients: (supplierId: number, query: TSupplierClientsQuery): Promise<TPage<TSupplierClient>> =>
      clientsList.run(db, { side: 'suppliers', companyId: supplierId }, query),

    /**
     * A confirmed address owns the unclaimed supplier companies that shops made for it: its user becomes
     * their admin, and the pending invitations to them are spent.
     */
    async claimForConfirmedEmail(userId: string, email: string): Promise<number[]> {
      const address = email.toLowerCase();
      return db.transaction(async (tx) => {
        const unclaimed = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(
            and(
              eq(companies.type, 'suppliers'),
              sql`lower(${companies.mainEmail}) = ${address}`,
              sql`not ${exists(tx.select({ one: sql`1` }).from(memberships).where(eq(memberships.companyId, companies.id)))}`,
            ),
          );
        for (const { id } of unclaimed) {
          await tx.insert(memberships).values({ userId, companyId: id, role: 'admin' }).onConflictDoNothing();
          await tx
            .update(invitations)
            .set({ acceptedAt: new Date() })
            .where(
              and(
                eq(invitations.companyId, id),
                sql`lower(${invitations.email}) = ${address}`,
                isNull(invitations.acceptedAt),
              ),
            );
        }
        return unclaimed.map((c) => c.id);
      });
    },

    /** Tells the shops that link a supplier company that it was claimed, when its first member just joined. */
    async announceClaimed(supplierId: number) {
      const [members] = await db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.companyId, supplierId));
      if (members?.n !== 1) return;
      const links = await db.select().from(shopSuppliers).where(eq(shopSuppliers.supplierId, supplierId));
      for (const link of links) {
        await notify({
          companyId: link.shopId,
          kind: 'supplier_joined',
          title: `${link.name} joined OrderBridge`,
          body: `${link.name} accepted your invitation: they now see the orders you process for them and can answer disputes.`,
          link: `/shops/${link.shopId}/config/suppliers`,
        });
      }
    },
  };
}
export type TPartnersService = ReturnType<typeof createPartnersService>;

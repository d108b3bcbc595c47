import type {
  TCompanyAdmin,
  TCompanyType,
  TCompanyUser,
  TCompanyUsersQuery,
  TInviteUser,
  TOnboardingCompany,
  TOnboardingContact,
  TPage,
  TProfile,
  TProfileCompany,
  TRole,
} from '@orderbridge/contract';
import { and, asc, count, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { TConfig } from '../../config.js';
import type { TAuthWrites } from '../../db/auth-writes.js';
import type { TDb } from '../../db/client.js';
import {
  companies,
  invitations,
  memberships,
  type TCompanyRow,
  type TUserRow,
  users,
} from '../../db/schema/index.js';
import { fold } from '../../db/schema/search.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { createAuthCache } from '../../lib/auth-cache.js';
import { invitationMail } from '../../lib/email-templates.js';
import { checkImage, fileUrl } from '../../lib/images.js';
import { defineList } from '../../lib/list.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashToken, newToken } from '../../lib/secrets.js';
import type { Storage } from '../../lib/storage.js';

const INVITATION_TTL = 14 * 24 * 3_600_000;
const INVITED_PREFIX = 'inv-';

/**
 * A company's members (README "Paging and search"): by `name_key`, the member's folded "first last email" that
 * migration 0030's triggers keep on the membership (the name lives on `users`, and an index holds the order of one
 * table's columns only), searched by it. A company has tens of members, so a search filters the company's rows of
 * that index rather than reading a trigram index. A user list is the company's whichever side the route is on.
 */
export const membersList = defineList({
  name: 'company-members',
  id: memberships.id,
  idOf: (r: { membership: typeof memberships.$inferSelect; user: TUserRow }) => r.membership.id,
  sorts: { name: { key: memberships.nameKey, dir: 'asc', of: (r) => r.membership.nameKey } },
  where: (scope, _q: TCompanyUsersQuery) => [
    eq(memberships.companyId, scope.side === 'platform' ? -1 : scope.companyId),
  ],
  select: (db, fields) =>
    db
      .select({ membership: memberships, user: users, ...fields })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .$dynamic(),
  toItem: ({ membership, user }): TCompanyUser => ({
    id: user.id,
    userName: user.email,
    emailAddress: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: membership.role,
    profileImage: fileUrl(user.profileImageKey),
    status: 'active',
  }),
  search: { match: (_scope, pattern) => sql`${memberships.nameKey} like ${pattern}` },
  planCases: (seed) => [
    { scope: { side: 'shops', companyId: seed.shopId }, query: {} },
    { scope: { side: 'shops', companyId: seed.shopId }, query: { search: 'plan-user' }, trigram: false },
  ],
});

/**
 * A company's pending invitations (not accepted, not expired), by email, searched by it. A company has a handful
 * pending at a time, which a partial index on the unaccepted ones finds; the email is searched without an index.
 */
export const invitationsList = defineList({
  name: 'company-invitations',
  id: invitations.id,
  idOf: (r: typeof invitations.$inferSelect) => r.id,
  sorts: { name: { key: invitations.email, dir: 'asc', of: (r) => r.email } },
  where: (scope, _q: TCompanyUsersQuery) => [
    eq(invitations.companyId, scope.side === 'platform' ? -1 : scope.companyId),
    isNull(invitations.acceptedAt),
    gt(invitations.expiresAt, new Date()),
  ],
  select: (db, fields) =>
    db
      .select({ ...getTableColumns(invitations), ...fields })
      .from(invitations)
      .$dynamic(),
  toItem: (inv): TCompanyUser => ({
    id: `${INVITED_PREFIX}${inv.id}`,
    userName: inv.email,
    emailAddress: inv.email,
    firstName: '',
    lastName: '',
    role: inv.role,
    profileImage: null,
    status: 'invited',
  }),
  search: { match: (_scope, pattern) => sql`${fold(invitations.email)} like ${pattern}` },
  planCases: (seed) => [
    { scope: { side: 'shops', companyId: seed.shopId }, query: {} },
    { scope: { side: 'shops', companyId: seed.shopId }, query: { search: 'example' }, trigram: false },
  ],
});

type TDeps = {
  db: TDb;
  mailer: Mailer;
  storage: Storage;
  config: Pick<TConfig, 'publicUrl'>;
  /** Profiles are kept until the next write to users, memberships or companies. */
  authWrites: TAuthWrites;
};

const toAdmin = (c: TCompanyRow): TCompanyAdmin => ({
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
});

export function createCompaniesService({ db, mailer, storage, config, authWrites }: TDeps) {
  // A profile reads only users, memberships and companies: every write that could change one empties the cache.
  const profiles = createAuthCache<TProfile>(authWrites);
  async function userCompanies(userId: string): Promise<TProfileCompany[]> {
    const rows = await db
      .select({ company: companies, role: memberships.role })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      // A suspended company is left out: its users see (and sign in to) only their other companies.
      .where(and(eq(memberships.userId, userId), isNull(companies.suspendedAt)))
      .orderBy(asc(memberships.createdAt), asc(companies.id));
    return rows.map(({ company, role }) => ({
      id: company.id,
      name: company.name,
      type: company.type,
      logo: fileUrl(company.logoKey),
      roles: [role],
      requireApproval: company.requireApproval,
      orderApprovalEnabled: company.requireApproval,
    }));
  }

  async function adminCount(companyId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'admin')));
    return row?.n ?? 0;
  }

  async function membership(companyId: number, userId: string) {
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
    if (!row) throw notFound('This user');
    return row;
  }

  /** Stores an invitation and returns its token (the link is `/register?invitation=<token>`). */
  async function issueInvitation(companyId: number, email: string, role: TRole, invitedBy: string | null) {
    const token = newToken();
    await db.insert(invitations).values({
      companyId,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy,
      expiresAt: new Date(Date.now() + INVITATION_TTL),
    });
    return token;
  }

  /** Pending invitations are listed as users with the id `inv-<id>`: the condition that finds one, or null. */
  const pendingInvitation = (companyId: number, userId: string) => {
    if (!userId.startsWith(INVITED_PREFIX)) return null;
    const id = Number(userId.slice(INVITED_PREFIX.length));
    return and(
      eq(invitations.id, Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : -1),
      eq(invitations.companyId, companyId),
      isNull(invitations.acceptedAt),
    );
  };

  async function readProfile(userId: string): Promise<TProfile> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('This account');
    const list = await userCompanies(userId);
    return {
      id: user.id,
      userName: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      emailAddress: user.email,
      timestampInserted: user.createdAt.toISOString(),
      phoneNumber: user.phoneNumber,
      profileImage: fileUrl(user.profileImageKey),
      roles: [...new Set(list.flatMap((c) => c.roles))],
      companies: list,
      shops: list.filter((c) => c.type === 'shops'),
      suppliers: list.filter((c) => c.type === 'suppliers'),
    };
  }

  const lastAdmin = () =>
    new AppError('CONFLICT', 'A company needs at least one admin. Make someone else admin first.');

  return {
    userCompanies,
    issueInvitation,

    /** Shared by the requests that read it until the next auth write: callers must not change it. */
    profile(userId: string): Promise<TProfile> {
      return profiles.get(userId, () => readProfile(userId));
    },

    async defaultCompany(userId: string) {
      const [first] = await userCompanies(userId);
      return first ? { companyId: first.id, role: first.roles[0] ?? 'member' } : null;
    },

    async createCompany(userId: string, input: TOnboardingCompany, logo: unknown): Promise<TCompanyAdmin> {
      const image = logo === undefined ? null : await checkImage(logo, 'logo');
      const logoKey = image ? await storage.put('logos', image.bytes, image.extension) : null;
      const company = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(companies)
          .values({
            name: input.companyName,
            type: input.companyType,
            mainEmail: input.companyMainEmail,
            address: input.companyAddress ?? null,
            phone: input.companyPhone ?? null,
            website: input.companyWebsite ?? null,
            plan: input.plan,
            billingCycle: input.billingCycle,
            logoKey,
          })
          .returning();
        await tx.insert(memberships).values({ userId, companyId: created!.id, role: 'admin' });
        return created!;
      });
      return toAdmin(company);
    },

    async updateContact(userId: string, input: TOnboardingContact, picture: unknown) {
      const image = picture === undefined ? null : await checkImage(picture, 'profileImage');
      const profileImageKey = image ? await storage.put('avatars', image.bytes, image.extension) : undefined;
      await db
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber ?? null,
          ...(profileImageKey ? { profileImageKey } : {}),
        })
        .where(eq(users.id, userId));
    },

    /** One page of a company's members, or of its pending invitations (`status`). */
    async listUsers(companyId: number, query: TCompanyUsersQuery): Promise<TPage<TCompanyUser>> {
      const scope = { side: 'shops', companyId } as const;
      return query.status === 'invited'
        ? invitationsList.run(db, scope, query)
        : membersList.run(db, scope, query);
    },

    async invite(companyId: number, inviterId: string, input: TInviteUser) {
      const [member] = await db
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, companyId), eq(users.email, input.email)));
      if (member) throw new AppError('CONFLICT', 'This person is already a member of the company.');
      const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
      const [inviter] = await db.select().from(users).where(eq(users.id, inviterId));
      const token = await issueInvitation(companyId, input.email, input.role, inviterId);
      const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : 'A colleague';
      await mailer.send(
        invitationMail(
          input.email,
          company!.name,
          inviterName,
          `${config.publicUrl}/register?invitation=${token}`,
        ),
      );
    },

    async changeRole(companyId: number, userId: string, role: TRole) {
      const invitation = pendingInvitation(companyId, userId);
      if (invitation) {
        // The invitee will join with the new role.
        const changed = await db
          .update(invitations)
          .set({ role })
          .where(invitation)
          .returning({ id: invitations.id });
        if (!changed.length) throw notFound('This invitation');
        return;
      }
      const current = await membership(companyId, userId);
      if (current.role === 'admin' && role !== 'admin' && (await adminCount(companyId)) <= 1)
        throw lastAdmin();
      await db
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
    },

    async removeUser(companyId: number, userId: string) {
      const invitation = pendingInvitation(companyId, userId);
      if (invitation) {
        const removed = await db.delete(invitations).where(invitation).returning({ id: invitations.id });
        if (!removed.length) throw notFound('This invitation');
        return;
      }
      const current = await membership(companyId, userId);
      if (current.role === 'admin' && (await adminCount(companyId)) <= 1) throw lastAdmin();
      await db
        .delete(memberships)
        .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
    },

    /** What an invitation link is for, so the register page can say it. */
    async describeInvitation(token: string) {
      const [row] = await db
        .select({ email: invitations.email, companyName: companies.name, companyType: companies.type })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(
          and(
            eq(invitations.tokenHash, hashToken(token)),
            isNull(invitations.acceptedAt),
            gt(invitations.expiresAt, new Date()),
          ),
        );
      if (!row) throw notFound('This invitation');
      return row;
    },

    /** Joins `userId` to the invitation's company; the invitation must be for the user's email. */
    async acceptInvitation(
      userId: string,
      email: string,
      token: string,
    ): Promise<{ companyId: number; companyType: TCompanyType }> {
      const [inv] = await db
        .select({ invitation: invitations, type: companies.type })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(and(eq(invitations.tokenHash, hashToken(token)), gt(invitations.expiresAt, new Date())));
      if (!inv || (inv.invitation.acceptedAt && inv.invitation.email !== email)) {
        throw new AppError('NOT_FOUND', 'This invitation is invalid or has expired.');
      }
      if (inv.invitation.email !== email) {
        throw new AppError('FORBIDDEN', 'This invitation was sent to another email address.');
      }
      await db
        .insert(memberships)
        .values({ userId, companyId: inv.invitation.companyId, role: inv.invitation.role })
        .onConflictDoNothing();
      await db
        .update(invitations)
        .set({ acceptedAt: new Date() })
        .where(eq(invitations.id, inv.invitation.id));
      return { companyId: inv.invitation.companyId, companyType: inv.type };
    },
  };
}
export type TCompaniesService = ReturnType<typeof createCompaniesService>;

import type {
  TCompanyAdmin,
  TCompanyType,
  TCompanyUser,
  TInviteUser,
  TOnboardingCompany,
  TOnboardingContact,
  TPage,
  TPageQuery,
  TProfile,
  TProfileCompany,
  TRole,
} from '@orderbridge/contract';
import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { TConfig } from '../../config.js';
import type { TAuthWrites } from '../../db/auth-writes.js';
import type { TDb } from '../../db/client.js';
import { companies, invitations, memberships, type TCompanyRow, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { createAuthCache } from '../../lib/auth-cache.js';
import { invitationMail } from '../../lib/email-templates.js';
import { checkImage, fileUrl } from '../../lib/images.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashToken, newToken } from '../../lib/secrets.js';
import { escapeLike } from '../../lib/sql-like.js';
import type { Storage } from '../../lib/storage.js';

const INVITATION_TTL = 14 * 24 * 3_600_000;
const INVITED_PREFIX = 'inv-';

type TDeps = {
  db: TDb;
  mailer: Mailer;
  storage: Storage;
  config: Pick<TConfig, 'publicUrl'>;
  /** Embedded only: profiles are then kept until the next write to users, memberships or companies. */
  authWrites?: TAuthWrites;
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

    async listUsers(
      companyId: number,
      query: TPageQuery & { search?: string },
    ): Promise<TPage<TCompanyUser>> {
      const term = query.search ? `%${escapeLike(query.search)}%` : null;
      const memberWhere = and(
        eq(memberships.companyId, companyId),
        term
          ? or(ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term))
          : undefined,
      );
      const invitedWhere = and(
        eq(invitations.companyId, companyId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
        term ? ilike(invitations.email, term) : undefined,
      );
      const [[m], [i]] = await Promise.all([
        db
          .select({ n: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(memberWhere),
        db.select({ n: count() }).from(invitations).where(invitedWhere),
      ]);
      const members = m?.n ?? 0;
      const offset = (query.page - 1) * query.perpage;
      // Members first (by name), then pending invitations: one paged list over both.
      const memberRows =
        offset < members
          ? await db
              .select({ user: users, role: memberships.role })
              .from(memberships)
              .innerJoin(users, eq(users.id, memberships.userId))
              .where(memberWhere)
              .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
              .limit(query.perpage)
              .offset(offset)
          : [];
      const room = query.perpage - memberRows.length;
      const invitedRows =
        room > 0
          ? await db
              .select()
              .from(invitations)
              .where(invitedWhere)
              .orderBy(asc(invitations.email), asc(invitations.id))
              .limit(room)
              .offset(Math.max(0, offset - members))
          : [];
      return {
        total: members + (i?.n ?? 0),
        page: query.page,
        perPage: query.perpage,
        data: [
          ...memberRows.map(({ user, role }) => ({
            id: user.id,
            userName: user.email,
            emailAddress: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            role,
            profileImage: fileUrl(user.profileImageKey),
            status: 'active' as const,
          })),
          ...invitedRows.map((inv) => ({
            id: `${INVITED_PREFIX}${inv.id}`,
            userName: inv.email,
            emailAddress: inv.email,
            firstName: '',
            lastName: '',
            role: inv.role,
            profileImage: null,
            status: 'invited' as const,
          })),
        ],
      };
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

import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZListQuerySchema, ZSearchSchema } from './paging.js';

export const COMPANY_TYPES = ['shops', 'suppliers'] as const;
export const ZCompanyTypeSchema = z.enum(COMPANY_TYPES, { error: 'Company type must be shops or suppliers' });
export type TCompanyType = z.infer<typeof ZCompanyTypeSchema>;

export const ROLES = ['admin', 'member'] as const;
export const ZRoleSchema = z.enum(ROLES, { error: 'Role must be admin or member' });
export type TRole = z.infer<typeof ZRoleSchema>;

export const PLANS = ['Business', 'Enterprise'] as const;
export const BILLING_CYCLES = ['Monthly', 'Yearly'] as const;

/** Company as it appears in the profile (spec §3). */
export const ZProfileCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ZCompanyTypeSchema,
  logo: z.string().nullable(),
  roles: z.array(ZRoleSchema),
  requireApproval: z.boolean(),
  orderApprovalEnabled: z.boolean(),
});
export type TProfileCompany = z.infer<typeof ZProfileCompanySchema>;

/** User profile (spec §3). */
export const ZProfileSchema = z.object({
  id: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  timestampInserted: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  profileImage: z.string().nullable(),
  roles: z.array(z.string()),
  companies: z.array(ZProfileCompanySchema),
  shops: z.array(ZProfileCompanySchema),
  suppliers: z.array(ZProfileCompanySchema),
});
export type TProfile = z.infer<typeof ZProfileSchema>;
export const ZProfileReplySchema = envelope(ZProfileSchema);
export const ZProfileCompaniesReplySchema = envelope(z.array(ZProfileCompanySchema));

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max, `${label} is too long`).optional(),
  );

/** Onboarding a company (JSON or multipart; the logo travels as a file part). */
export const ZOnboardingCompanySchema = z.object({
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name is too long'),
  companyType: ZCompanyTypeSchema,
  companyMainEmail: z
    .string({ error: 'Company email is required' })
    .trim()
    .pipe(z.email({ error: 'Enter a valid email address' }))
    .transform((s) => s.toLowerCase()),
  companyAddress: optionalText(500, 'Address'),
  companyPhone: optionalText(50, 'Phone'),
  companyWebsite: optionalText(300, 'Website'),
  plan: z.enum(PLANS, { error: 'Plan must be Business or Enterprise' }).default('Business'),
  billingCycle: z
    .enum(BILLING_CYCLES, { error: 'Billing cycle must be Monthly or Yearly' })
    .default('Monthly'),
});
export type TOnboardingCompany = z.infer<typeof ZOnboardingCompanySchema>;

/** Company (admin) shape of spec §3. */
export const ZCompanyAdminSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyMainEmail: z.string(),
  companyAddress: z.string().nullable(),
  companyPhone: z.string().nullable(),
  companyImageLocation: z.string().nullable(),
  aiModel: z.string(),
  requireApproval: z.boolean(),
  companyWebsite: z.string().nullable(),
  plan: z.enum(PLANS),
  billingCycle: z.enum(BILLING_CYCLES),
  types: z.array(ZCompanyTypeSchema),
});
export type TCompanyAdmin = z.infer<typeof ZCompanyAdminSchema>;
export const ZCompanyAdminReplySchema = envelope(ZCompanyAdminSchema);

export const ZOnboardingContactSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  phoneNumber: optionalText(50, 'Phone number'),
});
export type TOnboardingContact = z.infer<typeof ZOnboardingContactSchema>;

/** A member of a company as listed on the users page. */
export const ZCompanyUserSchema = z.object({
  id: z.string(),
  userName: z.string(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRoleSchema,
  profileImage: z.string().nullable(),
  status: z.enum(['active', 'invited']),
});
export type TCompanyUser = z.infer<typeof ZCompanyUserSchema>;
export const ZCompanyUsersReplySchema = envelope(page(ZCompanyUserSchema));

/**
 * A company's users (shared list module): `status` picks the list, the members (`active`, the default, by folded
 * name) or the pending invitations (`invited`, by email); both are searched by name or email. Two lists, not one:
 * the members and the invitations are rows of two tables, and a keyset cursor walks one table's index.
 */
export const ZCompanyUsersQuerySchema = ZListQuerySchema.extend({
  status: z.enum(['active', 'invited'], { error: 'Status is active or invited' }).default('active'),
  search: ZSearchSchema,
  sort: z.enum(['name'], { error: 'Sort by name' }).default('name'),
});
export type TCompanyUsersQuery = z.infer<typeof ZCompanyUsersQuerySchema>;

export const ZInviteUserSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .pipe(z.email({ error: 'Enter a valid email address' }))
    .transform((s) => s.toLowerCase()),
  role: ZRoleSchema.default('member'),
});
export type TInviteUser = z.infer<typeof ZInviteUserSchema>;

export const ZChangeRoleSchema = z.object({ role: ZRoleSchema });

import { z } from 'zod';
import { envelope } from './envelope.js';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((s) => s.toLowerCase());

/** Password policy: long enough to resist guessing, with letters and a digit or symbol. */
export const ZPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), {
    message: 'Password must contain a letter and a digit or symbol',
  });

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

const confirmPassword = z.string({ error: 'Confirm your password' });
/** Refinement shared by the forms that set a password twice. */
const passwordsMatch: [
  (v: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.password === v.confirmPassword,
  { path: ['confirmPassword'], message: 'Passwords do not match' },
];

export const ZRegisterSchema = z
  .object({
    email,
    password: ZPasswordSchema,
    confirmPassword,
    firstName: name('First name'),
    lastName: name('Last name'),
    /** Invitation token from an invitation link; joining happens once the email is confirmed. */
    invitation: z.string().max(200).optional(),
  })
  .refine(...passwordsMatch);
export type TRegister = z.infer<typeof ZRegisterSchema>;

export const ZConfirmEmailQuerySchema = z.object({
  userid: z.string({ error: 'userId is required' }).min(1, 'userId is required'),
  token: z.string({ error: 'token is required' }).min(1, 'token is required'),
});

export const ZEmailOnlySchema = z.object({ email });

export const ZLoginSchema = z.object({
  userName: email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  deviceId: z.string().max(100).optional(),
  invitation: z.string().max(200).optional(),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

export const ZRefreshSchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required'),
  accessToken: z.string().optional(),
  deviceId: z.string({ error: 'deviceId is required' }).min(1, 'deviceId is required'),
});
export type TRefresh = z.infer<typeof ZRefreshSchema>;

export const ZResetPasswordSchema = z
  .object({
    token: z.string({ error: 'token is required' }).min(1, 'token is required'),
    password: ZPasswordSchema,
    confirmPassword,
  })
  .refine(...passwordsMatch);
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

export const ZChangePasswordSchema = z
  .object({
    oldPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    password: ZPasswordSchema,
    confirmPassword,
  })
  .refine(...passwordsMatch);
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;

/** Auth result (spec §3). */
export const ZAuthResultSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  deviceId: z.string(),
  companyId: z.number().int().nullable(),
  role: z.string().nullable(),
  success: z.boolean(),
  errors: z.array(z.string()),
});
export type TAuthResult = z.infer<typeof ZAuthResultSchema>;
export const ZAuthReplySchema = envelope(ZAuthResultSchema);

export const ZRefreshResultSchema = z.object({ token: z.string(), refreshToken: z.string() });
export const ZRefreshReplySchema = envelope(ZRefreshResultSchema);

import { z } from 'zod';

/** Every JSON reply is `{ success, message, data }` (spec §3 "response envelope"). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

/** Error replies add `errors` (field → messages) for validation failures and `trace` (the request id). */
export const ZErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  trace: z.string(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelopeSchema>;

export const ZMessageOnlySchema = envelope(z.null());

/** Application error codes; the API maps each to one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;

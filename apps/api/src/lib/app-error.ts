import { ERROR_STATUS, type TErrorCode } from '@orderbridge/contract';

/** The only error services throw; the error handler maps `code` to its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Sent as Retry-After (seconds), for 429 and 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);

/** A 429 that tells the client, in words and in Retry-After, when to try again. */
export const rateLimited = (what: string, retryAfterSeconds: number) =>
  new AppError(
    'RATE_LIMITED',
    `${what} Please try again in ${retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`}.`,
    undefined,
    retryAfterSeconds,
  );

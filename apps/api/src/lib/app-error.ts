import { ERROR_STATUS, type TErrorCode } from '@orderbridge/contract';

/** The only error services throw; the error handler maps `code` to its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);

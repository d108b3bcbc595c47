/**
 * The client error catalogue of spec §8: every failure the app can meet is turned into one `AppError`
 * with the catalogue's title and message, so screens, toasts and forms never invent their own texts.
 */

export const ERROR_TEXT = {
  serverTitle: 'Server error',
  noResponse: 'An unexpected server error occurred',
  tokenNetwork: 'An unexpected error occurred',
  validationTitle: 'Validation Error',
  validationMessage: 'You had an error in the following fields, please fix them:',
  formSummary: 'You have made an error in the below form, please see below for more information.',
  unexpected: 'An unexpected error occurred',
  clientTitle: 'Error, client side',
  clientMessage: 'An unexpected client side error occurred',
  server5xx: 'An unexpected server error has occurred, please contact support or try again later.',
  otherStatus: 'An unexpected error occurred with your request.',
  canceled: 'The request was cancelled',
  genericTitle: 'Error',
  fallbackTitle: 'Error: Something went wrong.',
  fallbackHint: 'Try refreshing the page and if the problem persists contact support',
  routerDefault: 'Unexpected Application Error!',
  noTokens: 'no tokens found',
} as const;

export type TErrorKind =
  | 'no-response'
  | 'no-body'
  | 'validation'
  | 'passthrough'
  | 'server'
  | 'status'
  | 'client'
  | 'canceled';

export type TFieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly kind: TErrorKind;
  readonly title: string;
  readonly status: number | null;
  /** The server's own message, when it sent one (e.g. 'Invalid email or password.'). */
  readonly serverMessage: string | null;
  readonly fieldErrors: TFieldErrors | null;
  /** Request id (`trace`) to quote to support. */
  readonly reference: string | null;
  /** The untouched response body (400/422 are passed on for field-level handling). */
  readonly body: unknown;
  /** `ERR_CANCELED` for aborted requests, mirroring the spec's client. */
  readonly code: string | null;

  constructor(init: {
    kind: TErrorKind;
    title: string;
    message: string;
    status?: number | null;
    serverMessage?: string | null;
    fieldErrors?: TFieldErrors | null;
    reference?: string | null;
    body?: unknown;
    code?: string | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'AppError';
    this.kind = init.kind;
    this.title = init.title;
    this.status = init.status ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.fieldErrors = init.fieldErrors ?? null;
    this.reference = init.reference ?? null;
    this.body = init.body;
    this.code = init.code ?? null;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

type TBody = Record<string, unknown>;
const isObject = (v: unknown): v is TBody => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field-error map of a body: `{ field: message | message[] }`, or null when there is none. */
export function fieldErrorsOf(body: unknown): TFieldErrors | null {
  if (!isObject(body) || !isObject(body.errors)) return null;
  const out: TFieldErrors = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const list = Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)];
    if (list.length > 0) out[field] = list;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** First present of `error`, `errorMessage`, `message` in a body (spec §8 "other body"). */
export function messageOfBody(body: unknown): string | null {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (!isObject(body)) return null;
  for (const key of ['error', 'errorMessage', 'message'] as const) {
    const v = body[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return null;
}

const traceOf = (body: unknown): string | null =>
  isObject(body) && typeof body.trace === 'string' ? body.trace : null;

/** The validation message followed by each field and its messages. */
export function validationMessage(fields: TFieldErrors): string {
  const lines = Object.entries(fields).map(([field, msgs]) => `${field}: ${msgs.join(', ')}`);
  return [ERROR_TEXT.validationMessage, ...lines].join('\n');
}

/**
 * Describe a body the way the spec's error helper does: no body → server error; field map → validation
 * error; other body → its error/errorMessage/message; else the generic text.
 */
export function describeBody(body: unknown): {
  title: string;
  message: string;
  fieldErrors: TFieldErrors | null;
} {
  if (body === null || body === undefined || body === '') {
    return { title: ERROR_TEXT.serverTitle, message: ERROR_TEXT.noResponse, fieldErrors: null };
  }
  const fields = fieldErrorsOf(body);
  if (fields)
    return { title: ERROR_TEXT.validationTitle, message: validationMessage(fields), fieldErrors: fields };
  return {
    title: ERROR_TEXT.genericTitle,
    message: messageOfBody(body) ?? ERROR_TEXT.unexpected,
    fieldErrors: null,
  };
}

/** A request that got no response at all (network down, server gone). */
export function noResponseError(cause?: unknown): AppError {
  return new AppError({
    kind: 'no-response',
    title: ERROR_TEXT.serverTitle,
    message: ERROR_TEXT.noResponse,
    cause,
  });
}

/** A request aborted by its caller: logged and passed on, never shown. */
export function canceledError(cause?: unknown): AppError {
  console.info('Request cancelled', cause);
  return new AppError({
    kind: 'canceled',
    title: ERROR_TEXT.genericTitle,
    message: ERROR_TEXT.canceled,
    code: 'ERR_CANCELED',
    cause,
  });
}

/** Map an HTTP error response (status ≥ 400) to the catalogue. */
export function httpError(status: number, body: unknown, headerTrace?: string | null): AppError {
  const reference = traceOf(body) ?? headerTrace ?? null;
  const serverMessage = messageOfBody(body);
  if (body === null || body === undefined || body === '') {
    return new AppError({
      kind: 'no-body',
      title: ERROR_TEXT.serverTitle,
      message: ERROR_TEXT.noResponse,
      status,
      reference,
      body,
    });
  }
  if (status === 400 || status === 422) {
    // Passed on untouched for the form to place field errors under their inputs.
    const described = describeBody(body);
    return new AppError({
      kind: described.fieldErrors ? 'validation' : 'passthrough',
      title: described.title,
      message: described.message,
      status,
      serverMessage,
      fieldErrors: described.fieldErrors,
      reference,
      body,
    });
  }
  if (status >= 500) {
    return new AppError({
      kind: 'server',
      title: ERROR_TEXT.serverTitle,
      message: withReference(ERROR_TEXT.server5xx, reference),
      status,
      serverMessage,
      reference,
      body,
    });
  }
  return new AppError({
    kind: 'status',
    title: ERROR_TEXT.genericTitle,
    message: withReference(ERROR_TEXT.otherStatus, reference),
    status,
    serverMessage,
    fieldErrors: fieldErrorsOf(body),
    reference,
    body,
  });
}

function withReference(text: string, reference: string | null): string {
  return reference ? `${text} Reference: ${reference}` : text;
}

/** Anything thrown that is not an HTTP failure (a bug, a bad payload shape). */
export function clientError(cause: unknown): AppError {
  return new AppError({
    kind: 'client',
    title: ERROR_TEXT.clientTitle,
    message: ERROR_TEXT.clientMessage,
    cause,
  });
}

/** Normalise whatever was thrown into an `AppError`. */
export function toAppError(e: unknown): AppError {
  if (isAppError(e)) return e;
  if (isAbort(e)) return canceledError(e);
  return clientError(e);
}

export function isAbort(e: unknown): boolean {
  return (
    (e instanceof DOMException && e.name === 'AbortError') ||
    (isObject(e) && (e.name === 'AbortError' || e.code === 'ERR_CANCELED'))
  );
}

/**
 * The sentence a screen shows next to a failed action: the server's own words for expected refusals
 * (wrong password, conflict, forbidden), the catalogue text otherwise.
 */
export function userMessage(e: unknown): string {
  const err = toAppError(e);
  if (err.kind === 'validation') return ERROR_TEXT.formSummary;
  if ((err.kind === 'status' || err.kind === 'passthrough') && err.serverMessage) return err.serverMessage;
  return err.message;
}

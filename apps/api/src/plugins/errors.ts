import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

/** Replies in the error envelope of ARCHITECTURE.md §3. */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: Record<string, string[]>,
): FastifyReply {
  return reply
    .status(status)
    .send({ success: false, message, data: null, ...(errors ? { errors } : {}), trace: reply.request.id });
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'You need to sign in.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  406: 'This response format is not available.',
  413: 'The request is too large.',
  415: 'This content type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/** PostgreSQL's class 22 (data exception): a value from the request the column cannot hold (NUL, out of range …). */
function isDataException(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

const UNAVAILABLE_CODES =
  /^(57P0[123]|08\d{3}|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/;
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** The database cannot be reached or dropped the connection: the request may work again in a moment. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.test(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait when the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** Text fields that PostgreSQL cannot store; found before any handler, so the reply names the field. */
function nulField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return errors;
  for (const v of error.validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    errors[field] = [...(errors[field] ?? []), v.message ?? 'Invalid value'];
  }
  return errors;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the body is parsed and validated: a later error is the handler's, not the client's framing. */
    handlerStarted: boolean;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('handlerStarted', false);
    app.addHook('preValidation', async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const field = nulField(value, part === 'body' ? '' : part);
        if (field !== undefined) {
          throw new AppError('BAD_REQUEST', 'Text may not contain NUL characters.', {
            [field || part]: ['Remove the NUL character (\\u0000).'],
          });
        }
      }
    });
    app.addHook('preHandler', async (request) => {
      request.handlerStarted = true;
    });

    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        return sendError(reply, error.status, error.message, error.errors);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(
          reply,
          400,
          'You had an error in the following fields, please fix them:',
          fieldErrors(error),
        );
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, too large, bad content type …): say what, not how.
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : (STATUS_MESSAGES[status] ?? 'The request could not be processed.');
        return sendError(reply, status, message);
      }
      // A multipart body that busboy cannot parse (no boundary, cut short) fails before the handler, without a status.
      if (!request.handlerStarted && request.isMultipart?.()) {
        return sendError(reply, 400, 'The multipart/form-data body is malformed or incomplete.');
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
        return sendError(
          reply,
          503,
          'The service is briefly unavailable (its database cannot be reached). Nothing was changed; please try again in a few seconds.',
        );
      }
      if (isDataException(error)) {
        request.log.warn({ err: error }, 'value refused by the database');
        return sendError(
          reply,
          400,
          'A value in the request cannot be stored: a number is out of range or a text holds characters that are not allowed.',
        );
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(
        reply,
        500,
        'An unexpected server error occurred. Quote the trace id if you contact support.',
      );
    });
  },
  { name: 'errors' },
);

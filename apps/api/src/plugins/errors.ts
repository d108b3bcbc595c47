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

function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return errors;
  for (const v of error.validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    errors[field] = [...(errors[field] ?? []), v.message ?? 'Invalid value'];
  }
  return errors;
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) return sendError(reply, error.status, error.message, error.errors);
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

import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/** Catalogue files of tens of thousands of rows fit. */
export const CSV_BODY_LIMIT = 20 * 1024 * 1024;

/** Routes of this plugin take CSV bodies as text (`text/csv`; `text/plain` is Fastify's own parser). */
export function registerCsvParser(app: FastifyInstance) {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

/** The CSV text of a request, or a clear 400/415 when there is none. */
export function csvBody(body: unknown): string {
  if (typeof body !== 'string')
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the CSV file as the request body with Content-Type text/csv.',
    );
  if (body.trim() === '') throw new AppError('BAD_REQUEST', 'The CSV file is empty.');
  return body;
}

import { ZStreamTicketReplySchema } from '@orderbridge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberships, type TLiveEventRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { sessionIsLive } from '../../plugins/auth.js';
import { BACKLOG_BATCH, type TLiveListener } from './live-events.js';
import { createStreamTickets, STREAM_TICKET_SECONDS } from './stream-tickets.js';

/** A client this far behind is cut off; it reconnects with Last-Event-ID and misses nothing. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const ZLastEventIdSchema = z.coerce
  .number({ error: 'Last-Event-ID must be a number' })
  .int('Last-Event-ID must be a whole number')
  .min(0, 'Last-Event-ID must not be negative');

const frame = (event: TLiveEventRow) =>
  `id: ${event.id}\ndata: ${JSON.stringify({ type: event.type, companyId: event.companyId, data: event.data })}\n\n`;

/** The live event stream (Server-Sent Events) of the signed-in user, across their companies. */
export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.live;
  // Worker processes serve no HTTP and listen to nothing.
  if (!hub) return;
  const tickets = createStreamTickets(app.config.jwtSecret);
  const tags = ['Notifications'];

  app.post(
    '/notifications/stream-ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description: `A ticket to open the event stream within ${STREAM_TICKET_SECONDS} s (EventSource cannot send headers).`,
        response: { 200: ZStreamTicketReplySchema },
      },
    },
    async (request) => ({
      success: true,
      message: 'Stream ticket.',
      data: {
        ticket: await tickets.sign(request.auth.userId, request.auth.sessionId),
        expiresIn: STREAM_TICKET_SECONDS,
      },
    }),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        description:
          'text/event-stream of the events of the user’s companies: `notification`, `unread`, `document` (upload progress). Each has an `id`; reconnect with `Last-Event-ID` (header, or `lastEventId` in the query) to get what was missed. Open with `ticket` from POST /notifications/stream-ticket.',
        querystring: z.object({
          ticket: z.string({ error: 'A stream ticket is required' }).min(1, 'A stream ticket is required'),
          lasteventid: ZLastEventIdSchema.optional(),
        }),
      },
    },
    async (request, reply) => {
      const claims = await tickets.verify(request.query.ticket);
      if (!claims || !(await sessionIsLive(app.db, claims)))
        throw new AppError(
          'UNAUTHENTICATED',
          'This stream ticket is invalid or has expired. Ask for a new one.',
        );
      const header = request.headers['last-event-id'];
      const parsedHeader = header === undefined ? undefined : ZLastEventIdSchema.safeParse(header);
      if (parsedHeader && !parsedHeader.success)
        throw new AppError('BAD_REQUEST', 'Last-Event-ID must be a whole number.', {
          'Last-Event-ID': ['Must be a whole number'],
        });
      const resumeFrom = parsedHeader?.data ?? request.query.lasteventid;
      const companyIds = new Set(
        (
          await app.db
            .select({ id: memberships.companyId })
            .from(memberships)
            .where(eq(memberships.userId, claims.userId))
        ).map((m) => m.id),
      );

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 3000\n\n');

      // Events the hub delivers while the backlog is read wait here, so the client gets them in id order.
      let queued: TLiveEventRow[] | null = resumeFrom === undefined ? null : [];
      let sentUpTo = resumeFrom ?? hub.lastId;
      let ended = false;
      const write = (event: TLiveEventRow) => {
        if (ended || event.id <= sentUpTo) return;
        sentUpTo = event.id;
        res.write(frame(event));
        if (res.writableLength > MAX_BUFFERED_BYTES) listener.close();
      };
      const listener: TLiveListener = {
        userId: claims.userId,
        sessionId: claims.sessionId,
        companyIds,
        cursor: sentUpTo,
        send: (event) => (queued ? queued.push(event) : write(event)),
        close: () => {
          if (ended) return;
          ended = true;
          res.end();
        },
      };
      const unsubscribe = hub.subscribe(listener);
      // A comment line keeps proxies and the browser from closing an idle stream.
      const heartbeat = setInterval(
        () => res.write(': heartbeat\n\n'),
        app.config.streamHeartbeatSeconds * 1000,
      );
      res.on('close', () => {
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
      });
      if (resumeFrom !== undefined) {
        try {
          for (let after = resumeFrom, more = true; more && !ended; ) {
            const events = await hub.backlog(listener, after);
            for (const event of events) write(event);
            more = events.length === BACKLOG_BATCH;
            after = events.at(-1)?.id ?? after;
          }
        } catch (error) {
          request.log.error({ err: error }, 'event stream backlog could not be read');
          listener.close();
        }
        const waiting = queued ?? [];
        queued = null;
        for (const event of waiting) write(event);
      }
    },
  );
};

import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { createAttemptLimiter } from '../../lib/attempt-limiter.js';
import type { TMailInService } from './mail-in.service.js';

type TOptions = {
  port: number;
  host: string;
  maxBytes: number;
  ratePerMinute: number;
  mailIn: TMailInService;
  log: FastifyBaseLogger;
};

/** An SMTP reply with its code: smtp-server sends `responseCode` and the message to the client. */
const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/** The shops this session's accepted recipients belong to (kept on the session between RCPT TO and DATA). */
const shopsOf = (session: SMTPServerSession) =>
  ((session as unknown as { shops?: Set<number> }).shops ??= new Set());

/**
 * The built-in receiver (plain SMTP, no AUTH): in production it sits behind the company's MX, which handles TLS and
 * spam. It accepts mail only for current ingestion addresses, limits size and the rate per sending address, keeps
 * each message and hands it to the ingestion job.
 */
export async function startSmtpReceiver({ port, host, maxBytes, ratePerMinute, mailIn, log }: TOptions) {
  const perClient = createAttemptLimiter({ max: ratePerMinute, windowMs: 60_000 });
  const server = new SMTPServer({
    name: 'orderbridge',
    banner: 'OrderBridge mail-in',
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: maxBytes,
    maxClients: 50,
    logger: false,
    socketTimeout: 60_000,
    onMailFrom(_address, session, callback) {
      if (!perClient.take(session.remoteAddress))
        return callback(smtpError(421, 'Too many messages from your address; try again in a minute'));
      callback();
    },
    onRcptTo(address, session, callback) {
      mailIn.shopOfAddress(address.address).then(
        (shopId) => {
          if (!shopId) return callback(smtpError(550, 'No such recipient here'));
          shopsOf(session).add(shopId);
          callback();
        },
        (error) => {
          log.error({ err: error }, 'mail-in: recipient lookup failed');
          callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is only counted, never held in memory.
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const shops = [...shopsOf(session)];
        const envelopeSender = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const work = stream.sizeExceeded
          ? shops.map((shopId) =>
              mailIn.refuse({
                shopId,
                source: 'smtp',
                size,
                envelopeSender,
                outcome: `Refused: the message is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
              }),
            )
          : shops.map((shopId) =>
              mailIn.receive({ shopId, source: 'smtp', raw: Buffer.concat(chunks), envelopeSender }),
            );
        Promise.all(work).then(
          () =>
            stream.sizeExceeded
              ? callback(smtpError(552, `Message exceeds the size limit of ${maxBytes} bytes`))
              : callback(null, 'Queued for reading'),
          (error) => {
            log.error({ err: error }, 'mail-in: a received message could not be kept');
            callback(smtpError(451, 'Temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => log.error({ err: error }, 'mail-in: SMTP receiver error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TSmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

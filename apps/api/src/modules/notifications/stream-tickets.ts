import { createHash, createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { TAccessClaims } from '../../lib/access-tokens.js';

/** A ticket opens one event stream within this time (EventSource reconnects ask for a new one). */
export const STREAM_TICKET_SECONDS = 60;
const AUDIENCE = 'orderbridge-stream';

/**
 * Short-lived tickets for the event stream: EventSource cannot send an Authorization header, and an access
 * token in a URL would end up in logs. A ticket opens a stream and nothing else (its own audience).
 */
export function createStreamTickets(secret: string) {
  // A key of their own: a ticket is never an access token, nor an access token a ticket.
  const key = createSecretKey(createHash('sha256').update(`stream-ticket:${secret}`).digest());
  return {
    sign: (userId: string, sessionId: string) =>
      new SignJWT({ sid: sessionId, iatms: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${STREAM_TICKET_SECONDS}s`)
        .sign(key),
    /** The claims of a valid, unexpired ticket, or null. */
    async verify(ticket: string): Promise<TAccessClaims | null> {
      try {
        const { payload } = await jwtVerify(ticket, key, { algorithms: ['HS256'], audience: AUDIENCE });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.iatms !== 'number'
        )
          return null;
        return { userId: payload.sub, sessionId: payload.sid, issuedAtMs: payload.iatms };
      } catch {
        return null;
      }
    },
  };
}

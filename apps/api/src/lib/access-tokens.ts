import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TAccessClaims = { userId: string; sessionId: string; issuedAtMs: number };

/** Short-lived bearer tokens (HS256). `iatms` keeps millisecond precision for sign-out-everywhere. */
export function createAccessTokens(opts: { secret: string; ttlSeconds: number }) {
  // A KeyObject made once: raw bytes would be imported again on every sign and verify.
  const key = createSecretKey(Buffer.from(opts.secret));
  return {
    ttlSeconds: opts.ttlSeconds,
    async sign(userId: string, sessionId: string): Promise<string> {
      return new SignJWT({ sid: sessionId, iatms: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${opts.ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid, unexpired token, or null. */
    async verify(token: string): Promise<TAccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.iatms !== 'number'
        ) {
          return null;
        }
        return { userId: payload.sub, sessionId: payload.sid, issuedAtMs: payload.iatms };
      } catch {
        return null;
      }
    },
  };
}
export type TAccessTokens = ReturnType<typeof createAccessTokens>;

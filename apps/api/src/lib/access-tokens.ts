import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Enough for the live tokens of a busy process; past it the cache starts again empty. */
const MAX_VERIFIED = 10_000;

export type TAccessClaims = { userId: string; sessionId: string; issuedAtMs: number };

/** Short-lived bearer tokens (HS256). `iatms` keeps millisecond precision for sign-out-everywhere. */
export function createAccessTokens(opts: { secret: string; ttlSeconds: number }) {
  // A KeyObject made once: raw bytes would be imported again on every sign and verify.
  const key = createSecretKey(Buffer.from(opts.secret));
  // Tokens already verified, until they expire: the signature of the same string checks out the same way every time,
  // and a client sends its token on every call (revocation is the session check's, not this cache's).
  const verified = new Map<string, { claims: TAccessClaims; expiresAtMs: number }>();
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
      const known = verified.get(token);
      if (known && known.expiresAtMs > Date.now()) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.iatms !== 'number'
        ) {
          return null;
        }
        const claims = { userId: payload.sub, sessionId: payload.sid, issuedAtMs: payload.iatms };
        if (verified.size >= MAX_VERIFIED) verified.clear();
        if (payload.exp) verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type TAccessTokens = ReturnType<typeof createAccessTokens>;

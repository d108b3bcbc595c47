import { createHmac, timingSafeEqual } from 'node:crypto';

export type TSignedFile = { key: string; contentType: string; fileName: string };

/** Short-lived links to stored files: the link itself is the permission, so it must expire and be unforgeable. */
export function createSignedUrls(opts: { secret: string; ttlSeconds: number }) {
  const key = createHmac('sha256', opts.secret).update('signed-file-urls').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    ttlSeconds: opts.ttlSeconds,
    /** The path of a link to `file`, valid for `ttlSeconds`. */
    create(file: TSignedFile, now = Date.now()): { url: string; expiresAt: string } {
      const expires = now + opts.ttlSeconds * 1000;
      const payload = Buffer.from(JSON.stringify({ ...file, expires })).toString('base64url');
      return {
        url: `/api/files/signed/${payload}.${sign(payload)}`,
        expiresAt: new Date(expires).toISOString(),
      };
    },
    /** The file of a valid, unexpired link, or null. */
    verify(token: string, now = Date.now()): TSignedFile | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TSignedFile & {
          expires: number;
        };
        if (typeof data.expires !== 'number' || data.expires < now) return null;
        return { key: data.key, contentType: data.contentType, fileName: data.fileName };
      } catch {
        return null;
      }
    },
  };
}
export type TSignedUrls = ReturnType<typeof createSignedUrls>;

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Encrypts short secrets (mailbox passwords) at rest with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** Throws when the value was sealed with another key or altered. */
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type TSecretBox = ReturnType<typeof createSecretBox>;

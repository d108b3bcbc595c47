import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.js';

const tokens = createAccessTokens({ secret: 'access-token-test-secret-0123456789-abcdef', ttlSeconds: 60 });

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('a token verified before is refused once it expires (the verified-token cache keeps no token alive)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await tokens.sign('user-1', 'session-1');
    expect(await tokens.verify(token)).toMatchObject({ userId: 'user-1', sessionId: 'session-1' });
    expect(await tokens.verify(token)).toMatchObject({ userId: 'user-1' });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token with a changed signature or payload, verified copy or not', async () => {
    const token = await tokens.sign('user-2', 'session-2');
    expect(await tokens.verify(token)).not.toBeNull();
    const [head, body, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'user-3' }),
    ).toString('base64url');
    expect(await tokens.verify(`${head}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${head}.${body}.${signature!.slice(0, -2)}AA`)).toBeNull();
  });
});

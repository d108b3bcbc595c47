import type { TAuthResult, TLogin } from '@orderbridge/contract';
import { api } from '../../../lib/api-client';
import { getDeviceId, setTokens } from '../../../lib/storage';

/** Sign in; stores the tokens and device id under the spec's keys. */
export async function login(input: TLogin): Promise<TAuthResult> {
  const deviceId = input.deviceId ?? getDeviceId() ?? undefined;
  const result = await api.post<TAuthResult>('/account/login', { ...input, deviceId }, { auth: false });
  setTokens({ accessToken: result.token, refreshToken: result.refreshToken, deviceId: result.deviceId });
  return result;
}

import { api } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/storage';

/** Revoke this device's session (or every session); best effort, the local session ends regardless. */
export async function signOut(everywhere = false): Promise<void> {
  if (!getAccessToken()) return;
  await api.post(everywhere ? '/account/sign-out-everywhere' : '/account/sign-out');
}

import {
  ASSET_TYPE,
  CONNECTION_STATUSES,
  INTEGRATION_TYPE,
  type TConnectionStatus,
} from '@orderbridge/contract';
import type { TIntegrationConnectionRow, TIntegrationRow } from '../../db/schema/index.js';

/** An agent that has not called for this long is not running: its connection shows as disconnected. */
export const AGENT_STALE_MS = 3 * 60_000;

/**
 * The access token's status as the spec's connection view carries it: null before the first pairing; the stored
 * status otherwise, except that a connected token whose agent stopped calling (or that expired) reads
 * `disconnected`, and one whose agent reported a failure reads `error`.
 */
export function accessTokenStatus(
  connection: TIntegrationConnectionRow | undefined,
  now = Date.now(),
): string | null {
  if (!connection || connection.tokenStatus === null) return null;
  if (connection.tokenStatus !== 'connected') return connection.tokenStatus;
  if (connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() <= now) return 'disconnected';
  if (!connection.lastSeenAt || now - connection.lastSeenAt.getTime() > AGENT_STALE_MS) return 'disconnected';
  if (connection.lastError) return 'error';
  return 'connected';
}

/**
 * Connection status exactly as spec §4 derives it: an integration without name or type, of an unsupported type,
 * with an unsupported asset type or without assets is an `error`; no access token or a null token status is
 * `neverConnected`; connected / disconnected / error are themselves; any other value is an `error`.
 */
export function connectionStatus(
  integration: Pick<TIntegrationRow, 'name' | 'type' | 'assets'>,
  connection: TIntegrationConnectionRow | undefined,
  now = Date.now(),
): { status: TConnectionStatus; reason: string | null } {
  if (!integration.name || !integration.type)
    return { status: 'error', reason: 'The integration has no name or type.' };
  if (integration.type !== INTEGRATION_TYPE)
    return { status: 'error', reason: `Integration type "${integration.type}" is not supported.` };
  if (integration.assets.length === 0) return { status: 'error', reason: 'The integration has no assets.' };
  const badAsset = integration.assets.find((a) => a.type !== ASSET_TYPE);
  if (badAsset) return { status: 'error', reason: `Asset type "${badAsset.type}" is not supported.` };
  const token = accessTokenStatus(connection, now);
  if (token === null) return { status: 'neverConnected', reason: null };
  if (token === 'error')
    return { status: 'error', reason: connection?.lastError ?? 'The agent reported an error.' };
  if ((CONNECTION_STATUSES as readonly string[]).includes(token) && token !== 'neverConnected')
    return { status: token as TConnectionStatus, reason: null };
  return { status: 'error', reason: `Unknown connection status "${token}".` };
}

import type { TLiveEvent } from '@orderbridge/contract';
import { useEffect, useRef } from 'react';
import { api } from './api-client';

export type TLiveMessage = TLiveEvent & { id: number };
type TListener = (event: TLiveMessage) => void;

const listeners = new Set<TListener>();
/** The latest events, for a component that mounts just after the event it cares about (the upload overlay). */
const recent: TLiveMessage[] = [];
const RECENT_KEPT = 50;
/** Seconds before reconnecting after the stream dropped: 1, 2, 4 … up to 30. */
const MAX_BACKOFF_S = 30;

let users = 0;
let source: EventSource | null = null;
let lastEventId: number | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = 1;

async function connect() {
  if (users === 0 || typeof EventSource === 'undefined') return;
  let ticket: string;
  try {
    ticket = (await api.post<{ ticket: string }>('/notifications/stream-ticket')).ticket;
  } catch {
    // Offline or signed out (the API client already sent a dead session to the login page).
    return scheduleReconnect();
  }
  if (users === 0) return;
  const resume = lastEventId === undefined ? '' : `&lastEventId=${lastEventId}`;
  const next = new EventSource(`/api/notifications/stream?ticket=${encodeURIComponent(ticket)}${resume}`);
  source = next;
  next.onopen = () => {
    backoff = 1;
  };
  next.onmessage = (m) => {
    lastEventId = Number(m.lastEventId);
    const event = { ...(JSON.parse(m.data) as TLiveEvent), id: lastEventId } as TLiveMessage;
    recent.push(event);
    if (recent.length > RECENT_KEPT) recent.shift();
    for (const l of listeners) l(event);
  };
  // The ticket is single-use in effect (it expires in a minute): reconnect with a new one, resuming after the
  // last event seen, rather than letting EventSource retry the old URL.
  next.onerror = () => {
    next.close();
    if (source === next) source = null;
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (users === 0) return;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void connect(), backoff * 1000);
  backoff = Math.min(backoff * 2, MAX_BACKOFF_S);
}

/** Keeps the tab's one event stream open while at least one caller holds it (the company layout does). */
export function holdLiveEvents(): () => void {
  users++;
  if (users === 1) void connect();
  return () => {
    users--;
    if (users > 0) return;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}

/**
 * Calls `handler` with every event of the stream while the component is mounted; with `replay`, first with the
 * latest events that arrived before it mounted.
 */
export function useLiveEvents(handler: TListener, opts: { replay?: boolean } = {}) {
  const ref = useRef(handler);
  ref.current = handler;
  const replay = opts.replay ?? false;
  useEffect(() => {
    const listener: TListener = (e) => ref.current(e);
    if (replay) for (const e of recent) listener(e);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [replay]);
}

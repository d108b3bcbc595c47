/** One event of the stream as a client sees it: the SSE id plus the JSON of its data line. */
export type TSseEvent = {
  id: number;
  type: string;
  companyId: number | null;
  // biome-ignore lint/suspicious/noExplicitAny: events of many shapes; the assertions check them.
  data: Record<string, any>;
};

export type TSseClient = {
  status: number;
  events: TSseEvent[];
  /** Heartbeat comment lines seen. */
  heartbeats: number;
  /** Resolves with the first event (seen or coming) that matches. */
  waitFor: (match: (e: TSseEvent) => boolean, timeoutMs?: number) => Promise<TSseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** A minimal EventSource over fetch (Node has none), for tests and the benchmark. */
export async function openStream(
  baseUrl: string,
  ticket: string,
  opts: { lastEventId?: number } = {},
): Promise<TSseClient> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
    headers: opts.lastEventId === undefined ? {} : { 'last-event-id': String(opts.lastEventId) },
    signal: controller.signal,
  });
  const events: TSseEvent[] = [];
  const waiters: { match: (e: TSseEvent) => boolean; resolve: (e: TSseEvent) => void }[] = [];
  const client: TSseClient = {
    status: res.status,
    events,
    heartbeats: 0,
    waitFor(match, timeoutMs = 60_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event; got ${JSON.stringify(events.map((e) => e.type))}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) return client;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) client.heartbeats++;
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!id || !data) continue;
          const event = { id: Number(id), ...JSON.parse(data) } as TSseEvent;
          events.push(event);
          for (const w of [...waiters])
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(event);
            }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}

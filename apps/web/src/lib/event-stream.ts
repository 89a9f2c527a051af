/** The longest wait between two attempts, whatever the server asks. */
const MAX_WAIT_MS = 60_000;

/** One server-sent event: its name and its parsed JSON data. */
type StreamEvent = { event: string; data: unknown };

/**
 * Reads a server-sent event stream (text/event-stream) with fetch, because EventSource cannot send the
 * Authorization header the API needs. Opens, hands each event to `onEvent`, and opens again after the stream
 * drops (the server's `retry`, then doubling up to a minute while it keeps failing); a fresh token each time,
 * so an expired one never keeps a screen deaf. A refused stream (429 `TOO_MANY_STREAMS`, 503 `LIVE_FULL`, any
 * other error) counts as a failure too, and waits at least its Retry-After: a screen the server has no room
 * for asks again rarely, never in a loop (docs/design.md §10). Stops for good on a 401, 403 or 404 (nothing to
 * hear) and when `signal` aborts.
 */
export function followEventStream(opts: {
  url: string;
  headers: () => Promise<Record<string, string> | null>;
  onEvent: (event: StreamEvent) => void;
  signal: AbortSignal;
}): void {
  let retryMs = 3000;
  let failures = 0;
  /** The server's Retry-After on the last refusal, in ms (0: none). */
  let retryAfterMs = 0;
  // Each wait takes its abort listener back, so a screen that waits many times does not pile them up.
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const abort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        opts.signal.removeEventListener('abort', abort);
        resolve();
      }, ms);
      opts.signal.addEventListener('abort', abort, { once: true });
    });

  const readOnce = async (): Promise<'again' | 'stop'> => {
    const headers = await opts.headers();
    if (!headers) return 'stop';
    const response = await fetch(opts.url, {
      headers: { ...headers, Accept: 'text/event-stream' },
      signal: opts.signal,
      cache: 'no-store',
    });
    if ([401, 403, 404].includes(response.status)) return 'stop';
    if (!response.ok || !response.body) {
      failures++;
      retryAfterMs = Math.min(MAX_WAIT_MS, Number(response.headers.get('retry-after')) * 1000 || 0);
      return 'again';
    }
    failures = 0;
    retryAfterMs = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'again';
      buffer += value.replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  };

  const dispatch = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (data.length === 0) return;
    try {
      opts.onEvent({ event, data: JSON.parse(data.join('\n')) });
    } catch {
      // Not JSON: not one of ours.
    }
  };

  void (async () => {
    while (!opts.signal.aborted) {
      let outcome: 'again' | 'stop' = 'again';
      try {
        outcome = await readOnce();
      } catch {
        failures++;
      }
      if (outcome === 'stop' || opts.signal.aborted) return;
      await wait(Math.max(retryAfterMs, Math.min(MAX_WAIT_MS, retryMs * 2 ** Math.min(failures, 5))));
    }
  })();
}

/** One server-sent event: its name and its parsed JSON data. */
type StreamEvent = { event: string; data: unknown };

/**
 * Reads a server-sent event stream (text/event-stream) with fetch, because EventSource cannot send the
 * Authorization header the API needs. Opens, hands each event to `onEvent`, and opens again after the stream
 * drops (the server's `retry`, then doubling up to a minute while it keeps failing); a fresh token each time,
 * so an expired one never keeps a screen deaf. Stops for good on a 401, 403 or 404 (nothing to hear) and
 * when `signal` aborts.
 */
export function followEventStream(opts: {
  url: string;
  headers: () => Promise<Record<string, string> | null>;
  onEvent: (event: StreamEvent) => void;
  signal: AbortSignal;
}): void {
  let retryMs = 3000;
  let failures = 0;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      opts.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
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
    if (!response.ok || !response.body) return 'again';
    failures = 0;
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
      await wait(Math.min(60_000, retryMs * 2 ** Math.min(failures, 5)));
    }
  })();
}

import { bearer } from '../helpers';

/** The bound the product states for a change to reach an open screen (docs/features.md). */
const BOUND_MS = 3000;

type StreamEvent = { event: string; data: { topics?: string[] } };

/**
 * An open event stream over a real socket: its events as they arrive, a way to wait for the next ones, and
 * whether the server ended it (not this side's `close`).
 */
export async function openStream(base: string, path: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: bearer(token), signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiting: (() => void)[] = [];
  let endedByServer = false;
  let reading: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            for (const wake of waiting.splice(0)) wake();
            end = buffer.indexOf('\n\n');
          }
        }
        endedByServer = true;
      } catch {
        // Aborted here, or the socket cut by the server: only the latter is an end.
        endedByServer = !controller.signal.aborted;
      }
    })();
  }
  return {
    res,
    events,
    /** The first change event after `from`, within the bound; null when none came. */
    async change(from: number): Promise<StreamEvent | null> {
      const deadline = Date.now() + BOUND_MS;
      for (;;) {
        const found = events.slice(from).find((e) => e.event === 'change');
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    async opened() {
      const deadline = Date.now() + BOUND_MS;
      while (!events.some((e) => e.event === 'open') && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return events.some((e) => e.event === 'open');
    },
    /** True once the server has ended the stream; false when `withinMs` passed first. */
    async ended(withinMs: number): Promise<boolean> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs);
      });
      await Promise.race([reading, timeout]);
      clearTimeout(timer);
      return endedByServer;
    },
    close: () => controller.abort(),
  };
}

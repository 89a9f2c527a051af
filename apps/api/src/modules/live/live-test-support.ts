import { bearer } from '../../../test/helpers';

/** The bound the product states for a change to reach an open screen (docs/features.md). */
export const BOUND_MS = 3000;

export type StreamEvent = { event: string; data: { topics?: string[] } };

/** An open event stream over a real socket: its events as they arrive, and a way to wait for the next ones. */
export async function openStream(base: string, path: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: bearer(token), signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiting: (() => void)[] = [];
  if (res.ok && res.body) {
    void (async () => {
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
      } catch {
        // aborted
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
    close: () => controller.abort(),
  };
}

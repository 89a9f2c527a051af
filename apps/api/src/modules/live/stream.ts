import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { LiveBus, LiveChange } from './bus';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** What the browser waits before it reconnects after the stream drops (EventSource's `retry`). */
const RETRY_MS = 3_000;

/**
 * Answers with a server-sent event stream of the changes one subscriber may see: an `open` event at once, then
 * a `change` event `{topics}` per change. The request's own checks (sign-in, tenant, role, the card's phone)
 * ran before, so the stream carries only what the caller could read with the calls it mirrors, and never data:
 * the screen refetches those calls. Written on the raw socket (hijacked), so nothing compresses or buffers it.
 */
export async function streamChanges(
  bus: LiveBus,
  request: FastifyRequest,
  reply: FastifyReply,
  who: { tenantId: string; memberId?: string },
): Promise<void> {
  if (bus.full) {
    throw new AppError(503, 'Too many open screens on this server; try again in a minute', { error: 'LIVE_FULL' });
  }
  const raw = reply.raw;
  const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const stop = await bus.subscribe({
    ...who,
    send: (change: LiveChange) => send('change', { topics: change.topics }),
    // A stream never ends by itself: at shutdown its socket goes, and the browser reconnects to another instance.
    end: () => raw.destroy(),
  });
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  send('open', { at: new Date().toISOString() });
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    clearInterval(heartbeat);
    stop();
  };
  raw.on('close', close);
  raw.on('error', close);
}

import { LIVE_ERROR } from '@loyalty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { type LiveBus, type LiveChange, type StreamHolder, StreamRefused } from './bus';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** What the browser waits before it reconnects after the stream drops (EventSource's `retry`). */
const RETRY_MS = 3_000;
/** Retry-After of a refused stream: a slot frees when a screen closes, which nobody can foretell. */
const REFUSED_RETRY_AFTER_S = 60;

/** The answer to a stream the caps refused, in the one error shape (docs/design.md §10). */
function refusedAnswer(reply: FastifyReply, refused: StreamRefused): AppError {
  reply.header('retry-after', String(REFUSED_RETRY_AFTER_S));
  if (refused.reason === 'TOO_MANY_STREAMS') {
    return new AppError(429, 'Too many open screens for this sign-in; close one and try again', {
      error: LIVE_ERROR.tooManyStreams,
    });
  }
  return new AppError(503, 'Too many open screens on this server; try again in a minute', { error: LIVE_ERROR.full });
}

/**
 * Answers with a server-sent event stream of the changes one subscriber may see: an `open` event at once, then
 * a `change` event `{topics}` per change. The request's own checks (sign-in, tenant, role, the card's phone)
 * ran before, so the stream carries only what the caller could read with the calls it mirrors, and never data:
 * the screen refetches those calls. Written on the raw socket (hijacked), so nothing compresses or buffers it.
 *
 * `stillAllowed` reads the caller's access again once the stream hears changes (it throws when gone): the
 * checks before may have read a cache, or raced a deactivation or erasure whose end message went out before
 * this instance listened. After it, any loss of access arrives as an end message and closes the stream.
 */
export async function streamChanges(
  bus: LiveBus,
  request: FastifyRequest,
  reply: FastifyReply,
  holder: StreamHolder,
  stillAllowed: () => Promise<void>,
): Promise<void> {
  const raw = reply.raw;
  let started = false;
  let ended = false;
  const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let stop: () => void;
  try {
    stop = await bus.subscribe({
      ...holder,
      send: (change: LiveChange) => {
        if (started) send('change', { topics: change.topics });
      },
      // A stream never ends by itself: at shutdown its socket goes, and the browser reconnects to another
      // instance; when its holder lost access, the browser reconnects and is refused.
      end: () => {
        ended = true;
        if (started) raw.destroy();
      },
    });
  } catch (error) {
    throw error instanceof StreamRefused ? refusedAnswer(reply, error) : error;
  }
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const close = () => {
    clearInterval(heartbeat);
    stop();
  };
  // From here the place is taken: a caller that hangs up while its access is read again gives it back.
  raw.on('close', close);
  raw.on('error', close);
  try {
    await stillAllowed();
  } catch (error) {
    stop();
    throw error;
  }
  reply.hijack();
  if (ended || raw.destroyed) {
    raw.destroy();
    return;
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  started = true;
  send('open', { at: new Date().toISOString() });
  heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
}

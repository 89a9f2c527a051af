import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followEventStream } from './event-stream';

/** A server that refuses every stream with `status` (and Retry-After when given); counts the attempts. */
function refusingServer(status: number, error: string, retryAfter?: string) {
  const fn = vi.fn(
    async () =>
      new Response(JSON.stringify({ status, error, message: 'refused' }), {
        status,
        headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

function follow(): AbortController {
  const controller = new AbortController();
  followEventStream({
    url: '/api/tenants/events',
    headers: async () => ({ Authorization: 'Bearer t' }),
    onEvent: () => {},
    signal: controller.signal,
  });
  return controller;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a refused change stream', () => {
  it.each([
    [429, 'TOO_MANY_STREAMS'],
    [503, 'LIVE_FULL'],
  ])('%i %s asks again only after its Retry-After', async (status, error) => {
    const server = refusingServer(status, error, '60');
    const controller = follow();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(server).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server).toHaveBeenCalledTimes(2);
    controller.abort();
  });

  it('without Retry-After, waits longer after each refusal instead of looping', async () => {
    const server = refusingServer(429, 'TOO_MANY_STREAMS');
    const controller = follow();
    await vi.advanceTimersByTimeAsync(60_000);
    // 6 s, 12 s, 24 s: three more attempts in the first minute at most, never one every few seconds.
    expect(server.mock.calls.length).toBeLessThanOrEqual(4);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // Then once a minute.
    expect(server.mock.calls.length).toBeLessThanOrEqual(4 + 11);
    controller.abort();
  });
});

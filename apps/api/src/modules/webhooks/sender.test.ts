import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../test/support/webhook-receiver';
import { sendWebhook } from './sender';

describe('webhook sender', () => {
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  afterAll(async () => {
    for (const r of receivers) await r.close();
  });

  it('connects to the address it was given, never resolving the name again (no DNS rebinding)', async () => {
    const r = await startReceiver();
    receivers.push(r);
    // `.invalid` never resolves: the request can only arrive through the pinned address.
    const url = new URL(`http://receiver.invalid:${r.port}/hook`);
    const outcome = await sendWebhook({
      url,
      address: '127.0.0.1',
      family: 4,
      headers: {},
      body: '{}',
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({ status: 200 });
    expect(r.received[0]?.headers.host).toBe(`receiver.invalid:${r.port}`);
  });

  it('gives up after the timeout', async () => {
    const r = await startReceiver({ respond: () => {} });
    receivers.push(r);
    const outcome = await sendWebhook({
      url: new URL(r.url),
      address: '127.0.0.1',
      family: 4,
      headers: {},
      body: '{}',
      timeoutMs: 200,
    });
    expect(outcome).toEqual({ status: null, error: 'Timed out' });
  });
});

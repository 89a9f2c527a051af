import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { engine } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';
import { eventually } from './support/wallet';
import { type Receiver, startReceiver } from './support/webhook-receiver';

/**
 * The webhook a purchase enqueues survives SIGKILL: the server is killed right after the purchase is
 * acknowledged, while the receiver is not even listening; once both are back, the receiver gets the event,
 * signed, with the purchase in it.
 */
describe(`webhook delivery across a SIGKILL on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-webhook-crash-'));
  const server = spawnedServer(dataDir, {
    JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
  });
  const { call } = server;
  let receiver: Receiver | undefined;
  afterAll(async () => {
    server.kill();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the webhook of an acknowledged purchase once the killed server is back', async () => {
    await server.start();
    const port = await freePort();
    const token = await businessOverHttp(call, 'Hook Crash Cafe');
    const endpoint = await call(token, 'POST', '/api/tenants/webhooks', {
      url: `http://127.0.0.1:${port}/hook`,
      events: ['points.earned'],
    });
    expect(endpoint.status).toBe(201);
    const member = await call(token, 'POST', '/api/tenants/member', {
      firstName: 'Kai',
      lastName: 'Killed',
      phone: '+85290001111',
    });
    expect(member.status).toBe(201);
    const purchase = await call(token, 'POST', `/api/tenants/member/${member.json.userId}/transactions`, {
      type: 'PURCHASE',
      amount: 7,
    });
    expect(purchase.status).toBe(201);
    server.kill();
    await server.exited();

    receiver = await startReceiver({ port });
    expect(receiver.received).toEqual([]);
    await server.start();
    const got = receiver;
    // A job the killed server had started is retried once its expiry (30 s) has passed; one still waiting
    // runs at once (a refused connection before the kill is a failed attempt, retried within seconds).
    expect(await eventually(() => got.received.length > 0, 90_000)).toBe(true);
    const first = got.received[0] as (typeof got.received)[number];
    const event = new Webhook(endpoint.json.secret).verify(first.body, first.headers as Record<string, string>);
    expect(event).toMatchObject({
      type: 'points.earned',
      data: { memberId: member.json.userId, entryId: purchase.json.entry.id, points: 70 },
    });
  }, 180_000);
});

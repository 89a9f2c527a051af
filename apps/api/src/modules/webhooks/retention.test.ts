import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { business } from '../../../test/support/members';
import { webhooksApi } from '../../../test/support/webhooks';
import { webhookDeliveries } from '../../db/schema';
import { pruneDeliveries } from './retention';

const DAY = 24 * 3600 * 1000;

describe('webhook deliveries: retention', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('deletes finished deliveries older than the cut-off, keeps pending ones and newer ones, tenant by tenant alike', async () => {
    const shops = [await business(app), await business(app)];
    const endpoints: string[] = [];
    for (const shop of shops) {
      const made = await webhooksApi(app).create(shop.owner, {
        url: 'http://127.0.0.1:9/hook',
        events: ['member.created'],
      });
      expect(made.statusCode).toBe(201);
      endpoints.push(made.json().id);
    }
    const now = Date.now();
    const rows = shops.flatMap((shop, i) =>
      (
        [
          ['old-delivered', 'SUCCEEDED', 31],
          ['old-given-up', 'FAILED', 45],
          ['old-pending', 'PENDING', 40],
          ['recent-delivered', 'SUCCEEDED', 29],
          ['recent-given-up', 'FAILED', 1],
        ] as const
      ).map(([eventType, status, daysAgo]) => ({
        id: randomUUID(),
        tenantId: shop.tenantId,
        endpointId: endpoints[i] as string,
        eventId: `msg_${eventType}`,
        eventType: 'member.created' as const,
        payload: { label: eventType },
        status,
        createdAt: new Date(now - daysAgo * DAY),
      })),
    );
    await app.database.db.insert(webhookDeliveries).values(rows);

    expect(await pruneDeliveries(app.db, new Date(now - 30 * DAY))).toBe(4);
    for (const [i, shop] of shops.entries()) {
      const page = await webhooksApi(app).deliveries(shop.owner, endpoints[i] as string);
      expect(page.statusCode).toBe(200);
      expect(
        page
          .json()
          .content.map((d: { eventId: string }) => d.eventId)
          .sort(),
      ).toEqual(['msg_old-pending', 'msg_recent-delivered', 'msg_recent-given-up']);
    }
    // Nothing more to do: a second sweep removes nothing.
    expect(await pruneDeliveries(app.db, new Date(now - 30 * DAY))).toBe(0);
  });
});

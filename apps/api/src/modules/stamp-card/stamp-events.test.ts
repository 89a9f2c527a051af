import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers';
import { addMember, business, insertSettings } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { delivered } from '../../../test/support/tier-review';
import { webhookTestApp } from '../../../test/support/webhooks';
import { auditEvents } from '../../db/schema';

/** What a stamp write tells (docs/design.md §10): webhooks stamps.added / stamps.removed / stampcard.completed, the audit. */
describe('stamp card events', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await webhookTestApp();
  });
  afterAll(() => app.close());

  it('tells webhook receivers each entry and each full card, and writes the audit as the person who recorded it', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const rewardId = await addReward(app, biz.owner);
    const stamps = stampsApi(app);
    await stamps.save(biz.owner, { stampsPerCard: 4, earn: 'PER_VISIT', rewardId });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/tenants/webhooks',
      headers: bearer(biz.owner),
      payload: {
        url: 'http://127.0.0.1:9/hooks',
        events: ['stamps.added', 'stamps.removed', 'stampcard.completed'],
        enabled: true,
      },
    });
    expect(hook.statusCode).toBe(201);
    const memberId = await addMember(app, biz.owner);
    await stamps.add(biz.staff, memberId, { count: 3 });
    const full = (await stamps.add(biz.staff, memberId, { count: 2 })).json();
    await stamps.add(biz.admin, memberId, { count: -1, note: 'Stamped twice by mistake' });

    expect(await delivered(app, biz.tenantId, 'stamps.added')).toEqual([
      expect.objectContaining({ memberId, entryType: 'ADD', stamps: 3, cardStamps: 3, stampsPerCard: 4 }),
      expect.objectContaining({ memberId, entryType: 'ADD', stamps: 2, cardStamps: 1, cardsCompleted: 1 }),
    ]);
    expect(await delivered(app, biz.tenantId, 'stampcard.completed')).toEqual([
      expect.objectContaining({
        memberId,
        entryId: full.entryId,
        redemptionId: full.issued[0].id,
        rewardId,
        cardsCompleted: 1,
        stamps: 1,
      }),
    ]);
    expect(await delivered(app, biz.tenantId, 'stamps.removed')).toEqual([
      expect.objectContaining({ memberId, entryType: 'ADJUST', stamps: -1, cardStamps: 0 }),
    ]);

    const trail = await app.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, biz.tenantId), eq(auditEvents.targetId, memberId)));
    expect(trail.map((e) => e.action).filter((a) => a.startsWith('stamps.'))).toEqual(
      expect.arrayContaining(['stamps.add', 'stamps.add', 'stamps.adjust']),
    );
  });
});

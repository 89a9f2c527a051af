import { REWARD_MESSAGES, STAMP_MESSAGES } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { addMember, business, insertSettings, membersApi } from '../../../test/support/members';
import { addReward, rewardsApi } from '../../../test/support/rewards';
import { stampsApi, storedCard } from '../../../test/support/stamp-card';

/** Stamp cards (docs/design.md §10): settings, stamps at the counter and by purchase, full cards, reversals, refunds. */
describe('stamp cards', () => {
  let app: FastifyInstance;
  let stamps: ReturnType<typeof stampsApi>;
  let api: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    stamps = stampsApi(app);
    api = membersApi(app);
  });
  afterAll(() => app.close());

  /** A business with an 8-stamp PER_VISIT card (overridable) giving a free coffee; answers it and the reward. */
  async function withCard(card: Record<string, unknown> = {}) {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const rewardId = await addReward(app, biz.owner);
    const saved = await stamps.save(biz.owner, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId, ...card });
    expect(saved.statusCode).toBe(200);
    return { ...biz, rewardId };
  }

  it('settings: 404 until saved, admins write, every role reads, the reward must exist, bad input at the field', async () => {
    const biz = await business(app);
    expect((await stamps.settings(biz.staff)).statusCode).toBe(404);
    const rewardId = await addReward(app, biz.owner);
    expect((await stamps.save(biz.staff, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId })).statusCode).toBe(403);
    const bad = await stamps.save(biz.admin, { stampsPerCard: 21, earn: 'PER_AMOUNT', rewardId: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(
      expect.arrayContaining(['stampsPerCard', 'rewardId', 'amountPerStamp']),
    );
    const unknown = await stamps.save(biz.admin, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('rewardId');
    const ok = await stamps.save(biz.admin, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId, maxStampsPerDay: 3 });
    expect(ok.json()).toMatchObject({ active: true, stampsPerCard: 8, earn: 'PER_VISIT', maxStampsPerDay: 3 });
    expect((await stamps.settings(biz.staff)).json()).toMatchObject({ stampsPerCard: 8, rewardId });
    // The reward the card names cannot be deleted.
    const removed = await rewardsApi(app).remove(biz.owner, rewardId);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ error: 'REWARD_IN_USE', message: REWARD_MESSAGES.inUseByStampCard });
    expect((await rewardsApi(app).remove(biz.owner, rewardId)).statusCode).toBe(409);
  });

  it('one tap adds a stamp; a full card issues its reward with no points entry and carries the rest over', async () => {
    const biz = await withCard();
    const memberId = await addMember(app, biz.owner);
    const first = await stamps.add(biz.staff, memberId, { count: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ stamps: 1, stampsPerCard: 8, cardsCompleted: 0, issued: [] });
    await stamps.add(biz.staff, memberId, { count: 5 });
    const full = await stamps.add(biz.staff, memberId, { count: 3 });
    expect(full.json()).toMatchObject({ stamps: 1, stampsPerCard: 8, cardsCompleted: 1 });
    expect(full.json().issued).toEqual([
      expect.objectContaining({ rewardId: biz.rewardId, state: 'ISSUED', source: 'STAMPS', pointsCost: 0 }),
    ]);
    // No points moved.
    const detail = (await api.get(biz.staff, memberId)).json();
    expect(detail).toMatchObject({ pointsBalance: 0, stamps: 1, cardsCompleted: 1 });
    expect((await api.ledger(biz.staff, memberId)).json().content).toEqual([]);
    const list = (await stamps.list(biz.staff, memberId)).json();
    expect(list.content.map((e: { stamps: number }) => e.stamps)).toEqual([3, 5, 1]);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({
      stamps: 1,
      entrySum: 1,
      cardsCompleted: 1,
      completedSum: 1,
      issued: 1,
    });
    // The list row and the by-code lookup carry the card too.
    const row = (await api.list(biz.staff)).json().content.find((m: { userId: string }) => m.userId === memberId);
    expect(row).toMatchObject({ stamps: 1, cardsCompleted: 1 });
  });

  it('10 parallel adds at the daily cap record exactly the cap; a replayed key records once', async () => {
    const biz = await withCard({ maxStampsPerDay: 3 });
    const memberId = await addMember(app, biz.owner);
    const answers = await Promise.all(Array.from({ length: 10 }, () => stamps.add(biz.staff, memberId, { count: 1 })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(7);
    expect(answers.find((a) => a.statusCode === 422)?.json().error).toBe('STAMP_DAILY_LIMIT');
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({ stamps: 3, entrySum: 3 });

    const other = await addMember(app, biz.owner);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => stamps.add(biz.staff, other, { count: 2 }, 'till-1-sale-9')),
    );
    expect(replays.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(replays.map((r) => r.json().entryId)).size).toBe(1);
    expect(await storedCard(app, biz.tenantId, other)).toMatchObject({ stamps: 2, entrySum: 2 });
    const reused = await stamps.add(biz.staff, other, { count: 1 }, 'till-1-sale-9');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    const elsewhere = await stamps.add(biz.staff, memberId, { count: 1 }, 'till-1-sale-9');
    expect(elsewhere.statusCode).toBe(409);
  });

  it('an order id is recorded once: the same stamps again replay, sent at once or for another member they are refused', async () => {
    const biz = await withCard();
    const memberId = await addMember(app, biz.owner);
    const first = await stamps.add(biz.staff, memberId, { count: 2, orderId: 'POS-77' });
    expect(first.statusCode).toBe(201);
    const again = await stamps.add(biz.staff, memberId, { count: 2, orderId: 'POS-77' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ entryId: first.json().entryId, stamps: 2, replayed: true });
    const other = await addMember(app, biz.owner);
    const elsewhere = await stamps.add(biz.staff, other, { count: 2, orderId: 'POS-77' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ error: 'DUPLICATE_ORDER', message: STAMP_MESSAGES.duplicateOrder });
    expect((await stamps.add(biz.staff, memberId, { count: 1, orderId: 'POS-77' })).statusCode).toBe(409);
    expect((await stamps.add(biz.staff, memberId, { count: 1, orderId: 'has space' })).json().errors).toHaveProperty(
      'orderId',
    );
    // Two adds naming one new order at once, for two members: one is recorded, the other refused.
    const racing = await Promise.all([
      stamps.add(biz.staff, memberId, { count: 1, orderId: 'POS-78' }),
      stamps.add(biz.staff, other, { count: 1, orderId: 'POS-78' }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const mine = await storedCard(app, biz.tenantId, memberId);
    const theirs = await storedCard(app, biz.tenantId, other);
    expect((mine?.stamps ?? 0) + (theirs?.stamps ?? 0)).toBe(3);
    expect(mine?.stamps).toBe(mine?.entrySum);
    expect(theirs?.stamps).toBe(theirs?.entrySum);
  });

  it('a card filling under concurrency issues exactly one reward', async () => {
    const biz = await withCard({ stampsPerCard: 4 });
    const memberId = await addMember(app, biz.owner);
    await stamps.add(biz.staff, memberId, { count: 2 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => stamps.add(biz.staff, memberId, { count: 1 })));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.flatMap((a) => a.json().issued)).toHaveLength(1);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({
      stamps: 2,
      entrySum: 2,
      cardsCompleted: 1,
      completedSum: 1,
      issued: 1,
    });
  });

  it('adjustments: admin only, with a note, never below zero; PER_AMOUNT refuses counter stamps', async () => {
    const biz = await withCard();
    const memberId = await addMember(app, biz.owner);
    await stamps.add(biz.staff, memberId, { count: 2 });
    expect((await stamps.add(biz.staff, memberId, { count: -1, note: 'Mistake' })).statusCode).toBe(403);
    const noNote = await stamps.add(biz.admin, memberId, { count: -1 });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toHaveProperty('note');
    const below = await stamps.add(biz.admin, memberId, { count: -3, note: 'Mistake' });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toHaveProperty('count');
    const taken = await stamps.add(biz.admin, memberId, { count: -2, note: 'Mistake' });
    expect(taken.json()).toMatchObject({ stamps: 0 });
    expect((await stamps.add(biz.staff, memberId, { count: 11 })).statusCode).toBe(400);

    const perAmount = await withCard({ earn: 'PER_AMOUNT', amountPerStamp: 10 });
    const buyer = await addMember(app, perAmount.owner);
    const refused = await stamps.add(perAmount.staff, buyer, { count: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('STAMPS_BY_PURCHASE');
  });

  it('a purchase adds stamps in its transaction, capped by the day but never refused; reversing it takes them back', async () => {
    const biz = await withCard({ earn: 'PER_AMOUNT', amountPerStamp: 10, maxStampsPerDay: 5 });
    const memberId = await addMember(app, biz.owner);
    const bought = await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 35 });
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({ pointsBalance: 350, stamps: 3, stampsCapped: false });
    const capped = await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 40 });
    expect(capped.statusCode).toBe(201);
    expect(capped.json()).toMatchObject({ stamps: 2, stampsCapped: true });
    const none = await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 40 });
    expect(none.json()).toMatchObject({ stamps: 0, stampsCapped: true });
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({ stamps: 5, entrySum: 5 });

    const reversed = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${bought.json().entry.id}/reversal`,
      headers: { authorization: `Bearer ${biz.staff}` },
    });
    expect(reversed.statusCode).toBe(201);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({ stamps: 2, entrySum: 2 });
    const list = (await stamps.list(biz.staff, memberId)).json().content;
    expect(list[0]).toMatchObject({ type: 'REVERSAL', stamps: -3, purchaseId: bought.json().entry.id });
  });

  it('refunds take stamps back by the cumulative floor, from the current card only, never below zero', async () => {
    const biz = await withCard({ earn: 'PER_AMOUNT', amountPerStamp: 10, stampsPerCard: 8 });
    const memberId = await addMember(app, biz.owner);
    const bought = (await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 70 })).json();
    expect(bought.stamps).toBe(7);
    const refund = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/member/${memberId}/transactions/${bought.entry.id}/refund`,
        headers: { authorization: `Bearer ${biz.staff}` },
        payload: { amount },
      });
    // floor(7 · 15 / 70) = 1
    expect((await refund(15)).statusCode).toBe(201);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({ stamps: 6, entrySum: 6 });
    // A purchase fills the card (6 + 3 = 9: one card, one over).
    const more = (await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 30 })).json();
    expect(more.stamps).toBe(3);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({ stamps: 1, cardsCompleted: 1, issued: 1 });
    // The rest of the first purchase: floor(7 · 70 / 70) − 1 = 6 back, but the card holds 1: never below zero.
    expect((await refund(55)).statusCode).toBe(201);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({
      stamps: 0,
      entrySum: 0,
      cardsCompleted: 1,
      completedSum: 1,
    });
  });

  it('reversing the entry that completed a card cancels its reward and restores the card; once handed over, 409', async () => {
    const biz = await withCard({ stampsPerCard: 4 });
    const memberId = await addMember(app, biz.owner);
    await stamps.add(biz.staff, memberId, { count: 3 });
    const full = (await stamps.add(biz.staff, memberId, { count: 2 })).json();
    expect(full).toMatchObject({ stamps: 1, cardsCompleted: 1 });
    const back = await stamps.reverse(biz.staff, memberId, full.entryId);
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ stamps: 3, cardsCompleted: 0 });
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({
      stamps: 3,
      entrySum: 3,
      cardsCompleted: 0,
      completedSum: 0,
      issued: 0,
    });
    const again = await stamps.reverse(biz.staff, memberId, full.entryId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('ALREADY_REVERSED');

    const filled = (await stamps.add(biz.staff, memberId, { count: 1 })).json();
    const fulfilled = await rewardsApi(app).fulfil(biz.staff, filled.issued[0].id);
    expect(fulfilled.statusCode).toBe(200);
    const late = await stamps.reverse(biz.staff, memberId, filled.entryId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('CARD_REDEEMED');
  });

  it('stamps lapse with the sweep: an EXPIRE entry takes the current card', async () => {
    const biz = await withCard({ expiryDays: 30 });
    const memberId = await addMember(app, biz.owner);
    await stamps.add(biz.staff, memberId, { count: 3 });
    const { sweepLapsedStamps } = await import('./index');
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await sweepLapsedStamps(app.db, app.changes, later)).toBeGreaterThanOrEqual(1);
    expect(await storedCard(app, biz.tenantId, memberId)).toMatchObject({ stamps: 0, entrySum: 0 });
    const list = (await stamps.list(biz.staff, memberId)).json().content;
    expect(list[0]).toMatchObject({ type: 'EXPIRE', stamps: -3 });
  });
});

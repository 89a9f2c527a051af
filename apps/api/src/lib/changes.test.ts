import { describe, expect, it } from 'vitest';
import type { Queries } from '../db/client';
import { type CardHooks, type ChangeEvent, cardListener, changeFeed, type EntryRecorded } from './changes';

// The listeners below run no statement: the transaction is only handed on.
const tx = {} as Queries;

const member = (id: string) => ({
  id,
  membershipCode: id.toUpperCase(),
  firstName: 'Wen',
  lastName: 'Li',
  email: null,
  phone: '+85291234567',
  status: 'active',
  tierId: null,
  pointsBalance: 0,
  language: null,
});

const entry = (memberId: string, expiresAt: Date | null): EntryRecorded => ({
  type: 'entry.recorded',
  memberId,
  entry: { id: `e-${memberId}`, type: 'IMPORT', points: 10, amount: null, reason: null, reversesId: null },
  expired: 0,
  balanceBeforeEntry: 0,
  before: { balance: 0, lifetimeSpend: 0, tierId: null },
  after: { balance: 10, lifetimeSpend: 0, tierId: null },
  expiresAt,
  recordedBy: null,
});

describe('change feed', () => {
  it('tells every listener at once, so their statements can go out together', async () => {
    const calls: string[] = [];
    let releaseFirst: () => void = () => {};
    const firstWaits = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const feed = changeFeed([
      async (_tx, _tenant, events) => {
        calls.push(`wallet ${events.length} started`);
        // Finishes only once the second listener has been called: with one listener after the other, never.
        await firstWaits;
        calls.push('wallet done');
      },
      async (_tx, _tenant, events) => {
        calls.push(`webhooks ${events.map((e) => e.type).join()}`);
        releaseFirst();
      },
    ]);
    await feed.publish(tx, 't1', [{ type: 'cards.changed' }]);
    expect(calls).toEqual(['wallet 1 started', 'webhooks cards.changed', 'wallet done']);
  });

  it('fails with the first listener that fails, and tells nobody of no events', async () => {
    const heard: string[] = [];
    const feed = changeFeed([
      async (_tx, _tenant, events) => {
        heard.push(...events.map((e) => e.type));
        throw new Error('enqueue failed');
      },
    ]);
    await feed.publish(tx, 't1', []);
    expect(heard).toEqual([]);
    await expect(feed.publish(tx, 't1', [{ type: 'member.deleted', id: 'm1', membershipCode: 'M1' }])).rejects.toThrow(
      'enqueue failed',
    );
    expect(heard).toEqual(['member.deleted']);
  });

  it('tells a card once per member and change, with its points’ expiry, and skips members made in the change', async () => {
    const told: string[] = [];
    const hooks: CardHooks = {
      async memberChanged(_tx, _tenant, memberId, detail) {
        told.push(`${memberId} ${detail?.expiresAt?.toISOString() ?? 'no expiry'}`);
      },
      async tenantChanged(_tx, tenantId) {
        told.push(`all of ${tenantId}`);
      },
      async memberDeleted(_tx, _tenant, memberId) {
        told.push(`void ${memberId}`);
      },
    };
    const expiry = new Date('2030-01-01T00:00:00Z');
    const events: ChangeEvent[] = [
      { type: 'member.created', member: member('new') },
      { type: 'member.updated', member: member('old'), fromTierId: null },
      entry('new', expiry),
      entry('old', expiry),
      { type: 'member.updated', member: member('plain'), fromTierId: null },
      { type: 'member.deleted', id: 'gone', membershipCode: 'GONE' },
      { type: 'cards.changed' },
    ];
    await cardListener(hooks)(tx, 't1', events);
    expect(told).toEqual(['void gone', 'all of t1', `old ${expiry.toISOString()}`, 'plain no expiry']);
  });
});

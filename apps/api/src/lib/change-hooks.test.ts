import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { memberChanged, onChanges, tenantEvent } from './change-hooks';

// Only the handle's identity matters to the registry; no statement runs here.
const fakeDb = () => ({}) as Database;
const tx = {} as Parameters<typeof memberChanged>[1];

describe('change hooks', () => {
  it('tells every listener at once, so their statements can go out together', async () => {
    const db = fakeDb();
    const calls: string[] = [];
    let releaseFirst: () => void = () => {};
    const firstWaits = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    onChanges(db, {
      async memberChanged(_tx, _tenant, memberId) {
        calls.push(`wallet ${memberId} started`);
        // Finishes only once the second listener has been called: with one listener after the other, never.
        await firstWaits;
        calls.push('wallet done');
      },
      async tenantChanged() {},
    });
    onChanges(db, {
      async memberChanged(_tx, _tenant, memberId) {
        calls.push(`google ${memberId}`);
        releaseFirst();
      },
      async tenantChanged() {},
    });
    await memberChanged(db, tx, 't1', 'm1');
    expect(calls).toEqual(['wallet m1 started', 'google m1', 'wallet done']);
  });

  it('fails with the first listener that fails, and hears only its own handle', async () => {
    const db = fakeDb();
    const other = fakeDb();
    const heard: string[] = [];
    onChanges(db, {
      async memberChanged() {},
      async tenantChanged() {},
      async event(_tx, _tenant, event) {
        heard.push(event.type);
        throw new Error('enqueue failed');
      },
    });
    onChanges(other, {
      async memberChanged() {},
      async tenantChanged() {},
      async event() {
        heard.push('another app');
      },
    });
    await expect(
      tenantEvent(db, tx, 't1', { type: 'member.deleted', data: { id: 'm1' } } as Parameters<typeof tenantEvent>[3]),
    ).rejects.toThrow('enqueue failed');
    expect(heard).toEqual(['member.deleted']);
  });
});

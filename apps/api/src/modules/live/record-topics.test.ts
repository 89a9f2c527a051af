import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queries } from '../../db/client';
import { type CardHooks, type ChangeEvent, cardListener, type RecordKind } from '../../lib/changes';
import { webhookEventsOf } from '../webhooks/events';
import type { LiveChange } from './bus';
import { liveListener } from './change-listener';

/** What the live listener announces for `events`: the NOTIFY payloads it sends in the change's transaction. */
async function announced(events: ChangeEvent[]): Promise<LiveChange[]> {
  const dialect = new PgDialect();
  const sent: LiveChange[] = [];
  const tx = {
    execute: async (statement: SQL) => {
      const { params } = dialect.sqlToQuery(statement);
      sent.push(JSON.parse(String(params[1])));
      return [];
    },
  } as unknown as Queries;
  await liveListener(tx, 't1', events);
  return sent;
}

const changed = (record: RecordKind): ChangeEvent => ({
  type: 'record.changed',
  record,
  audit: { action: `${record}.update`, target: { type: record } },
  recordedBy: null,
});

/**
 * Each kind of record changed and the screens it reaches: the topics each write's route was announced with before
 * these writes told the change feed, so an open screen reads again exactly what it read then.
 */
const EXPECTED: Record<RecordKind, string[]> = {
  users: ['users', 'dashboard', 'audit'],
  memberships: ['memberships', 'members', 'dashboard', 'audit', 'setup'],
  'pass-settings': ['pass-settings', 'setup', 'audit'],
  'store-settings': ['store-settings', 'enrolment', 'setup', 'audit'],
  'points-conversion': ['points-conversion', 'setup', 'audit'],
  business: ['business', 'setup', 'audit'],
  setup: ['setup'],
  enrolment: ['enrolment', 'setup', 'audit'],
  'api-keys': ['api-keys', 'audit'],
  webhooks: ['webhooks', 'audit'],
  imports: ['imports'],
  rewards: ['rewards', 'member-rewards', 'audit'],
  redemptions: ['rewards', 'member-rewards', 'dashboard', 'audit'],
  segments: ['segments'],
  messages: ['messages', 'audit'],
  'tier-policy': ['tier-policy', 'members', 'audit'],
  members: [],
  promotions: ['audit'],
  branches: ['audit'],
  automations: ['audit'],
  'stamp-card': ['audit'],
};

describe('the live listener hears records changed', () => {
  it.each(Object.entries(EXPECTED) as [RecordKind, string[]][])('%s → its topics', async (record, topics) => {
    const sent = await announced([changed(record)]);
    if (topics.length === 0) {
      expect(sent).toEqual([]);
      return;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]?.topics).toHaveLength(topics.length);
    expect(sent[0]?.topics).toEqual(expect.arrayContaining(topics));
    expect(sent[0]?.memberIds).toEqual([]);
    // A reward's change reaches every card page of the business (its rewards list, docs/design.md §9).
    expect(sent[0]?.everyMember).toBe(record === 'rewards');
  });

  it('a change with a record and a member event is one announcement of both', async () => {
    const sent = await announced([
      changed('memberships'),
      { type: 'redemption.settled', memberId: 'm1', redemptionId: 'r1', state: 'FULFILLED' },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.memberIds).toEqual(['m1']);
    expect(sent[0]?.topics).toEqual(expect.arrayContaining(['memberships', 'members', 'member-rewards']));
  });

  it('the wallets and the webhooks ignore a record changed', async () => {
    const never = () => Promise.reject(new Error('a card was told of a record changed'));
    const hooks: CardHooks = {
      memberChanged: never,
      tenantChanged: never,
      memberDeleted: never,
      membersChanged: never,
    };
    const untouched = {} as Queries;
    const events = (Object.keys(EXPECTED) as RecordKind[]).map(changed);
    await expect(cardListener(hooks)(untouched, 't1', events)).resolves.toBeUndefined();
    expect(webhookEventsOf(events)).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Queries } from '../../db/client';

/** The PostgreSQL channel every instance listens on while it has screens open. */
const LIVE_CHANNEL = 'lp_live';

/**
 * What changed, as the screens name their data: each topic is the third part of the web's query keys
 * (`['tenant', tenantId, topic, …]`), so a screen refetches exactly the queries a change touches and no other.
 */
export type LiveTopic =
  | 'members'
  | 'dashboard'
  | 'reports'
  | 'audit'
  | 'setup'
  | 'users'
  | 'memberships'
  | 'pass-settings'
  | 'store-settings'
  | 'points-conversion'
  | 'business'
  | 'enrolment'
  | 'api-keys'
  | 'webhooks'
  | 'imports'
  | 'rewards'
  | 'member-rewards'
  | 'segments'
  | 'messages'
  | 'tier-policy';

/**
 * One change as it travels between instances: the business, the members whose cards it changed (or
 * `everyMember` when it changed every card, or more members than a NOTIFY's 8,000 bytes hold), the topics.
 */
export type LiveChange = { tenantId: string; memberIds: string[]; everyMember?: boolean; topics: LiveTopic[] };

/** Members named one by one in a change; past this, the change says every member. */
export const MEMBERS_NAMED = 50;

type Subscriber = {
  tenantId: string;
  memberId?: string;
  send: (change: LiveChange) => void;
  /** Ends the subscriber's stream (the server is shutting down). */
  end: () => void;
};

/**
 * Change events for open screens. A change is announced with NOTIFY in the transaction that makes it, so it is
 * heard only once that commits, and by every instance on the database (PostgreSQL delivers it to each
 * listener; embedded PGlite has one process). Each instance listens only while it has a subscriber, on one
 * connection, and hands each change to the subscribers of its business (and, for a card page, of its member).
 */
export function createLiveBus(database: Pick<DatabaseHandle, 'listen'>, opts: { maxSubscribers: number }) {
  const subscribers = new Set<Subscriber>();
  let listening: Promise<unknown> | undefined;

  const deliver = (payload: string) => {
    let change: LiveChange;
    try {
      change = JSON.parse(payload) as LiveChange;
    } catch {
      return;
    }
    for (const s of subscribers) {
      if (s.tenantId !== change.tenantId) continue;
      if (s.memberId && !change.everyMember && !change.memberIds.includes(s.memberId)) continue;
      s.send(change);
    }
  };

  return {
    /** How many screens are subscribed on this instance now. */
    get count() {
      return subscribers.size;
    },
    get full() {
      return subscribers.size >= opts.maxSubscribers;
    },
    /** Ends every open stream, so a shutdown does not wait for screens that never hang up. */
    endAll() {
      for (const s of [...subscribers]) s.end();
      subscribers.clear();
    },
    /** Starts hearing changes for one business (or one member of it); answers the function that stops. */
    async subscribe(subscriber: Subscriber): Promise<() => void> {
      listening ??= database.listen(LIVE_CHANNEL, deliver).catch((error) => {
        listening = undefined;
        throw error;
      });
      await listening;
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;

/** Announces a change; in a transaction, it leaves only if that commits. */
export async function announce(tx: Pick<Queries, 'execute'>, change: LiveChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
}

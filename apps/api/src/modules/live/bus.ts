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

/**
 * Streams to end at once, on every instance: a deactivated or removed user's (`accountIds`, in that business),
 * an erased member's card pages (`memberIds`; `everyMember`: every card page of the business). Only ids travel,
 * never a phone or a name: NOTIFY payloads pass through the database's notification queue on disk.
 */
export type LiveEnd = { tenantId: string; end: { accountIds?: string[]; memberIds?: string[]; everyMember?: boolean } };

/**
 * Who holds a stream, for its caps (docs/design.md §10): a team user's account (the admin's screens; counted
 * across businesses), or a customer's phone (card pages; counted across businesses), and always a business.
 */
export type StreamHolder =
  | { tenantId: string; accountId: string; memberId?: undefined; phone?: undefined }
  | { tenantId: string; memberId: string; phone: string; accountId?: undefined };

type Subscriber = StreamHolder & {
  send: (change: LiveChange) => void;
  /** Ends the subscriber's stream (the server is shutting down, or its holder lost access). */
  end: () => void;
};

/** The caps of one instance's streams: all of them, and per account and per phone. */
export type LiveCaps = { maxSubscribers: number; perAccount: number; perPhone: number };

/** Why a stream was refused: the holder's own cap, or the business's share (or the instance) is full. */
export type Refusal = 'TOO_MANY_STREAMS' | 'LIVE_FULL';

/** Counts per key, kept as streams open and close, so admitting one never walks every stream. */
function tally() {
  const counts = new Map<string, number>();
  return {
    of: (key: string) => counts.get(key) ?? 0,
    add(key: string, by: 1 | -1) {
      const n = (counts.get(key) ?? 0) + by;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
  };
}

const holderKey = (s: StreamHolder) => (s.accountId !== undefined ? `account:${s.accountId}` : `phone:${s.phone}`);

/**
 * Change events for open screens. A change is announced with NOTIFY in the transaction that makes it, so it is
 * heard only once that commits, and by every instance on the database (PostgreSQL delivers it to each
 * listener; embedded PGlite has one process). Each instance listens only while it has a subscriber, on one
 * connection, and hands each change to the subscribers of its business (and, for a card page, of its member).
 *
 * No one caller can take the instance's streams (docs/design.md §10): an account holds at most `perAccount`,
 * a phone `perPhone` (both across businesses), and a business at most half of `maxSubscribers`, so another
 * business always finds room. The caps count this instance's streams: each instance is its own pool.
 */
export function createLiveBus(database: Pick<DatabaseHandle, 'listen'>, caps: LiveCaps) {
  const subscribers = new Set<Subscriber>();
  const byHolder = tally();
  const byTenant = tally();
  const tenantShare = Math.max(1, Math.floor(caps.maxSubscribers / 2));
  let listening: Promise<unknown> | undefined;

  const remove = (s: Subscriber) => {
    if (!subscribers.delete(s)) return;
    byHolder.add(holderKey(s), -1);
    byTenant.add(s.tenantId, -1);
  };

  const endMatching = ({ tenantId, end }: LiveEnd) => {
    for (const s of [...subscribers]) {
      if (s.tenantId !== tenantId) continue;
      const ends =
        s.accountId !== undefined
          ? (end.accountIds?.includes(s.accountId) ?? false)
          : end.everyMember === true || (end.memberIds?.includes(s.memberId) ?? false);
      if (!ends) continue;
      remove(s);
      s.end();
    }
  };

  const deliver = (payload: string) => {
    let message: LiveChange | LiveEnd;
    try {
      message = JSON.parse(payload) as LiveChange | LiveEnd;
    } catch {
      return;
    }
    if ('end' in message) {
      endMatching(message);
      return;
    }
    const change = message;
    for (const s of subscribers) {
      if (s.tenantId !== change.tenantId) continue;
      if (s.memberId && !change.everyMember && !change.memberIds.includes(s.memberId)) continue;
      s.send(change);
    }
  };

  /** Why this holder may not open one more stream now, or undefined when it may. */
  const refusal = (holder: StreamHolder): Refusal | undefined => {
    const own = holder.accountId !== undefined ? caps.perAccount : caps.perPhone;
    if (byHolder.of(holderKey(holder)) >= own) return 'TOO_MANY_STREAMS';
    if (byTenant.of(holder.tenantId) >= tenantShare || subscribers.size >= caps.maxSubscribers) return 'LIVE_FULL';
    return undefined;
  };

  return {
    /** How many screens are subscribed on this instance now. */
    get count() {
      return subscribers.size;
    },
    /** Ends every open stream, so a shutdown does not wait for screens that never hang up. */
    endAll() {
      for (const s of [...subscribers]) {
        remove(s);
        s.end();
      }
    },
    /**
     * Starts hearing changes for one business (or one member of it); answers the function that stops. The caps
     * are checked and the place taken before anything is awaited, so parallel opens cannot all slip under them.
     */
    async subscribe(subscriber: Subscriber): Promise<() => void> {
      const refused = refusal(subscriber);
      if (refused) throw new StreamRefused(refused);
      subscribers.add(subscriber);
      byHolder.add(holderKey(subscriber), 1);
      byTenant.add(subscriber.tenantId, 1);
      listening ??= database.listen(LIVE_CHANNEL, deliver).catch((error) => {
        listening = undefined;
        throw error;
      });
      try {
        await listening;
      } catch (error) {
        remove(subscriber);
        throw error;
      }
      return () => remove(subscriber);
    },
  };
}

/** A stream the caps refused; the route answers it (stream.ts). */
export class StreamRefused extends Error {
  constructor(readonly reason: Refusal) {
    super(reason);
  }
}

export type LiveBus = ReturnType<typeof createLiveBus>;

/** Announces a change; in a transaction, it leaves only if that commits. */
export async function announce(tx: Pick<Queries, 'execute'>, change: LiveChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * Ends the open streams of people who lost access, on every instance (each hears the NOTIFY, docs/design.md
 * §10): a deactivated or removed team user's (`accountIds`), an erased member's card pages (`memberIds`). In a
 * transaction it leaves only if that commits. A stream ended this way reconnects and is refused (403, 404).
 */
export async function closeStreamsOf(
  tx: Pick<Queries, 'execute'>,
  who: { tenantId: string; accountIds?: string[]; memberIds?: string[] },
): Promise<void> {
  const { tenantId, accountIds = [], memberIds = [] } = who;
  if (accountIds.length === 0 && memberIds.length === 0) return;
  // A NOTIFY holds 8,000 bytes: past MEMBERS_NAMED the business's card pages all end, and the others reconnect.
  const everyMember = memberIds.length > MEMBERS_NAMED;
  const end: LiveEnd['end'] = { accountIds, ...(everyMember ? { everyMember } : { memberIds }) };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ tenantId, end } satisfies LiveEnd)})`);
}

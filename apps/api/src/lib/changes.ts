import type { ReasonCode, WebhookEvent } from '@loyalty/contracts';
import type { Queries } from '../db/client';
import type { pointsLedger } from '../db/schema';
import type { Actor } from './actor';

/**
 * What a write tells the rest of the app, inside its transaction. Writers publish typed events on the app's one
 * change feed (built in app.ts, where its listeners are listed): member and points writes their own events, every
 * other write that the audit trail or open screens hear (settings, users, keys, rewards, messages…) a
 * `record.changed`. Each listener reads the events it cares about and writes only its own tables, in the change's
 * transaction, so a change and its consequences (audit events, announcements to open screens, wallet pushes,
 * webhook deliveries, all enqueued as jobs) commit or vanish together.
 */

/** A member as member.* webhook events carry it. */
export type MemberData = Extract<WebhookEvent, { type: 'member.created' }>['data'];

/** Who recorded a change, as the audit trail names it: the request's actor, its address and its id. */
export type RecordedBy = { actor: Actor; ip: string; requestId: string };

export type EntryType = (typeof pointsLedger.$inferSelect)['type'];

/** A member's points, lifetime spend (a number of the currency) and tier at one moment. */
export type Figures = { balance: number; lifetimeSpend: number; tierId: string | null };

/**
 * One ledger entry written (modules/ledger): the entry, the member's figures before and after it, and the points
 * written off as expired on the way (their EXPIRE entry was written just before this one).
 */
export type EntryRecorded = {
  type: 'entry.recorded';
  memberId: string;
  entry: {
    id: string;
    type: EntryType;
    points: number;
    amount: string | null;
    reason: string | null;
    /** The system's reason as a code (docs/design.md §10); `reason` keeps what a person typed. */
    reasonCode?: ReasonCode | null;
    /** The entry a REVERSAL or REFUND takes back. */
    reversesId: string | null;
    /** The business's order of a PURCHASE, or of the purchase a REFUND gives part of back. */
    orderId?: string | null;
    /** A PURCHASE's base points and what each promotion added on top (docs/design.md §10). */
    basePoints?: number;
    promotions?: { id: string; points: number }[];
    /** The branch it was recorded at (docs/design.md §10). */
    branchId?: string | null;
  };
  /** Points written off as expired just before the entry (0 for none), and the balance after that. */
  expired: number;
  balanceBeforeEntry: number;
  before: Figures;
  after: Figures;
  /** When the points this entry added expire: a card shows the lower balance again then. */
  expiresAt: Date | null;
  /** Who recorded it, for the audit trail; null for what no person recorded (welcome points, an import's). */
  recordedBy: RecordedBy | null;
};

/**
 * One stamp ledger entry written (modules/stamp-card, docs/design.md §10): the entry, the card after it, and the
 * rewards of the cards it filled (their redemptions ISSUED, or CANCELLED by a reversal).
 */
export type StampsRecorded = {
  type: 'stamps.recorded';
  memberId: string;
  entry: {
    id: string;
    type: 'ADD' | 'PURCHASE' | 'ADJUST' | 'REVERSAL' | 'REFUND' | 'EXPIRE' | 'IMPORT';
    stamps: number;
    purchaseId: string | null;
    reversesId: string | null;
    note: string | null;
  };
  before: { stamps: number; cardsCompleted: number };
  after: { stamps: number; stampsPerCard: number; cardsCompleted: number };
  completed: { redemptionId: string; rewardId: string | null; rewardName: string }[];
  recordedBy: RecordedBy | null;
};

/** One event of the audit trail, as a change carries it to the feed's audit listener (lib/audit.ts). */
export type AuditEntry = {
  /** `<target type>.<verb>`, e.g. 'member.update', 'points.adjust', 'settings.store.update'. */
  action: string;
  target: { type: string; id?: string | null };
  /** The target as it was (undefined or null when made by this change) and as it is now (null when removed). */
  before?: object | null;
  after?: object | null;
  /**
   * A member the target speaks to alone (a message addressed to one member): these fields are sealed with that
   * member's key, so erasing the member leaves them unreadable (lib/personal-seal.ts).
   */
  personalTo?: { memberId: string; fields: readonly string[] };
};

/**
 * The kinds of record a `record.changed` names: what open screens read again (modules/live/record-topics.ts
 * maps each to its topics). A member's own record is told by the member events too; promotions, branches,
 * automations and the stamp card have no screen that follows them yet, only the trail.
 */
export type RecordKind =
  | 'users'
  | 'memberships'
  | 'pass-settings'
  | 'store-settings'
  | 'points-conversion'
  | 'business'
  | 'setup'
  | 'enrolment'
  | 'api-keys'
  | 'webhooks'
  | 'imports'
  | 'rewards'
  | 'redemptions'
  | 'segments'
  | 'messages'
  | 'tier-policy'
  | 'members'
  | 'promotions'
  | 'branches'
  | 'automations'
  | 'stamp-card';

/**
 * A record of the business changed outside the member and points events: `audit` the trail's event of it (none
 * for what the trail does not keep, such as the setup checklist dismissed or a delivery sent again), written as
 * `recordedBy`.
 */
export type RecordChanged = {
  type: 'record.changed';
  record: RecordKind;
  audit?: AuditEntry;
  recordedBy: RecordedBy | null;
};

export type ChangeEvent =
  | EntryRecorded
  | StampsRecorded
  | RecordChanged
  /**
   * A member was made; it holds no card yet. `origin`: the join page or staff (an import's members have none):
   * the welcome automation greets those two only (docs/design.md §10).
   */
  | { type: 'member.created'; member: MemberData; origin?: 'join' | 'staff' }
  /** A member's profile (name, contacts, status, tier) changed; `fromTierId` is its tier before. */
  | { type: 'member.updated'; member: MemberData; fromTierId: string | null }
  /** A member is about to be deleted, in the delete's transaction, while its rows can still be read. */
  | { type: 'member.deleted'; id: string; membershipCode: string }
  /** Something every card of the tenant shows changed (its design, its store settings, a tier's name). */
  | { type: 'cards.changed' }
  /** The business's time zone changed: its daily figures are recomputed in the new one (modules/insights). */
  | { type: 'timezone.changed' }
  /** A reward was redeemed (its REDEEM entry is told as entry.recorded in the same change). */
  | { type: 'reward.redeemed'; data: Extract<WebhookEvent, { type: 'reward.redeemed' }>['data'] }
  /**
   * A reward redemption left ISSUED (fulfilled or cancelled): the member's card page drops the code it shows
   * (docs/design.md §9). A cancel's REVERSAL is also told as entry.recorded.
   */
  | { type: 'redemption.settled'; memberId: string; redemptionId: string; state: 'FULFILLED' | 'CANCELLED' }
  /**
   * A tier was created, changed or deleted: every member of the business is re-placed under the tier policy
   * (modules/tier-review), as the daily review would, by a job.
   */
  | { type: 'tiers.changed' }
  /** A message to cardholders went out (modules/messages): its log once the queue has worked through it. */
  | { type: 'message.sent'; data: Extract<WebhookEvent, { type: 'message.sent' }>['data'] }
  /** The daily tier review (modules/tier-review) moved the member from one tier to another. */
  | { type: 'tier.reviewed'; memberId: string; fromTierId: string | null; toTierId: string | null }
  /**
   * Points lapsed with no other write (the ledger's expiry sweep): their EXPIRE entry is written, `points` (> 0)
   * gone, `balance` what is left.
   */
  | { type: 'points.lapsed'; memberId: string; points: number; balance: number }
  /** Points of the member lapse soon (`expiryWarningDays`): told once per lot; `expiresAt` the soonest lot's. */
  | { type: 'points.expiring'; memberId: string; points: number; expiresAt: Date; balance: number }
  /** An automation fired for a member (modules/automations, docs/design.md §10): what it gave and whether it spoke. */
  | { type: 'automation.fired'; data: Extract<WebhookEvent, { type: 'automation.fired' }>['data'] };

/** A listener: hears every event of one change, in the change's transaction, in the order they happened. */
export type Listener = (tx: Queries, tenantId: string, events: readonly ChangeEvent[]) => Promise<void>;

export type ChangeFeed = {
  /** Tells every listener of `events`, in `tx`, the transaction of the change. */
  publish(tx: Queries, tenantId: string, events: readonly ChangeEvent[]): Promise<void>;
};

/**
 * The feed of one app: its listeners, called all at once. Each reads and writes only its own tables, so their
 * statements go out together, pipelined on the transaction's connection, instead of one listener's after
 * another's answer (a purchase's wallet and Google checks were two round trips in a row, with the member's
 * row locked). The first listener that fails fails the change.
 */
export function changeFeed(listeners: readonly Listener[]): ChangeFeed {
  return {
    async publish(tx, tenantId, events) {
      if (events.length === 0) return;
      await Promise.all(listeners.map((listener) => listener(tx, tenantId, events)));
    },
  };
}

/**
 * How a service tells the feed that a record changed, in `tx`, with its audit event if the trail keeps one: the
 * request's (lib/audit.ts, `recordChangeOf`) or the customer's own on the card page.
 */
export type RecordChange = (tx: Queries, record: RecordKind, audit?: AuditEntry) => Promise<void>;

/** A `RecordChange` that publishes on `feed` for `tenantId`, as `recordedBy`. */
export const recordChangeOn =
  (feed: ChangeFeed, tenantId: string, recordedBy: RecordedBy | null): RecordChange =>
  (tx, record, audit) =>
    feed.publish(tx, tenantId, [{ type: 'record.changed', record, ...(audit ? { audit } : {}), recordedBy }]);

/** What a kind of card (Apple's passes, Google's objects) does when what it shows changes. */
export type CardHooks = {
  /** Something the member's card shows changed (points, tier, name); `expiresAt` when newly earned points expire. */
  memberChanged(tx: Queries, tenantId: string, memberId: string, detail?: { expiresAt?: Date | null }): Promise<void>;
  /** Something every card of the tenant shows changed. */
  tenantChanged(tx: Queries, tenantId: string): Promise<void>;
  /**
   * Many members' cards changed at once (the daily tier review's batch): the same as memberChanged for each, in a
   * few statements. Optional: without it each member is told in turn.
   */
  membersChanged?(tx: Queries, tenantId: string, memberIds: string[]): Promise<void>;
  /** The member is about to be deleted: cards it holds are withdrawn (a voided pass, an inactive object). */
  memberDeleted(tx: Queries, tenantId: string, memberId: string): Promise<void>;
};

/**
 * A kind of card as a listener: each member whose card shows something new is told once per change (an
 * import's member whose profile and points both changed is one push), with the expiry of the points it earned;
 * a member made in the same change holds no card yet and is skipped.
 */
export function cardListener(hooks: CardHooks): Listener {
  return async (tx, tenantId, events) => {
    const made = new Set<string>();
    const changed = new Map<string, Date | null>();
    for (const event of events) {
      switch (event.type) {
        case 'member.created':
          made.add(event.member.id);
          break;
        case 'member.updated':
          changed.set(event.member.id, changed.get(event.member.id) ?? null);
          break;
        // The tier, the points, or the pass's "expiring" field changed without a write of the member's.
        case 'tier.reviewed':
        case 'points.lapsed':
        case 'points.expiring':
          changed.set(event.memberId, changed.get(event.memberId) ?? null);
          break;
        case 'entry.recorded':
          changed.set(event.memberId, event.expiresAt ?? changed.get(event.memberId) ?? null);
          break;
        // The card's stamps moved (docs/design.md §10): the pass draws them.
        case 'stamps.recorded':
          changed.set(event.memberId, changed.get(event.memberId) ?? null);
          break;
        case 'member.deleted':
          await hooks.memberDeleted(tx, tenantId, event.id);
          break;
        case 'cards.changed':
          await hooks.tenantChanged(tx, tenantId);
          break;
      }
    }
    const told = [...changed].filter(([memberId]) => !made.has(memberId));
    // A batch with nothing of its own per member (no new points to expire later) goes out in bulk.
    if (hooks.membersChanged && told.length > 1 && told.every(([, expiresAt]) => !expiresAt)) {
      await hooks.membersChanged(
        tx,
        tenantId,
        told.map(([memberId]) => memberId),
      );
      return;
    }
    for (const [memberId, expiresAt] of told) await hooks.memberChanged(tx, tenantId, memberId, { expiresAt });
  };
}

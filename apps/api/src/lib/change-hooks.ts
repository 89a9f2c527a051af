import type { WebhookEvent } from '@loyalty/contracts';
import type { Database } from '../db/client';

/** A transaction or the database. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * What other features want to hear about, inside the transaction of the change: the wallet enqueues pushes
 * (and later Google updates and webhooks) in it, so a change and its notifications commit or vanish together.
 */
export type ChangeHooks = {
  /** Something a member's card shows changed (points, tier, name); `expiresAt` when newly earned points expire. */
  memberChanged(tx: Db, tenantId: string, memberId: string, detail?: { expiresAt?: Date | null }): Promise<void>;
  /** Something every card of the tenant shows changed (its design, its store settings, a tier's name). */
  tenantChanged(tx: Db, tenantId: string): Promise<void>;
  /** A member or points event happened (webhooks hear it in the change's transaction). */
  event?(tx: Db, tenantId: string, event: TenantEvent): Promise<void>;
  /** Many events of one change (a batch of a CSV import), in their order; `event` is called per event without it. */
  events?(tx: Db, tenantId: string, events: TenantEvent[]): Promise<void>;
  /**
   * The member is about to be deleted, in the delete's transaction, while its row can still be read: cards the
   * member holds are withdrawn (a voided Apple pass, an inactive Google object).
   */
  memberDeleted?(tx: Db, tenantId: string, memberId: string): Promise<void>;
};

/** An event of DESIGN §8's list (member.*, points.*, tier.changed) without its timestamp (the hook adds it). */
export type TenantEvent = Omit<WebhookEvent, 'timestamp'>;

// Keyed by the database handle, so each app (and each test app) hears only its own changes.
const registered = new WeakMap<Database, ChangeHooks[]>();

export function onChanges(db: Database, hooks: ChangeHooks): void {
  registered.set(db, [...(registered.get(db) ?? []), hooks]);
}

/**
 * Calls every listener at once: each reads and writes only its own tables, so their statements can go out
 * together, pipelined on the transaction's connection, instead of one listener's after another's answer (a
 * purchase's wallet and Google checks were two round trips in a row, with the member's row locked).
 */
async function tellAll(db: Database, call: (hooks: ChangeHooks) => Promise<void> | undefined): Promise<void> {
  await Promise.all((registered.get(db) ?? []).map(call));
}

export async function memberChanged(
  db: Database,
  tx: Db,
  tenantId: string,
  memberId: string,
  detail?: { expiresAt?: Date | null },
): Promise<void> {
  await tellAll(db, (hooks) => hooks.memberChanged(tx, tenantId, memberId, detail));
}

export async function tenantChanged(db: Database, tx: Db, tenantId: string): Promise<void> {
  await tellAll(db, (hooks) => hooks.tenantChanged(tx, tenantId));
}

/** Tells every listener of an event, in the transaction of the change. */
export async function tenantEvent(db: Database, tx: Db, tenantId: string, event: TenantEvent): Promise<void> {
  await tellAll(db, (hooks) => hooks.event?.(tx, tenantId, event));
}

/** Tells every listener of many events of one change, in the change's transaction. */
export async function tenantEvents(db: Database, tx: Db, tenantId: string, events: TenantEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tellAll(db, async (hooks) => {
    if (hooks.events) return hooks.events(tx, tenantId, events);
    if (hooks.event) for (const event of events) await hooks.event(tx, tenantId, event);
  });
}

/** Tells every listener that a member is about to be deleted, in the delete's transaction. */
export async function memberDeleted(db: Database, tx: Db, tenantId: string, memberId: string): Promise<void> {
  await tellAll(db, (hooks) => hooks.memberDeleted?.(tx, tenantId, memberId));
}

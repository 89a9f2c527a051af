import { MEMBERSHIP_MESSAGES, type Membership, type MembershipBody } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, violation } from '../../db/violation';
import type { ChangeEvent, ChangeFeed, RecordChange } from '../../lib/changes';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { isOwnUploadUrl } from '../../lib/own-upload';
import {
  activeRanges,
  countHolders,
  deleteMembership,
  findMembership,
  insertMembership,
  lockTenantTiers,
  toMembership,
  updateMembership,
} from './repository';

const NOT_FOUND = 'Membership not found';

const nameTaken = () =>
  new AppError(409, MEMBERSHIP_MESSAGES.nameTaken, {
    error: 'CONFLICT',
    errors: { name: MEMBERSHIP_MESSAGES.nameTaken },
  });

async function assertOwnImages(db: Database, tenantId: string, body: MembershipBody) {
  const errors: Record<string, string> = {};
  for (const field of ['cardImageUrl', 'walletBannerUrl'] as const) {
    const url = body[field];
    if (url && !(await isOwnUploadUrl(db, tenantId, url))) errors[field] = MEMBERSHIP_MESSAGES.foreignImage;
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/** Active tiers' [min, max) ranges may not overlap; no min is 0 and no max is infinity. */
async function assertNoOverlap(
  db: Parameters<typeof activeRanges>[0],
  tenantId: string,
  body: MembershipBody,
  id?: string,
) {
  if (!body.isActive) return;
  const min = body.minSpendAmount ?? 0;
  const max = body.maxSpendAmount ?? Number.POSITIVE_INFINITY;
  for (const other of await activeRanges(db, tenantId, id)) {
    const otherMax = other.max ?? Number.POSITIVE_INFINITY;
    if (min < otherMax && other.min < max) {
      // The tier in the way comes with the answer: the dialog offers to shorten it and save both in one step.
      throw new AppError(400, 'Validation failed', {
        error: 'VALIDATION_ERROR',
        errors: { minSpendAmount: MEMBERSHIP_MESSAGES.overlap(other.name) },
        conflict: { id: other.id, name: other.name, minSpend: other.min, maxSpend: other.max },
      });
    }
  }
}

/** Whether a tier's change can move members: its range, or its being active (an inactive tier places nobody). */
function placesMembersOtherwise(before: Membership, after: Membership): boolean {
  return (
    before.minSpendAmount !== after.minSpendAmount ||
    before.maxSpendAmount !== after.maxSpendAmount ||
    before.isActive !== after.isActive
  );
}

/** Creates (no id) or replaces (id) a tier in one transaction that holds the tenant's tier lock. */
export async function saveMembership(
  db: Database,
  changes: ChangeFeed,
  tenantId: string,
  body: MembershipBody,
  recordChange: RecordChange,
  id?: string,
): Promise<Membership> {
  await assertOwnImages(db, tenantId, body);
  try {
    const row = await db.transaction(async (tx) => {
      await lockTenantTiers(tx, tenantId);
      const before = id ? await findMembership(tx, tenantId, id) : undefined;
      if (id && !before) throw notFound(NOT_FOUND);
      await assertNoOverlap(tx, tenantId, body, id);
      const saved = id ? await updateMembership(tx, tenantId, id, body) : await insertMembership(tx, tenantId, body);
      if (!saved) throw notFound(NOT_FOUND);
      await recordChange(tx, 'memberships', {
        action: id ? 'tier.update' : 'tier.create',
        target: { type: 'tier', id: saved.id },
        before: before && toMembership(before),
        after: toMembership(saved),
      });
      // A renamed tier shows on the cards of the members who hold it; a new tier, or a changed range, re-places
      // every member under the tier policy at once (a job of modules/tier-review, docs/design.md §9).
      const after = toMembership(saved);
      const events: ChangeEvent[] = id ? [{ type: 'cards.changed' }] : [];
      if (!before || placesMembersOtherwise(toMembership(before), after)) events.push({ type: 'tiers.changed' });
      await changes.publish(tx, tenantId, events);
      return saved;
    });
    return toMembership(row);
  } catch (error) {
    if (violation(error, UNIQUE_VIOLATION) !== undefined) throw nameTaken();
    throw error;
  }
}

export async function getMembership(db: Database, tenantId: string, id: string): Promise<Membership> {
  const row = await findMembership(db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toMembership(row);
}

/**
 * Members hold tiers by reference: a tier still held is 409 with how many hold it. A tier deleted re-places
 * every member under the tier policy (the ladder a downgrade steps down changed).
 */
export async function removeMembership(
  db: Database,
  changes: ChangeFeed,
  tenantId: string,
  id: string,
  recordChange: RecordChange,
): Promise<void> {
  const inUse = (count: number) => new AppError(409, MEMBERSHIP_MESSAGES.inUse(count), { error: 'TIER_IN_USE' });
  try {
    await db.transaction(async (tx) => {
      await lockTenantTiers(tx, tenantId);
      const holders = await countHolders(tx, tenantId, id);
      if (holders > 0) throw inUse(holders);
      const before = await findMembership(tx, tenantId, id);
      if (!before || !(await deleteMembership(tx, tenantId, id))) throw notFound(NOT_FOUND);
      await recordChange(tx, 'memberships', {
        action: 'tier.delete',
        target: { type: 'tier', id },
        before: toMembership(before),
        after: null,
      });
      await changes.publish(tx, tenantId, [{ type: 'tiers.changed' }]);
    });
  } catch (error) {
    if (violation(error, FOREIGN_KEY_VIOLATION) !== undefined) throw inUse(await countHolders(db, tenantId, id));
    throw error;
  }
}

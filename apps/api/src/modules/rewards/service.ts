import { REWARD_MESSAGES, type Reward, type RewardBody, STAMP_MESSAGES } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { automations } from '../../db/schema';
import type { AuditTrail } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isOwnUploadUrl } from '../../lib/own-upload';
import { stampCardNamesReward } from '../stamp-card';
import { deleteReward, findReward, insertReward, tenantTierIds, toReward, updateReward } from './repository';

/** 400 at the field when the image is not this business's upload or a tier is not its own. */
async function assertOwnRefs(db: Database, tenantId: string, body: RewardBody) {
  const errors: Record<string, string> = {};
  if (body.imageUrl && !(await isOwnUploadUrl(db, tenantId, body.imageUrl)))
    errors.imageUrl = REWARD_MESSAGES.foreignImage;
  const own = await tenantTierIds(db, tenantId, body.tierIds);
  if (body.tierIds.some((id) => !own.has(id))) errors.tierIds = REWARD_MESSAGES.foreignTier;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

export async function getReward(db: Database, tenantId: string, id: string): Promise<Reward> {
  const found = await findReward(db, tenantId, id);
  if (!found) throw notFound(REWARD_MESSAGES.notFound);
  return toReward(found.row, found.redeemed);
}

/** Creates (no id) or replaces (id) a reward, with its audit event in the same transaction. */
export async function saveReward(
  db: Database,
  tenantId: string,
  body: RewardBody,
  trail: AuditTrail,
  id?: string,
): Promise<Reward> {
  await assertOwnRefs(db, tenantId, body);
  return db.transaction(async (tx) => {
    const before = id ? await findReward(tx, tenantId, id) : undefined;
    if (id && !before) throw notFound(REWARD_MESSAGES.notFound);
    const row = id ? await updateReward(tx, tenantId, id, body) : await insertReward(tx, tenantId, body);
    if (!row) throw notFound(REWARD_MESSAGES.notFound);
    const saved = toReward(row, before?.redeemed ?? 0);
    await trail(tx, {
      action: id ? 'reward.update' : 'reward.create',
      target: { type: 'reward', id: row.id },
      before: before ? { ...toReward(before.row), redeemed: undefined } : null,
      after: { ...saved, redeemed: undefined },
    });
    return saved;
  });
}

/** Deletes a reward; its redemptions keep its name (and can still be fulfilled or cancelled). */
export async function removeReward(db: Database, tenantId: string, id: string, trail: AuditTrail) {
  // A reward an automation gives as its gift cannot go (docs/design.md §10).
  const [named] = await db
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.tenantId, tenantId), eq(automations.rewardId, id)))
    .limit(1);
  if (named) throw conflict(REWARD_IN_USE, 'REWARD_IN_USE');
  try {
    await db.transaction(async (tx) => {
      // The stamp card names it (docs/design.md §10): it stays until the card gives another.
      if (await stampCardNamesReward(tx, tenantId, id)) throw conflict(STAMP_MESSAGES.rewardInUse, 'REWARD_IN_USE');
      const row = await deleteReward(tx, tenantId, id);
      if (!row) throw notFound(REWARD_MESSAGES.notFound);
      await trail(tx, { action: 'reward.delete', target: { type: 'reward', id }, before: toReward(row), after: null });
    });
  } catch (error) {
    // A reward an automation gives as its gift cannot go (docs/design.md §10): its foreign key refuses the delete.
    if (isForeignKeyViolation(error)) throw conflict(REWARD_IN_USE, 'REWARD_IN_USE');
    throw error;
  }
}

const REWARD_IN_USE = 'An automation gives this reward: change or delete the automation first';

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return true;
  return false;
}

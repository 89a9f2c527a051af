import { REWARD_MESSAGES, type Reward, type RewardBody } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, violation } from '../../db/violation';
import type { RecordChange } from '../../lib/changes';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isOwnUploadUrl } from '../../lib/own-upload';
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
  recordChange: RecordChange,
  id?: string,
): Promise<Reward> {
  await assertOwnRefs(db, tenantId, body);
  return db.transaction(async (tx) => {
    const before = id ? await findReward(tx, tenantId, id) : undefined;
    if (id && !before) throw notFound(REWARD_MESSAGES.notFound);
    const row = id ? await updateReward(tx, tenantId, id, body) : await insertReward(tx, tenantId, body);
    if (!row) throw notFound(REWARD_MESSAGES.notFound);
    const saved = toReward(row, before?.redeemed ?? 0);
    await recordChange(tx, 'rewards', {
      action: id ? 'reward.update' : 'reward.create',
      target: { type: 'reward', id: row.id },
      before: before ? { ...toReward(before.row), redeemed: undefined } : null,
      after: { ...saved, redeemed: undefined },
    });
    return saved;
  });
}

/**
 * Deletes a reward; its redemptions keep its name (and can still be fulfilled or cancelled). A reward the stamp card
 * or an automation gives cannot go (docs/design.md §10): their foreign keys refuse the delete, race-free, and the key
 * that refused names which one, so the owner is told where to choose another reward.
 */
export async function removeReward(db: Database, tenantId: string, id: string, recordChange: RecordChange) {
  try {
    await db.transaction(async (tx) => {
      const row = await deleteReward(tx, tenantId, id);
      if (!row) throw notFound(REWARD_MESSAGES.notFound);
      await recordChange(tx, 'rewards', {
        action: 'reward.delete',
        target: { type: 'reward', id },
        before: toReward(row),
        after: null,
      });
    });
  } catch (error) {
    // ON DELETE RESTRICT answers 23001, a plain key 23503.
    const key = violation(error, RESTRICT_VIOLATION) ?? violation(error, FOREIGN_KEY_VIOLATION);
    if (key === undefined) throw error;
    const message = key.startsWith('stamp_card') ? REWARD_MESSAGES.inUseByStampCard : REWARD_MESSAGES.inUseByAutomation;
    throw conflict(message, 'REWARD_IN_USE');
  }
}

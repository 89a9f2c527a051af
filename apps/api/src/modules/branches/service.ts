import { BRANCH_MESSAGES, BRANCHES_MAX, type Branch, type BranchBody } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import type { ChangeFeed, RecordChange } from '../../lib/changes';
import { AppError, conflict, notFound } from '../../lib/errors';
import { countBranches, deleteBranch, findBranch, insertBranch, toBranch, updateBranch } from './repository';

const missing = () => notFound(BRANCH_MESSAGES.notFound);

/**
 * Creates (no id) or replaces (id) a branch, with its audit event. The passes show the active branches with
 * coordinates, so every change reaches them through the design fan-out of §8: one `cards.changed`, one job for
 * the whole business (never one per member).
 */
export async function saveBranch(
  db: Database,
  changes: ChangeFeed,
  tenantId: string,
  body: BranchBody,
  recordChange: RecordChange,
  id?: string,
): Promise<Branch> {
  return db.transaction(async (tx) => {
    const before = id ? await findBranch(tx, tenantId, id, true) : undefined;
    if (id && !before) throw missing();
    // At most 50 per business; two creates racing at 49 may both pass, which a business of 51 survives.
    if (!id && (await countBranches(tx, tenantId)) >= BRANCHES_MAX) {
      throw new AppError(409, BRANCH_MESSAGES.TOO_MANY_BRANCHES, { error: 'TOO_MANY_BRANCHES' });
    }
    const row = id ? await updateBranch(tx, tenantId, id, body) : await insertBranch(tx, tenantId, body);
    if (!row) throw missing();
    const saved = toBranch(row, before?.inUse ?? false);
    await recordChange(tx, 'branches', {
      action: id ? 'branch.update' : 'branch.create',
      target: { type: 'branch', id: row.id },
      before: before ? { ...toBranch(before.row), inUse: undefined } : null,
      after: { ...saved, inUse: undefined },
    });
    await changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
    return saved;
  });
}

export async function getBranch(db: Database, tenantId: string, id: string): Promise<Branch> {
  const found = await findBranch(db, tenantId, id);
  if (!found) throw missing();
  return toBranch(found.row, found.inUse);
}

/** Deletes a branch no entry names (409 BRANCH_IN_USE otherwise: deactivate it). */
export async function removeBranch(
  db: Database,
  changes: ChangeFeed,
  tenantId: string,
  id: string,
  recordChange: RecordChange,
) {
  await db.transaction(async (tx) => {
    const found = await findBranch(tx, tenantId, id, true);
    if (!found) throw missing();
    if (found.inUse) throw conflict(BRANCH_MESSAGES.BRANCH_IN_USE, 'BRANCH_IN_USE');
    await deleteBranch(tx, tenantId, id);
    await recordChange(tx, 'branches', {
      action: 'branch.delete',
      target: { type: 'branch', id },
      before: { ...toBranch(found.row), inUse: undefined },
      after: null,
    });
    await changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
  });
}

import { PROMOTION_MESSAGES, PROMOTIONS_PER_BUSINESS, type Promotion, type PromotionBody } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import type { RecordChange } from '../../lib/changes';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  countPromotions,
  deletePromotion,
  findPromotion,
  insertPromotion,
  tenantTierIds,
  toPromotion,
  updatePromotion,
} from './repository';

/**
 * 400 at the field when a tier is not this business's. Branch ids are kept as given: a promotion limited to
 * branches applies only to purchases recorded at one of them, so an id no purchase names simply never applies.
 */
async function assertOwnTiers(db: Database, tenantId: string, body: PromotionBody) {
  const own = await tenantTierIds(db, tenantId, body.tierIds);
  if (body.tierIds.some((id) => !own.has(id))) throw badRequest({ tierIds: PROMOTION_MESSAGES.foreignTier });
}

export async function getPromotion(db: Database, tenantId: string, id: string): Promise<Promotion> {
  const found = await findPromotion(db, tenantId, id);
  if (!found) throw notFound(PROMOTION_MESSAGES.notFound);
  return toPromotion(found.row, found);
}

/** Creates (no id) or replaces (id) a promotion, with its audit event in the same transaction. */
export async function savePromotion(
  db: Database,
  tenantId: string,
  body: PromotionBody,
  recordChange: RecordChange,
  id?: string,
): Promise<Promotion> {
  await assertOwnTiers(db, tenantId, body);
  return db.transaction(async (tx) => {
    const before = id ? await findPromotion(tx, tenantId, id) : undefined;
    if (id && !before) throw notFound(PROMOTION_MESSAGES.notFound);
    if (!id && (await countPromotions(tx, tenantId)) >= PROMOTIONS_PER_BUSINESS) {
      throw conflict(PROMOTION_MESSAGES.tooMany, 'TOO_MANY_PROMOTIONS');
    }
    const row = id ? await updatePromotion(tx, tenantId, id, body) : await insertPromotion(tx, tenantId, body);
    if (!row) throw notFound(PROMOTION_MESSAGES.notFound);
    const saved = toPromotion(row, before);
    const plain = (p: Promotion) => ({ ...p, timesApplied: undefined, pointsGiven: undefined, updatedAt: undefined });
    await recordChange(tx, 'promotions', {
      action: id ? 'promotion.update' : 'promotion.create',
      target: { type: 'promotion', id: row.id },
      before: before ? plain(toPromotion(before.row)) : null,
      after: plain(saved),
    });
    return saved;
  });
}

/** Deletes a promotion; the purchases it added to keep their points and what it gave them. */
export async function removePromotion(db: Database, tenantId: string, id: string, recordChange: RecordChange) {
  await db.transaction(async (tx) => {
    const row = await deletePromotion(tx, tenantId, id);
    if (!row) throw notFound(PROMOTION_MESSAGES.notFound);
    await recordChange(tx, 'promotions', {
      action: 'promotion.delete',
      target: { type: 'promotion', id },
      before: { ...toPromotion(row), timesApplied: undefined, pointsGiven: undefined, updatedAt: undefined },
      after: null,
    });
  });
}

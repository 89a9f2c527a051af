import { STAMP_MESSAGES, type StampCard, type StampCardBody } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { rewards, stampCardSettings } from '../../db/schema';
import { badRequest } from '../../lib/errors';

export type StampSettingsRow = typeof stampCardSettings.$inferSelect;

const settingsStatement = preparedStatements((db: Queries) =>
  db
    .select()
    .from(stampCardSettings)
    .where(eq(stampCardSettings.tenantId, sql.placeholder('tenantId')))
    .prepare('stamp_card_settings'),
);

/** The business's stamp card as stored; undefined until it is saved (docs/design.md §10). */
export async function loadStampSettings(db: Queries, tenantId: string): Promise<StampSettingsRow | undefined> {
  const [row] = await settingsStatement(db).execute({ tenantId });
  return row;
}

export function toStampCard(row: StampSettingsRow): StampCard {
  return {
    active: row.active,
    stampsPerCard: row.stampsPerCard,
    earn: row.earn,
    amountPerStamp: row.amountPerStamp === null ? null : Number(row.amountPerStamp),
    maxStampsPerDay: row.maxStampsPerDay,
    rewardId: row.rewardId,
    expiryDays: row.expiryDays,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves the card; the reward must be one of the business's (400 at `rewardId`). Changes apply from the next card. */
export async function saveStampSettings(tx: Queries, tenantId: string, body: StampCardBody) {
  const [reward] = await tx
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, body.rewardId)));
  if (!reward) throw badRequest({ rewardId: STAMP_MESSAGES.rewardNotFound }, STAMP_MESSAGES.rewardNotFound);
  const values = {
    active: body.active,
    stampsPerCard: body.stampsPerCard,
    earn: body.earn,
    amountPerStamp: body.amountPerStamp === null ? null : body.amountPerStamp.toFixed(2),
    maxStampsPerDay: body.maxStampsPerDay,
    rewardId: body.rewardId,
    expiryDays: body.expiryDays,
  };
  const [row] = await tx
    .insert(stampCardSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: stampCardSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('stamp card settings were not stored');
  return row;
}

import type { Automation, AutomationBody, AutomationKind } from '@loyalty/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { automations, enrolmentSettings, rewards } from '../../db/schema';

export type AutomationRow = typeof automations.$inferSelect;

/**
 * The automation as the API answers it. WELCOME's points are the enrolment's welcome points (docs/design.md §10: one
 * value, which `GET|PUT /api/tenants/enrolment` shows and sets too), read from there whenever the business has one.
 */
export function toAutomation(row: AutomationRow, welcomePoints: number | null): Automation {
  return {
    id: row.id,
    kind: row.kind,
    active: row.active,
    text: row.text,
    textZh: row.textZh,
    textCn: row.textCn,
    bonusPoints: row.kind === 'WELCOME' ? (welcomePoints ?? row.bonusPoints) || null : row.bonusPoints,
    rewardId: row.rewardId,
    days: row.days,
    pointsAway: row.pointsAway,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The business's welcome points as its enrolment keeps them; null before the enrolment was saved. */
export async function welcomePointsOf(db: Queries, tenantId: string): Promise<number | null> {
  const [row] = await db
    .select({ points: enrolmentSettings.welcomePoints })
    .from(enrolmentSettings)
    .where(eq(enrolmentSettings.tenantId, tenantId));
  return row?.points ?? null;
}

/** Sets the welcome points in the enrolment (when the business has one): the welcome automation's points. */
export async function setWelcomePoints(tx: Queries, tenantId: string, points: number) {
  await tx
    .update(enrolmentSettings)
    .set({ welcomePoints: points, updatedAt: sql`now()` })
    .where(eq(enrolmentSettings.tenantId, tenantId));
}

export async function listAutomationRows(db: Queries, tenantId: string) {
  return db.select().from(automations).where(eq(automations.tenantId, tenantId)).orderBy(asc(automations.createdAt));
}

export async function findAutomationRow(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.tenantId, tenantId), eq(automations.id, id)));
  return row;
}

export async function findAutomationOfKind(db: Queries, tenantId: string, kind: AutomationKind) {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.tenantId, tenantId), eq(automations.kind, kind)));
  return row;
}

/** The columns a body sets (WELCOME's points go to the enrolment too, and stay here for a business without one). */
export const columnsOf = (body: AutomationBody) => ({
  kind: body.kind,
  active: body.active,
  text: body.text,
  textZh: body.textZh,
  textCn: body.textCn,
  bonusPoints: body.bonusPoints ?? null,
  rewardId: body.rewardId ?? null,
  days: body.kind === 'WIN_BACK' || body.kind === 'BIRTHDAY' ? (body.days ?? 0) : null,
  pointsAway: body.kind === 'NEAR_REWARD' ? (body.pointsAway ?? null) : null,
});

export async function insertAutomation(tx: Queries, row: typeof automations.$inferInsert) {
  const [made] = await tx.insert(automations).values(row).onConflictDoNothing().returning();
  return made;
}

export async function updateAutomation(
  tx: Queries,
  tenantId: string,
  id: string,
  values: Partial<typeof automations.$inferInsert>,
) {
  const [row] = await tx
    .update(automations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(automations.tenantId, tenantId), eq(automations.id, id)))
    .returning();
  return row;
}

export async function deleteAutomation(tx: Queries, tenantId: string, id: string) {
  const [row] = await tx
    .delete(automations)
    .where(and(eq(automations.tenantId, tenantId), eq(automations.id, id)))
    .returning();
  return row;
}

/** Whether the reward is this business's. */
export async function rewardOfTenant(db: Queries, tenantId: string, rewardId: string) {
  const [row] = await db
    .select({ id: rewards.id, name: rewards.name, nameZh: rewards.nameZh, nameCn: rewards.nameCn })
    .from(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, rewardId)));
  return row;
}

/** The kinds the business runs now (a write's listener reads this once per change). */
export async function automationsOf(db: Queries, tenantId: string) {
  return db
    .select({ kind: automations.kind, active: automations.active })
    .from(automations)
    .where(eq(automations.tenantId, tenantId));
}

import { AUTOMATION_MESSAGES, type Automation, type AutomationBody, automationFieldErrors } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { UNIQUE_VIOLATION, violation } from '../../db/violation';
import type { RecordChange } from '../../lib/changes';
import { AppError, badRequest, notFound } from '../../lib/errors';
import {
  columnsOf,
  deleteAutomation,
  findAutomationRow,
  insertAutomation,
  listAutomationRows,
  rewardOfTenant,
  setWelcomePoints,
  toAutomation,
  updateAutomation,
  welcomePointsOf,
} from './repository';

const exists = () => new AppError(409, AUTOMATION_MESSAGES.exists, { error: 'AUTOMATION_EXISTS' });

export async function listAutomations(db: Database, tenantId: string): Promise<Automation[]> {
  const [rows, welcome] = await Promise.all([listAutomationRows(db, tenantId), welcomePointsOf(db, tenantId)]);
  return rows.map((row) => toAutomation(row, welcome));
}

export async function getAutomation(db: Database, tenantId: string, id: string): Promise<Automation> {
  const row = await findAutomationRow(db, tenantId, id);
  if (!row) throw notFound(AUTOMATION_MESSAGES.notFound);
  return toAutomation(row, await welcomePointsOf(db, tenantId));
}

/** 400 at each field the kind's rules refuse, and at a reward that is not this business's. */
async function check(db: Database, tenantId: string, body: AutomationBody) {
  const errors = automationFieldErrors(body);
  if (body.rewardId && !errors.rewardId && !(await rewardOfTenant(db, tenantId, body.rewardId)))
    errors.rewardId = AUTOMATION_MESSAGES.reward;
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * Creates (no `id`) or replaces an automation; one per kind (409 AUTOMATION_EXISTS, the unique index deciding two
 * at once). A kind cannot be changed by a PUT into one the business has. WELCOME's points are the enrolment's.
 */
export async function saveAutomation(
  db: Database,
  tenantId: string,
  body: AutomationBody,
  recordChange: RecordChange,
  id?: string,
): Promise<Automation> {
  await check(db, tenantId, body);
  const values = columnsOf(body);
  const row = await db.transaction(async (tx) => {
    const before = id ? await findAutomationRow(tx, tenantId, id) : undefined;
    if (id && !before) throw notFound(AUTOMATION_MESSAGES.notFound);
    let saved: Awaited<ReturnType<typeof insertAutomation>>;
    try {
      saved = id
        ? await updateAutomation(tx, tenantId, id, values)
        : await insertAutomation(tx, { id: crypto.randomUUID(), tenantId, ...values });
    } catch (error) {
      if (violation(error, UNIQUE_VIOLATION) !== undefined) throw exists();
      throw error;
    }
    if (!saved) throw exists();
    // Absent: the welcome points stay as the enrolment has them.
    if (body.kind === 'WELCOME' && body.bonusPoints !== undefined)
      await setWelcomePoints(tx, tenantId, body.bonusPoints ?? 0);
    await recordChange(tx, 'automations', {
      action: id ? 'automation.update' : 'automation.create',
      target: { type: 'automation', id: saved.id },
      before: before ? columnsOf(before as AutomationBody) : null,
      after: values,
    });
    return saved;
  });
  return toAutomation(row, await welcomePointsOf(db, tenantId));
}

export async function removeAutomation(db: Database, tenantId: string, id: string, recordChange: RecordChange) {
  await db.transaction(async (tx) => {
    const row = await deleteAutomation(tx, tenantId, id);
    if (!row) throw notFound(AUTOMATION_MESSAGES.notFound);
    await recordChange(tx, 'automations', {
      action: 'automation.delete',
      target: { type: 'automation', id },
      before: columnsOf(row as AutomationBody),
      after: null,
    });
  });
}

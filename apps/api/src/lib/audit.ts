import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queries } from '../db/client';
import { bare, preparedStatements } from '../db/prepared';
import { accounts, auditEvents, type FieldChange } from '../db/schema';
import { actorOf } from './actor';
import {
  type AuditEntry,
  type EntryRecorded,
  type Listener,
  type RecordChange,
  type RecordedBy,
  recordChangeOn,
  type StampsRecorded,
} from './changes';
import { sealPersonal } from './personal-seal';

/** Fields that say nothing about what an admin changed. */
const IGNORED = new Set(['updatedAt', 'createdAt', 'tenantId']);

/** The fields whose values differ between before and after, each as {before, after}. */
function changedFields(before?: object | null, after?: object | null): Record<string, FieldChange> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED.has(field)) continue;
    const was = normalise(b[field]);
    const now = normalise(a[field]);
    if (!isDeepStrictEqual(was, now)) changes[field] = { before: was, after: now };
  }
  return changes;
}

const normalise = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * An account's name in its own order, as `personName` writes it (packages/contracts/src/person-name.ts,
 * docs/glossary.md): 黃美玲 when both parts are Han, kana or Hangul, else "Ada Owner". Written in SQL because
 * the trail names the account in the insert itself.
 */
const EAST_ASIAN_NAME =
  '^[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u00b7\u2027[:space:]]+$';
export const accountNameSql = sql`(case when trim(${accounts.firstName} || ${accounts.lastName}) <> ''
    and trim(${accounts.firstName} || ${accounts.lastName}) ~ ${sql.raw(`'${EAST_ASIAN_NAME}'`)}
  then trim(${accounts.lastName}) || trim(${accounts.firstName})
  else trim(trim(${accounts.firstName}) || ' ' || trim(${accounts.lastName})) end)`;

/**
 * The insert of one event, built once per actor type and run in every transaction (db/prepared.ts): a purchase
 * writes one. A key acts as itself under its own name; an account is named as it is at the moment of the
 * change, read in the same statement.
 */
const insertStatement = preparedStatements((tx: Queries, actorType: string) =>
  tx
    .insert(auditEvents)
    .values({
      id: bare('id'),
      tenantId: bare('tenantId'),
      actorType: bare('actorType'),
      actorId: bare('actorId'),
      actorName:
        actorType !== 'account'
          ? bare('actorName')
          : sql`coalesce((select ${accountNameSql} || ' <' || ${accounts.email} || '>'
            from ${accounts} where ${accounts.id} = ${bare('actorId')}), ${bare('actorId')})`,
      action: bare('action'),
      targetType: bare('targetType'),
      targetId: bare('targetId'),
      changes: sql`${sql.placeholder('changes')}::jsonb`,
      ip: bare('ip'),
      requestId: bare('requestId'),
    })
    .prepare(`audit_insert_${actorType}`),
);

/** Who makes the request's changes, as a change event carries it to the trail. */
export const recordedByOf = (request: FastifyRequest): RecordedBy => ({
  actor: actorOf(request),
  ip: request.ip,
  requestId: request.id,
});

/** The entry's changed fields, a member's personal details in them sealed with its key (lib/personal-seal.ts). */
async function personalSealed(tx: Queries, tenantId: string, entry: AuditEntry) {
  const changes = changedFields(entry.before, entry.after);
  if (entry.personalTo) {
    return sealPersonal(tx, tenantId, entry.personalTo.memberId, changes, entry.personalTo.fields);
  }
  return entry.target.type === 'member' && entry.target.id
    ? sealPersonal(tx, tenantId, entry.target.id, changes)
    : changes;
}

/** Appends one event as `by` in `tx`, the change's transaction: the change and its event commit or vanish together. */
async function insertEvent(tx: Queries, tenantId: string, by: RecordedBy, entry: AuditEntry): Promise<void> {
  const { actor } = by;
  await insertStatement(tx, actor.type).execute({
    id: randomUUID(),
    tenantId,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.type === 'account' ? null : actor.name,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    changes: JSON.stringify(await personalSealed(tx, tenantId, entry)),
    ip: by.ip,
    requestId: by.requestId,
  });
}

/** The audit action of each ledger entry a person records. */
const ENTRY_ACTION: Partial<Record<EntryRecorded['entry']['type'], string>> = {
  PURCHASE: 'points.purchase',
  REDEEM: 'points.redeem',
  ADJUST: 'points.adjust',
  REVERSAL: 'points.reversal',
  REFUND: 'points.refund',
};

/** The audit event of one ledger entry: the member's balance, lifetime spend and tier before → after, and the entry. */
function entryAudit(event: EntryRecorded): AuditEntry {
  const { entry } = event;
  const shown =
    entry.type === 'REVERSAL'
      ? {
          id: entry.id,
          type: entry.type,
          points: entry.points,
          reversesId: entry.reversesId,
          reasonCode: entry.reasonCode,
        }
      : entry.type === 'REFUND'
        ? { id: entry.id, type: entry.type, points: entry.points, amount: entry.amount, refundsId: entry.reversesId }
        : {
            id: entry.id,
            type: entry.type,
            points: entry.points,
            amount: entry.amount,
            reason: entry.reason,
            // The system's reason is a code the screen renders in its reader's language (docs/design.md §10).
            ...(entry.reasonCode ? { reasonCode: entry.reasonCode } : {}),
          };
  const figures = (f: EntryRecorded['before']) => ({
    pointsBalance: f.balance,
    lifetimeSpend: f.lifetimeSpend,
    tierId: f.tierId,
  });
  return {
    action: ENTRY_ACTION[entry.type] ?? `points.${entry.type.toLowerCase()}`,
    target: { type: 'member', id: event.memberId },
    before: { ...figures(event.before), entry: null },
    after: { ...figures(event.after), entry: shown },
  };
}

/**
 * The audit event of one stamp entry: the card before → after, and the entry (docs/design.md §10). The note staff
 * typed may name the person: it is a field of its own, sealed with the member's key, so an erasure leaves it
 * unreadable in the append-only trail as the erased ledger row loses it.
 */
function stampAudit(event: StampsRecorded): AuditEntry {
  const { note, ...entry } = event.entry;
  return {
    action: `stamps.${entry.type.toLowerCase()}`,
    target: { type: 'member', id: event.memberId },
    before: { stamps: event.before.stamps, cardsCompleted: event.before.cardsCompleted, stampEntry: null },
    after: {
      stamps: event.after.stamps,
      cardsCompleted: event.after.cardsCompleted,
      stampEntry: { ...entry, completed: event.completed.map((c) => c.redemptionId) },
      ...(note ? { note } : {}),
    },
    ...(note ? { personalTo: { memberId: event.memberId, fields: ['note'] } } : {}),
  };
}

/** What the system itself does on a schedule (the tier review), as the trail names it. */
const SYSTEM_ACTOR = { type: 'system', id: 'tier-review', name: 'Tier review' } as const;

/**
 * The trail as a listener of the change feed: each ledger entry a person recorded, as that person, each record
 * changed with an audit event, as who changed it, and each tier the daily review changed, as the system.
 */
export const auditListener: Listener = async (tx, tenantId, events) => {
  const reviewed: { id: string; member: string; changes: Record<string, FieldChange> }[] = [];
  for (const event of events) {
    if (event.type === 'entry.recorded' && event.recordedBy) {
      await insertEvent(tx, tenantId, event.recordedBy, entryAudit(event));
    } else if (event.type === 'stamps.recorded' && event.recordedBy) {
      await insertEvent(tx, tenantId, event.recordedBy, stampAudit(event));
    } else if (event.type === 'record.changed' && event.audit && event.recordedBy) {
      await insertEvent(tx, tenantId, event.recordedBy, event.audit);
    } else if (event.type === 'tier.reviewed') {
      const changes = changedFields({ tierId: event.fromTierId }, { tierId: event.toTierId });
      reviewed.push({ id: randomUUID(), member: event.memberId, changes });
    }
  }
  // A review's batch moves hundreds of members: their events go in one statement with one parameter (a drizzle
  // insert of 2,000 rows took longer to build than the review's own writes).
  if (reviewed.length > 0) {
    await tx.execute(sql`insert into ${auditEvents} (id, tenant_id, actor_type, actor_id, actor_name, action, target_type,
        target_id, changes)
      select r.id, ${tenantId}, 'system', ${SYSTEM_ACTOR.id}, ${SYSTEM_ACTOR.name}, 'member.tier.review', 'member',
        r.member, r.changes
      from jsonb_to_recordset(${JSON.stringify(reviewed)}::jsonb) as r(id text, member text, changes jsonb)`);
  }
};

/**
 * How the request's services tell the change feed that a record changed, inside their transaction: the feed's
 * listeners write its audit event (auditListener, above) and announce it to open screens (modules/live).
 */
export const recordChangeOf = (request: FastifyRequest): RecordChange =>
  recordChangeOn(request.server.changes, request.tenant.tenantId, recordedByOf(request));

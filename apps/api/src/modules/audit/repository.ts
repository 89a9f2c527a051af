import type { AuditEvent, AuditQuery } from '@loyalty/contracts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { auditEvents } from '../../db/schema';

type Filters = Pick<AuditQuery, 'actor' | 'action' | 'from' | 'to'>;

function whereOf(tenantId: string, f: Filters): SQL {
  const conditions: SQL[] = [eq(auditEvents.tenantId, tenantId)];
  if (f.actor) conditions.push(eq(auditEvents.actorId, f.actor));
  if (f.action) conditions.push(eq(auditEvents.action, f.action));
  if (f.from) conditions.push(gte(auditEvents.createdAt, new Date(f.from)));
  if (f.to) conditions.push(lt(auditEvents.createdAt, new Date(f.to)));
  return and(...conditions) as SQL;
}

/** One page of the tenant's trail, newest first, on the (tenant, created_at desc, id desc) index. */
export async function listAuditEvents(db: Queries, tenantId: string, query: Filters & { page: number; size: number }) {
  const where = whereOf(tenantId, query);
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(auditEvents).where(where),
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.size)
      .offset(query.page * query.size),
  ]);
  return {
    total: totals[0]?.total ?? 0,
    rows: rows.map(
      ({ tenantId: _, createdAt, ...row }): AuditEvent => ({ ...row, createdAt: createdAt.toISOString() }),
    ),
  };
}

/** Everyone who appears in the trail, with the name of their latest event. */
export async function listAuditActors(db: Database, tenantId: string) {
  return db
    .selectDistinctOn([auditEvents.actorId], {
      id: auditEvents.actorId,
      name: auditEvents.actorName,
      type: auditEvents.actorType,
    })
    .from(auditEvents)
    .where(eq(auditEvents.tenantId, tenantId))
    .orderBy(auditEvents.actorId, desc(auditEvents.createdAt))
    .then((rows) => rows.sort((a, b) => a.name.localeCompare(b.name)));
}

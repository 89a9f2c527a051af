import { type AuditActors, type AuditEvent, type AuditQuery, personName } from '@loyalty/contracts';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { auditEvents, members, membershipTiers } from '../../db/schema';
import { unsealEvents } from '../../lib/personal-seal';

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
  // A person's details were sealed with their member's key: opened here, or `[erased]` once the key is gone.
  const readable = await unsealEvents(db, tenantId, rows);
  const named = await namesOf(db, tenantId, readable);
  return {
    total: totals[0]?.total ?? 0,
    rows: readable.map(({ tenantId: _, createdAt, ...row }): AuditEvent => {
      const tierIds = tierIdsIn(row.changes);
      if (row.targetType === 'tier' && row.targetId) tierIds.add(row.targetId);
      const tiers = Object.fromEntries(
        [...tierIds].flatMap((id) => {
          const tier = named.tiers.get(id);
          return tier ? [[id, tier] as const] : [];
        }),
      );
      return {
        ...row,
        createdAt: createdAt.toISOString(),
        member: row.targetType === 'member' && row.targetId ? (named.members.get(row.targetId) ?? null) : null,
        tiers,
      };
    }),
  };
}

/** Every tier id an event's changes name: a member's tier, a reward's or a segment's tiers, an audience's filter. */
function tierIdsIn(changes: object): Set<string> {
  const ids = new Set<string>();
  const visit = (key: string, value: unknown) => {
    if ((key === 'tierId' || key === 'toTierId' || key === 'fromTierId') && typeof value === 'string') ids.add(value);
    else if (key === 'tierIds' && Array.isArray(value)) for (const id of value) typeof id === 'string' && ids.add(id);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) visit(k === 'before' || k === 'after' ? key : k, v);
  };
  for (const [field, change] of Object.entries(changes)) visit(field, change);
  return ids;
}

/**
 * The names the screen shows instead of ids (docs/design.md §10: a log line is data rendered in the reader's
 * language): the members the page's events concern, as personName writes them, and the tiers they name, with
 * their Chinese names. Two lookups by primary key for the whole page.
 */
async function namesOf(
  db: Queries,
  tenantId: string,
  events: { targetType: string; targetId: string | null; changes: object }[],
) {
  const memberIds = [...new Set(events.flatMap((e) => (e.targetType === 'member' && e.targetId ? [e.targetId] : [])))];
  const tierIds = [
    ...new Set(
      events.flatMap((e) => [...tierIdsIn(e.changes), ...(e.targetType === 'tier' && e.targetId ? [e.targetId] : [])]),
    ),
  ];
  const [memberRows, tierRows] = await Promise.all([
    memberIds.length
      ? db
          .select({
            id: members.id,
            firstName: members.firstName,
            lastName: members.lastName,
            membershipCode: members.membershipCode,
          })
          .from(members)
          .where(and(eq(members.tenantId, tenantId), inArray(members.id, memberIds)))
      : [],
    tierIds.length
      ? db
          .select({
            id: membershipTiers.id,
            name: membershipTiers.name,
            nameZh: membershipTiers.nameZh,
            nameCn: membershipTiers.nameCn,
          })
          .from(membershipTiers)
          .where(and(eq(membershipTiers.tenantId, tenantId), inArray(membershipTiers.id, tierIds)))
      : [],
  ]);
  return {
    members: new Map(memberRows.map((m) => [m.id, { name: personName(m), membershipCode: m.membershipCode }])),
    tiers: new Map(tierRows.map(({ id, ...names }) => [id, names])),
  };
}

type Actor = AuditActors[number];

/**
 * Everyone who appears in the trail, with the name of their latest event, by name. The trail grows with every
 * purchase, and a DISTINCT ON over it sorted all of the tenant's events (200,000 events: 404 ms, sorted on
 * disk). Here the (tenant, actor, created_at) index is walked from one actor to the next (each step one index
 * probe), and each actor's latest event is one more: a few dozen probes, whatever the size of the trail.
 */
export async function listAuditActors(db: Database, tenantId: string): Promise<Actor[]> {
  const result: unknown = await db.execute(sql`with recursive actors as (
      (select ${auditEvents.actorId} as id from ${auditEvents} where ${auditEvents.tenantId} = ${tenantId}
        order by ${auditEvents.actorId} limit 1)
      union all
      select (select a.actor_id from ${auditEvents} a where a.tenant_id = ${tenantId} and a.actor_id > actors.id
        order by a.actor_id limit 1)
      from actors where actors.id is not null
    )
    select latest.actor_id as id, latest.actor_name as name, latest.actor_type as type
    from actors cross join lateral (
      select e.actor_id, e.actor_name, e.actor_type from ${auditEvents} e
      where e.tenant_id = ${tenantId} and e.actor_id = actors.id order by e.created_at desc limit 1
    ) latest
    where actors.id is not null`);
  // postgres.js answers the rows, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : (result as { rows: Actor[] }).rows) as Actor[];
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

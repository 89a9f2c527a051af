import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { ChangeFeed, RecordChange, RecordKind } from './changes';

type SettingsTable = PgTable & { tenantId: PgColumn; updatedAt: PgColumn };

/**
 * A record the tenant has at most one of, read and saved the same way whatever it holds: `find` its columns,
 * `save` a whole body in one statement (two saves at the same moment leave one of the two bodies whole, never
 * a mix), with the record changed (its audit event, before and after) and the change that every card of the
 * tenant shows, in the save's transaction (lib/changes.ts).
 */
export function settingsRecord<T, B extends object>(spec: {
  table: SettingsTable;
  columns: Record<keyof T, PgColumn>;
  /** How the audit trail names the record: 'storeSettings' gives the action 'storeSettings.update'. */
  auditName: string;
  /** The record's kind on the change feed (what open screens read again). */
  record: RecordKind;
}) {
  const { table, auditName, record } = spec;
  const columns = spec.columns as Record<string, PgColumn>;
  const ofTenant = (tenantId: string) => eq(table.tenantId, tenantId);

  async function find(db: Database, tenantId: string): Promise<T | undefined> {
    const [row] = await db.select(columns).from(table).where(ofTenant(tenantId)).limit(1);
    return row as T | undefined;
  }

  async function save(
    db: Database,
    tenantId: string,
    body: B,
    recordChange: RecordChange,
    changes: ChangeFeed,
  ): Promise<T> {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select(columns).from(table).where(ofTenant(tenantId)).for('update');
      // The table is known only as a settings table here; its own insert type is the body's, checked by the
      // route's schema before this runs.
      const [saved] = await tx
        .insert(table)
        .values({ tenantId, ...body } as never)
        .onConflictDoUpdate({ target: table.tenantId, set: { ...body, updatedAt: sql`now()` } as never })
        .returning(columns);
      await recordChange(tx, record, {
        action: `${auditName}.update`,
        target: { type: auditName, id: tenantId },
        before,
        after: saved,
      });
      await changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
      return saved;
    });
    if (!row) throw new Error(`${auditName} upsert returned no row`);
    return row as T;
  }

  return { find, save };
}

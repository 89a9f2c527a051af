import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, tenants, tenantUsers } from '../db/schema';

export type Membership = {
  tenantId: string;
  tenantStatus: (typeof tenants.$inferSelect)['status'];
  accountId: string;
  tenantUserId: string;
  role: (typeof tenantUsers.$inferSelect)['role'];
  status: (typeof tenantUsers.$inferSelect)['status'];
};

const membershipColumns = {
  tenantId: tenantUsers.tenantId,
  tenantStatus: tenants.status,
  accountId: accounts.id,
  tenantUserId: tenantUsers.id,
  role: tenantUsers.role,
  status: tenantUsers.status,
};

/** The caller's row in one tenant, or in their first tenant when none is named. */
export async function findMembership(db: Database, uid: string, tenantId?: string): Promise<Membership | undefined> {
  const conditions = [eq(accounts.firebaseUid, uid)];
  if (tenantId) conditions.push(eq(tenantUsers.tenantId, tenantId));
  const rows = await db
    .select(membershipColumns)
    .from(tenantUsers)
    .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(and(...conditions))
    .orderBy(asc(tenantUsers.createdAt))
    .limit(1);
  return rows[0];
}

import { randomUUID } from 'node:crypto';
import type { TenantUser, UserSortField } from '@loyalty/contracts';
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { accounts, tenantUsers } from '../../db/schema';
import type { RecordChange } from '../../lib/changes';
import { closeStreamsOf } from '../live';

type Role = (typeof tenantUsers.$inferSelect)['role'];
type Status = (typeof tenantUsers.$inferSelect)['status'];

const rowColumns = {
  id: tenantUsers.id,
  userId: accounts.id,
  tenantId: tenantUsers.tenantId,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  phone: accounts.phone,
  role: tenantUsers.role,
  status: tenantUsers.status,
  branchIds: tenantUsers.branchIds,
};

const sortColumns = {
  createdAt: tenantUsers.createdAt,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  role: tenantUsers.role,
  status: tenantUsers.status,
} as const;

/** The filter is a literal substring: LIKE wildcards typed by the user match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ListParams = {
  page: number;
  size: number;
  sortBy: UserSortField;
  direction: 'asc' | 'desc';
  filter?: string;
};

export async function listTenantUsers(
  db: Database,
  tenantId: string,
  params: ListParams,
): Promise<{ rows: TenantUser[]; total: number }> {
  const conditions: SQL[] = [eq(tenantUsers.tenantId, tenantId)];
  const text = params.filter?.trim();
  if (text) {
    const pattern = likePattern(text);
    conditions.push(
      sql`(${accounts.firstName} ilike ${pattern} or ${accounts.lastName} ilike ${pattern}
        or (${accounts.firstName} || ' ' || ${accounts.lastName}) ilike ${pattern} or ${accounts.email} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const order = params.direction === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select(rowColumns)
      .from(tenantUsers)
      .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
      .where(where)
      .orderBy(order(sortColumns[params.sortBy]), order(tenantUsers.id))
      .limit(params.size)
      .offset(params.page * params.size),
    db
      .select({ total: count() })
      .from(tenantUsers)
      .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

type TargetUser = TenantUser & { uid: string };

/** One team user of this tenant by account id; another tenant's account is simply not found. */
export async function findTenantUser(
  db: Database,
  tenantId: string,
  accountId: string,
): Promise<TargetUser | undefined> {
  const [row] = await db
    .select({ ...rowColumns, uid: accounts.firebaseUid })
    .from(tenantUsers)
    .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(accounts.id, accountId)))
    .limit(1);
  return row;
}

export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: accounts.id, uid: accounts.firebaseUid })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1);
  return row;
}

/** True when the account is in this tenant already (by e-mail, in any letter case as stored lower-cased). */
export async function emailInTenant(db: Database, tenantId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(accounts.email, email)))
    .limit(1);
  return !!row;
}

/** Whether the account is also a team user of some other tenant (its sign-in details are then not ours). */
export async function belongsToOtherTenant(db: Database, tenantId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.accountId, accountId), ne(tenantUsers.tenantId, tenantId)))
    .limit(1);
  return !!row;
}

type NewAccount = { uid: string; email: string; firstName: string; lastName: string; phone: string };
type AddOutcome = { kind: 'added'; accountId: string } | { kind: 'in-tenant' } | { kind: 'email-taken' };

/**
 * Adds the Firebase user to the tenant: its account row is reused when one exists (names and phone left as
 * the account has them) or created. The account row is locked so a concurrent delete cannot remove it
 * between the lookup and the insert; the (tenant, account) key turns a double add into 'in-tenant'.
 */
export async function addToTenant(
  db: Database,
  tenantId: string,
  account: NewAccount,
  role: Exclude<Role, 'owner'>,
  status: Status,
  recordChange: RecordChange,
  branchIds: string[] = [],
): Promise<AddOutcome> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.firebaseUid, account.uid))
      .for('update');
    let accountId = existing?.id;
    if (!accountId) {
      const inserted = await tx
        .insert(accounts)
        .values({
          id: randomUUID(),
          firebaseUid: account.uid,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          phone: account.phone,
        })
        .onConflictDoNothing()
        .returning({ id: accounts.id });
      // Another account row holds this e-mail (or the uid raced in): never merge two accounts.
      if (!inserted[0]) return { kind: 'email-taken' as const };
      accountId = inserted[0].id;
    }
    const added = await tx
      .insert(tenantUsers)
      .values({ id: randomUUID(), tenantId, accountId, role, status, branchIds })
      .onConflictDoNothing()
      .returning({ id: tenantUsers.id });
    if (!added[0]) return { kind: 'in-tenant' as const };
    await recordChange(tx, 'users', {
      action: 'user.create',
      target: { type: 'user', id: accountId },
      after: {
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role,
        status,
        ...(branchIds.length ? { branchIds } : {}),
      },
    });
    return { kind: 'added' as const, accountId };
  });
}

type UserChange = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Exclude<Role, 'owner'>;
  status: Exclude<Status, 'PENDING_VERIFICATION'>;
  /** Absent: the stored branches stay (docs/design.md §10). */
  branchIds?: string[];
};

/** What the audit trail records of a team user, read in the transaction of the change. */
async function auditedUser(tx: Queries, tenantId: string, accountId: string) {
  const [row] = await tx
    .select({
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      phone: accounts.phone,
      role: tenantUsers.role,
      status: tenantUsers.status,
      branchIds: tenantUsers.branchIds,
    })
    .from(tenantUsers)
    .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId)));
  return row ?? null;
}

/** Updates the account's details and the tenant row; never touches an owner row (the WHERE says so too). */
export async function updateTenantUser(
  db: Database,
  tenantId: string,
  accountId: string,
  change: UserChange,
  recordChange: RecordChange,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await auditedUser(tx, tenantId, accountId);
    const updated = await tx
      .update(tenantUsers)
      .set({
        role: change.role,
        status: change.status,
        ...(change.branchIds !== undefined ? { branchIds: change.branchIds } : {}),
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId), ne(tenantUsers.role, 'owner')),
      )
      .returning({ id: tenantUsers.id });
    if (!updated[0]) return false;
    // A deactivated user's open screens end on every instance once this commits (docs/design.md §10).
    if (change.status === 'INACTIVE') await closeStreamsOf(tx, { tenantId, accountIds: [accountId] });
    await tx
      .update(accounts)
      .set({
        firstName: change.firstName,
        lastName: change.lastName,
        email: change.email,
        phone: change.phone,
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, accountId));
    const { firstName, lastName, email, phone, role, status } = change;
    await recordChange(tx, 'users', {
      action: 'user.update',
      target: { type: 'user', id: accountId },
      before,
      after: { email, firstName, lastName, phone, role, status, branchIds: change.branchIds ?? before?.branchIds },
    });
    return true;
  });
}

/**
 * Removes the tenant row (never an owner's); when the account then belongs to no tenant, the account row goes
 * too and the caller removes the Firebase user. The account row is locked so a concurrent add sees either
 * the account before the delete or no account at all.
 */
export async function removeTenantUser(
  db: Database,
  tenantId: string,
  accountId: string,
  recordChange: RecordChange,
): Promise<{ removed: boolean; orphanUid?: string }> {
  return db.transaction(async (tx) => {
    const before = await auditedUser(tx, tenantId, accountId);
    const [account] = await tx
      .select({ uid: accounts.firebaseUid })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) return { removed: false };
    const removed = await tx
      .delete(tenantUsers)
      .where(
        and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId), ne(tenantUsers.role, 'owner')),
      )
      .returning({ id: tenantUsers.id });
    if (!removed[0]) return { removed: false };
    await closeStreamsOf(tx, { tenantId, accountIds: [accountId] });
    await recordChange(tx, 'users', {
      action: 'user.delete',
      target: { type: 'user', id: accountId },
      before,
      after: null,
    });
    const [left] = await tx.select({ n: count() }).from(tenantUsers).where(eq(tenantUsers.accountId, accountId));
    if ((left?.n ?? 0) > 0) return { removed: true };
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    return { removed: true, orphanUid: account.uid };
  });
}

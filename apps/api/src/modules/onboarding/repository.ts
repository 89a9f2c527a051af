import { randomUUID } from 'node:crypto';
import { type RegistrationBody, STORE_NAME_MAX } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, storeSettings, tenants, tenantUsers } from '../../db/schema';
import { initialBusinessProfile, setProfileFromPhone } from '../business';

type Registered = { tenantId: string; accountId: string };
type RegisterOutcome = { kind: 'created' | 'continued'; result: Registered } | { kind: 'conflict' };

/**
 * Creates tenant, account and owner row in one transaction. Unique keys on the account's uid and e-mail
 * decide races: a request that loses the insert sees the winner's rows and answers as continue mode.
 */
export async function registerOwner(db: Database, uid: string, body: RegistrationBody): Promise<RegisterOutcome> {
  return db.transaction(async (tx) => {
    const accountId = randomUUID();
    const inserted = await tx
      .insert(accounts)
      .values({
        id: accountId,
        firebaseUid: uid,
        email: body.email.toLowerCase(),
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
      })
      .onConflictDoNothing()
      .returning({ id: accounts.id });

    if (inserted.length === 0) return continueRegistration(tx as unknown as Database, uid, body);

    const tenantId = randomUUID();
    await tx.insert(tenants).values({
      id: tenantId,
      businessName: body.businessName,
      industry: body.industry,
      ...initialBusinessProfile(body.phone, body.language),
    });
    await tx.insert(tenantUsers).values({ id: randomUUID(), tenantId, accountId, role: 'owner' });
    return { kind: 'created' as const, result: { tenantId, accountId } };
  });
}

/** Same uid with a tenant still awaiting verification: hand back that tenant (the phone may change). */
async function continueRegistration(db: Database, uid: string, body: RegistrationBody): Promise<RegisterOutcome> {
  const [pending] = await db
    .select({ tenantId: tenantUsers.tenantId, accountId: accounts.id })
    .from(accounts)
    .innerJoin(tenantUsers, and(eq(tenantUsers.accountId, accounts.id), eq(tenantUsers.role, 'owner')))
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(and(eq(accounts.firebaseUid, uid), eq(tenants.status, 'PENDING_VERIFICATION')))
    .limit(1);
  if (!pending) return { kind: 'conflict' };
  await db.update(accounts).set({ phone: body.phone, updatedAt: sql`now()` }).where(eq(accounts.id, pending.accountId));
  return { kind: 'continued', result: pending };
}

type ActivationTarget = {
  tenantUserId: string;
  accountId: string;
  role: (typeof tenantUsers.$inferSelect)['role'];
  status: (typeof tenantUsers.$inferSelect)['status'];
};

export async function findCallerRow(
  db: Database,
  uid: string,
  tenantId: string,
): Promise<ActivationTarget | undefined> {
  const [row] = await db
    .select({
      tenantUserId: tenantUsers.id,
      accountId: accounts.id,
      role: tenantUsers.role,
      status: tenantUsers.status,
    })
    .from(tenantUsers)
    .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .where(and(eq(accounts.firebaseUid, uid), eq(tenantUsers.tenantId, tenantId)))
    .limit(1);
  return row;
}

/**
 * Activates the caller's row and, for the owner, the tenant; the verified phone becomes the account's.
 * Only a PENDING_VERIFICATION row moves to ACTIVE: an admin's INACTIVE racing this activation wins.
 * Answers the row's status after the call when nothing moved (ACTIVE or INACTIVE), else 'ACTIVATED'.
 */
export async function activate(
  db: Database,
  tenantId: string,
  target: ActivationTarget,
  phone: string,
): Promise<'ACTIVATED' | ActivationTarget['status']> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(tenantUsers)
      .set({ status: 'ACTIVE', updatedAt: sql`now()` })
      .where(
        and(
          eq(tenantUsers.id, target.tenantUserId),
          eq(tenantUsers.tenantId, tenantId),
          eq(tenantUsers.status, 'PENDING_VERIFICATION'),
        ),
      )
      .returning({ id: tenantUsers.id });
    if (!moved[0]) {
      const [now] = await tx
        .select({ status: tenantUsers.status })
        .from(tenantUsers)
        .where(eq(tenantUsers.id, target.tenantUserId));
      return now?.status ?? 'INACTIVE';
    }
    await tx.update(accounts).set({ phone, updatedAt: sql`now()` }).where(eq(accounts.id, target.accountId));
    if (target.role === 'owner') {
      await tx.update(tenants).set({ status: 'ACTIVE', updatedAt: sql`now()` }).where(eq(tenants.id, tenantId));
      // Nobody could change the profile while the tenant was pending: the verified phone decides its country.
      await setProfileFromPhone(tx, tenantId, phone);
      // The store settings start with the business's name as the store's name; the screen asks for the images.
      await tx.execute(sql`insert into ${storeSettings} (tenant_id, logo_url, text, background_url)
        select ${tenants.id}, '', left(${tenants.businessName}, ${STORE_NAME_MAX}), '' from ${tenants}
        where ${tenants.id} = ${tenantId}
        on conflict (tenant_id) do nothing`);
    }
    return 'ACTIVATED' as const;
  });
}

import type { Profile } from '@loyalty/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, tenantUsers } from '../../db/schema';

const profileColumns = {
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  phone: accounts.phone,
  language: accounts.language,
};

/** The profile answer: the language only once the account chose one. */
function toProfile(row: (Omit<Profile, 'language'> & { language: Profile['language'] | null }) | undefined) {
  if (!row) return undefined;
  const { language, ...rest } = row;
  return language ? { ...rest, language } : rest;
}

export async function findProfile(db: Database, uid: string): Promise<Profile | undefined> {
  const [row] = await db.select(profileColumns).from(accounts).where(eq(accounts.firebaseUid, uid)).limit(1);
  return toProfile(row);
}

export async function findAccountIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ uid: accounts.firebaseUid }).from(accounts).where(eq(accounts.email, email)).limit(1);
  return row?.uid;
}

export type ProfileChange = Partial<Pick<Profile, 'firstName' | 'lastName' | 'email' | 'phone' | 'language'>>;

/** Account rows are not tenant data: one account, one profile, whichever tenant the caller is in. */
export async function updateProfile(db: Database, uid: string, change: ProfileChange): Promise<Profile | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(accounts.firebaseUid, uid))
    .returning(profileColumns);
  return toProfile(row);
}

/**
 * True when the account belongs to tenants and every one of them has made it INACTIVE: such a user may no
 * longer change anything, their profile included. An account still active in one business keeps its profile.
 */
export async function isDeactivatedEverywhere(db: Database, uid: string): Promise<boolean> {
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      live: sql<number>`count(*) filter (where ${ne(tenantUsers.status, 'INACTIVE')})::int`,
    })
    .from(tenantUsers)
    .innerJoin(accounts, and(eq(accounts.id, tenantUsers.accountId), eq(accounts.firebaseUid, uid)));
  const row = rows[0];
  return !!row && row.total > 0 && row.live === 0;
}

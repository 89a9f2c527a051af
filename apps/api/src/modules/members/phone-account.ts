import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { Queries } from '../../db/client';
import { isPhoneAccountInUse } from './erase-repository';

/**
 * The erased customer's phone sign-in account, deleted from Firebase Authentication (docs/design.md §10) when no
 * business still holds a card for that phone and no team member signs in with it: it holds the phone number, and
 * the card page made it only to find the customer's cards. Run after the erasure commits; a failure is logged
 * and leaves the erasure done (the account then holds a phone that no card names, and the next erasure of a card
 * with that phone tries again).
 */
export async function forgetPhoneAccount(
  db: Queries,
  auth: Pick<Auth, 'getUserByPhoneNumber' | 'deleteUser'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  phone: string,
): Promise<void> {
  if (!phone) return;
  try {
    const user = await auth.getUserByPhoneNumber(phone).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return undefined;
      throw error;
    });
    if (!user || (await isPhoneAccountInUse(db, phone, user.uid))) return;
    await auth.deleteUser(user.uid);
  } catch (error) {
    log.warn({ err: error }, 'the erased customer’s phone account could not be deleted');
  }
}

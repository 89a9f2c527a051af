import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { registerBusiness } from './api/register-business';
import { completeRegistration, readRegistration } from './registration-storage';

/**
 * The tenant to activate: from the verify link's query (stored on arrival), else from storage, else by
 * repeating the idempotent register call with the stored registration (signing in again clears the
 * stored ids but not the registration). Null when none of these exists: the user must start over.
 */
export async function resolveTenantId(): Promise<string | null> {
  const stored = readStorage(STORAGE_KEYS.tenantId);
  if (stored) return stored;
  const body = completeRegistration(readRegistration());
  if (!body) return null;
  try {
    const result = await registerBusiness(body);
    writeStorage(STORAGE_KEYS.tenantId, result.tenantId);
    writeStorage(STORAGE_KEYS.userId, result.userId);
    return result.tenantId;
  } catch (error) {
    console.error('Could not recover the pending registration', error); // i18n-ignore: a log for developers
    return null;
  }
}

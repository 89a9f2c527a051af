import { apiErrorSchema, IDENTITY_ERROR, memberIdentitySchema, type Role } from '@loyalty/contracts';
import { t } from '@/lib/i18n/i18n';
import { type ApiClient, ApiError, NotAuthenticatedError } from './api-client';
import { STORAGE_KEYS, writeStorage } from './storage-keys';

export type MemberIdentityResult =
  | { status: 'OK'; tenantId: string; userId: string; role: Role; branchIds?: string[] }
  | { status: 'PENDING' }
  | { status: 'NOT_AUTHENTICATED' }
  | { status: 'UNKNOWN'; message: string };

/**
 * Asks the API who the signed-in user is in the portal (docs/spec/access-and-identity.md §4) and turns every outcome into a
 * value, so the gate and the login screen decide where to go without try/catch of their own.
 */
export async function fetchMemberIdentity(client: ApiClient): Promise<MemberIdentityResult> {
  try {
    const parsed = memberIdentitySchema.safeParse(await client.get('/api/members/me'));
    if (!parsed.success) return { status: 'UNKNOWN', message: t('common.invalidResponse') };
    const identity = parsed.data;
    // Later calls send X-Tenant-Id from here.
    writeStorage(STORAGE_KEYS.tenantId, identity.tenantId);
    writeStorage(STORAGE_KEYS.userId, identity.userId);
    return {
      status: 'OK',
      tenantId: identity.tenantId,
      userId: identity.userId,
      role: identity.role,
      branchIds: identity.branchIds,
    };
  } catch (error) {
    if (error instanceof NotAuthenticatedError) return { status: 'NOT_AUTHENTICATED' };
    if (error instanceof ApiError) {
      if (error.status === 403) {
        if (error.code !== IDENTITY_ERROR.pending) return { status: 'UNKNOWN', message: t('common.forbidden') };
        // The pending answer names the caller's own tenant: verification can resume after a new sign-in.
        const pending = apiErrorSchema.safeParse(error.body);
        if (pending.success && pending.data.tenantId && pending.data.userId) {
          writeStorage(STORAGE_KEYS.tenantId, pending.data.tenantId);
          writeStorage(STORAGE_KEYS.userId, pending.data.userId);
        }
        return { status: 'PENDING' };
      }
      return { status: 'UNKNOWN', message: error.serverMessage ?? `HTTP ${error.status}` };
    }
    // fetch rejects with a TypeError only when the request never got an answer.
    if (error instanceof Error && !(error instanceof TypeError) && error.message) {
      return { status: 'UNKNOWN', message: error.message };
    }
    return { status: 'UNKNOWN', message: t('common.networkError') };
  }
}

import { createApiClient } from './api-client';
import { getIdToken } from './auth';
import { readStorage, STORAGE_KEYS } from './storage-keys';

/** The app's API client: tokens from Firebase, tenant from storage. */
export const api = createApiClient({
  getToken: getIdToken,
  getTenantId: () => readStorage(STORAGE_KEYS.tenantId),
});

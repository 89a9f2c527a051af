import { type StoreSettings, storeSettingsSchema } from '@loyalty/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

export const storeSettingsKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'store-settings'] as const,
};

/** GET /api/tenant/store-settings; a 404 means all three empty (spec §3), answered as null. */
export async function fetchStoreSettings(signal?: AbortSignal): Promise<StoreSettings | null> {
  try {
    return await api.get('/api/tenant/store-settings', { schema: storeSettingsSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof ApiError) throw new Error(error.serverMessage ?? t('storeSettings.fetchFailed'));
    throw error;
  }
}

export function storeSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: storeSettingsKeys.all(tenantId),
    queryFn: ({ signal }) => fetchStoreSettings(signal),
    ...PREFETCHED,
  });
}

export function useStoreSettings() {
  return useQuery(storeSettingsQueryOptions(useTenantId()));
}

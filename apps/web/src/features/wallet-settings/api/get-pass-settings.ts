import { type PassSettings, passSettingsSchema } from '@loyalty/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

export const passSettingsKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'pass-settings'] as const,
};

/** GET /api/tenant/pass-settings; a 404 means nothing is saved yet, answered as null (the screen shows defaults). */
export async function fetchPassSettings(signal?: AbortSignal): Promise<PassSettings | null> {
  try {
    return await api.get('/api/tenant/pass-settings', { schema: passSettingsSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof ApiError) throw new Error(error.serverMessage ?? t('walletSettings.fetchFailed'));
    throw error;
  }
}

export function passSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: passSettingsKeys.all(tenantId),
    queryFn: ({ signal }) => fetchPassSettings(signal),
    ...PREFETCHED,
  });
}

export function usePassSettings() {
  return useQuery(passSettingsQueryOptions(useTenantId()));
}

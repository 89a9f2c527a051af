import { type PointsConversion, pointsConversionSchema } from '@loyalty/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

export const pointsConversionKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'points-conversion'] as const,
};

/** GET /api/points-conversion; a 404 means nothing is saved yet, answered as null (the screen shows defaults). */
export async function fetchPointsConversion(signal?: AbortSignal): Promise<PointsConversion | null> {
  try {
    return await api.get('/api/points-conversion', { schema: pointsConversionSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof ApiError) {
      throw new Error(error.serverMessage ?? t('pointSettings.fetchFailed'));
    }
    throw error;
  }
}

export function pointsConversionQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: pointsConversionKeys.all(tenantId),
    queryFn: ({ signal }) => fetchPointsConversion(signal),
    ...PREFETCHED,
  });
}

export function usePointsConversion() {
  return useQuery(pointsConversionQueryOptions(useTenantId()));
}

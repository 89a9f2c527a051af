import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

/**
 * The read side of a settings record the tenant has at most one of (wallet pass, points conversion, store):
 * its query key, the GET, whose 404 means nothing is saved yet (answered as null, the screen shows defaults),
 * the query options the workspace prefetches, and the hook.
 */
export function settingsQuery<T>(spec: { path: string; key: string; schema: ZodType<T>; fetchFailed: MessageKey }) {
  const keys = { all: (tenantId: string) => ['tenant', tenantId, spec.key] as const };

  async function fetchSettings(signal?: AbortSignal): Promise<T | null> {
    try {
      return await api.get(spec.path, { schema: spec.schema, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      if (error instanceof ApiError) throw new Error(error.serverMessage ?? t(spec.fetchFailed));
      throw error;
    }
  }

  const options = (tenantId: string) =>
    queryOptions({ queryKey: keys.all(tenantId), queryFn: ({ signal }) => fetchSettings(signal), ...PREFETCHED });

  return { keys, fetchSettings, options, useSettings: () => useQuery(options(useTenantId())) };
}

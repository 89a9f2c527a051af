import { type Liability, liabilitySchema, type Timeseries, timeseriesSchema } from '@loyalty/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { downloadFile } from '@/lib/download-file';
import { useTenantId } from '@/lib/workspace-context';
import type { SeriesRange } from './periods';

const seriesQuery = (range: SeriesRange, branchId: string | null) =>
  new URLSearchParams({ ...range, ...(branchId ? { branchId } : {}) });
const branchQuery = (branchId: string | null) => (branchId ? `?${new URLSearchParams({ branchId })}` : '');

/** GET /api/tenants/reports/timeseries: the figures per period, days in the business's time zone. */
export function useTimeseries(range: SeriesRange | null, branchId: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'dashboard', 'timeseries', range, branchId],
    queryFn: ({ signal }) =>
      api.get<Timeseries>(`/api/tenants/reports/timeseries?${seriesQuery(range as SeriesRange, branchId)}`, {
        schema: timeseriesSchema,
        signal,
      }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/tenants/reports/liability: what the points owe now. */
export function useLiability(branchId: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'dashboard', 'liability', branchId],
    queryFn: ({ signal }) =>
      api.get<Liability>(`/api/tenants/reports/liability${branchQuery(branchId)}`, { schema: liabilitySchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDownloadTimeseries() {
  return useMutation({
    mutationFn: ({ range, branchId }: { range: SeriesRange; branchId: string | null }) =>
      downloadFile(
        `/api/tenants/reports/timeseries.csv?${seriesQuery(range, branchId)}`,
        `timeseries-${range.interval}-${range.from}-${range.to}.csv`,
      ),
  });
}

export function useDownloadLiability() {
  return useMutation({
    mutationFn: (branchId: string | null) =>
      downloadFile(`/api/tenants/reports/liability.csv${branchQuery(branchId)}`, 'liability.csv'),
  });
}

export type BranchOption = { id: string; name: string; nameZh: string | null; nameCn: string | null };

/** The rows of a branches answer, whichever list shape it has ({branches}, {content}, or the list itself). */
function branchRows(body: unknown): BranchOption[] {
  const list = Array.isArray(body)
    ? body
    : ((body as { branches?: unknown[]; content?: unknown[] } | null)?.branches ??
      (body as { content?: unknown[] } | null)?.content ??
      []);
  return list
    .filter((b): b is Record<string, unknown> => typeof b === 'object' && b !== null && typeof b.id === 'string')
    .filter((b) => b.active !== false)
    .map((b) => ({
      id: b.id as string,
      name: String(b.name ?? ''),
      nameZh: typeof b.nameZh === 'string' ? b.nameZh : null,
      nameCn: typeof b.nameCn === 'string' ? b.nameCn : null,
    }));
}

/**
 * The business's active branches for the filter (docs/design.md §10 "Branches"): none while it has none, and none
 * where the server does not know branches yet (404), so the filter stays hidden.
 */
export function useBranchOptions() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'branches', 'options'],
    queryFn: async ({ signal }) => {
      try {
        return branchRows(await api.get<unknown>('/api/tenants/branches', { signal }));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return [];
        throw error;
      }
    },
    retry: false,
  });
}

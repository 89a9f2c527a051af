import { type StaffActivityQuery, staffActivitySchema } from '@loyalty/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download-file';
import { useTenantId } from '@/lib/workspace-context';

/** The range, and the branch when one is chosen (docs/design.md §10). */
const queryOf = (range: StaffActivityQuery) =>
  new URLSearchParams({ from: range.from, to: range.to, ...(range.branchId ? { branchId: range.branchId } : {}) });

/** GET /api/tenants/reports/staff-activity: whole days in the business's time zone, both ends included. */
export function useStaffActivity(range: StaffActivityQuery | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'reports', 'staff-activity', range],
    queryFn: ({ signal }) =>
      api.get(`/api/tenants/reports/staff-activity?${queryOf(range as StaffActivityQuery)}`, {
        schema: staffActivitySchema,
        signal,
      }),
    // An invalid range (the field shows why) keeps the last good table instead of asking.
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The same report as a CSV download. */
export function useDownloadStaffActivity() {
  return useMutation({
    mutationFn: (range: StaffActivityQuery) =>
      downloadFile(
        `/api/tenants/reports/staff-activity.csv?${queryOf(range)}`,
        `staff-activity-${range.from}-${range.to}.csv`,
      ),
  });
}

import { type ImportMapping, type ImportStatus, importStartedSchema, importStatusSchema } from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download-file';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

const today = () => new Date().toISOString().slice(0, 10);

/** GET /api/tenants/member/export.csv with the list's current search, as a download. */
function exportMembers(search: string) {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  const suffix = query.size ? `?${query}` : '';
  return downloadFile(`/api/tenants/member/export.csv${suffix}`, `members-${today()}.csv`);
}

export function useExportMembers() {
  return useMutation({ mutationFn: exportMembers });
}

/** POST /api/tenants/member/import: the file and the column mapping; a dry run checks and changes nothing. */
export async function startImport(input: { file: File; mapping: ImportMapping; dryRun: boolean }) {
  const form = new FormData();
  form.append('mapping', JSON.stringify(input.mapping));
  form.append('file', input.file);
  const { importId } = await api.post(`/api/tenants/member/import?dryRun=${input.dryRun}`, form, {
    schema: importStartedSchema,
  });
  return importId;
}

function fetchImport(id: string, signal?: AbortSignal): Promise<ImportStatus> {
  return api.get(`/api/tenants/imports/${encodeURIComponent(id)}`, { schema: importStatusSchema, signal });
}

/** An import's state, asked again every half second until its job is done (or has given up). */
export function useImportStatus(id: string | null) {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['tenant', tenantId, 'imports', id],
    queryFn: async ({ signal }) => {
      const status = await fetchImport(id as string, signal);
      // New and changed members show in the list as soon as the import is done.
      if (status.state === 'done' && !status.dryRun) {
        await queryClient.invalidateQueries({ queryKey: membersKeys.all(tenantId) });
      }
      return status;
    },
    enabled: !!id,
    refetchInterval: (query) => (['done', 'failed'].includes(query.state.data?.state ?? '') ? false : 500),
  });
}

/** GET /api/tenants/imports/{id}/errors.csv, as a download. */
export function downloadImportErrors(id: string) {
  return downloadFile(`/api/tenants/imports/${encodeURIComponent(id)}/errors.csv`, `import-errors-${today()}.csv`);
}

import {
  type GooglePassStatus,
  type GoogleSaveLink,
  googlePassStatusSchema,
  googleSaveLinkSchema,
} from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membersKeys } from './keys';

const googlePath = (id: string) => `/api/tenants/member/${encodeURIComponent(id)}/passes/google`;

/** GET …/passes/google/status: link issued, inserted and confirmed by Google, last sync and error. */
export function useGooglePassStatus(id: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membersKeys.googlePass(tenantId, id),
    queryFn: ({ signal }) =>
      api.get<GooglePassStatus>(`${googlePath(id)}/status`, { schema: googlePassStatusSchema, signal }),
  });
}

/**
 * GET …/passes/google, then the link opens in the tab the click opened at once (a tab opened after the request
 * returns would be taken for a pop-up and blocked). The status refreshes: the link is now issued.
 */
export function useOpenGoogleSaveLink() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, tab }: { id: string; tab: Window | null }) => {
      try {
        const { saveUrl } = await api.get<GoogleSaveLink>(googlePath(id), { schema: googleSaveLinkSchema });
        if (tab) tab.location.href = saveUrl;
        else window.open(saveUrl, '_blank', 'noopener');
        return saveUrl;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: membersKeys.googlePass(tenantId, id) }),
  });
}

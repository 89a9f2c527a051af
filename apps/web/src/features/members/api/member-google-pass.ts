import { type GoogleSaveLink, googlePassStatusSchema, googleSaveLinkSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';
import { useWalletPassStatus, walletPassPath } from './wallet-pass';

/** GET …/passes/google/status: link issued, inserted and confirmed by Google, last sync and error. */
export function useGooglePassStatus(id: string) {
  return useWalletPassStatus(id, { wallet: 'google', key: membersKeys.googlePass, schema: googlePassStatusSchema });
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
        const { saveUrl } = await api.get<GoogleSaveLink>(walletPassPath('google', id), {
          schema: googleSaveLinkSchema,
        });
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

import { memberPassStatusSchema, type PassSettings, passSettingsSchema } from '@loyalty/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';
import { useWalletPassStatus, walletPassPath } from './wallet-pass';

/** GET …/passes/apple/status: issued or not, last change, last push, devices; under `all`, so member edits refresh it. */
export function useMemberPassStatus(id: string) {
  return useWalletPassStatus(id, { wallet: 'apple', key: membersKeys.pass, schema: memberPassStatusSchema });
}

/**
 * GET /api/tenant/pass-settings, the design the pass is built from (null until saved: the defaults apply).
 * Same key as the wallet settings screen, so saving the design there refreshes this preview too.
 */
export function usePassDesign() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'pass-settings'],
    queryFn: async ({ signal }): Promise<PassSettings | null> => {
      try {
        return await api.get('/api/tenant/pass-settings', { schema: passSettingsSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The file name the server gives too: the membership code, without anything a file system could trip on. */
const passFileName = (membershipCode: string) => `${membershipCode.replace(/[^\w-]/g, '')}.pkpass`;

/** Fetches the signed .pkpass with the bearer token, then hands it to the browser as a download. */
function downloadPass({ id, membershipCode }: { id: string; membershipCode: string }) {
  return downloadFile(walletPassPath('apple', id), passFileName(membershipCode));
}

export function useDownloadPass() {
  return useMutation({ mutationFn: downloadPass });
}

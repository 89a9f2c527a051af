import {
  type MemberPassStatus,
  memberPassStatusSchema,
  type PassSettings,
  passSettingsSchema,
} from '@loyalty/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useTenantId } from '@/lib/workspace-context';
import { membersKeys } from './keys';

const passPath = (id: string) => `/api/tenants/member/${encodeURIComponent(id)}/passes/apple`;

/** GET …/passes/apple/status: issued or not, last change, last push, devices; under `all`, so member edits refresh it. */
export function useMemberPassStatus(id: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membersKeys.pass(tenantId, id),
    queryFn: ({ signal }) =>
      api.get<MemberPassStatus>(`${passPath(id)}/status`, { schema: memberPassStatusSchema, signal }),
  });
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
async function downloadPass({ id, membershipCode }: { id: string; membershipCode: string }) {
  const blob = await api.request<Blob>('GET', passPath(id), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = passFileName(membershipCode);
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadPass() {
  return useMutation({ mutationFn: downloadPass });
}

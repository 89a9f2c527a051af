import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';

const dataPath = (id: string) => `/api/tenants/member/${encodeURIComponent(id)}/export`;

/** The file name the server gives too: the membership code, never the person's name. */
const memberDataFileName = (membershipCode: string) => `member-data-${membershipCode.replace(/[^\w-]/g, '')}.json`;

/** GET /api/tenants/member/{id}/export (admin or owner), handed to the browser as a JSON download. */
function downloadMemberData({ id, membershipCode }: { id: string; membershipCode: string }) {
  return downloadFile(dataPath(id), memberDataFileName(membershipCode));
}

export function useDownloadMemberData() {
  return useMutation({ mutationFn: downloadMemberData });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

const dataPath = (id: string) => `/api/tenants/member/${encodeURIComponent(id)}/export`;

/** The file name the server gives too: the membership code, never the person's name. */
const memberDataFileName = (membershipCode: string) => `member-data-${membershipCode.replace(/[^\w-]/g, '')}.json`;

/** GET /api/tenants/member/{id}/export (admin or owner), handed to the browser as a JSON download. */
async function downloadMemberData({ id, membershipCode }: { id: string; membershipCode: string }) {
  const blob = await api.request<Blob>('GET', dataPath(id), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = memberDataFileName(membershipCode);
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadMemberData() {
  return useMutation({ mutationFn: downloadMemberData });
}

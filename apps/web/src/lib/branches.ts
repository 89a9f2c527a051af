import { type Branch, branchListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { localizedName } from '@/lib/i18n/localized-name';
import { useTenantId } from '@/lib/workspace-context';

/**
 * A business's branches (docs/design.md §10 "Branches"), read by every screen that names one: the Branches
 * screen, the user dialog, the counter and the lists' filters. One query key, so a write anywhere refreshes all.
 */
export const branchesKey = (tenantId: string) => ['tenant', tenantId, 'branches'] as const;

/** GET /api/tenants/branches. */
export function useBranches() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: branchesKey(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/branches', { schema: branchListSchema, signal }),
    select: (list) => list.content,
  });
}

/** A branch's name in the reader's language. */
export const branchName = (branch: Pick<Branch, 'name' | 'nameZh' | 'nameCn'>) =>
  localizedName(branch.name, branch.nameZh, branch.nameCn);

/** The name of the branch `id` among `branches`, or '' for none or one not (yet) known. */
export function branchNameOf(branches: readonly Branch[] | undefined, id: string | null | undefined): string {
  const found = id ? branches?.find((b) => b.id === id) : undefined;
  return found ? branchName(found) : '';
}

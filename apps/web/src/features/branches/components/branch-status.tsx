import type { Branch } from '@loyalty/contracts';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/use-t';

/** Active or Inactive, as a badge. */
export function BranchStatus({ branch }: { branch: Branch }) {
  const t = useT();
  return (
    <Badge variant={branch.active ? 'secondary' : 'outline'}>{t(branch.active ? 'branches.on' : 'branches.off')}</Badge>
  );
}

import { Label } from '@/components/ui/label';
import { branchName, useBranches } from '@/lib/branches';
import { useT } from '@/lib/i18n/use-t';

/**
 * A list's or report's filter by branch (docs/design.md §10): "All branches" and each branch; nothing at all for a
 * business without branches. `value` '' is every branch.
 */
export function BranchFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (branchId: string) => void;
}) {
  const t = useT();
  const branches = useBranches();
  const list = branches.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm">
        {t('branches.filter')}
      </Label>
      <select
        id={id}
        className="h-9 rounded-md border bg-background px-3 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('branches.all')}</option>
        {list.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branchName(branch)}
          </option>
        ))}
      </select>
    </div>
  );
}

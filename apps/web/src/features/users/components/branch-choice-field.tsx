import { FormField } from '@/components/ui/form';
import { branchName, useBranches } from '@/lib/branches';
import { useT } from '@/lib/i18n/use-t';

/**
 * The branches a team user records at (docs/design.md §10): a box per branch, none ticked meaning every branch.
 * A business without branches sees nothing here, and the dialog's body then leaves `branchIds` out (kept as stored).
 */
export function BranchChoiceField({ id }: { id: string }) {
  const t = useT();
  const branches = useBranches();
  const list = branches.data ?? [];
  if (list.length === 0) return null;
  return (
    <FormField
      name="branchIds"
      render={({ field }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (branchId: string, on: boolean) =>
          field.onChange(on ? [...chosen, branchId] : chosen.filter((v) => v !== branchId));
        return (
          <fieldset id={id} className="grid gap-2">
            <legend className="mb-1 font-medium text-sm">{t('users.branches')}</legend>
            <p className="text-muted-foreground text-xs">{t('users.branchesHint')}</p>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {list.map((branch) => (
                <label key={branch.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={chosen.includes(branch.id)}
                    onChange={(event) => toggle(branch.id, event.target.checked)}
                  />
                  {branchName(branch)}
                  {!branch.active && <span className="text-muted-foreground text-xs">({t('branches.off')})</span>}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );
}

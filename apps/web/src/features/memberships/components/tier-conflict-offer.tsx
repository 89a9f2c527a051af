import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import { spendRange } from '../memberships-labels';
import type { TierConflict } from './tier-range';

/**
 * Under a refused save: the tier whose range is in the way, and one button that ends it where the new tier starts
 * and saves the new tier, instead of cancelling, editing that tier and starting again.
 */
export function TierConflictOffer({
  conflict,
  newMin,
  busy,
  onShorten,
}: {
  conflict: TierConflict;
  newMin: number;
  busy: boolean;
  onShorten: () => void;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30"
    >
      <p>
        {t('memberships.conflictOffer', {
          name: conflict.name,
          range: spendRange(conflict.minSpend, conflict.maxSpend),
          shortened: spendRange(conflict.minSpend, newMin),
        })}
      </p>
      <Button type="button" size="sm" className="justify-self-start" disabled={busy} onClick={onShorten}>
        {t('memberships.conflictShorten', { name: conflict.name })}
      </Button>
    </div>
  );
}

import type { PromotionInput } from '@loyalty/contracts';
import { failureMessage } from '@/lib/api-error';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { usePromotionSimulation } from '../api/simulate-promotion';

/**
 * What the draft would have cost over the last 90 days of the business's own purchases, on top of the active
 * promotions (docs/design.md §10): shown in the dialog before Save, asked again as the draft changes.
 */
export function SimulationPanel({ draft, promotionId }: { draft: PromotionInput | null; promotionId: string | null }) {
  const t = useT();
  const simulation = usePromotionSimulation(draft, promotionId);
  const figures = simulation.data;
  return (
    <section aria-labelledby="promotion-simulation" aria-live="polite" className="grid gap-2 rounded-md border p-3">
      <h3 id="promotion-simulation" className="font-medium text-sm">
        {t('promotions.simulationTitle')}
      </h3>
      {draft === null ? (
        <p className="text-muted-foreground text-sm">{t('promotions.simulationWaiting')}</p>
      ) : simulation.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {failureMessage(simulation.error)}
        </p>
      ) : !figures ? (
        <p className="text-muted-foreground text-sm">{t('promotions.simulating')}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('promotions.extraPoints')}</dt>
            <dd className="font-semibold tabular-nums">{formatNumber(figures.extraPoints)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('promotions.extraValue')}</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(figures.extraValue)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('promotions.share')}</dt>
            <dd className="font-semibold tabular-nums">
              {t('promotions.sharePercent', { percent: formatNumber(Math.round(figures.share * 1000) / 10) })}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('promotions.membersTouched')}</dt>
            <dd className="font-semibold tabular-nums">{formatNumber(figures.members)}</dd>
          </div>
          <p className="col-span-full text-muted-foreground text-xs">
            {t('promotions.simulationSummary', {
              purchases: formatNumber(figures.purchases),
              total: formatNumber(figures.totalPurchases),
            })}
          </p>
        </dl>
      )}
    </section>
  );
}
